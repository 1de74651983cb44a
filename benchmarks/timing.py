"""What every benchmark module shares: the row it reports and a median timer."""

from __future__ import annotations

import queue
import statistics
import subprocess
import threading
import time
from collections.abc import Callable, Iterator
from typing import IO

Row = tuple[str, str, str]
"""(what was measured, the figure, a note such as the target)."""


def median_seconds(run: Callable[[], object], repeats: int) -> float:
    """The median wall-clock seconds of ``repeats`` calls of ``run``."""
    samples = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


class ChildTimeout(RuntimeError):
    """A benchmark's child process said nothing in time, or gave up waiting itself."""


def child_lines(
    child: subprocess.Popen[str], what: str, timeout: float, *, first: float | None = None
) -> Iterator[str]:
    """The lines ``child`` prints, each within ``timeout`` seconds of the one before (the first
    within ``first``, if given: a start). :class:`ChildTimeout` naming ``what`` when one is late,
    when the child ends before ``done`` or when it reports ``latency timeout`` (its own wait for a
    frame ran out): never a hang. The caller kills the child."""
    assert child.stdout is not None
    lines: queue.Queue[str | None] = queue.Queue()

    def pump(stream: IO[str]) -> None:
        for line in stream:
            lines.put(line)
        lines.put(None)

    threading.Thread(target=pump, args=(child.stdout,), daemon=True).start()
    wait = timeout if first is None else first
    while True:
        try:
            line = lines.get(timeout=wait)
        except queue.Empty:
            raise ChildTimeout(f"{what}: no output within {wait:.0f} s") from None
        if line is None:
            raise ChildTimeout(f"{what}: the child ended (exit {child.wait()}) before done")
        if line.startswith("latency timeout"):
            raise ChildTimeout(f"{what}: {line.strip()} (an input drew no frame)")
        yield line
        wait = timeout


def main_thread_cpu() -> Callable[[], float]:
    """Reads the CPU seconds of the calling (main) thread, from any thread: the app's own work for
    an input (its handlers, layout, GL calls), apart from the renderer's and other threads'."""
    clock = time.pthread_getcpuclockid(threading.get_ident())
    return lambda: time.clock_gettime(clock)


def cpu_row_note(cpu: list[float]) -> str:
    """The median main-thread CPU of ``cpu`` samples, as a row's note's start."""
    return f"CPU {statistics.median(cpu) * 1e3:.1f} ms" if cpu else "CPU -"
