"""Home: start a game (which game, who plays in which colour, who starts), resume an unfinished one
exactly where it stopped, or reopen a finished game's score sheet.

Home is the first frame: it loads no game's rules until the app has drawn it (:meth:`settle`)."""

from __future__ import annotations

from typing import Any

from kivy.properties import StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen

from companion.i18n import _
from companion.registry import GAMES, rules_for, spec_for
from companion.store import DamagedSettingError, Store
from ui.kv import load_kv
from ui.widgets import BigButton

COLOURS = ("blue", "white", "red", "yellow", "green", "black", "orange", "purple")
"""Colours offered for players (the rules take any name; these are the printed pieces')."""
FIRST_SEATS = 2
"""Seats the form shows before the first frame is drawn (the fewest the built-in games play with);
:meth:`HomeScreen.settle` then seats what the chosen game needs."""


def player_counts(game: str) -> tuple[int, int]:
    """The fewest and most players ``game`` is played by (its spec's: no rules are loaded)."""
    spec = spec_for(game)
    return spec.min_players, spec.max_players


class PlayerRow(BoxLayout):
    """One seat of the new game: a name and a colour."""

    seat = StringProperty("")


class HomeScreen(Screen):
    message = StringProperty("")

    def __init__(self, nav: Any, store: Store, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.nav = nav
        self.store = store
        self.ids.game.values = sorted(GAMES)
        self._settled = False
        self.ids.game.text = sorted(GAMES)[0]  # no rules loaded yet: see settle()
        self._settled = True

    def on_pre_enter(self, *_args: object) -> None:
        self.refresh()

    # --- new game -------------------------------------------------------------------------------

    def choose_game(self, name: str) -> None:
        """Seat as many players as the game needs at least."""
        if not self._settled:
            return
        fewest, _most = player_counts(name)
        rows = self.ids.players
        while len(rows.children) > fewest:
            rows.remove_widget(rows.children[0])
        while len(rows.children) < fewest:
            self.add_seat()
        self.names_changed()

    def settle(self) -> None:
        """Seat what the chosen game needs (once the first frame is drawn: this loads its rules)."""
        self.choose_game(self.ids.game.text)

    def add_player(self) -> None:
        _fewest, most = player_counts(self.ids.game.text)
        if len(self.ids.players.children) >= most:
            self.message = _("{game} is played by at most {n} players.").format(
                game=self.ids.game.text, n=most
            )
            return
        self.add_seat()

    def add_seat(self) -> None:
        rows = self.ids.players
        seat = len(rows.children)
        row = PlayerRow(seat=str(seat + 1))
        row.ids.name.text = _("Player {n}").format(n=seat + 1)
        row.ids.colour.text = COLOURS[seat % len(COLOURS)]
        row.ids.colour.values = COLOURS
        row.ids.name.bind(text=lambda *_a: self.names_changed())
        rows.add_widget(row)
        self.names_changed()

    def remove_player(self) -> None:
        fewest, _most = player_counts(self.ids.game.text)
        rows = self.ids.players
        if len(rows.children) <= fewest:
            self.message = _("{game} needs at least {n} players.").format(
                game=self.ids.game.text, n=fewest
            )
            return
        rows.remove_widget(rows.children[0])
        self.names_changed()

    def seats(self) -> list[PlayerRow]:
        return list(reversed(self.ids.players.children))

    def names_changed(self) -> None:
        names = [row.ids.name.text for row in self.seats()]
        start = self.ids.start
        start.values = names
        if start.text not in names:
            start.text = names[0] if names else ""

    def start(self) -> None:
        """Create the game from the form; a refused option is explained and nothing is created."""
        from companion.errors import InputError

        rules = rules_for(self.ids.game.text)
        players = [
            {"name": r.ids.name.text.strip(), "colour": r.ids.colour.text} for r in self.seats()
        ]
        names = [p["name"] for p in players]
        start = names.index(self.ids.start.text) if self.ids.start.text in names else 0
        try:
            stored = rules.stored_options(self.store.list_settings(rules.name))
            options = rules.parse_options({**stored, "players": players, "start_player": start})
        except InputError as error:
            self.message = error.message
            return
        except DamagedSettingError as error:  # named: which game's setting, which key
            self.message = str(error)
            return
        self.message = ""
        self.nav.new_game(rules, options)

    # --- stored games ---------------------------------------------------------------------------

    def refresh(self) -> None:
        """List unfinished games (resume) and finished ones (score sheet), the latest first."""
        while len(self.ids.players.children) < FIRST_SEATS:
            self.add_seat()
        unfinished, finished = self.ids.unfinished, self.ids.finished
        unfinished.clear_widgets()
        finished.clear_widgets()
        for game in sorted(self.store.list_games(), key=lambda g: g.updated_at, reverse=True):
            players = self.store.load(game.id).options.get("players", [])
            who = _(" vs ").join(
                p.get("name", "?") if isinstance(p, dict) else str(p) for p in players
            )
            text = f"{game.game.capitalize()} · {who} · {game.updated_at[:16].replace('T', ' ')}"
            button = BigButton(text=text)
            if game.status == "finished":
                button.bind(on_release=lambda _b, g=game.id: self.nav.finished_sheet(g))
                finished.add_widget(button)
            else:
                button.bind(on_release=lambda _b, g=game.id: self.nav.resume(g))
                unfinished.add_widget(button)


load_kv(__file__)
