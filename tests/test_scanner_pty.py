"""The scanner transport through real pseudo-terminals: what a scanner sends, what the app gets.

The master end of a pty plays the scanner; the supervisor opens the slave through a symlink, as it
would a udev symlink. Closing the master is unplugging; a new pty behind the same symlink is
replugging.
"""

from __future__ import annotations

import logging
import random
import statistics
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from scanner_pty import FakeScanner, WaitableQueue

from companion.installation.device_config import ScannerConfig
from companion.play.cards import TagDirectory
from hardware.events import (
    CardScanned,
    InputEvent,
    ScannerConnected,
    ScannerLost,
    UnknownTag,
)
from hardware.scanner.parser import Read
from hardware.scanner.protocols import rdm6300_frame
from hardware.scanner.transport import Backoff, ScannerSupervisor

TAG = "0A1B2C3D4E"
OTHER_TAG = "7F00112233"
DIRECTORY = TagDirectory({TAG: "TARGI-TRIBE-WELL-3"})


class ManualClock:
    """Time that moves only when the test says so (read from the supervisor's thread)."""

    def __init__(self) -> None:
        self._now = 1000.0
        self._lock = threading.Lock()

    def __call__(self) -> float:
        with self._lock:
            return self._now

    def advance(self, seconds: float) -> None:
        with self._lock:
            self._now += seconds


class ReadMonitor:
    """A supervisor monitor that lets the test wait until the reader thread has read N bytes or
    parsed N frames (so the test can move its clock between frames, or split writes for sure)."""

    def __init__(self) -> None:
        self.chunks: list[bytes] = []
        self.frames = 0
        self._parsed = threading.Condition()

    def __call__(self, raw: bytes, reads: list[Read]) -> None:
        with self._parsed:
            self.chunks.append(raw)
            self.frames += len(reads)
            self._parsed.notify_all()

    def wait_for(self, frames: int) -> None:
        with self._parsed:
            assert self._parsed.wait_for(lambda: self.frames >= frames, timeout=3.0)

    def wait_for_bytes(self, count: int) -> None:
        with self._parsed:
            assert self._parsed.wait_for(lambda: sum(map(len, self.chunks)) >= count, timeout=3.0)


@pytest.fixture
def link(tmp_path: Path) -> Path:
    return tmp_path / "ttyScanner"


@contextmanager
def supervising(
    port: str,
    protocol: str = "rdm6300",
    *,
    clock: Callable[[], float] = time.monotonic,
    monitor: ReadMonitor | None = None,
    **settings: float,
) -> Iterator[WaitableQueue]:
    settings = {"retry_max": 0.2} | settings
    config = ScannerConfig(port=port, protocol=protocol, **settings)  # type: ignore[arg-type]
    events = WaitableQueue()
    supervisor = ScannerSupervisor(
        config, events, DIRECTORY.resolve, clock=clock, rng=random.Random(7), monitor=monitor
    )
    supervisor.start()
    try:
        yield events
    finally:
        supervisor.stop()
        assert not supervisor._thread.is_alive()


def summary(events: list[InputEvent]) -> list[tuple[str, ...]]:
    """Events as comparable tuples, without their times and reasons' wording."""
    rows: list[tuple[str, ...]] = []
    for event in events:
        if isinstance(event, CardScanned):
            rows.append(("card", event.tag, event.card))
        elif isinstance(event, UnknownTag):
            rows.append(("unknown", event.tag))
        elif isinstance(event, ScannerConnected):
            rows.append(("connected", event.port))
        elif isinstance(event, ScannerLost):
            rows.append(("lost",))
        else:
            rows.append((type(event).__name__,))
    return rows


@contextmanager
def plugged_in(
    link: Path, protocol: str = "rdm6300", **settings: float
) -> Iterator[tuple[FakeScanner, WaitableQueue]]:
    scanner = FakeScanner(link)
    try:
        with supervising(str(link), protocol, **settings) as events:
            assert summary(events.wait_for(1)) == [("connected", str(link))]
            yield scanner, events
    finally:
        scanner.unplug()


