"""Scan to screen: a label written on a real pseudo-terminal, as a USB barcode scanner sends it, to
the first frame the real app draws with its effect (median and p99).

The app runs in a child process with a ``[scanner]`` on the pty (``lines`` protocol), so the scan
takes the whole way a table's does: the reader thread, the parser and its repeat filter, the tag
resolved, the event queue and the clock's alarm, the router's check, the screen's step judged by
:mod:`companion.play.scan_play` (Tuareg) or the game's own (Targi), the render and the frame. Two
steps are measured: a Targi centre card revealed (a log entry, undone between rounds by the undo
button's event) and a Tuareg load's next card (the draft only, taken back between rounds). Two
cards alternate, so no scan is a repeat of the one before. ``busy``: scans 50-70 ms after the
last frame; ``rest``: each after the idle throttle has lowered the frame rate.

Run a child alone with ``python -m benchmarks.scan targi|tuareg BUSY REST``: it prints one
``latency <mode> <seconds>...`` line per mode, then ``done``.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import tty
from collections.abc import Callable
from pathlib import Path
from typing import Any

from benchmarks.kivy_env import table_environment
from benchmarks.timing import Row, child_lines, main_thread_cpu

START_TIMEOUT = 180.0
"""Seconds the child may take to its first line (its start, two seconds of frames and the first
mode's scans) before the benchmark stops with that said."""
LINE_TIMEOUT = 120.0
"""Seconds between the child's lines; each scan's own wait for its frame is the child's (10 s)."""
BUSY_ROUNDS = 60
REST_ROUNDS = 20
BUSY_GAP = (0.05, 0.07)
REST_AFTER = 1.0
"""The child's idle throttle drops the frame rate after this many seconds (the app's is 5 s)."""
REST_GAP = (REST_AFTER + 0.3, REST_AFTER + 0.5)
CARDS = {
    "targi": ("TARGI-GOODS-DATES-1", "TARGI-TRIBE-WELL-1"),
    "tuareg": ("TUAREG-GOOD-WATER", "TUAREG-GOOD-GOLD"),
}


def latency(game: str, env: dict[str, str], busy: int, rest: int) -> dict[str, list[float]]:
    """Seconds from each scan to its frame, by mode, from a child showing ``game``."""
    child = subprocess.Popen(
        [sys.executable, "-m", "benchmarks.scan", game, str(busy), str(rest)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    samples: dict[str, list[float]] = {}
    try:
        for line in child_lines(child, f"scan {game}", LINE_TIMEOUT, first=START_TIMEOUT):
            if line.startswith("done"):
                break
            word, mode, *figures = line.split()
            if word in ("latency", "cpu"):
                samples[mode if word == "latency" else f"{mode}-cpu"] = [float(x) for x in figures]
    finally:
        child.kill()
        child.wait(10)
    if not {"busy", "rest"} <= set(samples):
        raise RuntimeError(f"scan latency, {game}: incomplete ({sorted(samples)})")
    return samples


def p99(samples: list[float]) -> float:
    return statistics.quantiles(samples, n=100, method="inclusive")[98]


def row(name: str, samples: dict[str, list[float]], mode: str) -> Row:
    """Median (ms), with p99, max and the medians of the way's parts in the note."""
    ms = [s * 1000 for s in samples[mode]]
    parts = ", ".join(
        f"{part} {statistics.median(samples[f'{mode}-{part}']) * 1000:.1f}"
        for part in ("delivery", "screen", "frame")
        if samples.get(f"{mode}-{part}")
    )
    note = f"p99 {p99(ms):.1f}, max {max(ms):.1f} ({len(ms)}); medians: {parts}"
    return (name, f"{statistics.median(ms):.1f}", note)


def run(busy: int = BUSY_ROUNDS, rest: int = REST_ROUNDS) -> list[Row]:
    rows = []
    for game, step in (("targi", "card revealed"), ("tuareg", "load's next card")):
        with tempfile.TemporaryDirectory(prefix="bench-scan-") as name:
            samples = latency(game, table_environment(Path(name), "bench-scan.sqlite3"), busy, rest)
        rows.append(row(f"scan -> frame, {game} {step}, busy (ms)", samples, "busy"))
        rows.append(row(f"scan -> frame, {game} {step}, at rest (ms)", samples, "rest"))
    return rows


def figures(args: argparse.Namespace) -> list[Row]:
    return run()


# --- the child process ----------------------------------------------------------------------


def _child(game: str, busy: int, rest: int) -> None:
    from ui.launch import prepare_kivy

    prepare_kivy()
    master, slave = os.openpty()
    tty.setraw(slave)
    from companion.installation.config import load_config
    from companion.installation.device_config import ScannerConfig
    from companion.store import Store
    from ui.app import CompanionApp

    class Measured(CompanionApp):  # type: ignore[misc]
        def on_start(self) -> None:
            super().on_start()
            self.open_game()
            self.probe = _Probe(self, master, CARDS[game], {"busy": busy, "rest": rest})
            self.probe.begin()

        def handle(self, event: Any) -> None:
            from hardware.events import CardScanned

            if not isinstance(event, CardScanned):
                super().handle(event)
                return
            handed = time.monotonic()
            super().handle(event)
            self.probe.handled = (handed, time.monotonic())

        def open_game(self) -> None:
            from companion.rules.registry import rules_for

            rules = rules_for(game)
            players = [{"name": "Amal", "colour": "blue"}, {"name": "Bilal", "colour": "white"}]
            options: dict[str, Any] = {"players": players}
            if game == "tuareg":  # values confirmed: the values prompt is not asked
                one = {"dinars": 1, "points": 2}
                options["values"] = {"water": one, "salt": one, "millet": one}
            self.new_game(rules, rules.parse_options(options))
            if game == "tuareg":
                self.tuareg_load()

        def tuareg_load(self) -> None:
            from companion.games.tuareg import actions as a
            from companion.games.tuareg.model import Good
            from companion.games.tuareg.state import Animal, AnimalRef

            for action in (
                a.OpenMarket(goods=(Good.WATER, Good.MILLET)),
                a.Draw(player=0, to_market=(Good.SALT,)),
                a.EndTurn(player=0),
                a.Draw(player=1, to_market=(Good.MILLET,)),
                a.EndTurn(player=1),
            ):
                assert self.table.submit(action, seq=self.table.seq).ok
            screen = self.current_game_screen
            screen.begin("load")
            screen.turn.choose_animal(AnimalRef(Animal.CAMEL, 1))

    config = load_config()
    config = type(config)(
        database=config.database,
        buttons=config.buttons,
        scanner=ScannerConfig(port=os.ttyname(slave), protocol="lines"),
    )
    with Store.open(config.database) as store:
        Measured(store, config, idle_after=REST_AFTER).run()


class _Probe:
    """Writes labels on the pty's master from a thread of its own, each after a random gap, and
    times each to the first frame drawn with its effect; puts the step back between rounds."""

    def __init__(self, app: Any, master: int, cards: tuple[str, str], rounds: dict[str, int]):
        self.app = app
        self.master = master
        self.cards = cards
        self.rounds = rounds
        self.pending: tuple[float, Callable[[], bool], float] | None = None
        self.cpu: list[float] = []
        self.main_cpu: Callable[[], float] = time.thread_time
        self.drawn = threading.Event()
        self.samples: list[float] = []
        self.parts: list[tuple[float, float, float]] = []
        """Per scan: written -> handed to the UI thread, the screen's work, then -> the frame."""
        self.handled: tuple[float, float] | None = None

    def begin(self) -> None:
        from kivy.core.window import Window

        self.main_cpu = main_thread_cpu()  # begun on the main thread, read from the writer's
        Window.bind(on_flip=self._flipped)
        threading.Thread(target=self._run, daemon=True).start()

    def _flipped(self, *_args: object) -> None:
        pending = self.pending
        if pending is not None and pending[1]():
            now = time.monotonic()
            self.samples.append(now - pending[0])
            self.cpu.append(self.main_cpu() - pending[2])
            if self.handled is not None:
                handed, done = self.handled
                self.parts.append((handed - pending[0], done - handed, now - done))
            self.pending = None
            self.drawn.set()

    def _mark(self) -> Callable[[], bool]:
        """What the frame shows once the scan took effect."""
        screen = self.app.current_game_screen
        if self.app.table.rules.name == "tuareg":
            return lambda: bool(screen.load.added)
        seq = self.app.table.seq
        return lambda: self.app.table.seq != seq

    def _put_back(self) -> None:
        from kivy.clock import Clock

        screen = self.app.current_game_screen
        back = threading.Event()

        def undo(_dt: float) -> None:
            if self.app.table.rules.name == "tuareg":
                screen.turn.unload()
            else:
                screen.undo()
            back.set()

        Clock.schedule_once(undo, 0)
        if not back.wait(10):
            print("latency timeout: the step was not put back within 10 s", flush=True)

    def _run(self) -> None:
        time.sleep(2.0)  # the first frames, and the scanner's port opened
        turn = 0
        for mode, gap in (("busy", BUSY_GAP), ("rest", REST_GAP)):
            self.samples, self.parts, self.cpu = [], [], []
            for _ in range(self.rounds[mode]):
                time.sleep(random.uniform(*gap))
                self.drawn.clear()
                label = self.cards[turn % 2].encode() + b"\r\n"
                turn += 1
                self.handled = None
                self.pending = (time.monotonic(), self._mark(), self.main_cpu())
                os.write(self.master, label)
                if not self.drawn.wait(10):
                    print(f"latency timeout: {mode} scan {len(self.samples) + 1}", flush=True)
                    return
                self._put_back()
            print(f"latency {mode} " + " ".join(f"{s:.6f}" for s in self.samples), flush=True)
            print(f"cpu {mode} " + " ".join(f"{s:.6f}" for s in self.cpu), flush=True)
            for index, part in enumerate(("delivery", "screen", "frame")):
                figures = " ".join(f"{p[index]:.6f}" for p in self.parts)
                print(f"latency {mode}-{part} {figures}", flush=True)
        print("done", flush=True)


if __name__ == "__main__":
    _child(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]))
