"""After the game, on screen, by touches on real SQLite files: the players the table knows renamed
and merged (history and statistics follow), a game's log with its corrections and taken-back
moves marked, and a finished game corrected from its sheet (the sheet and the history change)."""

from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path

import pytest
from babel.dates import format_time
from kivy.core.window import Window
from played_games import record
from ui_harness import SIZES, Harness, buttons, plain, running_app, shot, tap_text

from companion.after import history, stats
from companion.games.targi.actions import SetStock
from companion.play.session import Session
from companion.store import Store
from ui.audit.checks import audit, window_roots
from ui.choices import kind_text
from ui.keyboard import OnScreenKeyboard
from ui.picker import Picker
from ui.screens.gamelog import LogRow

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


def corrected(path: Path) -> str:
    """The first (oldest) game, a Targi game, with two corrections logged after its end, the
    second taken back by an undo: its id."""
    with Store.open(path) as store:
        oldest = list(history.plays(store))[-1]
        session = Session.resume(store, oldest.game_id)
        for vp in (7, 9):
            action = SetStock(player=0, dates=1, salt=1, pepper=1, gold=1, vp=vp)
            outcome = session.submit(action, seq=session.seq, game_id=session.game_id)
            assert outcome.verdict.ok
        assert session.undo(seq=session.seq, game_id=session.game_id).verdict.ok
        return oldest.game_id


STYLE_BUT_STRIKE = re.compile(r"\[/?(?:b|i|color|size|font)(?:=[^\]]*)?\]")
"""Markup but the strike-through ``[s]``, which says a line was taken back."""


def log_rows(h: Harness) -> list[str]:
    """The log's lines, struck-through parts still marked ``[s]…[/s]``."""
    rows = reversed(h.screen.ids.rows.children)
    return [STYLE_BUT_STRIKE.sub("", r.text) for r in rows if isinstance(r, LogRow)]


@pytest.mark.parametrize("size", SIZES)
def test_a_game_log_opened_from_the_history_marks_corrections_and_taken_back_moves(
    recorded: Path, size
) -> None:
    game_id = corrected(recorded)
    with Store.open(recorded) as store:
        entries = store.load(game_id).entries
    with running_app(recorded, size) as h:
        h.tap(h.screen.ids.history)
        h.tap(h.screen.ids.rows.children[0].ids.log)  # the oldest game's Log
        assert h.screen.name == "gamelog"
        assert plain(h.screen.heading) == "Targi — game log"
        lines = log_rows(h)
        assert len(lines) == len(entries)
        first = datetime.fromisoformat(entries[0].created_at).astimezone()
        assert lines[0].startswith(format_time(first, "short", locale="en") + " ")
        *_played, kept, dropped, undo = lines
        assert "✎ Correction: " in kept and "taken back" not in kept
        assert "↶ [s]✎ Correction: " in dropped and dropped.endswith("[/s] — taken back")
        assert undo.split("  ", 1)[1].startswith("Undone: ")
        assert not any("Correction" in line for line in lines[:-3])
        assert h.screen.ids.rows.height > h.screen.ids.scroll.height  # a long log scrolls
        assert_layout_sound(h)
        shot(h, "game-log")
        tap_text(h, "Back")
        assert h.screen.name == "history"

        h.tap(h.screen.ids.rows.children[0])  # the same game's sheet: its log too
        tap_text(h, "Game log")
        assert h.screen.name == "gamelog" and log_rows(h) == lines
        h.app.press("back")  # the table's Back button, as the screen's
        h.frames(2)
        assert h.screen.name == "sheet"


@pytest.mark.parametrize("size", SIZES)
def test_a_finished_game_corrected_from_its_sheet_changes_the_sheet_and_the_history(
    recorded: Path, size
) -> None:
    with Store.open(recorded) as store:
        oldest = list(history.plays(store))[-1]
    amal = next(s for s in oldest.seats if s.name == "Amal")
    with running_app(recorded, size) as h:
        h.tap(h.screen.ids.history)
        h.tap(h.screen.ids.rows.children[0])
        assert h.screen.name == "sheet" and h.screen.sheet.totals["Amal"] == amal.score
        tap_text(h, "Correct")
        assert h.screen.name == "correct"
        tap_text(h, kind_text(SetStock))
        assert h.screen.rows["player"][1].ids.choice.text == "Amal"
        vp = h.screen.rows["vp"][1].ids.stepper
        for _ in range(5):
            h.tap(vp.ids.up)
        assert_layout_sound(h)
        tap_text(h, "Apply the correction")
        assert h.screen.name == "sheet"
        assert h.screen.sheet.totals["Amal"] == amal.score + 5
        assert h.screen.recordable  # still the finished game's sheet
        tap_text(h, "Back")
        assert h.screen.name == "history"
        row = plain(h.screen.ids.rows.children[0].text)
        assert f"Amal {amal.score + 5}" in row
        h.tap(h.screen.ids.rows.children[0].ids.log)
        assert "✎ Correction: " in log_rows(h)[-1]
    with Store.open(recorded) as store:
        again = history.load_play(store, oldest.game_id)
    assert again.finished and again.corrections == oldest.corrections + 1
    assert next(s.score for s in again.seats if s.name == "Amal") == amal.score + 5
