"""The game store: one SQLite file (WAL, ``synchronous=FULL``) holding every game's append-only log.

Each append is exactly one durable transaction, so an entry the store has returned survives a power
cut. At open the file is checked; a damaged one is moved aside (with its ``-wal``/``-shm`` files) to
``<name>.damaged-<UTC time>`` and a fresh database is started, and :attr:`Store.notice` says so.
A problem of the environment (full disk, read-only, permissions, a lock held too long, an odd file
at the path) is never taken for damage: nothing is moved, and :class:`StorageUnavailableError`
says what to do (see :mod:`companion.storage_env`).
"""

from __future__ import annotations

import json
import logging
import sqlite3
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import Any

from companion import storage_env
from companion.i18n import _

Clock = Callable[[], datetime]

MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (
        """CREATE TABLE games (
            id TEXT PRIMARY KEY,
            game TEXT NOT NULL,
            options TEXT NOT NULL,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL,
            status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'finished'))
        )""",
        """CREATE TABLE log (
            game_id TEXT NOT NULL REFERENCES games (id),
            seq INTEGER NOT NULL CHECK (seq >= 1),
            kind TEXT NOT NULL CHECK (kind IN ('action', 'correction', 'undo', 'redo')),
            payload TEXT NOT NULL,
            created_at TEXT NOT NULL,
            PRIMARY KEY (game_id, seq)
        ) WITHOUT ROWID""",
        """CREATE TABLE settings (
            game TEXT NOT NULL,
            key TEXT NOT NULL,
            value TEXT NOT NULL,
            updated_at TEXT NOT NULL,
            PRIMARY KEY (game, key)
        )""",
    ),
    (
        """CREATE TABLE tags (
            tag TEXT PRIMARY KEY CHECK (tag <> ''),
            card TEXT NOT NULL CHECK (card <> ''),
            enrolled_at TEXT NOT NULL
        ) WITHOUT ROWID""",
    ),
)
"""Migration *n* (1-based) brings a database from ``user_version`` n-1 to n; append, never edit.

``games.updated_at`` is when the game's own row last changed (creation, status); appending to the
log leaves it alone so that an append is one row written. :meth:`Store.list_games` reports the later
of it and the last entry's time.
"""

SCHEMA_VERSION = len(MIGRATIONS)
_INSERT_ENTRY = "INSERT INTO log (game_id, seq, kind, payload, created_at) VALUES (?, ?, ?, ?, ?)"
_SQLITE_MAGIC = b"SQLite format 3\x00"
STATUSES = ("active", "finished")
BUSY_TIMEOUT = 10.0
"""Seconds a statement waits for another connection's lock before the store gives up."""

_log = logging.getLogger(__name__)


class StoreError(Exception):
    """A problem with the game database that the app should report rather than work around."""


class NewerSchemaError(StoreError):
    """The database was written by a newer Table Companion; it is left untouched."""


class DuplicateEntryError(StoreError):
    """The log already has an entry with this sequence number: the writer's view was stale."""


class UnknownGameError(StoreError):
    """No game has this id."""


class DamagedSettingError(StoreError):
    """A stored setting whose value no longer reads as JSON; the message names its game and key."""


class StorageUnavailableError(StoreError):
    """The database cannot be used in this environment: full disk, read-only, permissions, a lock
    held too long, an odd file at its path. Nothing was moved or changed; once the cause is fixed
    the same file opens as before. ``cause`` is one of :mod:`companion.storage_env`'s codes."""

    code = "storage_unavailable"

    def __init__(self, path: Path, cause: str, detail: str = "") -> None:
        self.path = path
        self.cause = cause
        self.message = storage_env.explain(path, cause, detail)
        super().__init__(self.message)

    def as_dict(self) -> dict[str, dict[str, str]]:
        """The CLI's JSON error, shaped as :class:`companion.errors.InputError`'s."""
        return {
            "error": {
                "code": self.code,
                "message": self.message,
                "cause": self.cause,
                "path": str(self.path),
            }
        }


class _Damaged(Exception):
    """Internal: why an existing file cannot be used."""


@dataclass(frozen=True, slots=True)
class LogEntry:
    seq: int
    kind: str
    payload: dict[str, Any]
    created_at: str


@dataclass(frozen=True)
class StoredGame:
    id: str
    game: str
    options: dict[str, Any]
    status: str
    entries: list[LogEntry]


@dataclass(frozen=True)
class GameSummary:
    id: str
    game: str
    status: str
    created_at: str
    updated_at: str
    """When the game last changed: its latest log entry or status change."""
    last_seq: int


def utc_now() -> datetime:
    return datetime.now(UTC)


