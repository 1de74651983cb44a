"""History: every finished and abandoned game, the newest first, filtered by game and by player
by a tap; a game opens its score sheet. The plays come from :mod:`companion.after.history` (which replays
and caches them); this screen only words and lays them out."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.label import Label
from kivy.uix.screenmanager import Screen

from companion.after import history
from companion.after import players as player_records
from companion.after.history import Play
from companion.installation.i18n import _, ngettext
from companion.rules.registry import GAMES
from ui.design import badge
from ui.kv import load_kv
from ui.moments import moment_text
from ui.screens.home import game_title
from ui.spacing import tied
from ui.widgets import BigButton, make_ahead, reuse_children

logger = logging.getLogger(__name__)

SHOWN_PLAYERS = 12
"""Player filters offered: the most recently played first."""
PAGE = 25
"""Games laid out at a time, the newest first; a button under them lays out the next ones (a
thousand rows laid out at once took seconds, on a Pi far more, and as long again to leave)."""


def when(play: Play) -> str:
    """``23 Nov 2026 20:15`` in the table's language and the machine's time zone."""
    return moment_text(play.started_at)


def play_text(play: Play) -> str:
    """Two lines: when, which game, how long (or abandoned); then each player by rank, with the
    badge of their colour and their score, the winner first and named."""
    minutes = _("{minutes} min").format(minutes=play.duration_min)
    length = minutes if play.finished else _("abandoned")
    head = f"[b]{game_title(play.game)}[/b] · {when(play)} · {tied(length)}"
    seats = sorted(play.seats, key=lambda s: (s.rank, s.seat)) if play.finished else play.seats
    people = []
    for seat in seats:
        shown = f"{badge(seat.colour, seat.name)} {seat.name}"
        if play.finished:
            shown += f" {seat.score}"
            if seat.winner:
                shown = _("{player} wins").format(player=f"[b]{shown}[/b]")
        people.append(shown)
    return head + "\n" + " · ".join(people)


class PlayRow(ButtonBehavior, Label):
    """One game of the history; a tap opens its sheet."""

    audit_role = "option"


class LogButton(BigButton):
    """A row's way to its game's log: one of the list's, like the row itself."""

    audit_role = "option"


class HistoryRow(BoxLayout):
    """A game of the history (``ids.play``, its sheet) and the button to its log (``ids.log``)."""

    text = StringProperty("")
    play: Play | None = None
    """The game it shows (given anew when the row is reused)."""


class FilterChip(Button):
    """A filter (a game, a player): the chosen one is filled, bold and framed, so that it does not
    rest on colour alone."""

    audit_role = "option"
    chosen = BooleanProperty(False)


