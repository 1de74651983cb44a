"""The scripted tour: every screen and prompt of the app, each a named function that brings a fresh
app (on an empty store) to that state.

This module holds the app's own states (Home, Settings, the history, the players) and the helpers
every state uses; each game's states are its own (``ui/games/<game>/tour.py``), declared by its UI
entry's ``tour`` and added by :func:`all_states`, so a game installed as its own package is toured
too. The app's states that need games played (Home's lists, the history) take them from every
game's positions (its UI entry's ``positions``, :class:`ui.audit.positions.Positions`).

Each state goes through the public UI as far as it can: games started on Home, resumed from
Home's list (positions the table logged through the session), buttons tapped by their text. Where a
state needs a widget no text names (a grid cell, a pen, an animal), the screen's attribute for it is
used through :func:`part`, which fails clearly if a restructured screen no longer has it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from companion.rules.registry import load
from ui.audit.driver import Driver, TourError
from ui.audit.positions import Positions
from ui.kv import tr
from ui.screens.home import game_title

State = Callable[[Driver], None]
STATES: dict[str, State] = {}
"""The app's own states, in the order they run (each game's follow: :func:`all_states`)."""


def collecting(states: dict[str, State]) -> Callable[[State], State]:
    """A decorator that adds a state function to ``states`` under its name (a game's tour module
    collects its own this way)."""

    def add(function: State) -> State:
        states[function.__name__] = function
        return function

    return add


state = collecting(STATES)


def part(d: Driver, name: str) -> Any:
    """The current screen's attribute ``name`` (a grid of cells, the pens...)."""
    found = getattr(d.screen, name, None)
    if found is None:
        raise TourError(f"the {d.screen.name} screen has no {name!r}")
    return found


def refresh_home(d: Driver) -> None:
    d.app.home()
    assert d.app.home_screen is not None
    d.app.home_screen.refresh()
    d.frames(2)


def open_game(d: Driver, game: str) -> None:
    """Resume the latest unfinished game of ``game`` from Home's list, as a table would."""
    refresh_home(d)
    d.tap_text(f"{game_title(game)} · ", prefix=True)
    d.expect_screen(f"game-{game}")


def start_from_home(d: Driver, game: str, names: tuple[str, ...]) -> None:
    """Choose ``game`` on Home, name the players, start."""
    home = d.screen
    d.tap_text(game_title(game))
    while len(home.seats()) < len(names):
        d.tap(home.ids.add_player)
    for row, name in zip(home.seats(), names, strict=False):
        row.ids.name.text = name  # typed on the keyboard: see the home_keyboard state
    d.frames(1)
    d.tap(home.ids.start_game)
    d.expect_screen(f"game-{game}")


def type_on_keyboard(d: Driver, text: str) -> None:
    """Tap ``text``'s keys on the open on-screen keyboard (capitals come by themselves)."""
    keyboard = open_keyboard(d)
    for key in text:
        d.tap(keyboard.ids.space if key == " " else keyboard.keys[key.lower()])


def open_keyboard(d: Driver) -> Any:
    """The on-screen keyboard open over the screen."""
    from kivy.core.window import Window

    from ui.keyboard import OnScreenKeyboard

    keyboards = [w for w in Window.children if isinstance(w, OnScreenKeyboard)]
    if not keyboards:
        raise TourError(f"no keyboard is open on {d.screen.name}")
    return keyboards[0]


def submit_all(d: Driver, actions: Iterable[Any]) -> None:
    """Actions the table enters as corrections would (through the game the screen shows)."""
    for action in actions:
        if not d.screen.table.submit(action, seq=d.screen.table.seq).ok:
            raise TourError(f"{action!r} refused on the screen")
    d.frames(2)


def open_rules(d: Driver) -> None:
    """The Rules screen from the game bar of the game showing."""
    d.tap(d.screen.ids.bar.ids.rules)
    d.expect_screen("rules")


def open_history(d: Driver) -> None:
    """The history, from Home."""
    refresh_home(d)
    d.tap(d.screen.ids.history)
    d.expect_screen("history")


def settings(d: Driver) -> None:
    """Settings, from Home."""
    d.tap(d.screen.ids.settings)
    d.expect_screen("settings")


# --- games played: every game's positions --------------------------------------------------------


