"""The scanner's serial port, kept open by a supervisor thread that survives unplugging.

The port comes from the config: a device path, a udev symlink, a ``/dev/serial/by-id/...`` path, or
any pyserial URL such as ``hwgrep://1a86:7523`` (the first port whose hardware id matches). The
supervisor opens it, turns what it reads into events on the :class:`~hardware.events.EventQueue`,
and when the port fails (unplugged, vanished) posts :class:`ScannerLost` and reopens it by itself,
then posts :class:`ScannerConnected`. A device path is watched while it is lost (looked at every
:data:`POLL_INTERVAL`), so a reader plugged back in is reopened at once; a path that exists but will
not open, and a URL, are retried with capped, jittered exponential backoff.

Nothing the reader sends is thrown away on opening (pyserial would flush the input): a card scanned
as the reader came back is read. A frame cut off by the disconnection is lost; it is counted and
reported with the next :class:`ScannerConnected`, so that the table can scan that card again.

Only well-formed, newly presented tags become :class:`CardScanned` (or :class:`UnknownTag` when
``resolve`` knows no card for them); a read error or a rejected frame is never a card.
"""

from __future__ import annotations

import contextlib
import logging
import math
import os
import random
import threading
import time
from collections.abc import Callable
from typing import Protocol

import serial

from hardware.events import CardScanned, EventQueue, ScannerConnected, ScannerLost, UnknownTag
from hardware.scanner.parser import Read, ScanParser

Resolve = Callable[[str], str | None]
"""Tag text -> the card id it stands for, or None when nothing is known about it."""
Monitor = Callable[[bytes, list[Read]], None]
"""Called on the supervisor thread with every chunk read and what the parser made of it."""

READ_TIMEOUT = 0.25
"""Seconds a read waits before the supervisor checks that the port still exists and not stopped."""
FIRST_RETRY = 0.05
POLL_INTERVAL = 0.05
"""Seconds between looks at a lost device path: a reader plugged back in is reopened this soon."""

logger = logging.getLogger(__name__)


class ScannerSettings(Protocol):
    """What the supervisor needs from the ``[scanner]`` config section."""

    @property
    def protocol(self) -> str: ...
    @property
    def port(self) -> str: ...
    @property
    def baudrate(self) -> int: ...
    @property
    def max_length(self) -> int: ...
    @property
    def repeat_gap(self) -> float | None: ...
    @property
    def retry_max(self) -> float: ...


class Backoff:
    """Retry delays that double from ``first`` up to ``cap``, each drawn in [half, whole] of the
    step ("equal jitter"), so that many readers never retry in lockstep and none waits too long."""

    def __init__(self, first: float, cap: float, rng: random.Random) -> None:
        self.first, self.cap, self._rng = first, cap, rng
        self._step = first

    def next(self) -> float:
        step = min(self._step, self.cap)
        self._step = min(self._step * 2, self.cap)
        return step / 2 + self._rng.uniform(0, step / 2)

    def reset(self) -> None:
        self._step = self.first


def open_port(settings: ScannerSettings, timeout: float) -> serial.Serial:
    """Open the configured port (a path or a pyserial URL) for exclusive reading, keeping what the
    reader has sent already: pyserial's POSIX ``open`` flushes the input (``tcflush``), which would
    lose a card scanned as the reader came back."""
    port = serial.serial_for_url(
        settings.port,
        baudrate=settings.baudrate,
        timeout=timeout,
        exclusive=True,
        do_not_open=True,
    )
    port._reset_input_buffer = _keep_input  # type: ignore[attr-defined]  # a private hook
    try:
        port.open()
    finally:
        del port._reset_input_buffer  # type: ignore[attr-defined]
    return port


def _keep_input() -> None:
    """Stands in for pyserial's input flush while the port opens."""


PathIdentity = tuple[int, ...]


def path_identity(path: str) -> PathIdentity | None:
    """What tells a device path's node (and the symlink to it) from another one at the same path,
    or from the same one after udev changed its owner or mode; None if the path leads nowhere."""
    try:
        link, node = os.lstat(path), os.stat(path)
    except OSError:
        return None
    return (
        link.st_ino,
        link.st_ctime_ns,
        node.st_dev,
        node.st_ino,
        node.st_rdev,
        node.st_ctime_ns,
    )


