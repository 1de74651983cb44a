"""History and Statistics made ready in the idle time after the start (issue 27, :mod:`ui.ready`):
their first opening then finds its rows, chips, cells and figures made and reuses them, and shows
exactly what a screen built at the tap shows; a game finished after the readying shows at once;
a tap on History in the middle of the readying shows every game, and the readying left after it
changes nothing. Real games in a real window; the app's own readying steps."""

from __future__ import annotations

from pathlib import Path

import pytest
from kivy.core.window import Window
from played_games import play_to_end, record
from ui_harness import Harness, plain, running_app, tap_text

from companion.after import history
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
