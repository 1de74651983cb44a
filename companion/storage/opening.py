"""Opening the database file: what is at the path, its header, schema and (when in doubt) every page
(:mod:`companion.storage.integrity`), a damaged file moved aside, another program's file refused,
and an environment failure told apart from damage (:mod:`companion.storage.storage_env`)."""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Callable
from contextlib import closing
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from companion.installation.i18n import _
from companion.storage import backup, integrity, schema, storage_env
from companion.storage.errors import Damaged, NewerSchemaError, StorageUnavailableError, StoreError

_SQLITE_MAGIC = b"SQLite format 3\x00"


BUSY_TIMEOUT = 10.0
"""Seconds a statement waits for another connection's lock before the store gives up."""


_log = logging.getLogger("companion.store")  # the store's name in the journal, as one module had it


class Connection(sqlite3.Connection):
    """A connection whose statements report an environment failure (full disk, read-only, a lock
    held too long, an I/O error) as :class:`StorageUnavailableError`, never as damage."""

    path: Path

    def execute(self, sql: str, parameters: Any = (), /) -> sqlite3.Cursor:
        try:
            return super().execute(sql, parameters)
        except sqlite3.OperationalError as error:
            cause = storage_env.sqlite_cause(error, self.path)
            if cause is None:
                raise
            raise unavailable(self.path, cause, error) from error


def unavailable(path: Path, cause: str, error: BaseException) -> StorageUnavailableError:
    """The error to raise, logged with SQLite's or the system's own words for the journal."""
    name = getattr(error, "sqlite_errorname", None) or type(error).__name__
    _log.error("game database %s unavailable (%s): %s: %s", path, cause, name, error)
    detail = getattr(error, "strerror", None) or str(error)
    return StorageUnavailableError(path, cause, detail)


def open_read_only(path: Path) -> sqlite3.Connection:
    """A ``mode=ro`` connection to the database at ``path``, made ``query_only``;
    :class:`StorageUnavailableError` when it cannot be read or is not at this app's schema version."""
    try:
        connection = sqlite3.connect(
            f"{path.absolute().as_uri()}?mode=ro",
            uri=True,
            isolation_level=None,
            timeout=BUSY_TIMEOUT,
            factory=Connection,
        )
    except sqlite3.Error as error:
        raise unavailable(
            path, storage_env.sqlite_cause(error, path) or storage_env.OTHER, error
        ) from error
    connection.path = path
    try:
        version = connection.execute("PRAGMA user_version").fetchone()[0]
        if version != schema.SCHEMA_VERSION:
            detail = f"schema version {version}, not {schema.SCHEMA_VERSION}"
            raise StorageUnavailableError(path, storage_env.OTHER, detail)
        connection.execute("PRAGMA query_only = 1")
    except sqlite3.DatabaseError as error:
        connection.close()
        raise unavailable(path, storage_env.OTHER, error) from error
    except BaseException:
        connection.close()
        raise
    return connection


def prepare_place(path: Path) -> None:
    """Check what is at ``path`` before SQLite opens it, and create its folder."""
    try:
        odd = storage_env.path_cause(path)
        if odd is None:
            path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise unavailable(path, storage_env.os_cause(error, path), error) from error
    if odd is not None:
        cause, detail = odd
        _log.error("game database %s unavailable (%s) %s", path, cause, detail or "-")
        raise StorageUnavailableError(path, cause, detail)


Checked = Callable[[], "list[str] | None"]
"""What SQLite's full check of the file found, made ahead of its open
(:meth:`companion.storage.ahead.CheckAhead.problems`); None: check it in place."""


