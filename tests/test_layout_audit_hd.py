"""The layout audit as CI runs it at 1280x720 (the larger screen): the whole tour finds no
problem. The PNGs stay in the test's folder."""

from __future__ import annotations

from pathlib import Path

from layout_tour import assert_tour_has_no_problem


def test_the_whole_tour_has_no_layout_problem_at_1280x720(tmp_path: Path) -> None:
    assert_tour_has_no_problem("1280x720", tmp_path)
