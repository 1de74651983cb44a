"""The scan benchmark's code (not its figures): a shortened run through a real pty and the real app
prints every row, each a number with its parts."""

from __future__ import annotations

from benchmarks.scan import run


def test_a_short_run_times_scans_of_both_steps() -> None:
    rows = run(busy=2, rest=2)
    assert [name for name, _figure, _note in rows] == [
        "scan -> frame, targi card revealed, busy (ms)",
        "scan -> frame, targi card revealed, at rest (ms)",
        "scan -> frame, tuareg load's next card, busy (ms)",
        "scan -> frame, tuareg load's next card, at rest (ms)",
    ]
    for _name, figure, note in rows:
        assert float(figure) > 0
        assert "medians: delivery" in note and "screen" in note and "frame" in note