def open_checked(path: Path, *, whole: bool, checked: Checked | None = None) -> sqlite3.Connection:
    """A connection to a sound, current database at ``path``; :class:`Damaged` if it is not.
    ``whole``: run SQLite's full integrity check too (else the header and schema only), or take
    what ``checked`` found (the same check, made ahead)."""
    try:
        check_header(path)
        connection = sqlite3.connect(
            path, isolation_level=None, timeout=BUSY_TIMEOUT, factory=Connection
        )
    except OSError as error:
        raise unavailable(path, storage_env.os_cause(error, path), error) from error
    except sqlite3.Error as error:  # the file could not even be opened: nothing says damage
        cause = storage_env.sqlite_cause(error, path) or storage_env.OTHER
        raise unavailable(path, cause, error) from error
    connection.path = path
    try:
        version = check(connection, path, whole=whole, checked=checked)
        configure(connection, path)
        schema.migrate(connection, version)
    except BaseException:
        connection.close()
        raise
    return connection


def open_for_reading(
    path: Path, refusal: StorageUnavailableError, whole: bool
) -> sqlite3.Connection:
    """The database on a read-only mount, where SQLite cannot make its WAL index: opened as
    ``immutable``, which reads exactly what is stored only when no WAL file holds entries (else,
    or if the file is not sound and current, ``refusal`` stands)."""
    wal = Path(f"{path}-wal")
    stored = path.is_file() and not (wal.exists() and wal.stat().st_size > 0)
    if not (stored and storage_env.read_only_mount(path)):  # only there can nobody write
        raise refusal
    try:
        connection = sqlite3.connect(
            f"{path.absolute().as_uri()}?immutable=1",
            uri=True,
            isolation_level=None,
            factory=Connection,
        )
    except sqlite3.Error:
        raise refusal from None
    connection.path = path
    try:
        if check(connection, path, whole=whole) != schema.SCHEMA_VERSION:
            raise refusal
        connection.execute("PRAGMA query_only = 1")
    except (Damaged, StoreError):
        connection.close()
        raise refusal from None
    return connection


def check_header(path: Path) -> None:
    """Refuse a non-empty file that is not SQLite before SQLite touches it (or its ``-wal``)."""
    if not path.exists():
        return
    with path.open("rb") as file:
        header = file.read(len(_SQLITE_MAGIC))
    if header and header != _SQLITE_MAGIC:
        raise Damaged("it is not an SQLite database")


def check(
    connection: sqlite3.Connection, path: Path, *, whole: bool, checked: Checked | None = None
) -> int:
    """The file's schema version, after checking that it is a database we can use: its header and
    schema always; ``whole``: every page too (SQLite's full check: not quick_check, which costs
    about the same for this schema and misses damaged keys and indexes), as ``checked`` found it
    if it checked the file ahead.

    A file from a newer app is refused (:class:`NewerSchemaError`), never quarantined.
    """
    try:
        problems = _whole_check(connection, checked) if whole else []
        version: int = connection.execute("PRAGMA user_version").fetchone()[0]
        if version > schema.SCHEMA_VERSION:
            raise NewerSchemaError(
                f"{path} has schema version {version}, but this Table Companion "
                f"only knows up to {schema.SCHEMA_VERSION}; update the app to open it"
            )
        found = schema.schema_of(connection)
    except sqlite3.DatabaseError as error:
        raise Damaged(str(error)) from None
    except UnicodeDecodeError:  # SQLite's error quotes damaged schema text that is not UTF-8
        raise Damaged("its schema is malformed (damaged text)") from None
    if problems:
        details = " ".join(" ".join(problems[:3]).split())
        raise Damaged(f"integrity check: {details}")
    if not schema.is_expected(found, version):
        raise Damaged(
            "not a Table Companion database"
            if version == 0
            else f"its tables do not match schema version {version}"
        )
    return version


def _whole_check(connection: sqlite3.Connection, checked: Checked | None) -> list[str]:
    found = checked() if checked is not None else None
    return integrity.problems(connection) if found is None else found


def configure(connection: sqlite3.Connection, path: Path) -> None:
    mode = connection.execute("PRAGMA journal_mode=WAL").fetchone()[0]
    if mode.lower() != "wal":
        raise StoreError(f"{path}: cannot switch to WAL mode (got {mode!r})")
    connection.execute("PRAGMA synchronous=FULL")
    connection.execute("PRAGMA foreign_keys=ON")


