"""The layout audit as CI runs it at the 7" display's 800x480: the whole tour (every screen and
prompt of the three games, mid-game and end-of-game included) finds no problem. The PNGs stay in
the test's folder. 1280x720 is ``test_layout_audit_hd.py``: a file each, so that the two long
tours run side by side on two workers."""

from __future__ import annotations

from pathlib import Path

from layout_tour import assert_tour_has_no_problem


def test_the_whole_tour_has_no_layout_problem_at_800x480(tmp_path: Path) -> None:
    assert_tour_has_no_problem("800x480", tmp_path)