# --- rdm6300 --------------------------------------------------------------------------------


def test_junk_before_a_frame_is_skipped(link: Path) -> None:
    with plugged_in(link) as (scanner, events):
        scanner.send(b"\x00\xff\x13noise\x02zz\x03" + rdm6300_frame(TAG))
        assert summary(events.wait_for(2)) == [
            ("connected", str(link)),
            ("card", TAG, "TARGI-TRIBE-WELL-3"),
        ]


def test_a_frame_split_across_writes_is_one_card(link: Path) -> None:
    frame, monitor = rdm6300_frame(TAG), ReadMonitor()
    scanner = FakeScanner(link)
    with supervising(str(link), monitor=monitor) as events:
        events.wait_for(1)
        for end in (1, 6, 13, 14):
            scanner.send(frame[len(b"".join(monitor.chunks)) : end])
            monitor.wait_for_bytes(end)  # each piece is read on its own
        found = events.quiet_for(0.1)
    scanner.unplug()
    boundaries = {sum(map(len, monitor.chunks[:n])) for n in range(len(monitor.chunks) + 1)}
    assert {1, 6, 13, 14} <= boundaries  # the frame really reached the parser in pieces
    assert summary(found)[1:] == [("card", TAG, "TARGI-TRIBE-WELL-3")]


def test_a_bad_checksum_is_never_a_card(link: Path) -> None:
    good = rdm6300_frame(OTHER_TAG)
    bad = good[:12] + (b"0" if good[12:13] != b"0" else b"1") + good[13:]
    with plugged_in(link) as (scanner, events):
        scanner.send(bad)
        assert summary(events.quiet_for(0.2)) == [("connected", str(link))]
        scanner.send(good)
        assert summary(events.wait_for(2))[1:] == [("unknown", OTHER_TAG)]


def test_repeats_are_suppressed_until_the_tag_was_away(link: Path) -> None:
    clock, parsed = ManualClock(), ReadMonitor()
    scanner = FakeScanner(link)
    with supervising(str(link), clock=clock, monitor=parsed, repeat_gap=1.0) as events:
        events.wait_for(1)
        scanner.send(rdm6300_frame(TAG) * 5)  # the reader repeats while the tag lies on it
        parsed.wait_for(5)
        clock.advance(0.6)
        scanner.send(rdm6300_frame(TAG))  # still there: 0.6 s after the last frame
        parsed.wait_for(6)
        clock.advance(0.6)
        scanner.send(rdm6300_frame(TAG))  # 1.2 s after the first, but never away for 1 s
        parsed.wait_for(7)
        assert summary(events.quiet_for(0.1))[1:] == [("card", TAG, "TARGI-TRIBE-WELL-3")]
        clock.advance(1.5)  # taken away for 1.5 s, then presented again
        scanner.send(rdm6300_frame(TAG))
        found = events.wait_for(3)
    scanner.unplug()
    assert summary(found)[1:] == [("card", TAG, "TARGI-TRIBE-WELL-3")] * 2
    assert found[2].at - found[1].at == pytest.approx(2.7)


# --- lines ----------------------------------------------------------------------------------


def test_cr_lf_and_crlf_each_end_one_label(link: Path) -> None:
    with plugged_in(link, "lines") as (scanner, events):
        scanner.send(b"TARGI-GOODS-2SALT\rTUAREG-GOOD-WATER\nTIMBUKTU-THIEF-PEN-2\r\n")
        assert summary(events.quiet_for(0.3))[1:] == [
            ("card", "TARGI-GOODS-2SALT", "TARGI-GOODS-2SALT"),
            ("card", "TUAREG-GOOD-WATER", "TUAREG-GOOD-WATER"),
            ("card", "TIMBUKTU-THIEF-PEN-2", "TIMBUKTU-THIEF-PEN-2"),
        ]


