"""The phones' benchmark's code, shortened (5 moves, 2 s idle): a move committed to the database
shows on the page open in headless Chromium within the issue's 250 ms at the median, and every
row is a number."""

from __future__ import annotations

import shutil

import pytest

from benchmarks.web import TARGET_MS, run


@pytest.mark.skipif(
    not (shutil.which("chromium") and shutil.which("chromedriver")),
    reason="needs Debian's chromium and chromium-driver (scripts/setup-env test installs them)",
)
def test_a_short_run_shows_each_move_on_the_phone_within_the_target() -> None:
    rows = run(moves=5, idle_seconds=2.0)
    assert [name for name, _figure, _note in rows] == [
        "commit -> phone page updated, p50 (ms)",
        "commit -> phone page updated, p90 (ms)",
        "serve start -> join link printed (s)",
        "web process resident, 6 phones (MB)",
        "web process idle CPU, 6 phones (% of a core)",
        "web process resident after every page in 4 languages (MB)",
    ]
    figures = {name: float(figure) for name, figure, _note in rows}
    assert 0 < figures["commit -> phone page updated, p50 (ms)"] <= TARGET_MS
    assert 0 < figures["web process resident, 6 phones (MB)"] < 200
