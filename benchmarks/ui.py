"""The app against a minimal Kivy app (a Label and a Button), each in its own process, same run:
cold start to the first drawn frame, peak memory, idle CPU over 10 s; and input-to-screen, a button
event posted from another thread (as the GPIO buttons and the scanner post theirs) to the frame that
shows its effect, median and p99, with the app busy (inputs 50-70 ms apart, full frame rate) and at
rest (each input after the idle throttle has dropped the frame rate), beside the same hand-over in
the minimal app (a thread's event turns its Button's text, stock Kivy at 60 frames a second); a
touch on Undo / Redo, reported on a stand-in touchscreen device (:class:`_TouchScreen`); and the
button events of both apps again, each timed to its frame drawn to the last pixel (:data:`DRAWN`).

Without a display the windows are SDL's offscreen ones (Mesa's software GL, as the tests use). The
app starts as the kiosk starts it (``table-companion``: :func:`_kiosk`), the minimal app with
Kivy's own environment. Run a child alone with ``python -m benchmarks.ui minimal|app`` or
``python -m benchmarks.ui minimal-latency|app-latency|app-touch-latency BUSY REST [drawn]``
(inputs of each mode; ``drawn``: see :data:`DRAWN`): it prints ``frame <time>`` at its first
frame, then (latency) one ``latency <mode> <seconds>...`` line per mode and ``done``.
"""

from __future__ import annotations

import argparse
import importlib.abc
import importlib.util
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

from benchmarks.kivy_env import table_environment
from benchmarks.timing import ChildTimeout, Row, child_lines, main_thread_cpu

IDLE_SECONDS = 10.0
SETTLE_SECONDS = 6.0
"""Wait this long after the first frame before measuring idle CPU (the app lowers its frame
rate after 5 s without input)."""
STARTS = 5
START_TIMEOUT = 120.0
"""Seconds a child may take to its first frame (a loaded 2-core machine, software GL) before the
benchmark stops with that said; each input's wait for its frame is the child's own (10 s)."""
STOP_TIMEOUT = 30.0
"""Seconds a child stopped with ``SIGTERM`` may take to end (it closes its database)."""
LINE_TIMEOUT = 60.0
"""Seconds between a latency child's lines (one per mode) beyond which it is taken for hung."""
TICKS = os.sysconf("SC_CLK_TCK")
FRAME_MS = 1000 / 60
BUSY_ROUNDS = 60
BUSY_GAP = (0.05, 0.07)
"""Seconds between busy inputs (a random phase against the frames)."""
REST_ROUNDS = 20
REST_AFTER = 1.0
"""The latency child's idle throttle drops the frame rate after this many seconds (the app's is
5 s: the same throttle, a shorter wait, so that 20 inputs at rest take 30 s, not 2 minutes)."""
REST_GAP = (REST_AFTER + 0.3, REST_AFTER + 0.5)
DRAWN = "drawn"
"""A latency child's last argument: time each input to its frame drawn to the last pixel (the
renderer waited for, ``glFinish``), not only flipped. A software renderer draws a frame after it is
flipped; this is the whole wait until a player could see the effect, both apps alike."""


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def _peak_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmHWM in /proc")


@dataclass(frozen=True)
class Started:
    """A child up to its first frame: the seconds from its exec to that frame, and the CPU seconds
    it had used by then, its main thread's (its imports, its screen built, its GL calls) and all
    its threads' (the software renderer's too)."""

    child: subprocess.Popen[str]
    wall: float
    main_cpu: float
    process_cpu: float
    lines: Iterator[str]
    """Its further lines (each within :data:`LINE_TIMEOUT`)."""


