"""Hardware: scanner frame written on a pty -> event on the queue, and the parser's throughput.

A real RDM6300 at 9600 baud needs about 15 ms to send its 14-byte frame; these figures are what the
software adds on top (the pty delivers the bytes at once).
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import threading
import time
from pathlib import Path

from benchmarks.timing import Row
from companion.device_config import ScannerConfig
from hardware.events import EventQueue
from hardware.scanner.parser import ScanParser
from hardware.scanner.protocols import rdm6300_frame
from hardware.scanner.transport import ScannerSupervisor

FRAMES = 2000
TAG = "0A1B2C3D4E"


def frame_to_event(frames: int) -> list[float]:
    """Seconds from writing each frame on the pty's master to its event being posted."""
    master, slave = os.openpty()
    posted = threading.Event()
    posted_at: list[float] = []

    def notify() -> None:
        posted_at.append(time.perf_counter())
        posted.set()

    events = EventQueue(notify=notify)
    with tempfile.TemporaryDirectory() as folder:
        link = Path(folder) / "ttyScanner"
        link.symlink_to(os.ttyname(slave))
        settings = ScannerConfig(port=str(link), protocol="rdm6300", repeat_gap=0)
        with ScannerSupervisor(settings, events, lambda tag: None):
            if not posted.wait(5):  # ScannerConnected
                raise RuntimeError("the scanner port did not open")
            samples, frame = [], rdm6300_frame(TAG)
            for _ in range(frames):
                posted.clear()
                del posted_at[:]
                start = time.perf_counter()
                os.write(master, frame)
                if not posted.wait(5):
                    raise RuntimeError("a frame produced no event")
                samples.append(posted_at[0] - start)
    os.close(master)
    os.close(slave)
    return samples


def parser_throughput(protocol: str, frame: bytes, frames: int) -> float:
    """Frames per second through the pure parser, fed one frame per call (as a reader delivers)."""
    parser = ScanParser(protocol, repeat_gap=1.0)
    start = time.perf_counter()
    for number in range(frames):
        parser.feed(frame, now=number * 0.001)
    return frames / (time.perf_counter() - start)


def figures(args: argparse.Namespace) -> list[Row]:
    samples = frame_to_event(FRAMES)
    p99 = statistics.quantiles(samples, n=100)[98]
    rdm = parser_throughput("rdm6300", rdm6300_frame(TAG), 100_000)
    lines = parser_throughput("lines", b"TARGI-TRIBE-CAMEL-RIDER-9\r\n", 100_000)
    return [
        (
            "scanner frame written -> event posted, median",
            f"{statistics.median(samples) * 1e6:.0f} µs",
            f"{FRAMES} RDM6300 frames through a pty",
        ),
        ("scanner frame written -> event posted, p99", f"{p99 * 1e6:.0f} µs", ""),
        ("parser throughput, rdm6300", f"{rdm:,.0f} frames/s", "one 14-byte frame per feed"),
        ("parser throughput, lines", f"{lines:,.0f} frames/s", "one 27-byte label per feed"),
    ]
