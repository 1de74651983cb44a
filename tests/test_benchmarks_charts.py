"""The Statistics screen's benchmark code (not its figures, which are the benchmark's to print):
its child opens the screen on a real history and reports every figure, each a number."""

from __future__ import annotations

from pathlib import Path

from benchmarks.charts import FRAMES, _measure
from benchmarks.history import _templates


def test_the_child_measures_the_statistics_screen_on_a_real_history(tmp_path: Path) -> None:
    templates, _ids = _templates(tmp_path)
    got = _measure(templates, tmp_path)
    assert set(got) == {
        "open_all_first",
        "open_game",
        "open_all",
        "core_all",
        "rss_delta",
        "redraw",
        "frame",
    }
    assert all(got[name][0] > 0 for name in ("open_all_first", "open_game", "open_all"))
    redraw, points = got["redraw"]
    assert redraw > 0 and points >= 2  # the Targi game's score line, one point a player
    assert len(got["frame"]) == FRAMES and min(got["frame"]) > 0
