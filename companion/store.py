"""The game store: one SQLite file (WAL, ``synchronous=FULL``) holding every game's append-only log.

Each append is exactly one durable transaction, so an entry the store has returned survives a power
cut. At open the file is checked (its header and schema; the whole file only after an unclean
shutdown or a suspicion: :mod:`companion.integrity`); a damaged one is moved aside (with its
``-wal``/``-shm`` files) to ``<name>.damaged-<UTC time>``, the newest sound backup
(:mod:`companion.backup`) is restored in its place or else a fresh database is started, and
:attr:`Store.notice` says so. Each game's log is a
hash chain (:mod:`companion.chain`) checked on :meth:`Store.load`. A problem of the environment
(full disk, read-only, permissions, a lock held too long, an odd file at the path) is never taken
for damage: nothing is moved, and :class:`StorageUnavailableError` says what to do (see
:mod:`companion.storage_env`).
"""

from __future__ import annotations

import hashlib
import json
import logging
import sqlite3
import threading
import uuid
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import closing, contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import Any

from companion import backup, integrity, storage_env
from companion.chain import LogDamage, chain_existing_logs, entry_digest, game_digest
from companion.i18n import _

Clock = Callable[[], datetime]
MigrationStep = str | Callable[[sqlite3.Connection], None]


def link_seats(
    connection: sqlite3.Connection, game_id: str, options: Any, when: str, *, uids: bool = True
) -> None:
    """Seat each player named in a game's ``options`` (JSON text or a dict) as a player record,
    making the record on a name's first game; a record's ``colour`` is the latest it played.
    ``uids=False``: for the schema before players had stable ids (a migration step)."""
    try:
        seated = (json.loads(options) if isinstance(options, str | bytes) else options)["players"]
        names = [(str(p["name"]), str(p["colour"])) for p in seated]
    except (ValueError, TypeError, KeyError):
        _log.error("game %s: its options name no players; no seats recorded", game_id)
        return
    for seat, (name, colour) in enumerate(names):
        if uids:
            seat_player(connection, game_id, seat, name, colour, when)
        else:
            _seat_player_without_uid(connection, game_id, seat, name, colour, when)


def seat_player(
    connection: sqlite3.Connection,
    game_id: str,
    seat: int,
    name: str,
    colour: str,
    when: str,
    uid: str | None = None,
) -> None:
    """Seat the player record named ``name`` (made if new, with the stable id ``uid`` or a new
    one) at ``seat`` of game ``game_id``."""
    connection.execute(
        "INSERT INTO players (name, colour, created_at, last_played_at, uid) "
        f"VALUES (?, ?, ?, ?, ?) {_SAME_NAME}",
        (name, colour, when, when, uid or new_player_uid()),
    )
    _seat(connection, game_id, seat, name)


_SAME_NAME = (
    "ON CONFLICT (name) DO UPDATE SET colour = CASE WHEN excluded.last_played_at >= "
    "last_played_at THEN excluded.colour ELSE colour END, "
    "last_played_at = max(last_played_at, excluded.last_played_at)"
)


def _seat_player_without_uid(
    connection: sqlite3.Connection, game_id: str, seat: int, name: str, colour: str, when: str
) -> None:
    connection.execute(
        f"INSERT INTO players (name, colour, created_at, last_played_at) VALUES (?, ?, ?, ?) "
        f"{_SAME_NAME}",
        (name, colour, when, when),
    )
    _seat(connection, game_id, seat, name)


def _seat(connection: sqlite3.Connection, game_id: str, seat: int, name: str) -> None:
    connection.execute(
        "INSERT OR IGNORE INTO seats (game_id, seat, player_id) "
        "SELECT ?, ?, id FROM players WHERE name = ?",
        (game_id, seat, name),
    )


def new_player_uid() -> str:
    """A player's stable id: random, the same in every copy of the database (issue 24.4)."""
    return str(uuid.uuid4())


def seat_known_player(
    connection: sqlite3.Connection, game_id: str, seat: int, player: tuple[str, str, str, str]
) -> None:
    """Seat a restored game's player: on the record with the same stable id if there is one
    (renamed since, say), else on the record of the same name, else on a new record keeping the
    backup's id, so that a table restored elsewhere has the same players."""
    name, colour, when, uid = player
    known = connection.execute("SELECT id FROM players WHERE uid = ?", (uid,)).fetchone()
    if known is None:
        seat_player(connection, game_id, seat, name, colour, when, uid)
        return
    connection.execute(
        "UPDATE players SET colour = CASE WHEN ? >= last_played_at THEN ? ELSE colour END, "
        "last_played_at = max(last_played_at, ?) WHERE id = ?",
        (when, colour, when, known[0]),
    )
    connection.execute(
        "INSERT OR IGNORE INTO seats (game_id, seat, player_id) VALUES (?, ?, ?)",
        (game_id, seat, known[0]),
    )


def _give_players_uids(connection: sqlite3.Connection) -> None:
    """Migration step: a stable id for every player recorded before they had one."""
    for (player_id,) in connection.execute("SELECT id FROM players").fetchall():
        connection.execute("UPDATE players SET uid = ? WHERE id = ?", (new_player_uid(), player_id))


def _link_existing_players(connection: sqlite3.Connection) -> None:
    """Players as records for the games stored before them (undecodable rows are skipped)."""
    rows = connection.execute(
        "SELECT id, CAST(options AS BLOB), created_at FROM games ORDER BY created_at"
    ).fetchall()
    for game_id, options, created_at in rows:
        try:
            text = options.decode()
        except (AttributeError, UnicodeDecodeError):
            continue
        link_seats(connection, game_id, text, str(created_at), uids=False)


