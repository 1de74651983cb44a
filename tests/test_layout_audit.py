"""The layout audit as CI runs it at the 7" display's 800x480, one test per part of the tour: the
app's own states and each game's (every screen and prompt, mid-game and end-of-game included; the
fourth test game installed as its own package) find no problem. The PNGs stay in the test's
folder. 1280x720 is ``test_layout_audit_hd.py``: a file each, so that the long tours run side by
side on the workers."""

from __future__ import annotations

from pathlib import Path

import pytest
from layout_tour import APP, assert_tour_has_no_problem, states_of, tour_parts
from registered_games import PLUGGED_IN


@pytest.mark.parametrize("part", tour_parts())
def test_the_tour_has_no_layout_problem_at_800x480(part: str, tmp_path: Path) -> None:
    assert_tour_has_no_problem("800x480", tmp_path, part)


def test_the_parts_are_the_whole_tour_each_state_in_one() -> None:
    """Run part by part, the tour still visits every state (the built-in games' and the app's),
    each once."""
    from ui.audit.tour import all_states

    parts = [states_of(part) for part in tour_parts() if part != PLUGGED_IN]
    visited = [name for states in parts for name in states]
    assert sorted(visited) == sorted(all_states()) and len(visited) >= 50
    assert states_of(APP) and all(parts)
