"""History and Statistics made ready in the idle time after the start (issue 27, :mod:`ui.ready`):
their first opening then finds its rows, chips, cells and figures made and reuses them, and shows
exactly what a screen built at the tap shows; a game finished after the readying shows at once;
a tap on History in the middle of the readying shows every game, and the readying left after it
changes nothing. A finished game's BG Stats code is made while its sheet shows, and shown at the
tap without replaying the game or making it again, unless something changed since. Real games
in a real window; the app's own readying steps."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from kivy.core.window import Window
from PIL import Image
from played_games import play_to_end, record
from qr_codes import qr_texts
from ui_harness import Harness, plain, running_app, shot, tap_text

from companion.after import history
from companion.after import players as player_records
from companion.after.exports import bgstats
from companion.store import Store
from ui.audit.checks import audit, window_roots
from ui.ready import Readying
from ui.screens.history import PAGE

GAMES = [
    ("targi", ["Amal", "Bilal"], 0),
    ("tuareg", ["Amal", "Bilal", "Cleo"], 0),
    ("timbuktu", ["Cleo", "Dov", "Amal"], 2),
]


@pytest.fixture
def recorded(tmp_path: Path) -> Path:
    path = tmp_path / "games.sqlite3"
    record(path, GAMES)
    return path


def rows(h: Harness) -> list[str]:
    return [plain(row.text) for row in reversed(h.app.history_screen.ids.rows.children)]


def cells(h: Harness) -> list[str]:
    return [plain(cell.text) for cell in reversed(h.app.statistics_screen.ids.table.children)]


def ready(h: Harness, steps: int | None = None) -> Readying:
    """The app's readying, begun now; run to its end, or for ``steps`` steps only."""
    made = h.app._ready_ahead()
    if steps is not None:
        for _ in range(steps):
            next(made)
    readying = Readying(made)
    h.app.readying = readying  # Kivy's clock holds its callbacks weakly, as the app holds it
    readying.start(0)
    if steps is None:
        h.wait_for(lambda: readying.finished, 30)
    return readying


def built_at_the_tap(recorded: Path) -> tuple[list[str], list[str]]:
    """What History and Statistics show when nothing was made ready."""
    with running_app(recorded) as h:
        h.tap(h.screen.ids.history)
        shown = rows(h)
        tap_text(h, "Statistics")
        return shown, cells(h)


def test_the_first_openings_reuse_what_was_made_ready_and_show_the_same(recorded: Path) -> None:
    expected_rows, expected_cells = built_at_the_tap(recorded)
    with running_app(recorded) as h:
        readying = ready(h)
        assert readying.finished and readying.cpu > 0
        screen = h.app.history_screen
        made = list(screen.ids.rows.children)
        assert rows(h) == expected_rows and len(made) == len(GAMES)
        h.tap(h.screen.ids.history)
        assert h.screen is screen and rows(h) == expected_rows
        assert list(screen.ids.rows.children) == made  # the rows made ahead, not made again
        stats_cells = list(h.app.statistics_screen.ids.table.children)
        tap_text(h, "Statistics")
        assert h.screen.name == "statistics" and cells(h) == expected_cells
        assert list(h.screen.ids.table.children) == stats_cells
        h.frames(3)
        assert audit(window_roots(Window), tuple(Window.size)) == []


def test_a_game_finished_after_the_readying_shows_at_once(recorded: Path) -> None:
    with running_app(recorded) as h:
        ready(h)
        before = rows(h)
        play_to_end(h.app.store, "targi", ["Dana", "Emre"], seed=7)
        h.tap(h.screen.ids.history)
        shown = rows(h)
        assert len(shown) == len(before) + 1 and shown[1:] == before
        assert "Dana" in shown[0] and "Emre" in shown[0]
        with Store.open(recorded) as store:
            newest = next(history.plays(store))
        assert h.screen.ids.rows.children[-1].play.game_id == newest.game_id
        tap_text(h, "Statistics")
        assert "Dana" in " ".join(cells(h)) and "4 finished games" in h.screen.heading


