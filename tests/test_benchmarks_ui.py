"""The UI benchmark's code (not its figures: those are the benchmark's to print, never asserted
here): a shortened run prints every line, each a number, and the target arithmetic is right."""

from __future__ import annotations

from benchmarks.ui import latency_verdict, p99, run

ROWS = [
    "first frame, minimal app (s)",
    "first frame, app (s)",
    "peak memory, minimal app (MB)",
    "peak memory, app (MB)",
    "idle CPU, minimal app (% core)",
    "idle CPU, app (% core)",
    "button event -> frame, minimal app (ms)",
    "button event -> frame, app busy (ms)",
    "button event -> frame, app at rest (ms)",
    "touch event -> frame, app busy (ms)",
    "touch event -> frame, app at rest (ms)",
    "button event -> frame drawn, minimal app (ms)",
    "button event -> frame drawn, app busy (ms)",
    "button event -> frame drawn, app at rest (ms)",
]


def test_a_short_run_measures_both_apps_side_by_side() -> None:
    rows = run(starts=1, idle=0.5, settle=0.2, busy=3, rest=2)
    assert [name for name, _figure, _note in rows] == ROWS
    for _name, figure, _note in rows:
        assert float(figure) >= 0
    notes = dict((name, note) for name, _figure, note in rows)
    assert notes["button event -> frame, minimal app (ms)"].startswith("p99 ")
    assert "(5);" in notes["button event -> frame, minimal app (ms)"]  # 3 busy + 2 at rest
    assert "(3);" in notes["button event -> frame, app busy (ms)"]
    assert "(2);" in notes["button event -> frame, app at rest (ms)"]
    assert "(3);" in notes["touch event -> frame, app busy (ms)"]
    assert "(2);" in notes["touch event -> frame, app at rest (ms)"]
    assert "(5);" in notes["button event -> frame drawn, minimal app (ms)"]
    assert "(3);" in notes["button event -> frame drawn, app busy (ms)"]


def test_p99_stays_within_the_samples() -> None:
    samples = [float(n) for n in range(1, 101)]
    assert 99 <= p99(samples) <= 100
    assert p99([1.0, 2.0]) <= 2.0


def test_the_latency_target_is_a_frame_or_the_minimal_apps_figure() -> None:
    fast = [0.010] * 50 + [0.030] * 2
    assert latency_verdict(fast, [0.050] * 10).startswith("meets ≤ 16.7 ms")
    slow_machine = [0.060] * 50
    assert latency_verdict(slow_machine, [0.055] * 50).startswith("meets ≤ 1.2x minimal")
    assert latency_verdict([0.100] * 50, [0.055] * 50).startswith("MISSES ≤ 1.2x minimal (1.82x")
