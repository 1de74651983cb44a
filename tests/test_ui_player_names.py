"""Home's seats take a name by the same rule as the command line (issue 25.10): a recent player
whose name an older version let in (a bidi control) is explained, not seated, and a hardware
keyboard's control and invisible characters never reach a name. Real offscreen window, real taps."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from kivy.core.window import Window
from kivy.uix.modalview import ModalView
from ui_harness import running_app

from companion.store import Store
from ui.audit.driver import plain
from ui.keyboard import OnScreenKeyboard
from ui.picker import Picker

HIDDEN = "\u202eAmal"
"""A name that reads "lamA" on other screens: stored by an older ``game new``."""


@pytest.fixture(autouse=True)
def no_dialog_left() -> Iterator[None]:
    yield
    for child in Window.children[:]:
        if isinstance(child, ModalView):
            child.dismiss(animation=False)


def _dialog(kind: type) -> ModalView:
    (found,) = [w for w in Window.children if isinstance(w, kind)]
    return found


def _tap_option(h: object, text: str) -> None:
    options = [
        w
        for w in _dialog(Picker).walk()
        if hasattr(w, "trigger_action") and plain(getattr(w, "text", "")) == text
    ]
    assert len(options) == 1, text
    h.tap(options[0])  # type: ignore[attr-defined]


def test_home_refuses_a_name_against_the_rule_and_the_keyboard_drops_hidden_characters(
    tmp_path: Path,
) -> None:
    database = tmp_path / "games.sqlite3"
    with Store.open(database) as store:  # as an older version stored it: no check on the way in
        players = [{"name": HIDDEN, "colour": "blue"}, {"name": "Bilal", "colour": "white"}]
        store.create_game("targi", {"players": players, "start_player": 0})
    with running_app(database) as h:
        home = h.screen
        row = home.seats()[0]
        h.tap(row.ids.name)
        _tap_option(h, HIDDEN)
        assert row.ids.name.text == "Player 1"  # not seated
        assert home.message.startswith("Seat 1: a name is 1 to 24 printable characters")
        assert "\\u202e" in home.message  # the hidden character named, not applied
        h.screenshot("home-name-refused")

        h.tap(row.ids.name)
        _tap_option(h, "New name…")
        Window.dispatch("on_textinput", "Am\u200bal\x1b\b\r\u2066a")
        keyboard = _dialog(OnScreenKeyboard)
        assert keyboard.text == "Amala"  # type: ignore[attr-defined]
        h.tap(keyboard.ids.ok)
        assert row.ids.name.text == "Amala"
