"""The events every input device posts to one queue, which the UI drains on its own thread.

Devices run on background threads (gpiozero's pin and hold threads, the scanner's reader thread);
they only ever call :meth:`EventQueue.post`. The UI calls :meth:`EventQueue.drain` from the Kivy
thread, woken by the ``notify`` callback it registered (e.g. a ``Clock`` trigger), so that no widget
is touched from another thread.
"""

from __future__ import annotations

import logging
import queue
import time
from collections.abc import Callable
from dataclasses import dataclass, field

_log = logging.getLogger(__name__)


def _now() -> float:
    return time.monotonic()


@dataclass(frozen=True, kw_only=True)
class InputEvent:
    """Something a device reported; ``at`` is ``time.monotonic()`` when it happened."""

    at: float = field(default_factory=_now)


@dataclass(frozen=True, kw_only=True)
class ButtonPressed(InputEvent):
    button: str
    """The button's name in the pin map (``confirm``, ``undo``, ``seat1`` ...)."""


@dataclass(frozen=True, kw_only=True)
class ButtonHeld(InputEvent):
    """The button was held down for its hold time (destructive actions ask for this)."""

    button: str


@dataclass(frozen=True, kw_only=True)
class CardScanned(InputEvent):
    tag: str
    """What the scanner read, as text (a barcode's text, an RFID tag's 10 hex digits)."""
    card: str
    """The printable card id the tag stands for, e.g. ``TARGI-TRIBE-WELL-3``."""


@dataclass(frozen=True, kw_only=True)
class UnknownTag(InputEvent):
    """A tag no catalog or enrolment knows: the app offers to enrol it, never guesses."""

    tag: str


@dataclass(frozen=True, kw_only=True)
class ScannerConnected(InputEvent):
    port: str
    scans_lost: int = 0
    """Scans cut off mid-frame by the disconnection this connection ends (0 on the first one):
    those cards must be scanned again."""
    scans_lost_total: int = 0
    """Scans cut off by every disconnection since the scanner was started."""


@dataclass(frozen=True, kw_only=True)
class ScannerLost(InputEvent):
    reason: str


class EventQueue:
    """A thread-safe FIFO of :class:`InputEvent`; ``notify`` is called after every post."""

    def __init__(self, notify: Callable[[], None] | None = None) -> None:
        self._events: queue.SimpleQueue[InputEvent] = queue.SimpleQueue()
        self.notify = notify

    def post(self, event: InputEvent) -> None:
        """Add ``event`` (from any thread) and wake the consumer."""
        _log.debug("event: %s", event)
        self._events.put(event)
        if self.notify is not None:
            self.notify()

    def drain(self) -> list[InputEvent]:
        """Every event posted so far, oldest first; the queue is empty afterwards."""
        drained = []
        while True:
            try:
                drained.append(self._events.get_nowait())
            except queue.Empty:
                return drained
