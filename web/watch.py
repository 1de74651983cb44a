"""Learns of every commit to the game database without reading the log: ``PRAGMA data_version`` on
a read-only connection changes when another connection commits, and costs one page-cache look-up.
Streams wait on :meth:`Watch.changed`; the token file is looked at on the same tick, so a new
link or "off" closes the streams of older links."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3
from collections.abc import Callable
from pathlib import Path

_log = logging.getLogger(__name__)

TICK_SECONDS = 0.1
"""How often the version is read: a commit reaches the pages within this, plus one render."""
TOKEN_TICKS = 5
"""The token file is looked at every this many ticks (a new link or "off" within half a second)."""


class Watch:
    """Counts the database's commits (and token changes) as :attr:`version`."""

    def __init__(self, database: Path, token: Callable[[], str | None]) -> None:
        self._database = database
        self._token = token
        self._connection: sqlite3.Connection | None = None
        self._data_version: int | None = None
        self.version = 0
        """Bumped at every commit seen."""
        self.file: tuple[int, int] | None = self._file()
        """The database file's device and inode: another file put in its place (a backup
        restored over a damaged one) is another database, to be opened anew."""
        self.current_token = token()
        self._event = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self.stopped = False
        """The server is closing: every stream ends."""

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run(), name="watch")

    async def stop(self) -> None:
        self.stopped = True
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
        if self._connection is not None:
            self._connection.close()
        self._event.set()  # every waiting stream ends

    async def changed(self, seen: int, timeout: float) -> int:
        """The version once it is past ``seen`` (or as it is after ``timeout`` seconds)."""
        if self.version == seen:
            event = self._event
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(event.wait(), timeout)
        return self.version

    def _read(self) -> int | None:
        try:
            if self._connection is None:
                uri = f"{self._database.absolute().as_uri()}?mode=ro"
                self._connection = sqlite3.connect(uri, uri=True, isolation_level=None)
            return int(self._connection.execute("PRAGMA data_version").fetchone()[0])
        except sqlite3.Error as error:
            _log.warning("game database %s not readable: %s", self._database, error)
            if self._connection is not None:
                self._connection.close()
                self._connection = None
            return None

    def _file(self) -> tuple[int, int] | None:
        try:
            stat = self._database.stat()
        except OSError:
            return None
        return stat.st_dev, stat.st_ino

    def poll(self, token_too: bool = True) -> bool:
        """Read the version (and the token) once; whether anything changed."""
        file = self._file()
        if file != self.file:
            _log.info("game database %s was replaced: opened anew", self._database)
            self.file = file
            if self._connection is not None:
                self._connection.close()
                self._connection = None
            self._data_version = None
        found = self._read()
        token = self._token() if token_too else self.current_token
        moved = (found is not None and found != self._data_version) or token != self.current_token
        if found is not None:
            self._data_version = found
        self.current_token = token
        if moved:
            self.version += 1
            event, self._event = self._event, asyncio.Event()
            event.set()
        return moved

    async def _run(self) -> None:
        self.poll()
        ticks = 0
        while True:
            await asyncio.sleep(TICK_SECONDS)
            ticks += 1
            self.poll(token_too=ticks % TOKEN_TICKS == 0)