def test_history_opened_in_the_middle_of_the_readying_shows_every_game(recorded: Path) -> None:
    with running_app(recorded) as h:
        readying = ready(h, steps=4)  # its module loaded, the screen built, a chip made
        assert not readying.finished
        h.tap(h.screen.ids.history)
        shown = rows(h)
        assert len(shown) == min(PAGE, len(GAMES))
        h.wait_for(lambda: readying.finished, 30)
        h.frames(2)
        assert rows(h) == shown and h.screen.name == "history"


def open_newest_sheet(h: Harness) -> None:
    h.app.history()
    h.frames(2)
    h.tap(h.screen.ids.rows.children[-1])
    assert h.screen.name == "sheet" and h.screen.recordable


def shown_code(h: Harness) -> list[str]:
    """The links of the QR codes decoded from the window's pixels (as a phone's camera reads)."""
    with Image.open(shot(h, "bgstats-ready")) as image:
        return qr_texts(image)


def test_a_finished_sheets_code_is_made_ahead_and_shown_without_a_replay(
    recorded: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    made, replayed = counted(monkeypatch)
    with running_app(recorded) as h:
        open_newest_sheet(h)
        h.wait_for(lambda: made != [], 10)  # made in a thread of its own
        newest = next(history.plays(h.app.store))
        replays = len(replayed)
        tap_text(h, "BG Stats")
        assert shown_code(h) == [bgstats.link(newest)]
        assert len(made) == 1 and len(replayed) == replays  # neither made nor replayed again


def test_the_code_shown_is_read_anew_after_a_change_since_it_was_made_ahead(
    recorded: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    made, replayed = counted(monkeypatch)
    with running_app(recorded) as h:
        open_newest_sheet(h)
        h.wait_for(lambda: made != [], 10)
        store = h.app.store
        store.rename_player(player_records.find(store, "Amal").id, "Amalia")
        replays = len(replayed)
        tap_text(h, "BG Stats")
        newest = next(history.plays(store))
        assert "Amalia" in [seat.name for seat in newest.seats]
        assert shown_code(h) == [bgstats.link(newest)] and len(replayed) == replays + 1


def counted(monkeypatch: pytest.MonkeyPatch) -> tuple[list[str], list[str]]:
    """The links whose QR code is made, and the games replayed, from now on."""
    made: list[str] = []
    replayed: list[str] = []
    making, replaying = bgstats._CODES._draw, history._replayed

    def make(key: Any) -> Any:
        made.append(key[0])
        return making(key)

    monkeypatch.setattr(bgstats._CODES, "_draw", make)
    monkeypatch.setattr(history, "_replayed", lambda s, g: replayed.append(g) or replaying(s, g))
    return made, replayed


def test_statistics_shown_in_the_middle_of_their_readying_keep_only_the_cells_they_show(
    recorded: Path,
) -> None:
    """Shown for one game while its cells for every player were being made ahead: the readying
    stops there, and the table holds the cells of that game's players, none left over."""
    _rows, expected_cells = built_at_the_tap(recorded)
    with running_app(recorded) as h:
        screen = h.app.statistics_screen
        steps = screen.prepare()
        while len(screen.ids.table.children) < 3:  # a few of every game's cells made
            next(steps)
        h.app.statistics(game="targi")
        h.frames(2)
        shown = cells(h)
        assert list(steps) == [] and cells(h) == shown
        assert len(screen.ids.table.children) == 6 * 3  # the heads, then Amal and Bilal
        tap_text(h, "All games")
        assert cells(h) == expected_cells


def test_once_idle_the_screens_are_made_ready_again_for_a_game_finished_since(
    recorded: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game finished after History and Statistics were made ready: once the app is idle, their
    rows and cells are given it ahead, and opening them lists nothing anew and shows it."""
    with running_app(recorded) as h:
        ready(h)
        rows_made = list(h.app.history_screen.ids.rows.children)
        finished = play_to_end(h.app.store, "targi", ["Dana", "Emre"], seed=7)
        h.app._ready_again()  # as the idle throttle calls it
        readying = h.app.readying
        assert readying is not None
        h.wait_for(lambda: readying.finished, 30)
        assert h.app.history_screen.ids.rows.children[-1].play.game_id == finished
        assert "Dana" in " ".join(cells(h))
        listings: list[int] = []
        listed = history._listed
        monkeypatch.setattr(
            history, "_listed", lambda s, m, t: listings.append(1) or listed(s, m, t)
        )
        h.tap(h.screen.ids.history)
        assert rows(h)[0].startswith("Targi") and "Dana" in rows(h)[0] and listings == []
        assert set(rows_made) <= set(h.screen.ids.rows.children)
        tap_text(h, "Statistics")
        assert "4 finished games" in h.screen.heading and listings == []


def test_a_readying_cancelled_or_of_a_stopped_app_makes_nothing_more(recorded: Path) -> None:
    with running_app(recorded) as h:
        readying = ready(h, steps=1)  # its first step run: History's module loaded
        readying.cancel()
        h.frames(5)
        assert readying.finished and "history" not in h.app.screens
    with running_app(recorded) as h:
        readying = ready(h, steps=1)
    assert readying.finished  # the app's stop ended it, before its store closed
    h.frames(5)
    assert "history" not in h.app.screens


def test_a_frame_begins_no_step_that_would_overrun_its_share() -> None:
    """Steps of 60 % of a frame's share each: one a frame (a second would end past the share, at
    120 % of it: what a tap would wait for), and every one of them run in the end."""
    from ui import ready as ready_module

    def steps(counted: list[int]) -> Any:
        for _ in range(6):
            until = time.perf_counter() + ready_module.FRAME_SHARE * 0.6
            while time.perf_counter() < until:
                pass
            counted[-1] += 1
            yield

    counted = [0]
    readying = Readying(steps(counted))
    while not readying.finished:
        readying._frame(0)
        counted.append(0)
    assert counted[:6] == [1] * 6 and sum(counted) == 6


def _pixels(path: Path) -> bytes:
    with Image.open(path) as image:
        return image.convert("RGB").tobytes()


def test_the_readying_draws_each_rows_and_cells_text_once_and_they_show_as_made_at_the_tap(
    recorded: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A History row is laid out before its text is drawn, and Statistics' cells are at their
    columns' widths before theirs are: each text made ready is drawn once (drawn at a width it
    did not keep, it was drawn twice), and both screens show pixel for pixel what they show when
    nothing was made ready."""
    from kivy.uix.label import Label

    with running_app(recorded) as h:
        h.tap(h.screen.ids.history)
        at_the_tap = [_pixels(shot(h, "history-at-the-tap"))]
        tap_text(h, "Statistics")
        at_the_tap.append(_pixels(shot(h, "statistics-at-the-tap")))
    drawn: dict[int, int] = {}
    real = Label.texture_update

    def texture_update(label: Label, *args: Any) -> None:
        if label.text:
            drawn[id(label)] = drawn.get(id(label), 0) + 1
        real(label, *args)

    monkeypatch.setattr(Label, "texture_update", texture_update)  # the clock calls it by name
    with running_app(recorded) as h:
        ready(h)
        h.frames(2)  # the texts given in the last steps drawn
        made = [row.ids.play.__self__ for row in h.app.history_screen.ids.rows.children]
        made += list(h.app.statistics_screen.ids.table.children)
        assert len(made) == len(GAMES) + len(cells(h)) > len(GAMES) + 6  # a row, and a header
        assert [drawn.get(id(widget)) for widget in made] == [1] * len(made)
        h.tap(h.screen.ids.history)
        shown = [_pixels(shot(h, "history-made-ready"))]
        tap_text(h, "Statistics")
        shown.append(_pixels(shot(h, "statistics-made-ready")))
    assert shown == at_the_tap