class ScannerSupervisor:
    """Owns the scanner port on a daemon thread; :meth:`start` once, :meth:`stop` to end."""

    def __init__(
        self,
        settings: ScannerSettings,
        events: EventQueue,
        resolve: Resolve,
        *,
        clock: Callable[[], float] = time.monotonic,
        rng: random.Random | None = None,
        monitor: Monitor | None = None,
        read_timeout: float = READ_TIMEOUT,
    ) -> None:
        self.settings = settings
        self._events = events
        self._resolve = resolve
        self._clock = clock
        self._monitor = monitor
        self._read_timeout = read_timeout
        self._backoff = Backoff(FIRST_RETRY, settings.retry_max, rng or random.Random())
        self._stopping = threading.Event()
        self._port: serial.Serial | None = None
        self._connected: bool | None = None
        """None until the first attempt, then whether the last event said connected."""
        self._lost_at: float | None = None
        """When (time.monotonic) the port was last lost, for the log."""
        self._scans_lost = 0
        """Frames cut off since the last connection."""
        self._scans_lost_total = 0
        self._thread = threading.Thread(target=self._run, name="scanner", daemon=True)

    @property
    def connected(self) -> bool:
        return bool(self._connected)

    def start(self) -> None:
        self._thread.start()

    def stop(self, timeout: float = 2.0) -> None:
        """Stop reading, close the port and wait for the thread (at most ``timeout`` seconds)."""
        self._stopping.set()
        port = self._port
        if port is not None:
            # wake a read waiting for bytes; if the thread closed the port meanwhile, it is ending
            with contextlib.suppress(OSError):
                port.cancel_read()
        self._thread.join(timeout)

    def __enter__(self) -> ScannerSupervisor:
        self.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    # --- the supervisor thread -------------------------------------------------------------

    def _run(self) -> None:
        while not self._stopping.is_set():
            try:
                port = open_port(self.settings, self._read_timeout)
            except (serial.SerialException, OSError, ValueError) as error:
                self._lost(f"cannot open {self.settings.port}: {error}")
                self._wait_to_retry()
                continue
            self._port = port
            settings = self.settings
            parser = ScanParser(
                settings.protocol, max_length=settings.max_length, repeat_gap=settings.repeat_gap
            )
            try:
                self._connected_to()
                self._serve(port, parser)
            except (serial.SerialException, OSError) as error:
                if parser.buffered:
                    self._scans_lost += 1
                    self._scans_lost_total += 1
                self._lost(f"{self.settings.port}: {error}", cut_off=parser.buffered)
            finally:
                self._port = None
                port.close()
            self._wait_to_retry()

    def _wait_to_retry(self) -> None:
        """Wait before the next attempt to open the port. A device path is watched: while it leads
        nowhere, the wait lasts until it appears again (the reader plugged back in), and it ends as
        soon as the path changes (another node, or udev giving it its owner and mode); a path that
        stays as it was is retried after the backoff. A pyserial URL can only be retried."""
        delay = self._backoff.next()
        path = self.settings.port
        if "://" in path:
            self._stopping.wait(delay)
            return
        before = path_identity(path)
        deadline = time.monotonic() + delay if before is not None else math.inf
        while not self._stopping.wait(POLL_INTERVAL):
            now = path_identity(path)
            if now != before and now is not None:
                return
            if now is None:
                before, deadline = None, math.inf
            elif time.monotonic() >= deadline:
                return

    def _connected_to(self) -> None:
        self._connected = True
        if self._lost_at is None:
            logger.info("scanner connected on %s", self.settings.port)
        else:
            logger.info(
                "scanner connected on %s, %.2f s after it was lost; %d scan(s) cut off meanwhile",
                self.settings.port,
                time.monotonic() - self._lost_at,
                self._scans_lost,
            )
        self._events.post(
            ScannerConnected(
                port=self.settings.port,
                scans_lost=self._scans_lost,
                scans_lost_total=self._scans_lost_total,
                at=self._clock(),
            )
        )
        self._scans_lost = 0

    def _lost(self, reason: str, *, cut_off: int = 0) -> None:
        """Post ScannerLost on the change from connected (or unknown) to lost, not per retry."""
        if self._connected is not False:
            self._connected = False
            self._lost_at = time.monotonic()
            if cut_off:
                reason += f" ({cut_off} bytes of a frame cut off)"
            logger.warning("scanner lost: %s", reason)
            self._events.post(ScannerLost(reason=reason, at=self._clock()))
        else:
            logger.debug("scanner still lost: %s", reason)

    def _serve(self, port: serial.Serial, parser: ScanParser) -> None:
        """Read until stopped or the port fails (which raises)."""
        while not self._stopping.is_set():
            chunk = port.read(port.in_waiting or 1)
            # only a port that reads without failing resets the backoff: one that opens but fails
            # at once (a dead device node) is retried ever more slowly, not in a tight loop
            self._backoff.reset()
            if not chunk:
                self._check_still_there()
                continue
            now = self._clock()
            reads = parser.feed(chunk, now)
            if self._monitor is not None:
                self._monitor(chunk, reads)
            for read in reads:
                if read.kind == "tag" and read.tag is not None:
                    self._post_tag(read.tag, now)

    def _post_tag(self, tag: str, now: float) -> None:
        card = self._resolve(tag)
        if card is None:
            self._events.post(UnknownTag(tag=tag, at=now))
        else:
            self._events.post(CardScanned(tag=tag, card=card, at=now))

    def _check_still_there(self) -> None:
        """A device path (or udev symlink) that disappeared means the reader was unplugged, even
        when the driver keeps the old descriptor quiet instead of failing the read."""
        path = self.settings.port
        if "://" not in path and not os.path.exists(path):
            raise serial.SerialException(f"{path} disappeared")
