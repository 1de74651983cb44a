"""The layout audit as CI runs it at 1280x720 (the larger screen), one test per part of the tour
(the app's own states, each game's): no problem. The PNGs stay in the test's folder."""

from __future__ import annotations

from pathlib import Path

import pytest
from layout_tour import assert_tour_has_no_problem, tour_parts


@pytest.mark.parametrize("part", tour_parts())
def test_the_tour_has_no_layout_problem_at_1280x720(part: str, tmp_path: Path) -> None:
    assert_tour_has_no_problem("1280x720", tmp_path, part)
