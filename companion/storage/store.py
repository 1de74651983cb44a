"""The game store: :class:`Store`, composed of its parts (see :mod:`companion.storage`)."""

from __future__ import annotations

import logging
import sqlite3
import threading
from pathlib import Path

from companion.installation.i18n import _
from companion.storage import backup, integrity, opening, storage_env
from companion.storage.ahead import CheckAhead
from companion.storage.base import Clock, utc_now
from companion.storage.errors import Damaged, NewerSchemaError, StorageUnavailableError
from companion.storage.log import LogMixin
from companion.storage.merge import MergeMixin
from companion.storage.outputs import OutputsMixin
from companion.storage.players import PlayersMixin
from companion.storage.settings import SettingsMixin
from companion.storage.side_tables import SideTablesMixin
from companion.storage.standings import StandingsMixin

_log = logging.getLogger("companion.store")  # the store's name in the journal, as one module had it


class Store(
    LogMixin,
    PlayersMixin,
    SettingsMixin,
    SideTablesMixin,
    StandingsMixin,
    OutputsMixin,
    MergeMixin,
):
    """Open with :meth:`Store.open`; one instance per thread (connections are not shared)."""

    def __init__(
        self,
        connection: sqlite3.Connection,
        path: Path,
        clock: Clock,
        quarantined: Path | None,
        notice: str | None,
        restored: backup.Restored | None = None,
    ) -> None:
        self._conn = connection
        self.path = path
        self._clock = clock
        self.quarantined = quarantined
        """Where a damaged database found at open was moved, if one was."""
        self.notice = notice
        """A sentence for the table explaining what happened to a damaged database, if anything."""
        self.restored = restored
        """The backup put in place of a damaged database, and what it lost, if one was."""
        self._backups: list[threading.Thread] = []
        self._marker: Path | None = None
        self._checked_whole = False

    @classmethod
    def open(
        cls,
        path: Path,
        *,
        clock: Clock = utc_now,
        reading: bool = False,
        take_over: bool = False,
        ahead: CheckAhead | None = None,
    ) -> Store:
        """Open (creating or migrating) the database at ``path``; move it aside if it is damaged
        and restore the newest sound backup (:mod:`companion.storage.backup`) in its place.

        :class:`StorageUnavailableError` when the environment prevents it; nothing is moved then.
        ``reading``: a sound, current database on a read-only mount is opened for reading instead
        (every write then raises ``StorageUnavailableError``, and :attr:`notice` says so).
        Another program's SQLite database at ``path`` is refused the same way (cause
        ``foreign_database``), never moved aside, unless ``take_over``
        (:func:`~companion.storage.opening.foreign_owner`).
        ``ahead``: the full check of ``path``, begun before (:meth:`check_ahead`): when the file
        must be checked whole, the open waits for it and decides on what it found.
        """
        opening.prepare_place(path)
        doubts = integrity.unclean_reasons(path) if path.exists() else []
        if doubts:
            _log.info("game database %s is checked whole: %s", path, "; ".join(doubts))
        try:
            checked = ahead.problems if ahead is not None and ahead.path == path else None
            try:
                connection = opening.open_checked(path, whole=bool(doubts), checked=checked)
            finally:
                if ahead is not None:
                    ahead.close()
        except StorageUnavailableError as refusal:
            if not (reading and refusal.cause == storage_env.READ_ONLY):
                raise
            notice = _(
                "The game database {path} is on a read-only file system: its games can be "
                "looked at, not changed."
            ).format(path=path)
            return cls(
                opening.open_for_reading(path, refusal, bool(doubts)), path, clock, None, notice
            )
        except (Damaged, NewerSchemaError) as problem:
            owner = opening.foreign_owner(path)
            if owner is not None and not take_over:
                _log.error("%s is another program's database (%s): left as it is", path, owner)
                raise StorageUnavailableError(path, storage_env.FOREIGN_DATABASE, owner) from None
            if isinstance(problem, NewerSchemaError) and owner is None:
                raise  # ours, from a newer app: never moved aside
            damage = problem if isinstance(problem, Damaged) else Damaged(opening.NOT_OURS)
            _log.warning("game database %s is damaged: %s", path, damage)
            moved = opening.quarantine(path, clock(), str(damage))
            _log.warning("moved the damaged game database %s to %s", path, moved)
            restored = backup.restore_newest(path, moved)
            notice = opening.damage_notice(path, damage, moved, restored)
            store = cls(
                opening.open_checked(path, whole=True), path, clock, moved, notice, restored
            )
        else:
            store = cls(connection, path, clock, None, backup.orphaned_notice(path, connection))
        if doubts or store.quarantined is not None:
            integrity.clear_unclean(path)
            store._checked_whole = True
        store._marker = integrity.mark_open(path)
        if store.quarantined is None:
            store._back_up_if_due()
        return store

    @staticmethod
    def check_ahead(path: Path) -> CheckAhead:
        """Begin the full check an open of ``path`` would run (if it has a reason to) on a
        thread of its own, for :meth:`open`'s ``ahead`` (:mod:`companion.storage.ahead`)."""
        return CheckAhead(path)

    @classmethod
    def open_read_only(cls, path: Path, *, clock: Clock = utc_now) -> Store:
        """The database at ``path`` opened ``mode=ro`` for a process that only looks (the phones'
        web view): nothing is created, checked whole, migrated, backed up or moved, and every write
        raises :class:`StorageUnavailableError`. The same error when the file cannot be read or is
        not at this app's schema version (the app migrates it when it opens it)."""
        return cls(opening.open_read_only(path), path, clock, None, None)

    def close(self) -> None:
        """Close the connection, after any backup still being written."""
        for thread in self._backups:
            thread.join()
        self._conn.close()
        if self._marker is not None:  # a store that could write there: the file as it leaves it
            integrity.seal(self.path)
        integrity.mark_closed(self._marker)
        self._marker = None

    def check_in_background(self) -> threading.Thread | None:
        """SQLite's full check of the file on another thread, unless this open already ran it or
        cannot write (the app's start: :mod:`companion.storage.integrity`); its thread, if started."""
        if self._checked_whole or self._marker is None:
            return None
        self._checked_whole = True
        return integrity.check_in_background(self.path)

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    @property
    def read_only(self) -> bool:
        """Opened only to look (the phones' web view, a read-only mount): nothing may be written."""
        return bool(self._conn.execute("PRAGMA query_only").fetchone()[0])

    def connection_for_backup(self) -> sqlite3.Connection:
        """The open connection, to copy the database from
        (:func:`companion.storage.backup.write_verified`)."""
        return self._conn

    def _back_up_if_due(self) -> None:
        """The daily backup, made at open when the newest is a day old (and there are games)."""
        if not self._conn.execute("SELECT EXISTS (SELECT 1 FROM games)").fetchone()[0]:
            return
        now = self._clock()
        if backup.due(self.path, now):
            self._backups.append(backup.make_in_background(self.path, now))
