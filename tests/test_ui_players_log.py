"""After the game, on screen, by touches on real SQLite files: the players the table knows renamed
and merged (history and statistics follow), a game's log with its corrections and taken-back
moves marked, and a finished game corrected from its sheet (the sheet and the history change)."""

from __future__ import annotations

from pathlib import Path

import pytest
from kivy.core.window import Window
from played_games import record
from ui_harness import SIZES, Harness, buttons, plain, running_app, tap_text

from companion import history, stats
from companion.store import Store
from ui.audit.checks import audit, window_roots
from ui.keyboard import OnScreenKeyboard
from ui.picker import Picker

GAMES = [
    ("targi", ["Amal", "Bilal"], 0),
    ("tuareg", ["Amal", "Bilal", "Cleo"], 0),
    ("targi", ["Bilal", "Cleo"], 1),
    ("timbuktu", ["Cleo", "Dov", "Amal"], 2),
]


@pytest.fixture
def recorded(tmp_path: Path) -> Path:
    path = tmp_path / "games.sqlite3"
    record(path, GAMES)
    return path


def dialog(kind: type) -> object:
    (found,) = [w for w in Window.children if isinstance(w, kind)]
    return found


def tap_in_dialog(h: Harness, kind: type, text: str) -> None:
    (button,) = buttons(dialog(kind), text)
    h.tap(button)


def option(picker: object, name: str) -> object:
    """The picker's option naming player ``name`` (after their colour's badge)."""
    (found,) = [
        b
        for b in picker.walk()
        if hasattr(b, "trigger_action") and plain(getattr(b, "text", "")).endswith(f" {name}")
    ]
    return found


def type_name(h: Harness, text: str) -> None:
    """Clear the open keyboard's text and tap ``text``'s keys, then OK."""
    keyboard = dialog(OnScreenKeyboard)
    for _ in range(len(keyboard.text)):
        h.tap(keyboard.keys["backspace"])
    for key in text:
        h.tap(keyboard.ids.space if key == " " else keyboard.keys[key.lower()])
    assert keyboard.text == text
    h.tap(keyboard.ids.ok)


def open_players(h: Harness) -> None:
    h.tap(h.screen.ids.history)
    tap_text(h, "Players")
    assert h.screen.name == "players"


def player_row(h: Harness, name: str):
    (row,) = [r for r in h.screen.ids.rows.children if f" {name} · " in plain(r.text)]
    return row


def history_rows(h: Harness) -> list[str]:
    return [plain(row.text) for row in reversed(h.screen.ids.rows.children)]


def assert_layout_sound(h: Harness) -> None:
    h.frames(3)
    assert audit(window_roots(Window), tuple(Window.size)) == []


@pytest.mark.parametrize("size", SIZES)
def test_a_player_renamed_on_screen_shows_under_the_new_name_in_the_history(
    recorded: Path, size
) -> None:
    with running_app(recorded, size) as h:
        open_players(h)
        names = [plain(r.text) for r in reversed(h.screen.ids.rows.children)]
        assert len(names) == 4 and "Cleo · 3 games" in " ".join(names)
        assert_layout_sound(h)
        h.tap(player_row(h, "Cleo"))
        tap_in_dialog(h, Picker, "Rename")
        type_name(h, "Clea")
        assert "Cleo is now Clea" in plain(h.screen.ids.message.text)
        assert player_row(h, "Clea")
        tap_text(h, "Back")
        assert h.screen.name == "history"
        shown = " ".join(history_rows(h))
        assert "Clea" in shown and "Cleo" not in shown

        # a name another player has: refused, the merge offered in words (not done unasked)
        tap_text(h, "Players")
        h.tap(player_row(h, "Clea"))
        tap_in_dialog(h, Picker, "Rename")
        type_name(h, "Amal")
        assert "Amal is already another player's name" in h.screen.ids.message.text
        assert "Merge Clea into Amal" in dialog(Picker).title
        tap_in_dialog(h, Picker, "Cancel")
        assert player_row(h, "Clea") and player_row(h, "Amal")
    with Store.open(recorded) as store:
        assert {p.name for p in store.players()} == {"Amal", "Bilal", "Clea", "Dov"}


@pytest.mark.parametrize("size", SIZES)
def test_two_players_merged_on_screen_add_up_in_the_statistics(recorded: Path, size) -> None:
    with Store.open(recorded) as store:
        before = stats.compute(history.plays(store))["players"]
    with running_app(recorded, size) as h:
        open_players(h)
        h.tap(player_row(h, "Dov"))
        tap_in_dialog(h, Picker, "Merge into another player")
        picker = dialog(Picker)
        assert "Merge Dov into which player?" in picker.title
        h.tap(option(picker, "Bilal"))
        question = dialog(Picker).title
        assert "Merge Dov into Bilal?" in question and "Dov's 1 game becomes Bilal's" in question
        assert_layout_sound(h)
        tap_in_dialog(h, Picker, "Merge Dov into Bilal")
        assert "1 game moved" in h.screen.ids.message.text
        assert player_row(h, "Bilal") and "Bilal · 4 games" in plain(player_row(h, "Bilal").text)
        assert not [r for r in h.screen.ids.rows.children if " Dov · " in plain(r.text)]
        tap_text(h, "Back")
        tap_text(h, "Statistics")
        assert h.screen.name == "statistics"
        cells = [plain(c.text) for c in reversed(h.screen.ids.table.children)]
        row = next(i for i, c in enumerate(cells) if c.endswith(" Bilal"))
        plays = before["Bilal"]["plays"] + before["Dov"]["plays"]
        wins = before["Bilal"]["wins"] + before["Dov"]["wins"]
        assert cells[row + 1 : row + 3] == [str(plays), str(wins)]
    with Store.open(recorded) as store:
        after = stats.compute(history.plays(store))["players"]
    assert "Dov" not in after and after["Bilal"]["plays"] == plays == 4


def test_a_merge_of_two_who_sat_at_one_game_is_refused_in_words(recorded: Path) -> None:
    with running_app(recorded) as h:
        open_players(h)
        h.tap(player_row(h, "Amal"))
        tap_in_dialog(h, Picker, "Merge into another player")
        h.tap(option(dialog(Picker), "Bilal"))
        tap_in_dialog(h, Picker, "Merge Amal into Bilal")
        message = h.screen.ids.message.text
        assert "Not merged" in message and "two people" in message
        assert player_row(h, "Amal") and player_row(h, "Bilal")