class Store:
    """Open with :meth:`Store.open`; one instance per thread (connections are not shared)."""

    def __init__(
        self,
        connection: sqlite3.Connection,
        path: Path,
        clock: Clock,
        quarantined: Path | None,
        notice: str | None,
    ) -> None:
        self._conn = connection
        self.path = path
        self._clock = clock
        self.quarantined = quarantined
        """Where a damaged database found at open was moved, if one was."""
        self.notice = notice
        """A sentence for the table explaining what happened to a damaged database, if anything."""

    @classmethod
    def open(cls, path: Path, *, clock: Clock = utc_now, reading: bool = False) -> Store:
        """Open (creating or migrating) the database at ``path``; move it aside if it is damaged.

        :class:`StorageUnavailableError` when the environment prevents it; nothing is moved then.
        ``reading``: a sound, current database on a read-only mount is opened for reading instead
        (every write then raises ``StorageUnavailableError``, and :attr:`notice` says so).
        """
        _prepare_place(path)
        try:
            connection = _open_checked(path)
        except StorageUnavailableError as refusal:
            if not (reading and refusal.cause == storage_env.READ_ONLY):
                raise
            notice = _(
                "The game database {path} is on a read-only file system: its games can be "
                "looked at, not changed."
            ).format(path=path)
            return cls(_open_for_reading(path, refusal), path, clock, None, notice)
        except _Damaged as damage:
            _log.warning("game database %s is damaged: %s", path, damage)
            moved = _quarantine(path, clock(), str(damage))
            connection = _open_checked(path)
            notice = _(
                "The game database {path} was damaged ({reason}). It was moved to {moved} "
                "and a new, empty database was started."
            ).format(path=path, reason=damage, moved=moved)
            _log.warning("moved the damaged game database %s to %s", path, moved)
            return cls(connection, path, clock, moved, notice)
        return cls(connection, path, clock, None, None)

    def close(self) -> None:
        self._conn.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    # --- games and their logs ---------------------------------------------------------------

    def create_game(self, game: str, options: dict[str, Any]) -> str:
        """Store a new, empty game and return its id."""
        game_id = uuid.uuid4().hex
        now = self._now()
        self._conn.execute(
            "INSERT INTO games (id, game, options, created_at, updated_at) VALUES (?, ?, ?, ?, ?)",
            (game_id, game, _dumps(options), now, now),
        )
        return game_id

    def append(
        self,
        game_id: str,
        seq: int,
        kind: str,
        payload: dict[str, Any],
        *,
        status: str | None = None,
    ) -> LogEntry:
        """Durably add log entry ``seq`` (and set the game's ``status`` if given) in one commit.

        :class:`DuplicateEntryError` if ``seq`` is taken: the caller's view of the game is stale.
        """
        if status is not None and status not in STATUSES:
            raise ValueError(f"unknown game status {status!r}")
        now = self._now()
        row = (game_id, seq, kind, _dumps(payload), now)
        try:
            if status is None:  # the hot path: one statement, its own (autocommit) transaction
                self._conn.execute(_INSERT_ENTRY, row)
            else:
                with _transaction(self._conn):
                    self._conn.execute(_INSERT_ENTRY, row)
                    self._conn.execute(
                        "UPDATE games SET status = ?, updated_at = ? WHERE id = ?",
                        (status, now, game_id),
                    )
        except sqlite3.IntegrityError as error:
            raise _integrity_error(error, game_id, seq) from None
        return LogEntry(seq, kind, payload, now)

    def load(self, game_id: str) -> StoredGame:
        row = self._conn.execute(
            "SELECT game, options, status FROM games WHERE id = ?", (game_id,)
        ).fetchone()
        if row is None:
            raise UnknownGameError(f"no game with id {game_id!r}")
        entries = [
            LogEntry(seq, kind, _loads(payload, f"log entry {seq} of game {game_id}"), created_at)
            for seq, kind, payload, created_at in self._conn.execute(
                "SELECT seq, kind, payload, created_at FROM log WHERE game_id = ? ORDER BY seq",
                (game_id,),
            )
        ]
        options = _loads(row[1], f"the options of game {game_id}")
        return StoredGame(game_id, row[0], options, row[2], entries)

    def list_games(self) -> list[GameSummary]:
        """Every game, the most recently changed (status or log) first."""
        rows = self._conn.execute(
            "SELECT id, game, status, created_at, max(updated_at, coalesce("
            "  (SELECT created_at FROM log WHERE game_id = games.id ORDER BY seq DESC LIMIT 1), ''"
            ")) AS changed_at, "
            "(SELECT coalesce(max(seq), 0) FROM log WHERE game_id = games.id) "
            "FROM games ORDER BY changed_at DESC, created_at DESC"
        )
        return [GameSummary(*row) for row in rows]

    # --- settings confirmed once per installation ---------------------------------------------

    def get_setting(self, game: str, key: str, default: Any = None) -> Any:
        row = self._conn.execute(
            "SELECT value FROM settings WHERE game = ? AND key = ?", (game, key)
        ).fetchone()
        return default if row is None else self._setting_value(game, key, row[0])

    def set_setting(self, game: str, key: str, value: Any) -> None:
        self._conn.execute(
            "INSERT INTO settings (game, key, value, updated_at) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (game, key) DO UPDATE SET value = excluded.value, "
            "updated_at = excluded.updated_at",
            (game, key, _dumps(value), self._now()),
        )

    def list_settings(self, game: str) -> dict[str, Any]:
        rows = self._conn.execute(
            "SELECT key, value FROM settings WHERE game = ? ORDER BY key", (game,)
        )
        return {key: self._setting_value(game, key, value) for key, value in rows}

    # --- RFID tags enrolled as cards (see companion.cards) -------------------------------------

    def enrol_tag(self, tag: str, card: str) -> str | None:
        """Store that ``tag`` stands for ``card``; return the card it stood for before, if any."""
        with _transaction(self._conn):
            previous = self.card_for_tag(tag)
            self._conn.execute(
                "INSERT INTO tags (tag, card, enrolled_at) VALUES (?, ?, ?) "
                "ON CONFLICT (tag) DO UPDATE SET card = excluded.card, "
                "enrolled_at = excluded.enrolled_at",
                (tag, card, self._now()),
            )
        return previous

    def forget_tag(self, tag: str) -> bool:
        """Remove ``tag``'s enrolment; False if it was not enrolled."""
        return self._conn.execute("DELETE FROM tags WHERE tag = ?", (tag,)).rowcount > 0

    def card_for_tag(self, tag: str) -> str | None:
        row = self._conn.execute("SELECT card FROM tags WHERE tag = ?", (tag,)).fetchone()
        return None if row is None else row[0]

    def enrolled_tags(self) -> dict[str, str]:
        """Every enrolled tag -> its card."""
        return dict(self._conn.execute("SELECT tag, card FROM tags ORDER BY tag"))

    # --- internals ------------------------------------------------------------------------

    def _setting_value(self, game: str, key: str, text: str) -> Any:
        try:
            return json.loads(text)
        except ValueError as error:
            _log.error("setting %s/%s in %s is not valid JSON: %s", game, key, self.path, error)
            raise DamagedSettingError(
                _(
                    "The stored setting {key} of {game} in {path} cannot be read (not valid "
                    "JSON: {error}). Set it again, or delete that row of the settings table."
                ).format(key=key, game=game, path=self.path, error=error)
            ) from None

    def _now(self) -> str:
        return self._clock().astimezone(UTC).isoformat(timespec="microseconds")


