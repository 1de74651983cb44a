"""The scanner's serial port, kept open by a supervisor thread that survives unplugging.

The port comes from the config: a device path, a udev symlink, a ``/dev/serial/by-id/...`` path, or
any pyserial URL such as ``hwgrep://1a86:7523`` (the first port whose hardware id matches). The
supervisor opens it, turns what it reads into events on the :class:`~hardware.events.EventQueue`,
and when the port fails (unplugged, vanished) posts :class:`ScannerLost` and retries with capped,
jittered exponential backoff until it opens again, then posts :class:`ScannerConnected`.

Only well-formed, newly presented tags become :class:`CardScanned` (or :class:`UnknownTag` when
``resolve`` knows no card for them); a read error or a rejected frame is never a card.
"""

from __future__ import annotations

import contextlib
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


class ScannerSettings(Protocol):
    """What the supervisor needs from the ``[scanner]`` config section."""

    protocol: str
    port: str
    baudrate: int
    max_length: int
    repeat_gap: float
    retry_max: float


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


def open_port(settings: ScannerSettings, timeout: float) -> serial.SerialBase:
    """Open the configured port (a path or a pyserial URL) for exclusive reading."""
    return serial.serial_for_url(
        settings.port, baudrate=settings.baudrate, timeout=timeout, exclusive=True
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
        self._port: serial.SerialBase | None = None
        self._connected: bool | None = None
        """None until the first attempt, then whether the last event said connected."""
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
                self._stopping.wait(self._backoff.next())
                continue
            self._port = port
            try:
                self._connected_to()
                self._serve(port)
            except (serial.SerialException, OSError) as error:
                self._lost(f"{self.settings.port}: {error}")
            finally:
                self._port = None
                port.close()
            self._stopping.wait(self._backoff.next())

    def _connected_to(self) -> None:
        self._connected = True
        self._events.post(ScannerConnected(port=self.settings.port, at=self._clock()))

    def _lost(self, reason: str) -> None:
        """Post ScannerLost on the change from connected (or unknown) to lost, not per retry."""
        if self._connected is not False:
            self._connected = False
            self._events.post(ScannerLost(reason=reason, at=self._clock()))

    def _serve(self, port: serial.SerialBase) -> None:
        """Read until stopped or the port fails (which raises)."""
        settings = self.settings
        parser = ScanParser(
            settings.protocol, max_length=settings.max_length, repeat_gap=settings.repeat_gap
        )
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
