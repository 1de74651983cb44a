"""The history lays out its games a page at a time, the newest first, and a button under them lays
out the next page: a long history opens as fast as a short one (a thousand rows at once took
seconds). In a real window, on games played to the end."""

from __future__ import annotations

from pathlib import Path

import pytest
from kivy.core.window import Window
from played_games import record
from ui_harness import SIZES, buttons, plain, running_app, tap_text

from companion.after import history
from companion.store import Store
from ui.audit.checks import audit, window_roots
from ui.screens import history as history_screen
from ui.screens import home as home_screen

GAMES = [
    ("targi", ["Amal", "Bilal"], 0),
    ("tuareg", ["Amal", "Bilal", "Cleo"], 0),
    ("targi", ["Bilal", "Cleo"], 1),
    ("tuareg", ["Cleo", "Dov", "Amal"], 2),
    ("targi", ["Dov", "Amal"], 0),
]


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("history-pages") / "games.sqlite3"
    record(path, GAMES)
    return path


@pytest.mark.parametrize("size", SIZES)
def test_older_games_are_laid_out_a_page_at_a_time(
    recorded: Path, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(history_screen, "PAGE", 2)
    with Store.open(recorded) as store:
        ids = [play.game_id for play in history.plays(store)]
    with running_app(recorded, size) as h:
        h.app.history()
        h.frames(3)
        screen = h.screen

        def shown() -> list[str]:
            return [plain(row.text) for row in reversed(screen.ids.rows.children)]

        assert len(shown()) == 2
        assert audit(window_roots(Window), tuple(Window.size)) == []
        tap_text(h, "Show 2 older games")
        assert len(shown()) == 4
        tap_text(h, "Show 1 older game")
        assert len(shown()) == 5 and not buttons(screen, "Show 1 older game")
        h.tap(screen.ids.rows.children[0])  # the oldest game's sheet, reached by the pages
        assert h.screen.name == "sheet" and h.screen.game_id == ids[-1]
        tap_text(h, "Back")
        tap_text(h, "Targi")  # a filter starts again from its first page
        assert len(shown()) == 2 and buttons(screen, "Show 1 older game")


def test_home_lists_the_latest_finished_games_only(
    recorded: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """History has them all; Home's list of finished games stays short however long the history."""
    monkeypatch.setattr(home_screen, "RECENT_FINISHED", 2)
    with Store.open(recorded) as store:
        latest = sorted(store.list_games(), key=lambda g: g.updated_at, reverse=True)[:2]
    with running_app(recorded) as h:
        h.app.home()
        h.frames(3)
        listed = list(reversed(h.screen.ids.finished.children))
        assert len(listed) == 2
        h.tap(listed[0])  # the latest game's sheet
        assert h.screen.name == "sheet" and h.screen.game_id == latest[0].id