def _loads(text: str, what: str) -> Any:
    """JSON read back from the database; damaged text (a flipped bit, say) is a StoreError."""
    try:
        return json.loads(text)
    except ValueError as error:
        raise StoreError(f"{what} is not valid JSON: {error}") from None


_dumps = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode
"""Compact JSON; one encoder for all calls (``json.dumps`` with options builds one per call)."""


@contextmanager
def _transaction(connection: sqlite3.Connection) -> Iterator[None]:
    """``BEGIN IMMEDIATE`` ... ``COMMIT``: one atomic, durable write (rolled back on any error)."""
    connection.execute("BEGIN IMMEDIATE")
    try:
        yield
        connection.execute("COMMIT")
    except BaseException:
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        raise


def _integrity_error(error: sqlite3.IntegrityError, game_id: str, seq: int) -> StoreError:
    name = error.sqlite_errorname
    if name == "SQLITE_CONSTRAINT_PRIMARYKEY":
        return DuplicateEntryError(
            f"game {game_id} already has log entry {seq}: another writer got there first"
        )
    if name == "SQLITE_CONSTRAINT_FOREIGNKEY":
        return UnknownGameError(f"no game with id {game_id!r}")
    return StoreError(f"log entry {seq} of game {game_id} refused: {error}")


# --- opening, checking, migrating ---------------------------------------------------------------


class _Connection(sqlite3.Connection):
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
            raise _unavailable(self.path, cause, error) from error


def _unavailable(path: Path, cause: str, error: BaseException) -> StorageUnavailableError:
    """The error to raise, logged with SQLite's or the system's own words for the journal."""
    name = getattr(error, "sqlite_errorname", None) or type(error).__name__
    _log.error("game database %s unavailable (%s): %s: %s", path, cause, name, error)
    detail = getattr(error, "strerror", None) or str(error)
    return StorageUnavailableError(path, cause, detail)


