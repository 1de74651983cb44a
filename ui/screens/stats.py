"""Statistics: per player, plays, wins, win rate, average and best score (of one game, or of all
games for plays and wins only: scores compare within a title), the wins as bars and, for one game,
the scores over time as lines. :func:`companion.after.stats.compute` computes every figure."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from typing import Any

from kivy.properties import StringProperty
from kivy.uix.label import Label
from kivy.uix.screenmanager import Screen

from companion.after import history, stats
from companion.after.history import Play
from companion.installation.i18n import _, ngettext
from companion.rules.registry import GAMES
from ui import columns
from ui.charts import BarRow, Series, fill_bars
from ui.design import badge
from ui.kv import load_kv
from ui.screens.history import ChoiceChip, fill
from ui.screens.home import game_title
from ui.widgets import make_ahead, reuse_children

logger = logging.getLogger(__name__)


def latest_colours(plays: list[Play]) -> dict[str, str]:
    """Each player's colour in their latest game shown (the newest play comes first)."""
    colours: dict[str, str] = {}
    for play in plays:
        for seat in play.seats:
            colours.setdefault(seat.name, seat.colour)
    return colours


def percent(rate: float | None) -> str:
    return "—" if rate is None else f"{round(rate * 100)} %"


def number(value: float | None) -> str:
    return "—" if value is None else f"{value:g}"


class StatCell(Label):
    """One cell of the players' table."""


class StatisticsScreen(Screen):
    heading = StringProperty("")
    empty = StringProperty("")

    def __init__(self, nav: Any, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.nav = nav
        self.game: str | None = None
        self._shown = False
        """Whether the screen was shown (then :meth:`prepare` has nothing left to do)."""

    def show(self, game: str | None) -> None:
        self.game = game
        self._shown = True
        self.render()

    def prepare(self) -> Iterator[None]:
        """What the first opening (of every game's statistics) does, ahead, in steps
        (:mod:`ui.ready`): the games listed (:func:`history.listing_in_steps`), the figures
        computed (kept for the listing: :func:`stats.of_history_in_steps`), its chips, cells and bars made
        one a step, then :meth:`render`. It stops once the screen was shown: the opening did it
        all (and its table holds the cells it shows, no more)."""
        store = self.nav.store
        yield from history.listing_in_steps(store)
        if self._shown:
            return
        yield from stats.of_history_in_steps(store, self.game)
        if self._shown:
            return
        players = len(stats.of_history(store, self.game)["players"])
        for making in (
            make_ahead(self.ids.games, 1 + len(GAMES), ChoiceChip),
            make_ahead(self.ids.table, int(self.ids.table.cols) * (1 + players), StatCell),
            make_ahead(self.ids.bars, players, BarRow),
        ):
            for _made in making:
                yield
                if self._shown:
                    return
        self.render()

    def refresh_ahead(self) -> Iterator[None]:
        """What its next opening changes, ahead, while it is not showing (:mod:`ui.ready`): the
        figures of its game computed for the games listed now (in steps), then :meth:`render` (a cell whose
        text is unchanged costs nothing). It stops once the screen shows."""
        yield from stats.of_history_in_steps(self.nav.store, self.game)
        yield
        if self.manager.current != self.name:
            self.render()

    def choose_game(self, game: str | None) -> None:
        self.show(game)

    def render(self) -> None:
        fill(
            self.ids.games,
            [(None, _("All games")), *((g, game_title(g)) for g in GAMES)],
            self.game,
            self.choose_game,
        )
        plays = [p for p in history.plays(self.nav.store, game=self.game, reuse=True) if p.finished]
        figures = stats.of_history(self.nav.store, self.game)
        colours = latest_colours(plays)
        if self.game is None:
            rows = {
                name: {**player, "average_score": None, "best_score": None}
                for name, player in figures["players"].items()
            }
        else:
            rows = figures["games"].get(self.game, {}).get("players", {})
        ordered = sorted(rows, key=lambda n: (-rows[n]["wins"], -rows[n]["plays"], n))
        count = figures["plays"]
        self.heading = ngettext("{plays} finished game", "{plays} finished games", count).format(
            plays=count
        )
        self.empty = "" if ordered else _("No finished games here yet.")
        self.fill_table(ordered, rows, colours)
        self.fill_charts(ordered, rows, colours, figures)
        logger.debug("statistics of %d games shown", figures["plays"])

    def fill_table(self, ordered: list[str], rows: dict[str, Any], colours: dict[str, str]) -> None:
        table = self.ids.table
        texts = [_("Player"), _("Plays"), _("Wins"), "%", _("Avg."), _("Best")]
        for name in ordered:
            row = rows[name]
            texts += [
                f"{badge(colours.get(name, ''), name)} {name}",
                str(row["plays"]),
                str(row["wins"]),
                percent(row["win_rate"]),
                number(row["average_score"]),
                number(row["best_score"]),
            ]
        header = int(table.cols)
        cells = reuse_children(table, len(texts), StatCell)  # its cells given their new texts
        for index, (cell, text) in enumerate(zip(cells, texts, strict=True)):
            cell.text, cell.bold = text, index < header
        columns.fit(table, cells)
        table.do_layout()  # the cells at their columns' widths now: each text drawn once, not twice

    def fill_charts(
        self,
        ordered: list[str],
        rows: dict[str, Any],
        colours: dict[str, str],
        figures: dict[str, Any],
    ) -> None:
        wins = [Series(n, colours.get(n, ""), [rows[n]["wins"]]) for n in ordered]
        labels = [f"{badge(colours.get(n, ''), n)} {n}" for n in ordered]
        fill_bars(self.ids.bars, wins, [str(rows[n]["wins"]) for n in ordered], labels)
        if self.game is None:
            self.ids.lines.series = []
            self.ids.lines_note.text = _("Choose a game to see its scores over time.")
            return
        self.ids.lines_note.text = _("Scores over time")
        self.ids.lines.series = [
            Series(
                name,
                colours.get(name, ""),
                [
                    point["score"]
                    for point in figures["players"][name]["score_over_time"]
                    if point["game"] == self.game
                ],
            )
            for name in ordered
        ]

    def back(self) -> None:
        self.nav.history()


load_kv(__file__)
