"""The USB stick a screen writes to or reads from: looked for every :data:`POLL_SECONDS` while the
screen shows (the last one plugged in), as the backup screen does: plugging one in is all a table
does."""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

from kivy.clock import Clock

from hardware.usb import mounted_sticks

logger = logging.getLogger(__name__)

POLL_SECONDS = 2.0


class StickWatch:
    """Calls ``changed(stick)`` whenever the stick found (or None) differs from the last look."""

    def __init__(
        self,
        changed: Callable[[Path | None], None],
        sticks: Callable[[], list[Path]] = mounted_sticks,
    ) -> None:
        self.changed = changed
        self.sticks = sticks
        self.stick: Path | None = None
        self._poll = Clock.schedule_interval(self.look, POLL_SECONDS)
        self._poll.cancel()

    def start(self) -> None:
        """Look now and every :data:`POLL_SECONDS` until :meth:`stop`."""
        self.look(force=True)
        self._poll()

    def stop(self) -> None:
        self._poll.cancel()

    def look(self, *_args: Any, force: bool = False) -> None:
        found = self.sticks()
        stick = found[-1] if found else None
        if stick == self.stick and not force:
            return
        if stick != self.stick:
            logger.info("USB stick: %s", stick)
        self.stick = stick
        self.changed(stick)
