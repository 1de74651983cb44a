"""The Statistics screen's cost, on a 100- and a 1000-game history: the time to open it (all games:
the table and the wins bars; one game: its score lines too), the memory it adds, the time to
redraw its line chart and to draw one frame of it.

Each history is measured in a child process (a fresh Kivy window, SDL's offscreen one without a
display, Mesa's software GL as the tests use) that opens History first, as the table does (which
also fills the history's result cache), then Statistics. The frame rate cap is lifted in the
child so that a frame's time is drawing, not waiting. Run a child alone with ``python -m
benchmarks.charts DATABASE``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.history import _templates, build
from benchmarks.kivy_env import kivy_environment
from benchmarks.timing import Row

SIZES = (100, 1_000)
FRAMES = 30
GAME = "targi"
"""The game whose score lines are drawn (a third of the history)."""


def _rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS in /proc")


def _environment(folder: Path) -> dict[str, str]:
    return kivy_environment(folder, KCFG_GRAPHICS_MAXFPS="0")


def _child(database: Path) -> None:
    """Open History, then Statistics (all games, then one), printing ``name value`` lines."""
    from ui.launch import prepare_kivy

    prepare_kivy()
    from kivy.base import EventLoop
    from kivy.core.window import Window

    from companion.after import history, stats
    from companion.store import Store
    from ui.app import CompanionApp

    def frame() -> None:
        Window.canvas.ask_update()
        EventLoop.idle()

    EventLoop.ensure_window()
    Window.size = (800, 480)
    with Store.open(database) as store:
        app = CompanionApp(store)
        Window.add_widget(app.build())
        for _ in range(3):
            frame()
        app.history()
        frame()
        before = _rss_mb()
        started = time.perf_counter()
        app.statistics(None)  # the screen's module, its .kv and the charts' are loaded now
        frame()
        print(f"open_all_first {time.perf_counter() - started:.6f}")
        started = time.perf_counter()
        app.statistics(GAME)
        frame()
        print(f"open_game {time.perf_counter() - started:.6f}")
        started = time.perf_counter()
        app.statistics(None)
        frame()
        print(f"open_all {time.perf_counter() - started:.6f}")
        started = time.perf_counter()
        stats.compute([p for p in history.plays(store) if p.finished])
        print(f"core_all {time.perf_counter() - started:.6f}")
        app.statistics(GAME)
        frame()
        print(f"rss_delta {_rss_mb() - before:.3f}")
        chart = app.statistics_screen.ids.lines
        points = sum(len(s.values) for s in chart.series)
        started = time.perf_counter()
        for _ in range(FRAMES):
            chart.redraw()
        print(f"redraw {(time.perf_counter() - started) / FRAMES:.6f} {points}")
        samples = []
        for _ in range(FRAMES):
            Window.canvas.ask_update()
            started = time.perf_counter()
            Window.dispatch("on_draw")
            Window.dispatch("on_flip")
            samples.append(time.perf_counter() - started)
        print("frame " + " ".join(f"{s:.6f}" for s in samples), flush=True)


def _measure(database: Path, folder: Path) -> dict[str, list[float]]:
    done = subprocess.run(
        [sys.executable, "-m", "benchmarks.charts", str(database)],
        env=_environment(folder),
        capture_output=True,
        text=True,
        timeout=900,
        check=True,
    )
    found: dict[str, list[float]] = {}
    for line in done.stdout.splitlines():
        name, *values = line.split()
        found[name] = [float(v) for v in values]
    return found


def figures(args: argparse.Namespace) -> list[Row]:
    rows: list[Row] = []
    with tempfile.TemporaryDirectory(prefix="bench-charts-") as name:
        folder = Path(name)
        templates, _ids = _templates(folder)
        for count in SIZES:
            path = folder / f"history-{count}.sqlite3"
            build(path, templates, random.Random(args.seed), count)
            got = _measure(path, folder)
            frames = sorted(got["frame"])
            redraw, points = got["redraw"]
            rows += [
                (
                    f"statistics of {count} games: first open",
                    f"{got['open_all_first'][0] * 1e3:.0f} ms",
                    "all games; loads the screen and the charts",
                ),
                (
                    f"statistics of {count} games: open",
                    f"{got['open_all'][0] * 1e3:.0f} ms",
                    f"of which {got['core_all'][0] * 1e3:.0f} ms listing and computing (core)",
                ),
                (
                    f"statistics of {count} games: open {GAME}",
                    f"{got['open_game'][0] * 1e3:.0f} ms",
                    "with its score lines",
                ),
                (
                    f"statistics of {count} games: memory",
                    f"{got['rss_delta'][0]:+.1f} MB",
                    "resident, after History",
                ),
                (
                    f"statistics of {count} games: line chart redraw",
                    f"{redraw * 1e3:.1f} ms",
                    f"{points:.0f} points",
                ),
                (
                    f"statistics of {count} games: frame",
                    f"{statistics.median(frames) * 1e3:.1f} ms",
                    f"median of {FRAMES}; max {frames[-1] * 1e3:.1f} ms",
                ),
            ]
    return rows


if __name__ == "__main__":
    _child(Path(sys.argv[1]))
