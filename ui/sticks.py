"""The USB stick a screen writes to or reads from: looked for every :data:`POLL_SECONDS` while the
screen shows (the last one plugged in), as the backup screen does: plugging one in is all a table
does. A stick that cannot be written (mounted read-only, locked) is told apart."""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

from kivy.clock import Clock

from hardware.usb import mounted_sticks, read_only_sticks

logger = logging.getLogger(__name__)

POLL_SECONDS = 2.0


class StickWatch:
    """Calls ``changed()`` whenever the stick found (:attr:`stick`, writable) or the read-only one
    (:attr:`locked`) differs from the last look."""

    def __init__(
        self,
        changed: Callable[[], None],
        sticks: Callable[[], list[Path]] = mounted_sticks,
        locked: Callable[[], list[Path]] = read_only_sticks,
    ) -> None:
        self.changed = changed
        self.sticks = sticks
        self.read_only = locked
        self.stick: Path | None = None
        self.locked: Path | None = None
        self._poll = Clock.schedule_interval(self.look, POLL_SECONDS)
        self._poll.cancel()

    def start(self) -> None:
        """Look now and every :data:`POLL_SECONDS` until :meth:`stop`."""
        self.look(force=True)
        self._poll()

    def stop(self) -> None:
        self._poll.cancel()

    def look(self, *_args: Any, force: bool = False) -> None:
        writable, read_only = self.sticks(), self.read_only()
        stick = writable[-1] if writable else None
        locked = read_only[-1] if read_only else None
        if (stick, locked) == (self.stick, self.locked) and not force:
            return
        if (stick, locked) != (self.stick, self.locked):
            logger.info("USB stick: %s (read-only: %s)", stick, locked)
        self.stick, self.locked = stick, locked
        self.changed()
