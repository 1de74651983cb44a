"""Home's first frame makes the buttons of the finished games its list shows in view, and a place
as high as a button for each of the others, which get theirs once the frame is drawn: the list,
its scroll bar and its cue read the same before and after. In a real window, on games played to
the end."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from played_games import record
from ui_harness import SIZES, plain, running_app

from ui.screens import home as home_screen
from ui.screens.home import GameListButton, GamePlace, HomeScreen
from ui.widgets import MoreCue

GAMES = [
    ("targi", ["Amal", "Bilal"], 0),
    ("tuareg", ["Amal", "Bilal", "Cleo"], 0),
    ("targi", ["Bilal", "Cleo"], 1),
    ("tuareg", ["Cleo", "Dov", "Amal"], 2),
    ("targi", ["Dov", "Amal"], 0),
    ("targi", ["Eli", "Amal"], 1),
]


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("home-start") / "games.sqlite3"
    record(path, GAMES)
    return path


def _cue(home: HomeScreen) -> str:
    (cue,) = [
        w for w in home.walk() if isinstance(w, MoreCue) and w.scroller is home.ids.finished_view
    ]
    return plain(cue.text)


@pytest.mark.parametrize("size", SIZES)
def test_the_first_frame_makes_only_the_finished_games_in_view(
    recorded: Path, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn: dict[str, Any] = {}
    settle = HomeScreen.settle

    def first_frame_then_settle(home: HomeScreen) -> None:  # as the app drew its first frame
        drawn["listed"] = list(reversed(home.ids.finished.children))
        drawn["cue"] = _cue(home)
        settle(home)

    monkeypatch.setattr(HomeScreen, "settle", first_frame_then_settle)
    with running_app(recorded, size) as h:
        home = h.app.opened_home
        listed = drawn["listed"]
        made = [w for w in listed if isinstance(w, GameListButton)]
        places = [w for w in listed if isinstance(w, GamePlace)]
        assert made and places and listed == made + places, listed
        top, view = listed[0].top, home.ids.finished_view.height
        assert top - places[0].top >= view  # every place lies below the view: no gap is drawn
        assert len(made) <= len([b for b in made if top - b.top < view]) + 1  # one more at most
        assert {place.height for place in places} == {made[0].height}
        assert drawn["cue"].startswith("▼ ") and int(drawn["cue"].split()[1]) >= len(places)

        h.frames(3)
        after = list(reversed(home.ids.finished.children))
        assert len(after) == len(GAMES) and all(isinstance(w, GameListButton) for w in after)
        assert after[: len(made)] == made  # the buttons drawn first are kept
        assert _cue(home) == drawn["cue"]
        texts = [plain(w.text) for w in after]
        home.refresh()  # as Home lists its games when the table comes back to it
        assert list(reversed(home.ids.finished.children)) == after
        assert [plain(w.text) for w in after] == texts
        assert all("·" in text for text in texts)


def test_a_home_built_after_the_first_frame_makes_every_button_at_once(
    recorded: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Home built again (the language changed) is drawn whole at once: nothing is left for later."""
    monkeypatch.setattr(home_screen, "RECENT_FINISHED", 10)
    with running_app(recorded) as h:
        h.app._drawn = True  # the first frame is up, as the app records it
        h.app.language_changed()
        h.frames(2)
        listed = h.app.opened_home.ids.finished.children
        assert len(listed) == len(GAMES) and all(isinstance(w, GameListButton) for w in listed)