def test_two_copies_of_a_card_scanned_in_turn_are_two_cards(link: Path) -> None:
    """Labels are per card id: two water cards print one code. A barcode scanner's repeats (the
    same label read again while it stays in view) are dropped; a copy scanned after it is not,
    however soon, and neither is a card scanned again after another one."""
    clock, parsed = ManualClock(), ReadMonitor()
    scanner = FakeScanner(link)
    dates, gold = b"TUAREG-GOOD-WATER\r\n", b"TUAREG-GOOD-GOLD\r\n"
    with supervising(str(link), "lines", clock=clock, monitor=parsed) as events:
        events.wait_for(1)
        for frames in range(1, 5):  # continuous mode: the label in view, read every 0.1 s
            scanner.send(dates)
            parsed.wait_for(frames)
            clock.advance(0.1)
        clock.advance(0.3)  # the first card taken away, the second brought under the scanner
        for frames, label in enumerate((dates, gold, dates), start=5):
            scanner.send(label)  # the second water card, then gold, then a third water card
            parsed.wait_for(frames)
            clock.advance(0.05)
        found = events.quiet_for(0.1)
    scanner.unplug()
    cards = [row[2] for row in summary(found)[1:]]
    assert cards == [
        "TUAREG-GOOD-WATER",
        "TUAREG-GOOD-WATER",
        "TUAREG-GOOD-GOLD",
        "TUAREG-GOOD-WATER",
    ]


def test_an_rfid_tag_lying_on_the_reader_is_one_card(link: Path) -> None:
    """An RDM6300 sends its frame every 0.1-0.2 s while the tag lies on it: one card, by default."""
    clock, parsed = ManualClock(), ReadMonitor()
    scanner = FakeScanner(link)
    with supervising(str(link), clock=clock, monitor=parsed) as events:
        events.wait_for(1)
        for frames in range(1, 11):
            scanner.send(rdm6300_frame(TAG))
            parsed.wait_for(frames)
            clock.advance(0.2)
        clock.advance(0.5)  # lifted, and laid on it again
        scanner.send(rdm6300_frame(TAG))
        found = events.wait_for(3)
    scanner.unplug()
    assert summary(found)[1:] == [("card", TAG, "TARGI-TRIBE-WELL-3")] * 2


def test_stx_etx_framing_and_junk_before_it(link: Path) -> None:
    with plugged_in(link, "lines") as (scanner, events):
        scanner.send(b"\xfe\xffpower-up noise\x02targi-tribe-tent-3\x03\r\n")
        assert summary(events.quiet_for(0.3))[1:] == [
            ("card", "targi-tribe-tent-3", "TARGI-TRIBE-TENT-3")
        ]


def test_an_overlong_line_is_discarded_up_to_its_end(link: Path) -> None:
    with plugged_in(link, "lines", max_length=20) as (scanner, events):
        scanner.send(b"TARGI-GOODS-2SALT-AND-THEN-SOME-MORE\r\nTARGI-GOODS-VP\r\n")
        assert summary(events.quiet_for(0.3))[1:] == [("card", "TARGI-GOODS-VP", "TARGI-GOODS-VP")]


def test_a_label_that_is_no_card_is_an_unknown_tag(link: Path) -> None:
    with plugged_in(link, "lines") as (scanner, events):
        scanner.send(b"4006381333931\r\n")  # some product's barcode
        assert summary(events.wait_for(2))[1:] == [("unknown", "4006381333931")]


# --- the port coming and going --------------------------------------------------------------


