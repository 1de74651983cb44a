"""The history and statistics screens in a real window: recorded games listed newest first with
their winner, filtered by a tap on a game or a player, a game's sheet opened from its row; the
statistics' table and charts follow the filter; nothing cut or out of reach at either size."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from kivy.core.window import Window
from PIL import Image
from played_games import play_to_end, record
from qr_codes import qr_texts
from ui_harness import SIZES, Harness, plain, running_app, shot, tap_text

from companion.after import history, stats
from companion.after.exports import bgstats
from companion.store import Store
from ui.audit.checks import audit, window_roots
from ui.charts import BarRow
from ui.screens.scoresheet import BgStatsDialog

GAMES = [
    ("targi", ["Amal", "Bilal"], 0),
    ("tuareg", ["Amal", "Bilal", "Cleo"], 0),
    ("targi", ["Bilal", "Cleo"], 1),
    ("timbuktu", ["Cleo", "Dov", "Amal"], 2),
]


RAID_NOTHING = {"raid_unpaid": "raid_nothing"}


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("history-ui") / "games.sqlite3"
    record(path, GAMES)
    return path


def rows(h: Harness) -> list[str]:
    return [plain(row.text) for row in reversed(h.screen.ids.rows.children)]


def assert_layout_sound(h: Harness) -> None:
    h.frames(3)
    assert audit(window_roots(Window), tuple(Window.size)) == []


@pytest.mark.parametrize("size", SIZES)
def test_the_history_lists_every_game_and_filters_by_a_tap(recorded: Path, size) -> None:
    with Store.open(recorded) as store:
        plays = list(history.plays(store))
    with running_app(recorded, size) as h:
        h.tap(h.screen.ids.history)  # on Home
        assert h.screen.name == "history"
        shown = rows(h)
        assert len(shown) == len(plays) == 4
        for text, play in zip(shown, plays, strict=True):  # newest first, the winner named
            (winner,) = play.winners()
            assert text.startswith(("Targi", "Tuareg", "Timbuktu"))
            assert f"{winner} {next(s.score for s in play.seats if s.winner)} wins" in text
        shot(h, "history")
        assert_layout_sound(h)

        tap_text(h, "Targi")
        assert len(rows(h)) == 2 and all(r.startswith("Targi") for r in rows(h))
        tap_text(h, "Cleo")
        (only,) = rows(h)
        assert "Bilal" in only and "Cleo" in only
        tap_text(h, "Everyone")
        tap_text(h, "All games")
        assert len(rows(h)) == 4

        h.tap(h.screen.ids.rows.children[-1])  # the newest game's sheet
        assert h.screen.name == "sheet"
        tap_text(h, "Back")
        assert h.screen.name == "history"


@pytest.mark.parametrize("size", SIZES)
def test_the_statistics_show_what_the_core_computes(recorded: Path, size) -> None:
    with Store.open(recorded) as store:
        figures = stats.compute(history.plays(store, game="targi"))
    with running_app(recorded, size) as h:
        h.app.history()
        h.frames(2)
        tap_text(h, "Statistics")
        assert h.screen.name == "statistics"
        tap_text(h, "Targi")
        screen = h.screen
        cells = [plain(c.text) for c in reversed(screen.ids.table.children)]
        table = [cells[i : i + 6] for i in range(6, len(cells), 6)]
        expected = figures["games"]["targi"]["players"]
        assert {row[0].split(" ", 2)[-1]: row[1:3] for row in table} == {
            name: [str(p["plays"]), str(p["wins"])] for name, p in expected.items()
        }
        bars = [w for w in screen.ids.bars.children if isinstance(w, BarRow)]
        assert sorted(plain(b.value) for b in bars) == sorted(
            str(p["wins"]) for p in expected.values()
        )
        assert max(b.fraction for b in bars) == 1.0
        lines = {s.name: list(s.values) for s in screen.ids.lines.series}
        assert lines == {
            name: [
                p["score"]
                for p in figures["players"][name]["score_over_time"]
                if p["game"] == "targi"
            ]
            for name in expected
        }
        shot(h, "statistics")
        assert_layout_sound(h)
        tap_text(h, "All games")
        assert screen.ids.lines.series == [] and "Choose a game" in screen.ids.lines_note.text
        tap_text(h, "Back")
        assert h.screen.name == "history"


def test_a_finished_sheet_shows_the_bg_stats_code_a_phone_reads(recorded: Path) -> None:
    """The QR code is decoded from the window's own pixels: what a phone's camera would see."""
    with Store.open(recorded) as store:
        newest = next(history.plays(store))
        link = bgstats.link(newest)
    with running_app(recorded) as h:
        h.app.history()
        h.frames(2)
        h.tap(h.screen.ids.rows.children[-1])
        assert h.screen.name == "sheet" and h.screen.recordable
        tap_text(h, "BG Stats")
        with Image.open(shot(h, "bgstats-code")) as image:
            assert qr_texts(image) == [link]
        (dialog,) = [w for w in Window.children if isinstance(w, BgStatsDialog)]
        h.tap(dialog.ids.close)
        assert not [w for w in Window.children if isinstance(w, BgStatsDialog)]
    with running_app(recorded) as h:  # a sheet of a game still in play has no code
        h.app.show_sheet(replace(newest.sheet, final=False), back_to="home")
        h.frames(2)
        assert not h.screen.recordable and h.screen.ids.bgstats.disabled


def test_play_again_seats_the_same_players_in_one_tap(recorded: Path) -> None:
    """From a finished game's sheet, one tap: Home's form holds the same game, the same players
    in the same seats and colours, the next seat starting; Start makes the game."""
    with Store.open(recorded) as store:
        newest = next(history.plays(store))
    seats = sorted(newest.seats, key=lambda s: s.seat)
    starter = next(s.seat for s in seats if s.start_player)
    with running_app(recorded) as h:
        h.app.finished_sheet(newest.game_id)
        tap_text(h, "Play again")
        home = h.screen
        assert home.name == "home" and home.ids.game.text == newest.game
        assert [(r.ids.name.text, r.ids.colour.colour) for r in home.seats()] == [
            (s.name, s.colour) for s in seats
        ]
        assert home.start_seat == (starter + 1) % len(seats)
        h.tap(home.ids.start_game)
        with Store.open(recorded) as store:
            options = store.load(h.app.table.game_id).options
        assert [p["name"] for p in options["players"]] == [s.name for s in seats]
        assert options["start_player"] == (starter + 1) % len(seats)


def test_play_again_keeps_the_games_house_rules(tmp_path: Path) -> None:
    """A table that played with a house rule plays the next game with it too (still one tap on
    Home to change it)."""
    database = tmp_path / "games.sqlite3"
    with Store.open(database) as store:
        game_id = play_to_end(store, "targi", ["Amal", "Bilal"], 3, rulings=RAID_NOTHING)
    with running_app(database) as h:
        h.app.finished_sheet(game_id)
        tap_text(h, "Play again")
        home = h.screen
        assert home.name == "home" and home.house_rules == RAID_NOTHING
        assert home.ids.house_rules.text == "House rules (1)"
        h.tap(home.ids.start_game)
        with Store.open(database) as store:
            options = store.load(h.app.table.game_id).options
        assert options["rulings"] == RAID_NOTHING


@pytest.mark.parametrize("names", ["polish", "emoji"])
def test_five_long_names_give_a_code_a_phone_reads_from_the_800x480_screen(
    tmp_path: Path, names: str
) -> None:
    """Issue 24.2: the dialog draws at least 3 px per module at 800x480, and the window's own
    pixels decode to the link; what the link leaves out to fit is said beside the code."""
    from test_exports_bgstats import LONG_NAMES, _long_game

    db = tmp_path / "games.sqlite3"
    game_id = _long_game(db, LONG_NAMES[names])
    with Store.open(db) as store:
        play = history.load_play(store, game_id)
        pushed = bgstats.push(play)
    with running_app(db) as h:
        h.app.show_sheet(play.sheet, back_to="home", game_id=game_id)
        h.frames(2)
        tap_text(h, "BG Stats")
        (dialog,) = [w for w in Window.children if isinstance(w, BgStatsDialog)]
        assert dialog.module_px >= 3
        assert dialog.ids.code.width == dialog.code_side == dialog.module_px * (pushed.modules + 8)
        with Image.open(shot(h, f"bgstats-code-{names}")) as image:
            assert qr_texts(image) == [pushed.link]
        assert (dialog.note == "") == (pushed.left_out == ())
        for words in pushed.left_out:
            assert words in dialog.note
        assert audit(window_roots(Window), tuple(Window.size)) == []


def test_the_table_enters_a_games_boardgamegeek_id_once_in_the_bg_stats_dialog(
    tmp_path: Path,
) -> None:
    """Issue 24.3: Tuareg has no sourced id; typed once on the dialog's keyboard, it is stored as
    the ``bgg_id`` setting and the code on screen carries it. Targi's dialog asks nothing."""
    import json
    from urllib.parse import unquote

    from played_games import Clock

    from companion.after.exports import table_facts
    from ui.keyboard import OnScreenKeyboard

    db = tmp_path / "games.sqlite3"
    with Store.open(db, clock=Clock()) as store:
        tuareg = play_to_end(store, "tuareg", ["Ania", "Zoë"], seed=1)
        targi = play_to_end(store, "targi", ["Ania", "Zoë"], seed=1)
        sheets = {g: history.load_play(store, g).sheet for g in (tuareg, targi)}
    with running_app(db) as h:
        h.app.show_sheet(sheets[targi], back_to="home", game_id=targi)
        h.frames(2)
        tap_text(h, "BG Stats")
        (dialog,) = [w for w in Window.children if isinstance(w, BgStatsDialog)]
        assert not dialog.bgg_asked and dialog.ids.bgg.disabled
        h.tap(dialog.ids.close)
        h.app.show_sheet(sheets[tuareg], back_to="home", game_id=tuareg)
        h.frames(2)
        tap_text(h, "BG Stats")
        (dialog,) = [w for w in Window.children if isinstance(w, BgStatsDialog)]
        assert dialog.bgg_asked and plain(dialog.ids.bgg.text) == "BoardGameGeek id: not set"
        h.tap(dialog.ids.bgg)
        (keyboard,) = [w for w in Window.children if isinstance(w, OnScreenKeyboard)]
        for digit in "123456":
            h.tap(keyboard.keys[digit])
        h.tap(keyboard.ids.ok)
        h.frames(2)
        assert plain(dialog.ids.bgg.text) == "BoardGameGeek id: 123456"
        with Image.open(shot(h, "bgstats-bgg-id")) as image:
            (found,) = qr_texts(image)
        pushed = json.loads(unquote(found.split("?data=")[1]))
        assert pushed["game"]["bggId"] == 123456
        assert audit(window_roots(Window), tuple(Window.size)) == []
    with Store.open(db) as store:
        assert store.get_setting("tuareg", table_facts.BGG_ID) == 123456