NOT_OURS = "not a Table Companion database (another program's, taken over)"


OUR_TABLES = frozenset({"games", "log"})
"""The tables every version of the schema has had: a file with one of them is ours (damaged, if
its schema is not right)."""


KNOWN_APPLICATIONS = {
    0x47504B47: "a GeoPackage",
    0x4D504258: "an MBTiles map",
    0x0F055112: "a Fossil repository",
    0x0F055113: "a Fossil checkout",
    0x0F055111: "a Fossil configuration",
}
"""``PRAGMA application_id`` values of other programs' files (SQLite's ``magic.txt``)."""


def foreign_owner(path: Path) -> str | None:
    """Whose the SQLite file at ``path`` seems to be, if it is not ours: its application id (named
    when known) and its tables; None when it holds one of :data:`OUR_TABLES` and no other
    program's application id, is empty, or cannot be read (then it is damage, moved aside)."""
    try:
        with closing(
            sqlite3.connect(f"{path.absolute().as_uri()}?mode=ro", uri=True, timeout=BUSY_TIMEOUT)
        ) as connection:
            application = connection.execute("PRAGMA application_id").fetchone()[0]
            version = connection.execute("PRAGMA user_version").fetchone()[0]
            tables = [
                str(row[0])
                for row in connection.execute(
                    "SELECT name FROM sqlite_master WHERE type = 'table' "
                    "AND name NOT LIKE 'sqlite_%' ORDER BY name"
                )
            ]
    except (sqlite3.Error, UnicodeDecodeError):
        return None
    if application == 0 and (OUR_TABLES & set(tables) or not (tables or version)):
        return None
    said = []
    if application != 0:
        known = KNOWN_APPLICATIONS.get(application)
        said.append(
            f"application id {application & 0xFFFFFFFF:#010x}" + (f": {known}" if known else "")
        )
    if tables:
        shown = ", ".join(repr(name)[1:-1][:40] for name in tables[:5])
        more = f" and {len(tables) - 5} more" if len(tables) > 5 else ""
        said.append(f"tables {shown}{more}")
    else:
        said.append(f"no tables, user version {version}")
    return "; ".join(said)


def damage_notice(
    path: Path, damage: Damaged, moved: Path, restored: backup.Restored | None
) -> str:
    if restored is None:
        return _(
            "The game database {path} was damaged ({reason}). It was moved to {moved} "
            "and a new, empty database was started."
        ).format(path=path, reason=damage, moved=moved)
    return _(
        "The game database {path} was damaged ({reason}). It was moved to {moved} and the "
        "backup of {time} was restored. {lost}"
    ).format(
        path=path,
        reason=damage,
        moved=moved,
        time=restored.taken_at.strftime("%Y-%m-%d %H:%M:%S UTC"),
        lost=backup.lost_sentence(restored),
    )


def quarantine(path: Path, when: datetime, reason: str) -> Path:
    """Move ``path`` and its ``-wal``/``-shm`` companions aside; return the new database path.

    :class:`StorageUnavailableError` if they cannot be moved (a read-only folder, say).
    """
    stamp = when.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")
    target = path.with_name(f"{path.name}.damaged-{stamp}")
    counter = 1
    while any(Path(f"{target}{suffix}").exists() for suffix in ("", "-wal", "-shm")):
        counter += 1
        target = path.with_name(f"{path.name}.damaged-{stamp}-{counter}")
    try:
        for suffix in ("", "-wal", "-shm"):
            source = Path(f"{path}{suffix}")
            if source.exists():
                source.rename(f"{target}{suffix}")
    except OSError as error:
        _log.error("cannot move the damaged game database %s aside: %s", path, error)
        raise StorageUnavailableError(path, storage_env.DAMAGED_UNMOVABLE, reason) from error
    return target