LOCATION = ("app", "location")
"""The setting (game, key) naming where the table plays; each new game records it (``places``)."""


def _place_game(connection: sqlite3.Connection, game_id: str) -> None:
    """Record where game ``game_id`` is played: the location setting as it is now, if one is set."""
    connection.execute(
        "INSERT OR IGNORE INTO places (game_id, location) SELECT ?, json_extract(value, '$') "
        "FROM settings WHERE game = ? AND key = ? AND json_valid(value) "
        "AND json_type(value) = 'text' AND json_extract(value, '$') <> ''",
        (game_id, *LOCATION),
    )


def _place_existing_games(connection: sqlite3.Connection) -> None:
    """The games stored before locations were recorded get the location set now, if any."""
    for (game_id,) in connection.execute("SELECT id FROM games").fetchall():
        _place_game(connection, game_id)


MIGRATIONS: tuple[tuple[MigrationStep, ...], ...] = (
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
    (  # the hash chain (companion.chain): digests, and each game's last entry
        "ALTER TABLE games ADD COLUMN digest BLOB NOT NULL DEFAULT x''",
        "ALTER TABLE games ADD COLUMN last_seq INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE games ADD COLUMN last_digest BLOB NOT NULL DEFAULT x''",
        "ALTER TABLE log ADD COLUMN digest BLOB NOT NULL DEFAULT x''",
        chain_existing_logs,
    ),
    (  # players as records (issue 18): each game's seats link to them; renames keep history
        """CREATE TABLE players (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL UNIQUE COLLATE NOCASE CHECK (name <> ''),
            colour TEXT NOT NULL DEFAULT '',
            created_at TEXT NOT NULL,
            last_played_at TEXT NOT NULL
        )""",
        """CREATE TABLE seats (
            game_id TEXT NOT NULL REFERENCES games (id),
            seat INTEGER NOT NULL CHECK (seat >= 0),
            player_id INTEGER NOT NULL REFERENCES players (id),
            PRIMARY KEY (game_id, seat)
        ) WITHOUT ROWID""",
        "CREATE INDEX seats_by_player ON seats (player_id)",
        """CREATE TABLE places (
            game_id TEXT PRIMARY KEY REFERENCES games (id),
            location TEXT NOT NULL
        ) WITHOUT ROWID""",
        _place_existing_games,
        """CREATE TABLE results (
            game_id TEXT PRIMARY KEY REFERENCES games (id),
            last_seq INTEGER NOT NULL,
            last_digest BLOB NOT NULL,
            result TEXT NOT NULL
        ) WITHOUT ROWID""",
        _link_existing_players,
    ),
    (  # a stable id per player (issue 24.4): kept by backup, restore, rename and merge
        "ALTER TABLE players ADD COLUMN uid TEXT NOT NULL DEFAULT ''",
        _give_players_uids,
        "CREATE UNIQUE INDEX players_by_uid ON players (uid)",
    ),
    (  # each game's last refusal, what the table was told (companion.last_refusal): not the log
        """CREATE TABLE refusals (
            game_id TEXT PRIMARY KEY REFERENCES games (id),
            seq INTEGER NOT NULL,
            code TEXT NOT NULL,
            verdict TEXT NOT NULL,
            lang TEXT NOT NULL,
            at TEXT NOT NULL
        ) WITHOUT ROWID""",
    ),
)
"""Migration *n* (1-based) brings a database from ``user_version`` n-1 to n; append, never edit.
A step is an SQL statement or a function run on the connection (inside the same transaction).

``games.updated_at`` is when the game's own row last changed (creation, status); appending to the
log writes the entry and the game's ``last_seq``/``last_digest`` in one transaction, and leaves
``updated_at`` alone. :meth:`Store.list_games` reports the later of it and the last entry's time.
"""

SCHEMA_VERSION = len(MIGRATIONS)
_INSERT_ENTRY = (
    "INSERT INTO log (game_id, seq, kind, payload, created_at, digest) VALUES (?, ?, ?, ?, ?, ?)"
)
_READ_LOG = (
    "SELECT seq, CAST(kind AS BLOB), CAST(payload AS BLOB), CAST(created_at AS BLOB), digest "
    "FROM log WHERE game_id = ? ORDER BY seq"
)
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


class DamagedGameError(StoreError):
    """A game's own record (its kind, options or creation time) is damaged: it cannot be set up."""


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
    """The sound entries: up to the first damaged one, if any."""
    damage: LogDamage | None = None
    """Where the log stops being trustworthy (altered, unreadable or missing entries)."""


@dataclass(frozen=True, slots=True)
class PlayerRecord:
    id: int
    name: str
    colour: str
    """The colour of the player's latest game: the one a new game suggests."""
    created_at: str
    last_played_at: str
    games: int
    uid: str = ""
    """The player's stable id (:func:`new_player_uid`): the same after a backup is restored
    elsewhere, a rename or a merge into this player; the exports' player id."""