def test_a_play_that_cannot_be_read_says_so_in_the_bg_stats_dialog(tmp_path: Path) -> None:
    """Issue 24.1: the BG Stats button never crashes the app: a game whose log was damaged after
    its sheet was shown opens the dialog with the reason and no code."""
    import sqlite3
    from contextlib import closing

    db = tmp_path / "games.sqlite3"
    with Store.open(db) as store:
        game_id = play_to_end(store, "targi", ["Ania", "Zoë"], seed=1)
        sheet = history.load_play(store, game_id).sheet
    with running_app(db) as h:
        h.app.show_sheet(sheet, back_to="home", game_id=game_id)
        h.frames(2)
        with closing(sqlite3.connect(db)) as other:  # another program damages the log
            other.execute(
                'UPDATE log SET payload = \'{"kind":"jump"}\' WHERE game_id = ? AND seq = 5',
                (game_id,),
            )
            other.commit()
        tap_text(h, "BG Stats")
        (dialog,) = [w for w in Window.children if isinstance(w, BgStatsDialog)]
        assert dialog.note.startswith("No BG Stats code for this play: ")
        assert dialog.code_side == 0
        h.tap(dialog.ids.close)
        assert h.screen.name == "sheet"


def test_the_line_chart_tells_ties_apart_and_labels_both_axes(tmp_path: Path) -> None:
    """Two players tied on 4 and 4: their markers stand side by side, not on one spot; the flat
    line's axis says "4" once, not "4" and "4"; the plays axis is numbered (issue 23)."""
    from ui.charts import LineChart, Series

    with running_app(tmp_path / "games.sqlite3"):
        chart = LineChart(size=(400, 200), pos=(0, 0))
        chart.series = [
            Series(name="Amal", colour="blue", values=(30, 40, 40)),
            Series(name="Bilal", colour="white", values=(40, 40, 40)),
        ]
        texts = [plain(label.text) for label in chart.children]
        markers = [label for label in chart.children if plain(label.text) in ("●A", "■B")]
        assert len(markers) == 2
        first, second = sorted(markers, key=lambda label: label.x)
        assert first.right <= second.x  # side by side
        assert texts.count("40") == 1 and texts.count("30") == 1  # the score axis
        assert "1" in texts and "3" in texts  # the plays axis: the first play and the last
        chart.series = [
            Series(name="Amal", colour="blue", values=(4, 4, 4)),
            Series(name="Bilal", colour="white", values=(4, 4, 4)),
        ]
        texts = [plain(label.text) for label in chart.children]
        assert texts.count("4") == 1 and "1" in texts and "3" in texts  # "4" once, not twice