def test_unplug_and_replug_behind_the_same_symlink(link: Path) -> None:
    first = FakeScanner(link)
    with supervising(str(link)) as events:
        events.wait_for(1)
        first.send(rdm6300_frame(TAG))
        events.wait_for(2)
        unplugged = time.monotonic()
        first.unplug()
        lost = events.wait_for(3)
        assert time.monotonic() - unplugged < 2.0
        events.quiet_for(0.5)  # retrying meanwhile, without a new event per attempt
        second = FakeScanner(link)
        events.wait_for(4)
        second.send(rdm6300_frame(OTHER_TAG))
        found = events.wait_for(5)
    second.unplug()
    assert isinstance(lost[-1], ScannerLost)
    assert summary(found) == [
        ("connected", str(link)),
        ("card", TAG, "TARGI-TRIBE-WELL-3"),
        ("lost",),
        ("connected", str(link)),
        ("unknown", OTHER_TAG),
    ]


def test_a_device_node_that_vanishes_quietly_is_lost(link: Path) -> None:
    scanner = FakeScanner(link)
    with supervising(str(link)) as events:
        events.wait_for(1)
        link.unlink()  # udev removed the symlink; the old descriptor just stays silent
        found = events.wait_for(2, timeout=2.0)
    scanner.unplug()
    assert summary(found) == [("connected", str(link)), ("lost",)]
    assert "disappeared" in found[1].reason  # type: ignore[attr-defined]


def test_a_port_missing_at_start_connects_when_it_appears(link: Path) -> None:
    with supervising(str(link)) as events:
        missing = events.wait_for(1)
        assert summary(missing) == [("lost",)]
        assert f"cannot open {link}" in missing[0].reason  # type: ignore[attr-defined]
        scanner = FakeScanner(link)
        found = events.wait_for(2)
    scanner.unplug()
    assert summary(found) == [("lost",), ("connected", str(link))]


def reconnect_latency(events: WaitableQueue, link: Path, away: float) -> tuple[float, FakeScanner]:
    """Leave the unplugged reader away for ``away`` seconds, plug a new one in behind ``link``:
    the seconds from the device appearing to ScannerConnected, and the new scanner."""
    seen = len(events.wait_for(0, timeout=0))
    time.sleep(away)
    appeared = time.monotonic()
    scanner = FakeScanner(link)
    found = events.wait_for(seen + 1)
    connected = time.monotonic() - appeared
    assert summary(found[seen:]) == [("connected", str(link))], f"not reopened in {connected} s"
    return connected, scanner


def test_a_replugged_reader_is_reopened_within_0_3_s_every_time(link: Path) -> None:
    """60 unplug/replug cycles with a backoff that would wait up to 30 s: the path is watched."""
    scanner, latencies = FakeScanner(link), []
    with supervising(str(link), retry_max=30.0) as events:
        events.wait_for(1)
        for cycle in range(60):
            seen = len(events.seen)
            scanner.unplug()
            assert summary(events.wait_for(seen + 1)[seen:]) == [("lost",)]
            # most replugs are quick; every tenth is away long enough for the backoff to grow
            latency, scanner = reconnect_latency(events, link, 0.7 if cycle % 10 == 9 else 0.02)
            latencies.append(latency)
    scanner.unplug()
    assert len(latencies) == 60
    assert statistics.median(latencies) <= 0.3 and max(latencies) <= 0.3, latencies


def test_a_card_scanned_as_the_reader_comes_back_is_read(link: Path) -> None:
    scanner = FakeScanner(link)
    with supervising(str(link)) as events:
        events.wait_for(1)
        scanner.unplug()
        events.wait_for(2)
        scanner = FakeScanner(link)
        scanner.send(rdm6300_frame(TAG))  # before the supervisor has reopened the port
        found = events.wait_for(4)
    scanner.unplug()
    assert summary(found) == [
        ("connected", str(link)),
        ("lost",),
        ("connected", str(link)),
        ("card", TAG, "TARGI-TRIBE-WELL-3"),
    ]