def _prepare_place(path: Path) -> None:
    """Check what is at ``path`` before SQLite opens it, and create its folder."""
    try:
        odd = storage_env.path_cause(path)
        if odd is None:
            path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise _unavailable(path, storage_env.os_cause(error, path), error) from error
    if odd is not None:
        cause, detail = odd
        _log.error("game database %s unavailable (%s) %s", path, cause, detail or "-")
        raise StorageUnavailableError(path, cause, detail)


def _open_checked(path: Path) -> sqlite3.Connection:
    """A connection to a sound, current database at ``path``; :class:`_Damaged` if it is not."""
    try:
        _check_header(path)
        connection = sqlite3.connect(
            path, isolation_level=None, timeout=BUSY_TIMEOUT, factory=_Connection
        )
    except OSError as error:
        raise _unavailable(path, storage_env.os_cause(error, path), error) from error
    except sqlite3.Error as error:  # the file could not even be opened: nothing says damage
        cause = storage_env.sqlite_cause(error, path) or storage_env.OTHER
        raise _unavailable(path, cause, error) from error
    connection.path = path
    try:
        version = _check(connection, path)
        _configure(connection, path)
        _migrate(connection, version)
    except BaseException:
        connection.close()
        raise
    return connection


def _open_for_reading(path: Path, refusal: StorageUnavailableError) -> sqlite3.Connection:
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
            factory=_Connection,
        )
    except sqlite3.Error:
        raise refusal from None
    connection.path = path
    try:
        if _check(connection, path) != SCHEMA_VERSION:
            raise refusal
        connection.execute("PRAGMA query_only = 1")
    except (_Damaged, StoreError):
        connection.close()
        raise refusal from None
    return connection


def _check_header(path: Path) -> None:
    """Refuse a non-empty file that is not SQLite before SQLite touches it (or its ``-wal``)."""
    if not path.exists():
        return
    with path.open("rb") as file:
        header = file.read(len(_SQLITE_MAGIC))
    if header and header != _SQLITE_MAGIC:
        raise _Damaged("it is not an SQLite database")


def _check(connection: sqlite3.Connection, path: Path) -> int:
    """The file's schema version, after checking that it is an intact database we can use.

    A file from a newer app is refused (:class:`NewerSchemaError`), never quarantined.
    """
    try:
        problems = [row[0] for row in connection.execute("PRAGMA quick_check")]
        version = connection.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise NewerSchemaError(
                f"{path} has schema version {version}, but this Table Companion "
                f"only knows up to {SCHEMA_VERSION}; update the app to open it"
            )
        schema = _schema(connection)
    except sqlite3.DatabaseError as error:
        raise _Damaged(str(error)) from None
    if problems != ["ok"]:
        details = " ".join(" ".join(problems[:3]).split())
        raise _Damaged(f"integrity check: {details}")
    if schema != _expected_schema(version):
        raise _Damaged(
            "not a Table Companion database"
            if version == 0
            else f"its tables do not match schema version {version}"
        )
    return version


def _configure(connection: sqlite3.Connection, path: Path) -> None:
    mode = connection.execute("PRAGMA journal_mode=WAL").fetchone()[0]
    if mode.lower() != "wal":
        raise StoreError(f"{path}: cannot switch to WAL mode (got {mode!r})")
    connection.execute("PRAGMA synchronous=FULL")
    connection.execute("PRAGMA foreign_keys=ON")


def _migrate(connection: sqlite3.Connection, version: int) -> None:
    """Apply the migrations after ``version``, each in one transaction with its version bump.

    The version is read again inside the transaction in case another process migrated meanwhile.
    """
    for number in range(version + 1, SCHEMA_VERSION + 1):
        with _transaction(connection):
            if connection.execute("PRAGMA user_version").fetchone()[0] >= number:
                continue
            for statement in MIGRATIONS[number - 1]:
                connection.execute(statement)
            connection.execute(f"PRAGMA user_version = {number}")


Schema = dict[str, tuple[tuple[Any, ...], ...]]


def _schema(connection: sqlite3.Connection) -> Schema:
    """Table name -> its columns (name, type, not null, default, primary-key position)."""
    names = [
        row[0]
        for row in connection.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
            "ORDER BY name"
        )
    ]
    return {
        name: tuple(
            tuple(column[1:])
            for column in connection.execute("SELECT * FROM pragma_table_info(?)", (name,))
        )
        for name in names
    }


@cache
def _expected_schema(version: int) -> Schema:
    """The schema that migrations 1..``version`` produce, built in memory."""
    connection = sqlite3.connect(":memory:", isolation_level=None)
    try:
        for migration in MIGRATIONS[:version]:
            for statement in migration:
                connection.execute(statement)
        return _schema(connection)
    finally:
        connection.close()


def _quarantine(path: Path, when: datetime, reason: str) -> Path:
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