_PLAYER_ROWS = (
    "SELECT id, name, colour, created_at, last_played_at, "
    "(SELECT count(*) FROM seats WHERE seats.player_id = players.id), uid FROM players"
)


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
    ) -> Store:
        """Open (creating or migrating) the database at ``path``; move it aside if it is damaged
        and restore the newest sound backup (:mod:`companion.backup`) in its place.

        :class:`StorageUnavailableError` when the environment prevents it; nothing is moved then.
        ``reading``: a sound, current database on a read-only mount is opened for reading instead
        (every write then raises ``StorageUnavailableError``, and :attr:`notice` says so).
        Another program's SQLite database at ``path`` is refused the same way (cause
        ``foreign_database``), never moved aside, unless ``take_over`` (:func:`_foreign_owner`).
        """
        _prepare_place(path)
        doubts = integrity.unclean_reasons(path) if path.exists() else []
        if doubts:
            _log.info("game database %s is checked whole: %s", path, "; ".join(doubts))
        try:
            connection = _open_checked(path, whole=bool(doubts))
        except StorageUnavailableError as refusal:
            if not (reading and refusal.cause == storage_env.READ_ONLY):
                raise
            notice = _(
                "The game database {path} is on a read-only file system: its games can be "
                "looked at, not changed."
            ).format(path=path)
            return cls(_open_for_reading(path, refusal, bool(doubts)), path, clock, None, notice)
        except (_Damaged, NewerSchemaError) as problem:
            owner = _foreign_owner(path)
            if owner is not None and not take_over:
                _log.error("%s is another program's database (%s): left as it is", path, owner)
                raise StorageUnavailableError(path, storage_env.FOREIGN_DATABASE, owner) from None
            if isinstance(problem, NewerSchemaError) and owner is None:
                raise  # ours, from a newer app: never moved aside
            damage = problem if isinstance(problem, _Damaged) else _Damaged(_NOT_OURS)
            _log.warning("game database %s is damaged: %s", path, damage)
            moved = _quarantine(path, clock(), str(damage))
            _log.warning("moved the damaged game database %s to %s", path, moved)
            restored = backup.restore_newest(path, moved)
            notice = _damage_notice(path, damage, moved, restored)
            store = cls(_open_checked(path, whole=True), path, clock, moved, notice, restored)
        else:
            store = cls(connection, path, clock, None, backup.orphaned_notice(path, connection))
        if doubts or store.quarantined is not None:
            integrity.clear_unclean(path)
            store._checked_whole = True
        store._marker = integrity.mark_open(path)
        if store.quarantined is None:
            store._back_up_if_due()
        return store

    @classmethod
    def open_read_only(cls, path: Path, *, clock: Clock = utc_now) -> Store:
        """The database at ``path`` opened ``mode=ro`` for a process that only looks (the phones'
        web view): nothing is created, checked whole, migrated, backed up or moved, and every write
        raises :class:`StorageUnavailableError`. The same error when the file cannot be read or is
        not at this app's schema version (the app migrates it when it opens it)."""
        try:
            connection = sqlite3.connect(
                f"{path.absolute().as_uri()}?mode=ro",
                uri=True,
                isolation_level=None,
                timeout=BUSY_TIMEOUT,
                factory=_Connection,
            )
        except sqlite3.Error as error:
            raise _unavailable(
                path, storage_env.sqlite_cause(error, path) or storage_env.OTHER, error
            ) from error
        connection.path = path
        try:
            version = connection.execute("PRAGMA user_version").fetchone()[0]
            if version != SCHEMA_VERSION:
                detail = f"schema version {version}, not {SCHEMA_VERSION}"
                raise StorageUnavailableError(path, storage_env.OTHER, detail)
            connection.execute("PRAGMA query_only = 1")
        except sqlite3.DatabaseError as error:
            connection.close()
            raise _unavailable(path, storage_env.OTHER, error) from error
        except BaseException:
            connection.close()
            raise
        return cls(connection, path, clock, None, None)

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
        cannot write (the app's start: :mod:`companion.integrity`); its thread, if started."""
        if self._checked_whole or self._marker is None:
            return None
        self._checked_whole = True
        return integrity.check_in_background(self.path)

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    # --- games and their logs ---------------------------------------------------------------

    def create_game(self, game: str, options: dict[str, Any]) -> str:
        """Store a new, empty game and return its id."""
        game_id = uuid.uuid4().hex
        now = self._now()
        text = _dumps(options)
        digest = game_digest(game_id.encode(), game.encode(), text.encode(), now.encode())
        with _transaction(self._conn):
            self._conn.execute(
                "INSERT INTO games (id, game, options, created_at, updated_at, digest, last_digest) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (game_id, game, text, now, now, digest, digest),
            )
            link_seats(self._conn, game_id, options, now)
            _place_game(self._conn, game_id)
        return game_id

    def append(
        self,
        game_id: str,
        seq: int,
        kind: str,
        payload: dict[str, Any],
        *,
        status: str | None = None,
        result: Callable[[str], Any] | None = None,
    ) -> LogEntry:
        """Durably add log entry ``seq`` (and set the game's ``status`` if given) in one commit.

        ``result``: the game's result after this entry (JSON), given the entry's time; kept in the
        same commit for the history (:meth:`cached_results`). One that cannot be computed is left
        out (logged): the history replays that game instead.

        The entry's digest chains it to the one before, and the game's row records it as the last
        (:mod:`companion.chain`). :class:`DuplicateEntryError` if ``seq`` is taken: the caller's
        view of the game is stale.
        """
        if status is not None and status not in STATUSES:
            raise ValueError(f"unknown game status {status!r}")
        now = self._now()
        text = _dumps(payload)
        kept = None if result is None else _result_text(game_id, result, now)
        try:
            with _transaction(self._conn):  # one commit: one fsync of the WAL
                tail = self._conn.execute(
                    "SELECT last_seq, last_digest FROM games WHERE id = ?", (game_id,)
                ).fetchone()
                if tail is None:
                    raise UnknownGameError(f"no game with id {game_id!r}")
                if tail[0] >= seq:
                    raise _duplicate(game_id, seq)
                if tail[0] != seq - 1:
                    raise StoreError(
                        f"log entry {seq} of game {game_id} refused: the log ends at {tail[0]}"
                    )
                digest = entry_digest(tail[1], seq, kind.encode(), text.encode(), now.encode())
                self._conn.execute(_INSERT_ENTRY, (game_id, seq, kind, text, now, digest))
                if status is None:
                    self._conn.execute(
                        "UPDATE games SET last_seq = ?, last_digest = ? WHERE id = ?",
                        (seq, digest, game_id),
                    )
                else:
                    self._conn.execute(
                        "UPDATE games SET last_seq = ?, last_digest = ?, status = ?, "
                        "updated_at = ? WHERE id = ?",
                        (seq, digest, status, now, game_id),
                    )
                if kept is not None:
                    self._keep_result(game_id, seq, digest, kept)
        except sqlite3.IntegrityError as error:
            raise _integrity_error(error, game_id, seq) from None
        if status == "finished":  # a game's end: back up, off the hot path
            self._backups.append(backup.make_in_background(self.path, self._clock()))
        return LogEntry(seq, kind, payload, now)

    def load(self, game_id: str) -> StoredGame:
        """The game and its log, checked against the hash chain (:mod:`companion.chain`).

        Entries are returned up to the first that is altered, unreadable or out of the chain, and
        ``damage`` says where and why; a log missing its last entries is damaged at the first
        missing one. :class:`DamagedGameError` if the game's own row is damaged.

        The row and the log are read in one snapshot (:func:`_snapshot`): another process's
        append, committed between the two reads, would otherwise look like a damaged log.
        """
        with _snapshot(self._conn):
            return self._load(game_id)

    def _load(self, game_id: str) -> StoredGame:
        row = None
        if _is_text(game_id):
            try:
                row = self._conn.execute(
                    "SELECT CAST(game AS BLOB), CAST(options AS BLOB), CAST(status AS BLOB), "
                    "CAST(created_at AS BLOB), digest, last_seq, last_digest "
                    "FROM games WHERE id = ?",
                    (game_id,),
                ).fetchone()
            except sqlite3.DatabaseError as error:
                if error.sqlite_errorname not in _CORRUPTION:
                    raise
                _log.error("game %s: its record cannot be read: %s", game_id, error)
                self._doubt(f"the record of game {game_id} cannot be read")
                raise DamagedGameError(f"the record of game {game_id} cannot be read") from None
        if row is None:
            self._check_not_hidden(game_id)
            raise UnknownGameError(f"no game with id {game_id!r}")
        game, options, status, created_at, seed, last_seq, last_digest = row
        try:
            kind, parsed = _game_record(game_id, game, options, created_at, seed)
        except DamagedGameError:
            self._doubt(f"the record of game {game_id} is damaged")
            raise
        entries, damage = self._read_log(game_id, seed, (last_seq, last_digest))
        if damage is not None:
            _log.error(
                "game %s: log damaged at entry %d: %s", game_id, damage.at_seq, damage.reason
            )
            self._doubt(f"game {game_id}: {damage.reason}")
        return StoredGame(game_id, kind, parsed, _listed(status), entries, damage)

    def _doubt(self, reason: str) -> None:
        """Damage a read found: check the whole file now (once per open), and if SQLite finds it
        damaged have the next open move it aside and restore a backup (:mod:`companion.integrity`).
        Damage within sound pages (an altered entry) is the chain's to report, not a restore's."""
        if self._checked_whole:
            return
        self._checked_whole = True
        try:
            found = integrity.problems(self._conn)
        except sqlite3.DatabaseError as error:
            if error.sqlite_errorname not in _CORRUPTION:
                raise
            found = [str(error)]
        if found:
            integrity.mark_suspect(self.path, f"{reason}; " + " ".join(" ".join(found[:3]).split()))

    def _check_not_hidden(self, game_id: str) -> None:
        """:class:`DamagedGameError` if a game not found through the index is in the table: its
        id (as listed) or the index is damaged."""
        key = game_id.encode("utf-8", "surrogateescape")
        hidden = self._conn.execute(
            "SELECT 1 FROM games NOT INDEXED WHERE CAST(id AS BLOB) = ?", (key,)
        ).fetchone()
        if hidden is not None:
            _log.error("game %r is in the database but its index does not find it", game_id)
            self._doubt(f"the index does not find game {game_id!r}")
            raise DamagedGameError(f"the record of game {game_id!r} is damaged")

    def _read_log(
        self, game_id: str, seed: bytes, tail: tuple[object, object]
    ) -> tuple[list[LogEntry], LogDamage | None]:
        """The log's sound entries, and where the damage is if there is any."""
        entries: list[LogEntry] = []
        previous, seq = seed, 0
        try:
            for row in self._conn.execute(_READ_LOG, (game_id,)):
                seq += 1
                entry, previous, problem = _verified(row, seq, previous)
                if entry is None:
                    return entries, LogDamage(seq, problem)
                entries.append(entry)
        except sqlite3.DatabaseError as error:
            if error.sqlite_errorname not in _CORRUPTION:
                raise
            return entries, LogDamage(seq + 1, f"the database could not read it back: {error}")
        if tail == (seq, previous):
            return entries, None
        last_seq = tail[0]
        if not isinstance(last_seq, int) or last_seq == seq:
            at, reason = seq, "the game's record of its last entry does not match the log"
        elif last_seq > seq:
            at, reason = seq + 1, f"entries {seq + 1} to {last_seq} are missing"
        else:
            at, reason = last_seq + 1, f"the game's record ends at entry {last_seq}"
        return entries[: max(at - 1, 0)], LogDamage(max(at, 1), reason)

    def list_games(self) -> list[GameSummary]:
        """Every game, the most recently changed (status or log) first."""
        rows = self._conn.execute(
            "SELECT CAST(id AS BLOB), CAST(game AS BLOB), CAST(status AS BLOB), "
            "CAST(created_at AS BLOB), CAST(max(updated_at, coalesce("
            "  (SELECT created_at FROM log WHERE game_id = games.id ORDER BY seq DESC LIMIT 1), ''"
            ")) AS BLOB) AS changed_at, "
            "(SELECT coalesce(max(seq), 0) FROM log WHERE game_id = games.id) "
            "FROM games ORDER BY changed_at DESC, created_at DESC"
        )
        # Damaged text is listed as it is (undecodable bytes escaped): loading the game reports it.
        return [
            GameSummary(
                _listed(row[0]),
                _listed(row[1]),
                _listed(row[2]),
                _listed(row[3]),
                _listed(row[4]),
                row[5],
            )
            for row in rows
        ]

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

    def setting_keys(self) -> list[tuple[str, str]]:
        """Every stored setting's (game, key)."""
        rows = self._conn.execute("SELECT game, key FROM settings ORDER BY game, key")
        return [(str(game), str(key)) for game, key in rows]

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

    def enrol_tags(self, tags: Mapping[str, str]) -> None:
        """Store every ``tag -> card`` of ``tags`` in one transaction: all of them or none."""
        now = self._now()
        with _transaction(self._conn):
            self._conn.executemany(
                "INSERT INTO tags (tag, card, enrolled_at) VALUES (?, ?, ?) "
                "ON CONFLICT (tag) DO UPDATE SET card = excluded.card, "
                "enrolled_at = excluded.enrolled_at",
                [(tag, card, now) for tag, card in tags.items()],
            )

    def forget_tag(self, tag: str) -> bool:
        """Remove ``tag``'s enrolment; False if it was not enrolled."""
        return self._conn.execute("DELETE FROM tags WHERE tag = ?", (tag,)).rowcount > 0

    def card_for_tag(self, tag: str) -> str | None:
        row = self._conn.execute("SELECT card FROM tags WHERE tag = ?", (tag,)).fetchone()
        return None if row is None else row[0]

    def enrolled_tags(self) -> dict[str, str]:
        """Every enrolled tag -> its card."""
        return dict(self._conn.execute("SELECT tag, card FROM tags ORDER BY tag"))

    # --- players as records (issue 18; see companion.players) --------------------------------

    def connection_for_backup(self) -> sqlite3.Connection:
        """The open connection, to copy the database from (:func:`companion.backup.write_verified`)."""
        return self._conn

    def game_info(self, game_id: str) -> tuple[dict[str, Any], str]:
        """A game's options and creation time (unchecked: :meth:`load` checks them)."""
        row = self._conn.execute(
            "SELECT options, created_at FROM games WHERE id = ?", (game_id,)
        ).fetchone()
        if row is None:
            raise UnknownGameError(f"no game with id {game_id!r}")
        return _loads(row[0], f"the options of game {game_id}"), row[1]

    def players(self) -> list[PlayerRecord]:
        """Every player record, the most recently played first (then by name)."""
        return [
            PlayerRecord(*row)
            for row in self._conn.execute(
                f"{_PLAYER_ROWS} ORDER BY last_played_at DESC, name COLLATE NOCASE"
            )
        ]

    def recent_players(self, limit: int = 12) -> list[PlayerRecord]:
        """The players a new game offers first: the most recently played, at most ``limit``."""
        return self.players()[:limit]

    def player_named(self, name: str) -> PlayerRecord | None:
        """The record named ``name`` (without regard to ASCII case), if there is one."""
        row = self._conn.execute(f"{_PLAYER_ROWS} WHERE name = ?", (name,)).fetchone()
        return None if row is None else PlayerRecord(*row)

    def seats_of(self, game_id: str) -> dict[int, PlayerRecord]:
        """Seat -> the player record sitting there, for one game."""
        rows = self._conn.execute(
            "SELECT seats.seat, players.id, players.name, players.colour, "
            "players.created_at, players.last_played_at, "
            "(SELECT count(*) FROM seats AS s WHERE s.player_id = players.id), players.uid "
            "FROM seats JOIN players ON players.id = seats.player_id "
            "WHERE seats.game_id = ? ORDER BY seats.seat",
            (game_id,),
        )
        return {row[0]: PlayerRecord(*row[1:]) for row in rows}

    def all_seats(self) -> dict[str, dict[int, PlayerRecord]]:
        """Game id -> its seats as :meth:`seats_of` gives them, for every game in one read."""
        counts = dict(
            self._conn.execute("SELECT player_id, count(*) FROM seats GROUP BY player_id")
        )
        records = {
            player_id: PlayerRecord(
                player_id, name, colour, created, last, counts.get(player_id, 0), uid
            )
            for player_id, name, colour, created, last, uid in self._conn.execute(
                "SELECT id, name, colour, created_at, last_played_at, uid FROM players"
            )
        }
        seats: dict[str, dict[int, PlayerRecord]] = {}
        for game_id, seat, player_id in self._conn.execute(
            "SELECT game_id, seat, player_id FROM seats ORDER BY game_id, seat"
        ):
            if player_id in records:
                seats.setdefault(game_id, {})[seat] = records[player_id]
        return seats

    def all_game_infos(self) -> dict[str, tuple[str, str]]:
        """Game id -> its options (JSON text, unchecked) and creation time, for every game."""
        return {
            row[0]: (row[1], row[2])
            for row in self._conn.execute("SELECT id, options, created_at FROM games")
        }

    def all_locations(self) -> dict[str, str]:
        """Game id -> where it was played (:meth:`location_of`), for the games that record it."""
        return {
            row[0]: str(row[1])
            for row in self._conn.execute("SELECT game_id, location FROM places")
        }

    def games_of(self, player_id: int) -> set[str]:
        """The ids of every game player ``player_id`` sat in."""
        return {
            row[0]
            for row in self._conn.execute(
                "SELECT game_id FROM seats WHERE player_id = ?", (player_id,)
            )
        }

    def rename_player(self, player_id: int, name: str) -> None:
        """Give a record a new name (unique without regard to ASCII case)."""
        self._conn.execute("UPDATE players SET name = ? WHERE id = ?", (name, player_id))

    def merge_players(self, source: int, target: int) -> int:
        """Move every seat of record ``source`` to ``target`` and delete ``source``, in one
        transaction; the number of seats moved."""
        with _transaction(self._conn):
            moved = self._conn.execute(
                "UPDATE seats SET player_id = ? WHERE player_id = ?", (target, source)
            ).rowcount
            self._conn.execute(
                "UPDATE players SET last_played_at = max(last_played_at, "
                "(SELECT last_played_at FROM players WHERE id = ?)) WHERE id = ?",
                (source, target),
            )
            self._conn.execute("DELETE FROM players WHERE id = ?", (source,))
        return moved

    def replace_log(self, game_id: str, rows: list[tuple[int, bytes, bytes, bytes, bytes]]) -> None:
        """Put ``rows`` (seq, kind, payload, created_at, digest: a chain verified by the caller,
        :mod:`companion.game_repair`) in place of game ``game_id``'s log, in one transaction; its
        cached result goes with the old log."""
        last_seq, last_digest = (rows[-1][0], rows[-1][4]) if rows else (0, None)
        with _transaction(self._conn):
            self._conn.execute("DELETE FROM log WHERE game_id = ?", (game_id,))
            self._conn.executemany(
                _INSERT_ENTRY,
                [
                    (game_id, seq, kind.decode(), payload.decode(), created.decode(), digest)
                    for seq, kind, payload, created, digest in rows
                ],
            )
            self._conn.execute(
                "UPDATE games SET last_seq = ?, last_digest = coalesce(?, digest) WHERE id = ?",
                (last_seq, last_digest, game_id),
            )
            self._conn.execute("DELETE FROM results WHERE game_id = ?", (game_id,))

    def set_status(self, game_id: str, status: str) -> None:
        """Set game ``game_id``'s status (after a repair changed where its log ends)."""
        if status not in STATUSES:
            raise ValueError(f"unknown game status {status!r}")
        self._conn.execute(
            "UPDATE games SET status = ?, updated_at = ? WHERE id = ?",
            (status, self._now(), game_id),
        )

    def changes(self) -> tuple[int, int]:
        """A token that differs once anything was committed to the database since it was taken,
        by this connection (rows it changed) or by another one (``PRAGMA data_version``)."""
        version = self._conn.execute("PRAGMA data_version").fetchone()[0]
        return self._conn.total_changes, int(version)

    def location_of(self, game_id: str) -> str:
        """Where game ``game_id`` was played, as the location setting said when it was created."""
        row = self._conn.execute(
            "SELECT location FROM places WHERE game_id = ?", (game_id,)
        ).fetchone()
        return "" if row is None else str(row[0])

    def cached_results(self) -> dict[str, Any]:
        """Game id -> the result kept by :meth:`append` or :meth:`cache_result`, for the games
        whose log has not changed since: its row's digest is of the game's last digest and the
        result's text (:func:`_result_digest`), so a stale, damaged or altered one is left out
        (logged) and the history computes it again."""
        cached: dict[str, Any] = {}
        for game_id, head, digest, text in self._conn.execute(
            "SELECT results.game_id, games.last_digest, results.last_digest, "
            "CAST(results.result AS BLOB) FROM results JOIN games "
            "ON games.id = results.game_id AND games.last_seq = results.last_seq"
        ):
            if not (
                isinstance(text, bytes)
                and isinstance(head, bytes)
                and _result_digest(head, text) == digest
            ):
                _log.warning("the kept result of game %s does not match its log", game_id)
                continue
            try:
                cached[game_id] = _loads(_decoded(text, "it"), f"the result of game {game_id}")
            except StoreError as error:
                _log.warning("%s; it is computed again", error)
        return cached

    def forget_result(self, game_id: str) -> None:
        """Drop game ``game_id``'s cached result (its log was found damaged: the result must be
        what the log still proves). A store that cannot be written keeps it (logged)."""
        try:
            self._conn.execute("DELETE FROM results WHERE game_id = ?", (game_id,))
        except (StorageUnavailableError, sqlite3.OperationalError) as error:  # read-only
            _log.info("cached result of game %s not dropped: %s", game_id, error)

    def cache_result(self, game_id: str, seq: int, result: Any) -> None:
        """Keep ``result`` (JSON) of game ``game_id`` as replayed up to entry ``seq``, if that is
        still its last entry. A store that cannot be written keeps nothing (logged)."""
        try:
            with _transaction(self._conn):
                head = self._conn.execute(
                    "SELECT last_digest FROM games WHERE id = ? AND last_seq = ?", (game_id, seq)
                ).fetchone()
                if head is not None and isinstance(head[0], bytes):
                    self._keep_result(game_id, seq, head[0], _dumps(result))
        except StorageUnavailableError as error:
            _log.info("result of game %s not cached: %s", game_id, error)

    def _keep_result(self, game_id: str, seq: int, head: bytes, text: str) -> None:
        self._conn.execute(
            "INSERT OR REPLACE INTO results (game_id, last_seq, last_digest, result) "
            "VALUES (?, ?, ?, ?)",
            (game_id, seq, _result_digest(head, text.encode()), text),
        )

    @property
    def read_only(self) -> bool:
        """Opened only to look (the phones' web view, a read-only mount): nothing may be written."""
        return bool(self._conn.execute("PRAGMA query_only").fetchone()[0])

    def keep_refusal(self, game_id: str, seq: int, code: str, verdict: str, lang: str) -> None:
        """Keep ``verdict`` (JSON) as game ``game_id``'s last refusal, answered at entry ``seq`` in
        the language ``lang``, in place of the one before: beside the game, never in its log.

        Written without waiting for the disk (``synchronous=NORMAL``, safe in WAL mode): a power cut
        may lose what the table was last told, never a log entry, and a refused tap costs no fsync.
        """
        self._conn.execute("PRAGMA synchronous=NORMAL")
        try:
            self._conn.execute(
                "INSERT OR REPLACE INTO refusals (game_id, seq, code, verdict, lang, at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (game_id, seq, code, verdict, lang, self._now()),
            )
        finally:
            self._conn.execute("PRAGMA synchronous=FULL")

    def last_refusal(self, game_id: str) -> tuple[int, str, str, str, str] | None:
        """Game ``game_id``'s last refusal kept: (seq, code, verdict JSON, language, time)."""
        row = self._conn.execute(
            "SELECT seq, code, verdict, lang, at FROM refusals WHERE game_id = ?", (game_id,)
        ).fetchone()
        return None if row is None else (int(row[0]), str(row[1]), str(row[2]), str(row[3]),
                                         str(row[4]))  # fmt: skip

    def merge_from(
        self, other: Path, settings: Iterable[tuple[str, str]] = (), tags: Iterable[str] = ()
    ) -> tuple[list[str], list[tuple[str, str]], list[str]]:
        """Copy into this database every game of the database at ``other`` (current schema,
        checked by the caller) whose id is not here yet, with its log (digests as they are) and
        its seats linked to player records (:func:`seat_known_player`), and the ``settings`` (game,
        key) and enrolled ``tags`` of ``other`` that are not set here (the table's own win); one
        transaction. The game ids, the settings and the tags copied."""
        self._conn.execute("ATTACH DATABASE ? AS other", (str(other),))
        copied: list[tuple[str, str]] = []
        enrolled: list[str] = []
        try:
            with _transaction(self._conn):
                for tag in tags:
                    if self._conn.execute(
                        "INSERT OR IGNORE INTO main.tags SELECT * FROM other.tags WHERE tag = ?",
                        (tag,),
                    ).rowcount:
                        enrolled.append(tag)
                for game, key in settings:
                    if self._conn.execute(
                        "INSERT OR IGNORE INTO main.settings SELECT * FROM other.settings "
                        "WHERE game = ? AND key = ?",
                        (game, key),
                    ).rowcount:
                        copied.append((game, key))
                new = [
                    row[0]
                    for row in self._conn.execute(
                        "SELECT id FROM other.games WHERE id NOT IN (SELECT id FROM main.games) "
                        "ORDER BY created_at, id"
                    )
                ]
                for game_id in new:
                    self._conn.execute(
                        "INSERT INTO main.games SELECT * FROM other.games WHERE id = ?", (game_id,)
                    )
                    self._conn.execute(
                        "INSERT INTO main.log SELECT * FROM other.log WHERE game_id = ?", (game_id,)
                    )
                    self._conn.execute(
                        "INSERT INTO main.places SELECT * FROM other.places WHERE game_id = ?",
                        (game_id,),
                    )
                    seated = self._conn.execute(
                        "SELECT s.seat, p.name, p.colour, p.last_played_at, p.uid "
                        "FROM other.seats AS s JOIN other.players AS p ON p.id = s.player_id "
                        "WHERE s.game_id = ? ORDER BY s.seat",
                        (game_id,),
                    ).fetchall()
                    for seat, name, colour, when, uid in seated:
                        seat_known_player(self._conn, game_id, seat, (name, colour, when, uid))
        finally:
            self._conn.execute("DETACH DATABASE other")
        return new, copied, enrolled

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

    def _back_up_if_due(self) -> None:
        """The daily backup, made at open when the newest is a day old (and there are games)."""
        if not self._conn.execute("SELECT EXISTS (SELECT 1 FROM games)").fetchone()[0]:
            return
        now = self._clock()
        if backup.due(self.path, now):
            self._backups.append(backup.make_in_background(self.path, now))

    def _now(self) -> str:
        return self._clock().astimezone(UTC).isoformat(timespec="microseconds")


_CORRUPTION = integrity.CORRUPTION


def _game_record(
    game_id: str, game: Any, options: Any, created_at: Any, seed: Any
) -> tuple[str, Any]:
    """A game's kind and options from its row, checked against the row's digest."""
    what = f"the record of game {game_id} (its kind and options)"
    fields = (game, options, created_at, seed)
    if not all(isinstance(field, bytes) for field in fields) or (
        game_digest(game_id.encode(), game, options, created_at) != seed
    ):
        _log.error("game %s: its own record (kind, options) is damaged", game_id)
        raise DamagedGameError(f"{what} is damaged")
    try:
        return _decoded(game, what), _loads(_decoded(options, what), what)
    except StoreError as error:
        _log.error("game %s: %s", game_id, error)
        raise DamagedGameError(str(error)) from None


def _verified(
    row: tuple[Any, ...], seq: int, previous: bytes
) -> tuple[LogEntry | None, bytes, str]:
    """Entry ``seq`` from its stored ``row`` if it continues the chain after ``previous``.

    Returns (the entry, its digest, "") or (None, ``previous``, what is wrong with it).
    """
    stored_seq, kind, payload, created_at, digest = row
    if stored_seq != seq:
        return None, previous, f"entry {seq} is missing (the next stored entry is {stored_seq!r})"
    if not all(isinstance(field, bytes) for field in (kind, payload, created_at, digest)):
        return None, previous, "its stored fields have the wrong types"
    if entry_digest(previous, seq, kind, payload, created_at) != digest:
        return None, previous, "it was altered (its digest does not match)"
    try:
        text = _decoded(payload, f"log entry {seq}")
        entry = LogEntry(
            seq,
            _decoded(kind, "its kind"),
            _loads(text, f"log entry {seq}"),
            _decoded(created_at, "its time"),
        )
    except StoreError as error:
        return None, previous, str(error)
    return entry, digest, ""


def _result_text(game_id: str, result: Callable[[str], Any], now: str) -> str | None:
    """``result(now)`` as JSON text, or None (logged) if it cannot be computed."""
    try:
        return _dumps(result(now))
    except Exception:  # the rules' sheet of a legal state: a failure costs only a later replay
        _log.exception("game %s: its result is not kept (the history computes it)", game_id)
        return None


def _result_digest(head: bytes, text: bytes) -> bytes:
    """What a kept result's row holds as ``last_digest``: a digest of the game's last digest (the
    chain's head when the result was computed) and the result's text."""
    return hashlib.sha256(b"table-companion result\0" + head + text).digest()


def _listed(data: Any) -> str:
    """A listed field as text; bytes that are not UTF-8 escaped (as ``surrogateescape`` does)."""
    return data.decode("utf-8", "surrogateescape") if isinstance(data, bytes) else str(data)


def _is_text(game_id: str) -> bool:
    """Whether ``game_id`` can be stored as SQLite text (a listed damaged id may not be)."""
    try:
        game_id.encode()
    except UnicodeEncodeError:
        return False
    return True


def _decoded(data: bytes, what: str) -> str:
    """Text read back as bytes (so that damaged UTF-8 is a StoreError, not a crash)."""
    try:
        return data.decode()
    except UnicodeDecodeError as error:
        raise StoreError(f"{what} is not valid UTF-8: {error}") from None


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


@contextmanager
def _snapshot(connection: sqlite3.Connection) -> Iterator[None]:
    """``BEGIN`` ... ``COMMIT``: every read inside sees the database as one moment left it (in WAL
    mode the first read fixes the snapshot). Inside a transaction already, that one is the snapshot.
    """
    if connection.in_transaction:
        yield
        return
    connection.execute("BEGIN")
    try:
        yield
    finally:
        if connection.in_transaction:
            connection.execute("COMMIT")


def _duplicate(game_id: str, seq: int) -> DuplicateEntryError:
    return DuplicateEntryError(
        f"game {game_id} already has log entry {seq}: another writer got there first"
    )


def _integrity_error(error: sqlite3.IntegrityError, game_id: str, seq: int) -> StoreError:
    name = error.sqlite_errorname
    if name == "SQLITE_CONSTRAINT_PRIMARYKEY":
        return _duplicate(game_id, seq)
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


def _open_checked(path: Path, *, whole: bool) -> sqlite3.Connection:
    """A connection to a sound, current database at ``path``; :class:`_Damaged` if it is not.
    ``whole``: run SQLite's full integrity check too (else the header and schema only)."""
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
        version = _check(connection, path, whole=whole)
        _configure(connection, path)
        _migrate(connection, version)
    except BaseException:
        connection.close()
        raise
    return connection


def _open_for_reading(
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
            factory=_Connection,
        )
    except sqlite3.Error:
        raise refusal from None
    connection.path = path
    try:
        if _check(connection, path, whole=whole) != SCHEMA_VERSION:
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


def _check(connection: sqlite3.Connection, path: Path, *, whole: bool) -> int:
    """The file's schema version, after checking that it is a database we can use: its header and
    schema always; ``whole``: every page too (SQLite's full check: not quick_check, which costs
    about the same for this schema and misses damaged keys and indexes).

    A file from a newer app is refused (:class:`NewerSchemaError`), never quarantined.
    """
    try:
        problems = integrity.problems(connection) if whole else []
        version = connection.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise NewerSchemaError(
                f"{path} has schema version {version}, but this Table Companion "
                f"only knows up to {SCHEMA_VERSION}; update the app to open it"
            )
        schema = _schema(connection)
    except sqlite3.DatabaseError as error:
        raise _Damaged(str(error)) from None
    except UnicodeDecodeError:  # SQLite's error quotes damaged schema text that is not UTF-8
        raise _Damaged("its schema is malformed (damaged text)") from None
    if problems:
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
            _run(connection, MIGRATIONS[number - 1])
            connection.execute(f"PRAGMA user_version = {number}")


def _run(connection: sqlite3.Connection, migration: tuple[MigrationStep, ...]) -> None:
    for step in migration:
        if isinstance(step, str):
            connection.execute(step)
        else:
            step(connection)


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
            _run(connection, migration)
        return _schema(connection)
    finally:
        connection.close()


_NOT_OURS = "not a Table Companion database (another program's, taken over)"
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


def _foreign_owner(path: Path) -> str | None:
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


def _damage_notice(
    path: Path, damage: _Damaged, moved: Path, restored: backup.Restored | None
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
