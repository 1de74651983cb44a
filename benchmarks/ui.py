"""The app against a minimal Kivy app (a Label and a Button), each in its own process, same run:
cold start to the first drawn frame, peak memory, idle CPU over 10 s; and input-to-screen, a
button event posted from another thread to the frame that shows its effect (median).

Without a display the windows are SDL's offscreen ones (Mesa's software GL, as the tests use).
Run a child alone with ``python -m benchmarks.ui minimal|app|latency``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.timing import Row

IDLE_SECONDS = 10.0
SETTLE_SECONDS = 6.0
"""Wait this long after the first frame before measuring idle CPU (the app lowers its frame
rate after 5 s without input)."""
STARTS = 3
TICKS = os.sysconf("SC_CLK_TCK")


def _environment(folder: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        KIVY_HOME=str(folder / "kivy"),
        KIVY_NO_ARGS="1",
        KIVY_NO_FILELOG="1",
        KIVY_NO_CONSOLELOG="1",
        KIVY_CLIPBOARD="dummy",
        KCFG_GRAPHICS_WIDTH="800",
        KCFG_GRAPHICS_HEIGHT="480",
        TABLE_COMPANION_DB=str(folder / "bench-ui.sqlite3"),
    )
    if not env.get("DISPLAY") and not env.get("WAYLAND_DISPLAY"):
        env["SDL_VIDEODRIVER"] = "offscreen"
    return env


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def _peak_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmHWM in /proc")


def _start(kind: str, env: dict[str, str]) -> tuple[subprocess.Popen[str], float]:
    """Start a child; return it and the seconds from exec to its first drawn frame."""
    started = time.monotonic()
    child = subprocess.Popen(
        [sys.executable, "-m", "benchmarks.ui", kind],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    assert child.stdout is not None
    line = child.stdout.readline()
    if not line.startswith("frame "):
        child.kill()
        raise RuntimeError(f"{kind}: no first frame (got {line!r})")
    return child, float(line.split()[1]) - started


def _stop(child: subprocess.Popen[str]) -> None:
    child.kill()
    child.wait()


def measure(kind: str, env: dict[str, str], idle: bool) -> dict[str, float]:
    child, first_frame = _start(kind, env)
    try:
        figures = {"start": first_frame}
        if idle:
            time.sleep(SETTLE_SECONDS)
            before = _cpu_seconds(child.pid)
            time.sleep(IDLE_SECONDS)
            figures["idle_cpu"] = (_cpu_seconds(child.pid) - before) / IDLE_SECONDS * 100
        figures["peak_mb"] = _peak_mb(child.pid)
        return figures
    finally:
        _stop(child)


def latency(env: dict[str, str]) -> list[float]:
    child, _first = _start("latency", env)
    try:
        assert child.stdout is not None
        samples = [float(x) for x in child.stdout.readline().split()[1:]]
    finally:
        _stop(child)
    return samples


def figures(args: argparse.Namespace) -> list[Row]:
    with tempfile.TemporaryDirectory(prefix="bench-ui-") as name:
        env = _environment(Path(name))
        starts: dict[str, list[float]] = {"minimal": [], "app": []}
        for _ in range(STARTS):  # alternate, so both see the same machine
            for kind in starts:
                starts[kind].append(measure(kind, env, idle=False)["start"])
        minimal = measure("minimal", env, idle=True)
        app = measure("app", env, idle=True)
        samples = latency(env)
    start_min, start_app = (statistics.median(starts[k]) for k in ("minimal", "app"))
    return [
        ("first frame, minimal app (s)", f"{start_min:.3f}", f"median of {STARTS} cold starts"),
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
            f"over {IDLE_SECONDS:.0f} s",
        ),
        ("idle CPU, app (% core)", f"{app['idle_cpu']:.2f}", "target ≤ 1 %"),
        (
            "button event -> frame (ms)",
            f"{statistics.median(samples) * 1000:.1f}",
            f"median of {len(samples)}, max {max(samples) * 1000:.1f}",
        ),
    ]


# --- the child processes --------------------------------------------------------------------


def _report_first_frame() -> None:
    from kivy.core.window import Window

    def flipped(*_args: object) -> None:
        Window.unbind(on_flip=flipped)
        print(f"frame {time.monotonic()}", flush=True)

    Window.bind(on_flip=flipped)


def _minimal() -> None:
    from kivy.app import App
    from kivy.uix.boxlayout import BoxLayout
    from kivy.uix.button import Button
    from kivy.uix.label import Label

    class Minimal(App):
        def build(self) -> BoxLayout:
            root = BoxLayout()
            root.add_widget(Label(text="Table Companion"))
            root.add_widget(Button(text="OK"))
            _report_first_frame()
            return root

    Minimal().run()


def _app(measure_latency: bool) -> None:
    from companion.config import load_config
    from companion.store import Store
    from ui.app import CompanionApp

    class Measured(CompanionApp):
        def build(self):  # type: ignore[no-untyped-def]
            root = super().build()
            _report_first_frame()
            return root

        def on_start(self) -> None:
            super().on_start()
            if measure_latency:
                _LatencyProbe(self).begin()

    config = load_config()
    with Store.open(config.database) as store:
        Measured(store, config).run()


class _LatencyProbe:
    """Opens a Targi game, then posts undo / redo from a thread and times each to its frame."""

    ROUNDS = 30

    def __init__(self, app) -> None:  # type: ignore[no-untyped-def]
        self.app = app
        self.samples: list[float] = []

    def begin(self) -> None:
        from kivy.clock import Clock
        from kivy.core.window import Window

        from companion.games.targi import actions as a
        from companion.registry import rules_for

        rules = rules_for("targi")
        options = rules.parse_options(
            {"players": [{"name": "Amal", "colour": "blue"}, {"name": "Bilal", "colour": "white"}]}
        )
        self.app.new_game(rules, options)
        table = self.app.table
        centre = (
            "GOODS-DATES-1", "TRIBE-WELL-1", "GOODS-2SALT",
            "TRIBE-OASIS-9", "GOODS-CHOICE-1", "TRIBE-TENT-3",
            "GOODS-GOLD-1", "TRIBE-TARGIA-6", "GOODS-SALT-PEPPER",
        )  # fmt: skip
        cells = [(row, col) for row in (1, 2, 3) for col in (1, 2, 3)]
        for cell, card in zip(cells, centre, strict=True):
            table.submit(a.RevealCard(cell=cell, card=f"TARGI-{card}"))
        self.pending: tuple[float, int] | None = None

        def flipped(*_args: object) -> None:
            if self.pending is not None and table.seq != self.pending[1]:
                self.samples.append(time.monotonic() - self.pending[0])
                self.pending = None
                if len(self.samples) == self.ROUNDS:
                    print("latency " + " ".join(f"{s:.6f}" for s in self.samples), flush=True)
                    return
                Clock.schedule_once(lambda _dt: self.post(), 0.3)

        Window.bind(on_flip=flipped)
        self.post()

    def post(self) -> None:
        import threading

        from hardware.events import ButtonPressed

        button = "undo" if len(self.samples) % 2 == 0 else "redo"
        self.pending = (time.monotonic(), self.app.table.seq)
        threading.Thread(
            target=self.app.pump.queue.post, args=(ButtonPressed(button=button),)
        ).start()


if __name__ == "__main__":
    mode = sys.argv[1]
    if mode == "minimal":
        _minimal()
    else:
        _app(measure_latency=mode == "latency")
