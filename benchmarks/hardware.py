"""Hardware: scanner frame written on a pty -> event on the queue, the parser's throughput, the
scanner coming back after unplug/replug cycles, and the parsers against random byte streams.

A real RDM6300 at 9600 baud needs about 15 ms to send its 14-byte frame; these figures are what the
software adds on top (the pty delivers the bytes at once).
"""

from __future__ import annotations

import argparse
import logging
import os
import random
import re
import statistics
import tempfile
import threading
import time
import tty
from pathlib import Path

from benchmarks.timing import Row
from companion.installation.device_config import ScannerConfig
from hardware.events import CardScanned, EventQueue, InputEvent, ScannerConnected, ScannerLost
from hardware.scanner.parser import ScanParser
from hardware.scanner.protocols import rdm6300_frame
from hardware.scanner.transport import ScannerSupervisor

FRAMES = 2000
TAG = "0A1B2C3D4E"
CYCLES = 60
RECONNECT_TIMEOUT = 30.0
"""Seconds for a replugged scanner to be seen again (the supervisor retries within 2 s; a loaded
machine can delay its thread a lot more) before the benchmark stops, naming the cycle."""
STREAMS = 100_000


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


class PtyScanner:
    """A scanner on a new pty behind ``link`` (re-pointed atomically, as udev does); ``unplug``
    closes both ends, so the device node disappears, and removes the link. The line is raw from the
    start, as a replugged USB reader's tty keeps the raw settings the app gave it before (the kernel
    saves them per tty)."""

    def __init__(self, link: Path) -> None:
        self.master, self._slave = os.openpty()
        tty.setraw(self._slave)
        self._link = link
        temporary = link.with_name(link.name + ".new")
        temporary.symlink_to(os.ttyname(self._slave))
        temporary.replace(link)

    def unplug(self) -> None:
        self._link.unlink()  # udev removes the symlink with the device
        os.close(self.master)
        os.close(self._slave)


