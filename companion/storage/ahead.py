"""SQLite's full check of a doubted file begun ahead of its open, on a thread of its own, while the
process does what needs no game (the app: Kivy's import and its window, some 2 s of one Pi 4 core).

After an unclean shutdown, a change behind the store's back or a suspicion
(:func:`companion.storage.integrity.unclean_reasons`), :meth:`Store.open` checks every page before
anything is read: some 0.4 s of CPU here for a thousand games, 2 s on a Pi 4. That check is the
same whether it runs in the open or ahead of it: :meth:`CheckAhead.problems` hands
:meth:`Store.open` what it found, and the open decides on it exactly as on its own check (damage is
moved aside and the newest sound backup restored, before any game is listed or replayed). The
check runs in SQLite's C code, which lets other threads run (the GIL released): on a machine of
several cores it costs the start no time, unless it outlasts what the start does meanwhile (then
the open waits for the rest).

Only the file's damage is taken from the check ahead (what it found, or SQLite's corruption error);
anything else it met (a lock, the file replaced since, a failure of the environment) leaves the
check to the open, which then runs it as it always did and reports what it meets.
"""

from __future__ import annotations

import logging
import os
import sqlite3
import threading
import time
from contextlib import closing
from pathlib import Path
from typing import BinaryIO

from companion.storage import integrity, opening
from companion.storage.errors import Damaged, StoreError

_log = logging.getLogger(__name__)


class CheckAhead:
    """The full check of the file at ``path``, begun at once on a daemon thread if the file has a
    reason to be checked whole (and is an SQLite file: anything else is the open's to refuse);
    else nothing is begun."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._found: list[str] | None = None
        self._corrupt: sqlite3.DatabaseError | None = None
        self._thread: threading.Thread | None = None
        self._file: BinaryIO | None = None
        """The file checked, held open until the open took the check: its inode cannot be reused
        by a file put at the path meanwhile."""
        try:
            if not (path.is_file() and integrity.unclean_reasons(path)):
                return
            opening.check_header(path)
            self._file = path.open("rb")
        except (OSError, Damaged):  # the open finds and reports it
            return
        self._thread = threading.Thread(target=self._run, name="table-companion-check-ahead")
        self._thread.daemon = True
        self._thread.start()

    @property
    def begun(self) -> bool:
        return self._thread is not None

    def _run(self) -> None:
        try:
            with closing(
                sqlite3.connect(
                    self.path,
                    isolation_level=None,
                    timeout=opening.BUSY_TIMEOUT,
                    factory=opening.Connection,
                )
            ) as connection:
                connection.path = self.path
                self._found = integrity.problems(connection)
        except sqlite3.DatabaseError as error:
            if integrity.is_damage(error):
                self._corrupt = error
            else:  # a lock, an I/O error: the open checks in place and reports it
                _log.info("check ahead of %s not done: %s", self.path, error)
        except StoreError as error:  # the environment (a full disk, say): the same
            _log.info("check ahead of %s not done: %s", self.path, error)
        except Exception:  # the thread's edge: the open checks in place
            _log.exception("check ahead of %s failed", self.path)

    def problems(self) -> list[str] | None:
        """What the check found ([]: the file is sound), once it is done (the caller waits for
        it); SQLite's corruption error is raised as it would be by the check run in place. None
        when it did not check ``path`` as it is now (not begun, failed, or the file replaced)."""
        if self._thread is None or self._file is None:
            return None
        waited = time.perf_counter()
        self._thread.join()
        _log.info(
            "check ahead of %s: done (%.0f ms waited for it)",
            self.path,
            (time.perf_counter() - waited) * 1e3,
        )
        try:
            checked, now = os.fstat(self._file.fileno()), self.path.stat()
        except (OSError, ValueError):  # gone, or closed
            return None
        if (checked.st_dev, checked.st_ino) != (now.st_dev, now.st_ino):
            return None
        if self._corrupt is not None:
            raise self._corrupt
        return self._found

    def close(self) -> None:
        """Let go of the file checked (once the open has taken the check, or did without it)."""
        if self._file is not None:
            self._file.close()
