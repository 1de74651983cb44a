"""A scanner played by the master end of a real pseudo-terminal, and a queue the test can wait on."""

from __future__ import annotations

import contextlib
import os
import threading
import time
import tty
from pathlib import Path

from hardware.events import EventQueue, InputEvent


class FakeScanner:
    """A pty pair: the app opens the slave (through ``link``, like a udev symlink); the test writes
    on the master as the scanner would. :meth:`unplug` closes both ends: the device is gone.

    The line is raw from the start, as a replugged USB reader's tty keeps the raw settings the app
    gave it before (the kernel saves them per tty): bytes sent before the app opens it stay as sent.
    """

    def __init__(self, link: Path) -> None:
        self.master, self._slave = os.openpty()
        tty.setraw(self._slave)
        self.device = os.ttyname(self._slave)
        self._link = link
        temporary = link.with_name(link.name + ".new")
        temporary.symlink_to(self.device)
        temporary.replace(link)  # atomically point the link at the new device, as udev does

    def send(self, data: bytes) -> None:
        os.write(self.master, data)

    def unplug(self) -> None:
        """Close both ends and remove the link if it still leads here, as udev removes its symlink
        with the device (a dangling link could come to lead to another test's pty, which the
        kernel may give the freed number)."""
        with contextlib.suppress(FileNotFoundError):
            if os.readlink(self._link) == self.device:
                self._link.unlink()
        os.close(self.master)
        os.close(self._slave)


class WaitableQueue(EventQueue):
    """An :class:`EventQueue` whose consumer can wait for events, like the UI's Clock trigger."""

    def __init__(self) -> None:
        self._posted = threading.Condition()
        self.seen: list[InputEvent] = []
        self.posting_threads: list[str] = []
        super().__init__(notify=self._wake)

    def _wake(self) -> None:
        with self._posted:
            self.posting_threads.append(threading.current_thread().name)
            self._posted.notify_all()

    def wait_for(self, count: int, timeout: float = 3.0) -> list[InputEvent]:
        """All events drained so far once there are at least ``count`` (or when time is up)."""
        deadline = time.monotonic() + timeout
        with self._posted:
            while True:
                self.seen += self.drain()
                left = deadline - time.monotonic()
                if len(self.seen) >= count or left <= 0:
                    return list(self.seen)
                self._posted.wait(left)

    def quiet_for(self, seconds: float) -> list[InputEvent]:
        """Everything drained after waiting ``seconds`` (to show that nothing more arrives)."""
        time.sleep(seconds)
        self.seen += self.drain()
        return list(self.seen)