class Recorder(EventQueue):
    """Events with the monotonic time they were posted; ``wait`` for one of a kind."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self.posted: list[tuple[float, InputEvent]] = []
        super().__init__(notify=self._wake)

    def _wake(self) -> None:
        with self._cond:
            self.posted += [(time.monotonic(), event) for event in self.drain()]
            self._cond.notify_all()

    def wait(
        self, kind: type, after: int, timeout: float = 10.0, where: str = ""
    ) -> tuple[float, InputEvent]:
        """The first event of ``kind`` posted at index ``after`` or later; RuntimeError (its
        message starting with ``where``) if none comes within ``timeout`` seconds."""

        def found() -> tuple[float, InputEvent] | None:
            return next((p for p in self.posted[after:] if isinstance(p[1], kind)), None)

        with self._cond:
            if not self._cond.wait_for(lambda: found() is not None, timeout):
                raise RuntimeError(f"{where}no {kind.__name__} within {timeout} s")
            result = found()
            assert result is not None
            return result


def reconnect_cycles(cycles: int, rng: random.Random) -> tuple[list[float], int]:
    """Unplug the scanner, leave it away for 0.05-1.5 s (as a hand would), plug a new one in behind
    the same symlink and write a frame at once: seconds from the device reappearing to
    ScannerConnected, per cycle, and how many of the frames written at replug became cards."""
    events = Recorder()
    logging.getLogger("hardware").setLevel(logging.ERROR)  # not a warning per unplug on stderr
    with tempfile.TemporaryDirectory() as folder:
        link = Path(folder) / "ttyScanner"
        scanner = PtyScanner(link)
        settings = ScannerConfig(port=str(link), protocol="rdm6300", repeat_gap=0)
        latencies, delivered = [], 0
        with ScannerSupervisor(settings, events, lambda tag: "CARD"):
            events.wait(ScannerConnected, 0, RECONNECT_TIMEOUT)
            for cycle in range(1, cycles + 1):
                mark = len(events.posted)
                scanner.unplug()
                events.wait(ScannerLost, mark, RECONNECT_TIMEOUT, f"cycle {cycle}: ")
                time.sleep(rng.uniform(0.05, 1.5))
                mark = len(events.posted)
                appeared = time.monotonic()
                scanner = PtyScanner(link)
                os.write(scanner.master, rdm6300_frame(TAG))  # scanned as it came back
                connected_at, _event = events.wait(
                    ScannerConnected, mark, RECONNECT_TIMEOUT, f"cycle {cycle}, replugged: "
                )
                latencies.append(connected_at - appeared)
                try:
                    events.wait(CardScanned, mark, timeout=3.0)
                    delivered += 1
                except RuntimeError:
                    pass
        scanner.unplug()
    return latencies, delivered


def random_streams(protocol: str, streams: int, rng: random.Random) -> tuple[int, int, int]:
    """Random byte streams (random bytes mixed with frame pieces) into a fresh parser each:
    (exceptions, tags not framed in the stream, the most bytes the parser ever held)."""
    pieces = [b"\x02", b"\x03", b"\r", b"\n", b"0", b"A", rdm6300_frame(TAG), b"TARGI-GOODS-VP\r"]
    exceptions = false_tags = most_held = 0
    for _ in range(streams):
        chunks = [
            rng.randbytes(rng.randrange(24)) if rng.random() < 0.6 else rng.choice(pieces)
            for _ in range(rng.randrange(1, 12))
        ]
        stream = b"".join(chunks)
        parser = ScanParser(protocol, max_length=16, repeat_gap=0)
        try:
            for chunk in chunks:
                for read in parser.feed(chunk, 0.0):
                    if read.kind == "tag" and not framed(protocol, read.tag or "", stream):
                        false_tags += 1
                most_held = max(most_held, parser.buffered)
        except Exception:
            exceptions += 1
    return exceptions, false_tags, most_held


def framed(protocol: str, tag: str, stream: bytes) -> bool:
    """Whether ``tag`` is framed in ``stream`` as ``protocol`` frames a tag."""
    if protocol == "rdm6300":
        return rdm6300_frame(tag) in stream.upper()
    pattern = rb"(?:^|[\r\n\x02\x03]) *" + re.escape(tag.encode()) + rb" *[\r\n\x03]"
    return re.search(pattern, stream) is not None


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
    rng = random.Random(args.seed)
    latencies, delivered = reconnect_cycles(CYCLES, rng)
    robustness = {
        protocol: random_streams(protocol, STREAMS, rng) for protocol in ("rdm6300", "lines")
    }
    return [
        (
            "scanner device reappears -> connected, median",
            f"{statistics.median(latencies) * 1e3:.0f} ms",
            f"{len(latencies)}/{CYCLES} unplug/replug cycles recovered (target ≤ 300 ms)",
        ),
        ("scanner device reappears -> connected, max", f"{max(latencies) * 1e3:.0f} ms", ""),
        (
            "scans written as the device reappears -> cards",
            f"{delivered}/{CYCLES}",
            "none flushed away by the reopen",
        ),
        *(
            (
                f"{STREAMS:,} random streams into {protocol}",
                f"{exceptions} exc, {false} false",
                f"exceptions, tags not framed; at most {held} bytes held",
            )
            for protocol, (exceptions, false, held) in robustness.items()
        ),
        (
            "scanner frame written -> event posted, median",
            f"{statistics.median(samples) * 1e6:.0f} µs",
            f"{FRAMES} RDM6300 frames through a pty",
        ),
        ("scanner frame written -> event posted, p99", f"{p99 * 1e6:.0f} µs", ""),
        ("parser throughput, rdm6300", f"{rdm:,.0f} frames/s", "one 14-byte frame per feed"),
        ("parser throughput, lines", f"{lines:,.0f} frames/s", "one 27-byte label per feed"),
    ]