class HistoryScreen(Screen):
    empty = StringProperty("")

    def __init__(self, nav: Any, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.nav = nav
        self.game: str | None = None
        self.player: str | None = None
        self._found: list[Play] = []
        self._entered = False
        """Whether the screen was opened (then :meth:`prepare` has nothing left to do)."""
        self._older = BigButton(size_hint_y=None)
        self._older.bind(on_release=lambda _button: self.show_older())

    def on_pre_enter(self, *_args: Any) -> None:
        self._entered = True
        self.render()

    def prepare(self) -> Iterator[None]:
        """What the first opening does, ahead, in steps (:mod:`ui.ready`): the filters' chips
        made one a step, the games listed (:func:`history.listing_in_steps`), the first page's
        rows made one a step, then :meth:`render` (which finds them all as it would make them).
        It stops once the screen was opened: the opening did it all."""
        store = self.nav.store
        players = len(player_records.listing(store)[:SHOWN_PLAYERS])
        for making in (
            make_ahead(self.ids.games, 1 + len(GAMES), ChoiceChip),
            make_ahead(self.ids.players, 1 + players, ChoiceChip),
        ):
            for _made in making:
                yield
                if self._entered:
                    return
        self._fill_filters()
        yield
        yield from history.listing_in_steps(store)
        rows = self.ids.rows
        made = []
        for play in history.listing(store)[len(rows.children) : PAGE]:
            if self._entered:
                return
            row = self._new_row()
            rows.add_widget(row)
            made.append((row, play))
            yield
        rows.do_layout()  # the rows at the list's width and their labels at theirs now, whether
        for row, _play in made:  # or not a frame came between the steps: drawn before it, a
            row.do_layout()  # row's text was drawn twice (once at a width it did not keep)
        for row, play in made:
            if self._entered:
                return
            row.text, row.play = play_text(play), play
            yield
        if not self._entered:
            self.render()

    def refresh_ahead(self) -> Iterator[None]:
        """What its next opening changes, ahead, in steps while it is not showing (:mod:`ui.ready`):
        each row of the first page given the game it will show, one a step (a row whose game is
        unchanged costs nothing), then :meth:`render`. It stops once the screen shows."""
        found = list(history.plays(self.nav.store, game=self.game, player=self.player, reuse=True))
        rows = list(reversed(self.ids.rows.children))
        for row, play in zip(rows, found[:PAGE], strict=False):
            if self.manager.current == self.name:
                return
            if row.play is not play:
                row.text, row.play = play_text(play), play
                yield
        if self.manager.current != self.name:
            self.render()

    def choose_game(self, game: str | None) -> None:
        self.game = game
        self.render()

    def choose_player(self, player: str | None) -> None:
        self.player = player
        self.render()

    def render(self) -> None:
        self._fill_filters()
        found = list(history.plays(self.nav.store, game=self.game, player=self.player, reuse=True))
        self._found = found
        first = found[:PAGE]
        rows = reuse_children(self.ids.rows, len(first), self._new_row)  # given their new games
        for row, play in zip(rows, first, strict=True):
            if row.play is not play:  # a row showing this very play has its text (made ahead)
                row.text, row.play = play_text(play), play
        self._offer_older()
        self.empty = "" if found else _("No finished or abandoned games here yet.")
        logger.debug("history lists %d games", len(found))

    def _fill_filters(self) -> None:
        """The chips of the games and of the players most recently played (the chosen ones
        marked)."""
        names = [p["name"] for p in player_records.listing(self.nav.store)][:SHOWN_PLAYERS]
        if self.player not in names:
            self.player = None
        fill(
            self.ids.games,
            [(None, _("All games")), *((g, game_title(g)) for g in GAMES)],
            self.game,
            self.choose_game,
        )
        fill(
            self.ids.players,
            [(None, _("Everyone")), *((n, n) for n in names)],
            self.player,
            self.choose_player,
        )

    def show_older(self) -> None:
        """Lay out the next :data:`PAGE` games, and offer the ones after them."""
        rows = self.ids.rows
        shown = len(rows.children)
        for play in self._found[shown : shown + PAGE]:
            row = self._new_row()
            row.text, row.play = play_text(play), play
            rows.add_widget(row)
        self._offer_older()

    def _new_row(self) -> HistoryRow:
        row = HistoryRow()
        row.ids.play.bind(on_release=lambda _button: self._open_row(row, self.open))
        row.ids.log.bind(on_release=lambda _button: self._open_row(row, self.open_log))
        return row

    @staticmethod
    def _open_row(row: HistoryRow, opening: Callable[[Play], None]) -> None:
        if row.play is not None:
            opening(row.play)

    def _offer_older(self) -> None:
        """The button under the games laid out, offering the next ones, if any."""
        rows = self.ids.rows
        older = min(PAGE, len(self._found) - len(rows.children))
        listing = self.ids.listing
        if older > 0:
            self._older.text = ngettext(
                "Show {count} older game", "Show {count} older games", older
            ).format(count=older)
            if self._older.parent is None:
                listing.add_widget(self._older)
        elif self._older.parent is not None:
            listing.remove_widget(self._older)

    def open(self, play: Play) -> None:
        self.nav.show_sheet(play.sheet, back_to=self.name, game_id=play.game_id)

    def open_log(self, play: Play) -> None:
        self.nav.game_log(play.game_id, back_to=self.name)

    def statistics(self) -> None:
        self.nav.statistics(game=self.game)

    def players(self) -> None:
        self.nav.players()


class ChoiceChip(FilterChip):
    """A chip of :func:`fill`: a tap calls ``choose(value)``, both given anew when it is reused."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.value: str | None = None
        self.choose: Callable[[str | None], None] = lambda _value: None
        self.bind(on_release=lambda chip: chip.choose(chip.value))


def fill(
    container: Any,
    choices: Iterable[tuple[str | None, str]],
    chosen: str | None,
    choose: Callable[[str | None], None],
) -> None:
    """Put one chip per ``(value, text)`` in ``container``; tapping one calls ``choose(value)``.
    The chips it holds are given their new texts (making a chip costs far more)."""
    listed = list(choices)
    chips = reuse_children(container, len(listed), ChoiceChip)
    for chip, (value, text) in zip(chips, listed, strict=True):
        chip.text, chip.chosen, chip.value, chip.choose = text, value == chosen, value, choose


load_kv(__file__)