def _start(kind: str, env: dict[str, str], *extra: str) -> Started:
    """Start a child; :class:`Started` at its first frame (a child that is late is stopped, with
    that said)."""
    started = time.monotonic()
    child = subprocess.Popen(
        [sys.executable, "-m", "benchmarks.ui", kind, *extra],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    lines = child_lines(child, f"ui {kind}", LINE_TIMEOUT, first=START_TIMEOUT)
    try:
        line = next(lines)
        if not line.startswith("frame "):
            raise RuntimeError(f"ui {kind}: no first frame (got {line!r})")
    except BaseException:
        _stop(child)
        raise
    frame, main_cpu, process_cpu = (float(figure) for figure in line.split()[1:4])
    return Started(child, frame - started, main_cpu, process_cpu, lines)


def _stop(child: subprocess.Popen[str]) -> None:
    """End ``child`` at once (``SIGKILL``): an app child leaves its database as a crash would."""
    child.kill()
    child.wait()


def _stop_cleanly(child: subprocess.Popen[str], timeout: float = STOP_TIMEOUT) -> None:
    """Stop ``child`` as systemd stops the kiosk (``SIGTERM``: SDL turns it into a quit, the app
    closes and seals its database, so that its next start is an ordinary one); killed if it has
    not ended within ``timeout`` seconds, with that said."""
    child.terminate()
    try:
        child.wait(timeout)
    except subprocess.TimeoutExpired:
        _stop(child)
        raise ChildTimeout(f"a child did not stop within {timeout:.0f} s of SIGTERM") from None


def measure(
    kind: str, env: dict[str, str], idle: float = 0.0, settle: float = SETTLE_SECONDS
) -> dict[str, float]:
    """First frame and peak memory of a child; its CPU over ``idle`` seconds (if not 0) from
    ``settle`` seconds after its first frame."""
    started = _start(kind, env)
    child = started.child
    try:
        figures = {"start": started.wall}
        if idle:
            time.sleep(settle)
            before = _cpu_seconds(child.pid)
            time.sleep(idle)
            figures["idle_cpu"] = (_cpu_seconds(child.pid) - before) / idle * 100
        figures["peak_mb"] = _peak_mb(child.pid)
        return figures
    finally:
        _stop(child)


def latency(
    kind: str,
    env: dict[str, str],
    busy: int = BUSY_ROUNDS,
    rest: int = REST_ROUNDS,
    drawn: bool = False,
) -> dict[str, list[float]]:
    """Seconds from each input to its frame, by mode (``busy``, ``rest``), from a latency child,
    and the main thread's CPU seconds for each (``busy-cpu``, ``rest-cpu``); ``drawn``: to its
    frame flipped and drawn to the last pixel (:data:`DRAWN`)."""
    extra = (DRAWN,) if drawn else ()
    started = _start(f"{kind}-latency", env, str(busy), str(rest), *extra)
    child = started.child
    samples: dict[str, list[float]] = {}
    try:
        for line in started.lines:
            if line.startswith("done"):
                break
            word, mode, *figures = line.split()
            samples[mode if word == "latency" else f"{mode}-cpu"] = [float(x) for x in figures]
    finally:
        _stop(child)
    if not {"busy", "rest"} <= set(samples):
        raise RuntimeError(f"{kind}-latency: incomplete ({sorted(samples)})")
    return samples


def p99(samples: list[float]) -> float:
    """The 99th percentile (interpolated between the samples, never beyond the largest)."""
    return statistics.quantiles(samples, n=100, method="inclusive")[98]


def latency_row(name: str, samples: list[float], note: str) -> Row:
    ms = [s * 1000 for s in samples]
    median = statistics.median(ms)
    return (name, f"{median:.1f}", f"p99 {p99(ms):.1f}, max {max(ms):.1f} ({len(ms)}); {note}")


def latency_verdict(app: list[float], minimal: list[float]) -> str:
    """Whether ``app`` meets the issue's target: <= 1 frame median and <= 2 frames p99, or, where
    the renderer cannot draw that fast, within 1.2x of the minimal app's median and p99."""
    median, high = statistics.median(app) * 1000, p99(app) * 1000
    floor_median, floor_high = statistics.median(minimal) * 1000, p99(minimal) * 1000
    if median <= FRAME_MS and high <= 2 * FRAME_MS:
        return "meets ≤ 16.7 ms median, ≤ 33.3 ms p99"
    ratio = max(median / floor_median, high / floor_high)
    verdict = "meets" if ratio <= 1.2 else "MISSES"
    parts = f"median {median / floor_median:.2f}x, p99 {high / floor_high:.2f}x"
    return f"{verdict} ≤ 1.2x minimal ({ratio:.2f}x: {parts})"


def app_rows(name: str, samples: dict[str, list[float]], floor: list[float]) -> list[Row]:
    """The rows ``NAME busy (ms)`` and ``NAME at rest (ms)``, each against the minimal app's
    ``floor``."""
    return [
        latency_row(f"{name} {label} (ms)", samples[mode], latency_verdict(samples[mode], floor))
        for mode, label in (("busy", "busy"), ("rest", "at rest"))
    ]


def figures(args: argparse.Namespace) -> list[Row]:
    return run()


def run(
    starts: int = STARTS,
    idle: float = IDLE_SECONDS,
    settle: float = SETTLE_SECONDS,
    busy: int = BUSY_ROUNDS,
    rest: int = REST_ROUNDS,
) -> list[Row]:
    """Every figure, side by side (the arguments shorten a run, as the benchmark's test does)."""
    with tempfile.TemporaryDirectory(prefix="bench-ui-") as name:
        env = table_environment(Path(name), "bench-ui.sqlite3")
        firsts: dict[str, list[float]] = {"minimal": [], "app": []}
        for _ in range(starts):  # alternate, so both see the same machine
            for kind in firsts:
                firsts[kind].append(measure(kind, env)["start"])
        minimal = measure("minimal", env, idle, settle)
        app = measure("app", env, idle, settle)
        minimal_latency = latency("minimal", env, busy, rest)
        app_latency = latency("app", env, busy, rest)
        touch_latency = latency("app-touch", env, busy, rest)
        minimal_drawn = latency("minimal", env, busy, rest, drawn=True)
        app_drawn = latency("app", env, busy, rest, drawn=True)
    start_min, start_app = (statistics.median(firsts[k]) for k in ("minimal", "app"))
    floor = minimal_latency["busy"] + minimal_latency["rest"]
    floor_drawn = minimal_drawn["busy"] + minimal_drawn["rest"]
    return [
        ("first frame, minimal app (s)", f"{start_min:.3f}", f"median of {starts} cold starts"),
        (
            "first frame, app (s)",
            f"{start_app:.3f}",
            f"{start_app / start_min:.2f}x (target ≤ 1.5x)",
        ),
        ("peak memory, minimal app (MB)", f"{minimal['peak_mb']:.0f}", ""),
        (
            "peak memory, app (MB)",
            f"{app['peak_mb']:.0f}",
            f"+{app['peak_mb'] - minimal['peak_mb']:.0f} MB (target ≤ +60 MB)",
        ),
        (
            "idle CPU, minimal app (% core)",
            f"{minimal['idle_cpu']:.2f}",
            f"over {idle:.0f} s",
        ),
        ("idle CPU, app (% core)", f"{app['idle_cpu']:.2f}", "target ≤ 1 %"),
        latency_row("button event -> frame, minimal app (ms)", floor, "stock Kivy, 60 fps"),
        *app_rows("button event -> frame, app", app_latency, floor),
        *app_rows("touch event -> frame, app", touch_latency, floor),
        latency_row("button event -> frame drawn, minimal app (ms)", floor_drawn, "to the pixel"),
        *app_rows("button event -> frame drawn, app", app_drawn, floor_drawn),
    ]


# --- the child processes --------------------------------------------------------------------


def _report_first_frame() -> None:
    """Print ``frame <time> <main thread CPU> <process CPU>`` at the first frame flipped."""
    from kivy.core.window import Window

    def flipped(*_args: object) -> None:
        Window.unbind(on_flip=flipped)
        now, cpu = time.monotonic(), time.thread_time()
        print(f"frame {now} {cpu} {time.process_time()}", flush=True)

    Window.bind(on_flip=flipped)


def _minimal(measure_latency: bool) -> None:
    from kivy.app import App
    from kivy.clock import Clock
    from kivy.uix.boxlayout import BoxLayout
    from kivy.uix.button import Button
    from kivy.uix.label import Label

    class Minimal(App):
        def build(self) -> BoxLayout:
            root = BoxLayout()
            root.add_widget(Label(text="Table Companion"))
            self.button = Button(text="OK")
            root.add_widget(self.button)
            _report_first_frame()
            return root

        def on_start(self) -> None:
            if not measure_latency:
                return
            count = [0]

            def turn(_dt: float) -> None:
                self.button.text = str(count[0])

            trigger = Clock.create_trigger(turn, 0)

            def fire() -> tuple[object, Callable[[], None]]:
                count[0] += 1
                return str(count[0]), threading.Thread(target=trigger).start

            _LatencyProbe(fire, lambda expected: self.button.text == expected).begin()

    Minimal().run()


def _kiosk() -> None:
    """The app as the kiosk starts it: ``table-companion`` with no arguments (the command line,
    the config, then the app), reporting its first frame. Nothing is imported ahead of the kiosk's
    own order (the app's module is patched as it loads): what the start does, and when, is the
    kiosk's."""
    from companion.cli import main

    def patch(module: ModuleType) -> None:
        build = module.CompanionApp.build

        def reported(app: Any) -> Any:
            root = build(app)
            _report_first_frame()
            return root

        module.CompanionApp.build = reported

    _when_imported("ui.app", patch)
    sys.exit(main([]))


def _when_imported(name: str, then: Callable[[ModuleType], None]) -> None:
    """Call ``then(module)`` as soon as the module ``name`` has been imported, by whoever imports
    it first, without importing it here."""

    class Finder(importlib.abc.MetaPathFinder):
        def find_spec(self, fullname: str, path: Any, target: Any = None) -> Any:
            if fullname != name:
                return None
            sys.meta_path.remove(self)
            spec = importlib.util.find_spec(fullname)
            assert spec is not None and spec.loader is not None, fullname
            run = spec.loader.exec_module

            def exec_module(module: ModuleType) -> None:
                run(module)
                then(module)

            spec.loader.exec_module = exec_module  # type: ignore[method-assign]
            return spec

    sys.meta_path.insert(0, Finder())


def _app_latency(touch: bool) -> None:
    """The app on a Targi table, timing undo and redo by button (or by ``touch``)."""
    from ui.launch import prepare_kivy

    prepare_kivy()
    from ui import inputs

    device = Path(tempfile.mkdtemp(prefix="bench-touch-")) / "event0"
    if touch:
        os.mkfifo(device)
        inputs.touch_watch.pattern = str(device)  # watched as /dev/input/event* is on the kiosk
    from companion.installation.config import load_config
    from companion.store import Store
    from ui.app import CompanionApp

    class Measured(CompanionApp):
        def build(self):  # type: ignore[no-untyped-def]
            root = super().build()
            _report_first_frame()
            return root

        def on_start(self) -> None:
            super().on_start()
            self._open_game()
            fire = self._fire
            if touch:
                from kivy.base import EventLoop

                self._screen = _TouchScreen(device)
                EventLoop.add_input_provider(self._screen)
                fire = self._touch
            _LatencyProbe(fire, lambda seq: self.table.seq != seq).begin()

        def _open_game(self) -> None:
            from companion.games.targi import actions as a
            from companion.rules.registry import rules_for

            rules = rules_for("targi")
            players = [{"name": "Amal", "colour": "blue"}, {"name": "Bilal", "colour": "white"}]
            self.new_game(rules, rules.parse_options({"players": players}))
            centre = (
                "GOODS-DATES-1", "TRIBE-WELL-1", "GOODS-2SALT",
                "TRIBE-OASIS-9", "GOODS-CHOICE-1", "TRIBE-TENT-3",
                "GOODS-GOLD-1", "TRIBE-TARGIA-6", "GOODS-SALT-PEPPER",
            )  # fmt: skip
            cells = [(row, col) for row in (1, 2, 3) for col in (1, 2, 3)]
            for cell, card in zip(cells, centre, strict=True):
                verdict = self.table.submit(
                    a.RevealCard(cell=cell, card=f"TARGI-{card}"), seq=self.table.seq
                )
                assert verdict.ok, verdict
            first = self.table.state.to_move
            verdict = self.table.submit(a.Place(player=first, card=2), seq=self.table.seq)
            assert verdict.ok, verdict  # a move to undo and redo
            self._undo = True

        def _fire(self) -> tuple[object, Callable[[], None]]:
            from hardware.events import ButtonPressed

            button = ButtonPressed(button="undo" if self._undo else "redo")
            self._undo = not self._undo
            post = threading.Thread(target=self.pump.queue.post, args=(button,)).start
            return self.table.seq, post

        def _touch(self) -> tuple[object, Callable[[], None]]:
            from ui.audit.driver import is_button, plain

            name = "Undo" if self._undo else "Redo"
            self._undo = not self._undo
            screen = self.manager.current_screen
            button = next(w for w in screen.walk() if is_button(w) and plain(w.text) == name)
            x, y = button.to_window(*button.center)
            return self.table.seq, lambda: self._screen.touch(x, y)

    config = load_config()
    with Store.open(config.database) as store:
        Measured(store, config, idle_after=REST_AFTER).run()


BTN_TOUCH = 0x14A


def _finger_lands() -> bytes:
    """A touchscreen's report of a finger landing (``BTN_TOUCH`` 1, then ``SYN_REPORT``)."""
    from ui.inputs import EV_KEY, INPUT_EVENT

    return INPUT_EVENT.pack(0, 0, EV_KEY, BTN_TOUCH, 1) + INPUT_EVENT.pack(0, 0, 0, 0, 0)


class _TouchScreen:
    """Stands in for the kiosk's touchscreen: a touch is reported on a FIFO that
    :data:`ui.inputs.touch_watch` watches (as it watches ``/dev/input/event*``) and dispatched at
    the next frame, when Kivy polls its input providers (as SDL reads the touchscreen)."""

    def __init__(self, device: Path) -> None:
        from collections import deque

        self.pending: deque[tuple[str, object]] = deque()
        self.device = os.open(device, os.O_WRONLY | os.O_NONBLOCK)

    def touch(self, x: float, y: float) -> None:
        from ui.audit.touch import Finger

        finger = Finger(x, y)
        self.pending.extend([("begin", finger), ("end", finger)])
        os.write(self.device, _finger_lands())

    def start(self) -> None:
        pass

    def stop(self) -> None:
        pass

    def update(self, dispatch_fn: Callable[[str, object], None]) -> None:
        while self.pending:
            dispatch_fn(*self.pending.popleft())


class _LatencyProbe:
    """Fires inputs from a thread of its own, each after a random gap (busy ones, then ones at
    rest), and times each to the first frame drawn after its effect. ``fire`` returns a marker and
    the call that posts the input; the frame shows the effect when ``shown(marker)`` is true."""

    def __init__(
        self,
        fire: Callable[[], tuple[object, Callable[[], None]]],
        shown: Callable[[object], bool],
    ) -> None:
        self.rounds = {"busy": int(sys.argv[2]), "rest": int(sys.argv[3])}
        self.to_the_pixel = sys.argv[4:] == [DRAWN]
        self.fire = fire
        self.shown = shown
        self.pending: tuple[float, object, float] | None = None
        self.drawn = threading.Event()
        self.samples: list[float] = []
        self.cpu: list[float] = []
        self.main_cpu: Callable[[], float] = time.thread_time

    def begin(self) -> None:
        from kivy.core.window import Window

        self.main_cpu = main_thread_cpu()  # begun on the main thread, read from the probe's
        Window.bind(on_flip=self._flipped)
        threading.Thread(target=self._run, daemon=True).start()

    def _flipped(self, *_args: object) -> None:
        pending = self.pending
        if pending is not None and self.shown(pending[1]):
            if self.to_the_pixel:
                from kivy.graphics.opengl import glFinish

                glFinish()
            self.samples.append(time.monotonic() - pending[0])
            self.cpu.append(self.main_cpu() - pending[2])
            self.pending = None
            self.drawn.set()

    def _run(self) -> None:
        time.sleep(1.0)  # the game's first frames
        for mode, gap in (("busy", BUSY_GAP), ("rest", REST_GAP)):
            self.samples, self.cpu = [], []
            for _ in range(self.rounds[mode]):
                time.sleep(random.uniform(*gap))
                self.drawn.clear()
                marker, post = self.fire()
                self.pending = (time.monotonic(), marker, self.main_cpu())
                post()
                if not self.drawn.wait(10):
                    print(f"latency timeout: {mode} input {len(self.samples) + 1}", flush=True)
                    return
            print(f"latency {mode} " + " ".join(f"{s:.6f}" for s in self.samples), flush=True)
            print(f"cpu {mode} " + " ".join(f"{s:.6f}" for s in self.cpu), flush=True)
        print("done", flush=True)


if __name__ == "__main__":
    mode = sys.argv[1]
    if mode.startswith("minimal"):
        _minimal(measure_latency=mode.endswith("-latency"))
    elif mode == "app":
        _kiosk()
    else:
        _app_latency(touch="-touch" in mode)