def test_a_frame_cut_off_by_unplugging_is_counted_and_logged(
    link: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="hardware.scanner.transport")
    frame, monitor = rdm6300_frame(TAG), ReadMonitor()
    scanner = FakeScanner(link)
    with supervising(str(link), monitor=monitor) as events:
        events.wait_for(1)
        scanner.send(frame[:6])  # the reader is unplugged in the middle of a frame
        monitor.wait_for_bytes(6)
        scanner.unplug()
        events.wait_for(2)
        _latency, scanner = reconnect_latency(events, link, 0.0)
        scanner.send(frame)  # scanned again: the card arrives
        events.wait_for(4)
        scanner.unplug()  # a clean unplug cuts nothing off
        events.wait_for(5)
        _latency, scanner = reconnect_latency(events, link, 0.0)
        found = events.wait_for(6)
    scanner.unplug()
    assert summary(found) == [
        ("connected", str(link)),
        ("lost",),
        ("connected", str(link)),
        ("card", TAG, "TARGI-TRIBE-WELL-3"),
        ("lost",),
        ("connected", str(link)),
    ]
    first, lost, again, _card, _lost, third = found
    assert (first.scans_lost, first.scans_lost_total) == (0, 0)  # type: ignore[attr-defined]
    assert "6 bytes of a frame cut off" in lost.reason  # type: ignore[attr-defined]
    assert (again.scans_lost, again.scans_lost_total) == (1, 1)  # type: ignore[attr-defined]
    assert (third.scans_lost, third.scans_lost_total) == (0, 1)  # type: ignore[attr-defined]
    logged = [r.getMessage() for r in caplog.records if r.name == "hardware.scanner.transport"]
    assert f"scanner connected on {link}" in logged[0]
    assert "scanner lost" in logged[1] and "6 bytes of a frame cut off" in logged[1]
    assert "after it was lost; 1 scan(s) cut off" in logged[2]
    assert "after it was lost; 0 scan(s) cut off" in logged[4]


def test_a_path_that_will_not_open_is_retried_as_soon_as_it_changes(link: Path) -> None:
    """Not a tty (or not yet given its group by udev): backed off, but a new node at the path is
    opened at once, however long the backoff has grown."""
    not_a_tty = link.with_name("not-a-tty")
    not_a_tty.write_bytes(b"")
    link.symlink_to(not_a_tty)
    with supervising(str(link), retry_max=30.0) as events:
        assert summary(events.wait_for(1)) == [("lost",)]
        latency, scanner = reconnect_latency(events, link, 2.5)
    scanner.unplug()
    assert latency <= 0.3


def test_hwgrep_without_a_matching_device_keeps_retrying(link: Path) -> None:
    with supervising("hwgrep://ffff:fffe") as events:
        found = events.quiet_for(0.5)
    assert summary(found) == [("lost",)]
    assert "cannot open hwgrep://ffff:fffe" in found[0].reason  # type: ignore[attr-defined]


def test_stop_ends_a_waiting_read_at_once(link: Path) -> None:
    scanner = FakeScanner(link)
    config = ScannerConfig(port=str(link), protocol="rdm6300")
    events = WaitableQueue()
    supervisor = ScannerSupervisor(config, events, DIRECTORY.resolve, read_timeout=30.0)
    supervisor.start()
    events.wait_for(1)
    started = time.monotonic()
    supervisor.stop()
    scanner.unplug()
    assert not supervisor._thread.is_alive()
    assert time.monotonic() - started < 1.0


def test_backoff_doubles_with_jitter_up_to_its_cap() -> None:
    backoff = Backoff(0.1, 1.0, random.Random(3))
    delays = [backoff.next() for _ in range(7)]
    for delay, step in zip(delays, (0.1, 0.2, 0.4, 0.8, 1.0, 1.0, 1.0), strict=True):
        assert step / 2 <= delay <= step
    assert len(set(delays)) == len(delays)  # jittered, not a fixed schedule
    backoff.reset()
    assert 0.05 <= backoff.next() <= 0.1