def positions() -> list[Positions]:
    """Every game's positions its UI entry declares, game by game in name order."""
    from ui.games import entries

    return [
        load(entry.positions, Positions)
        for _game, entry in sorted(entries().items())
        if entry.positions is not None
    ]


def under_way(d: Driver, count: int | None = None) -> None:
    """A game of each game under way, or ``count`` games taking the games in turn."""
    games = positions()
    for n in range(len(games) if count is None else count):
        games[n % len(games)].under_way(d.store)


def finished(d: Driver, count: int | None = None) -> None:
    """A finished game of each game that has one, or ``count`` taking those games in turn."""
    games = [p.finished for p in positions() if p.finished is not None]
    for n in range(len(games) if count is None else count):
        games[n % len(games)](d.store)


# --- Home, Settings, the history -----------------------------------------------------------------


@state
def home_first_run(d: Driver) -> None:
    d.expect_screen("home")


@state
def home_names_entered(d: Driver) -> None:
    """A game of each game under way and each game's finished one listed; two names entered."""
    under_way(d)
    finished(d)
    refresh_home(d)
    for row, name in zip(d.screen.seats(), ("Amal", "Bilal"), strict=False):
        row.ids.name.text = name
    d.frames(2)


@state
def home_name_chooser(d: Driver) -> None:
    """Seat 2's name asked: the players this table played with, the latest first."""
    finished(d)
    under_way(d)
    refresh_home(d)
    d.tap(d.screen.seats()[1].ids.name)


@state
def home_keyboard(d: Driver) -> None:
    """A new name typed on the on-screen keyboard."""
    d.tap(d.screen.seats()[1].ids.name)
    type_on_keyboard(d, "łucja żółć")


@state
def home_colour_chooser(d: Driver) -> None:
    d.tap(d.screen.seats()[0].ids.colour)


@state
def home_many_games(d: Driver) -> None:
    """Seven games on Home's lists: four under way, three finished."""
    under_way(d, 4)
    finished(d, 3)
    refresh_home(d)


STATES["settings"] = settings


@state
def settings_backup(d: Driver) -> None:
    """Backup and restore, no USB stick plugged in (the machine's own mount table)."""
    settings(d)
    d.tap(d.screen.ids.backup)
    d.expect_screen("backup")


@state
def settings_phones(d: Driver) -> None:
    """Settings -> Phones, off (as a table finds it)."""
    settings(d)
    d.tap(d.screen.ids.phones)
    d.expect_screen("phones")


@state
def history(d: Driver) -> None:
    """Three finished games in the history."""
    finished(d, 3)
    open_history(d)


@state
def players(d: Driver) -> None:
    """The players the table knows, from History."""
    under_way(d)
    history(d)
    d.tap(d.screen.ids.people)
    d.expect_screen("players")


@state
def players_actions(d: Driver) -> None:
    """A player tapped: rename, or merge into another."""
    players(d)
    d.tap(d.screen.ids.rows.children[-1])


@state
def players_renamed(d: Driver) -> None:
    """A new name typed on the on-screen keyboard, and the screen saying so."""
    players_actions(d)
    d.tap_text(tr("Rename"))
    type_on_keyboard(d, " junior")
    d.tap(open_keyboard(d).ids.ok)


@state
def players_merge_confirm(d: Driver) -> None:
    """Merge asked: the question names both players and how many games move."""
    from kivy.core.window import Window

    from ui.picker import Picker

    players_actions(d)
    d.tap_text(tr("Merge into another player"))
    picker = next(w for w in Window.children if isinstance(w, Picker))
    d.tap(picker.ids.options.children[-1])


@state
def game_log(d: Driver) -> None:
    """A finished game's log, from its row in the history."""
    history(d)
    d.tap(d.screen.ids.rows.children[-1].ids.log)
    d.expect_screen("gamelog")


def all_states() -> dict[str, State]:
    """The whole tour: the states above, then each game's own (the ``tour`` its UI entry
    declares, :func:`ui.games.tour_states`), so a game installed as its own package is toured."""
    from ui.games import tour_states

    games = tour_states()
    taken = sorted(set(games) & set(STATES))
    if taken:
        raise ValueError(f"a game's tour states are named as shared ones: {taken}")
    return {**STATES, **games}
