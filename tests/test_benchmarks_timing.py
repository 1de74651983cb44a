"""The benchmarks' waits on their child processes end: a child that hangs, gives up on a frame or
dies is reported, by name, within the timeout (never a benchmark run that hangs)."""

from __future__ import annotations

import subprocess
import sys
import time

import pytest

from benchmarks.timing import ChildTimeout, child_lines, main_thread_cpu


def child(code: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", code], stdout=subprocess.PIPE, text=True, stderr=subprocess.DEVNULL
    )


def read_all(
    process: subprocess.Popen[str], timeout: float, first: float | None = None
) -> list[str]:
    try:
        return list(child_lines(process, "probe", timeout, first=first))
    finally:
        process.kill()
        process.wait(10)


def test_a_silent_child_is_reported_within_the_timeout() -> None:
    hung = child("import time; print('frame 1', flush=True); time.sleep(60)")
    started = time.monotonic()
    with pytest.raises(ChildTimeout, match="probe: no output within 1 s"):
        read_all(hung, 1.0)
    assert time.monotonic() - started < 15


def test_a_child_that_never_starts_is_reported_within_its_start_timeout() -> None:
    with pytest.raises(ChildTimeout, match="no output within 2 s"):
        read_all(child("import time; time.sleep(60)"), 60.0, first=2.0)


def test_a_child_that_gives_up_on_a_frame_is_reported() -> None:
    gave_up = child(
        "import time; print('latency timeout: busy input 3', flush=True); time.sleep(60)"
    )
    with pytest.raises(ChildTimeout, match="latency timeout: busy input 3"):
        read_all(gave_up, 30.0)


def test_a_child_that_dies_before_done_is_reported() -> None:
    with pytest.raises(ChildTimeout, match=r"ended \(exit 3\) before done"):
        read_all(child("print('latency busy 0.01', flush=True); raise SystemExit(3)"), 30.0)


def test_the_lines_of_a_sound_child_come_through() -> None:
    lines = child_lines(child("print('a'); print('done')"), "probe", 30.0)
    assert [next(lines), next(lines)] == ["a\n", "done\n"]


def test_the_main_threads_cpu_is_read_from_another_thread() -> None:
    import threading

    read = main_thread_cpu()
    before = read()
    end = time.thread_time() + 0.05
    while time.thread_time() < end:  # the main thread works
        pass
    seen: list[float] = []
    worker = threading.Thread(target=lambda: seen.append(read()))
    worker.start()
    worker.join(10)
    assert seen and seen[0] - before >= 0.05
