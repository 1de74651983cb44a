"""Games and their append-only logs: each append one durable transaction, each log a hash chain
(:mod:`companion.storage.chain`) checked on :meth:`LogMixin.load`."""

from __future__ import annotations

import logging
import sqlite3
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, NamedTuple

from companion.storage import backup, integrity
from companion.storage.base import (
    StoreBase,
    decoded,
    dumps,
    is_text,
    listed,
    loads,
    snapshot,
    texts_of,
    transaction,
)
from companion.storage.chain import LogDamage, entry_digest, game_digest
from companion.storage.errors import (
    DamagedGameError,
    DuplicateEntryError,
    StoreError,
    UnknownGameError,
)
from companion.storage.players import link_seats
from companion.storage.settings import place_game
from companion.storage.side_tables import keep_result, result_text
from companion.storage.standings import Standing, keep_standing

_log = logging.getLogger("companion.store")  # the store's name in the journal, as one module had it


INSERT_ENTRY = (
    "INSERT INTO log (game_id, seq, kind, payload, created_at, digest) VALUES (?, ?, ?, ?, ?, ?)"
)


READ_LOG = (
    "SELECT seq, CAST(kind AS BLOB), CAST(payload AS BLOB), CAST(created_at AS BLOB), "
    "CAST(digest AS BLOB) FROM log WHERE game_id = ? ORDER BY seq"
)


STATUSES = ("active", "finished")


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
    head: bytes | None = None
    """The chain's head after the last entry (the record's digest before the first), as checked;
    None if the log is damaged."""


@dataclass(frozen=True)
class GameSummary:
    id: str
    game: str
    status: str
    created_at: str
    updated_at: str
    """When the game last changed: its latest log entry or status change."""
    last_seq: int


class HistoryGame(NamedTuple):
    """A game as the history reads it (:meth:`LogMixin.history_games`): its id, status, creation
    time, when it last changed (as :class:`GameSummary` says them) and its options (JSON text,
    unchecked; its id, creation time and options read as :meth:`LogMixin.all_game_infos` reads
    them)."""

    id: str
    status: str
    created_at: str
    updated_at: str
    options: str


class LogMixin(StoreBase):
    """Games, their logs and their status."""

    _backups: list[threading.Thread]

    def create_game(
        self, game: str, options: dict[str, Any], *, standing: Standing | None = None
    ) -> str:
        """Store a new, empty game and return its id; ``standing``: where it stands before its
        first entry (:mod:`companion.storage.standings`), kept in the same commit."""
        import uuid  # with platform: not needed to open the store and list its games

        game_id = uuid.uuid4().hex
        now = self._now()
        text = dumps(options)
        digest = game_digest(game_id.encode(), game.encode(), text.encode(), now.encode())
        with transaction(self._conn):
            self._conn.execute(
                "INSERT INTO games (id, game, options, created_at, updated_at, digest, last_digest) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (game_id, game, text, now, now, digest, digest),
            )
            link_seats(self._conn, game_id, options, now)
            place_game(self._conn, game_id)
            if standing is not None:
                keep_standing(self._conn, game_id, 0, digest, standing)
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
        standing: Standing | None = None,
    ) -> LogEntry:
        """Durably add log entry ``seq`` (and set the game's ``status`` if given) in one commit.

        ``result``: the game's result after this entry (JSON), given the entry's time; kept in the
        same commit for the history (:meth:`cached_results`). One that cannot be computed is left
        out (logged): the history replays that game instead.

        ``standing``: where the game stands after this entry, kept in the same commit for Home
        (:mod:`companion.storage.standings`); None (a finished game) drops the one kept before.

        The entry's digest chains it to the one before, and the game's row records it as the last
        (:mod:`companion.storage.chain`). :class:`DuplicateEntryError` if ``seq`` is taken: the caller's
        view of the game is stale.
        """
        if status is not None and status not in STATUSES:
            raise ValueError(f"unknown game status {status!r}")
        now = self._now()
        text = dumps(payload)
        kept = None if result is None else result_text(game_id, result, now)
        try:
            with transaction(self._conn):  # one commit: one fsync of the WAL
                tail = self._conn.execute(
                    "SELECT last_seq, CAST(last_digest AS BLOB) FROM games WHERE id = ?", (game_id,)
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
                self._conn.execute(INSERT_ENTRY, (game_id, seq, kind, text, now, digest))
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
                    keep_result(self._conn, game_id, seq, digest, kept)
                keep_standing(self._conn, game_id, seq, digest, standing)
        except sqlite3.IntegrityError as error:
            raise _integrity_error(error, game_id, seq) from None
        if status == "finished":  # a game's end: back up, off the hot path
            self._backups.append(backup.make_in_background(self.path, self._clock()))
        return LogEntry(seq, kind, payload, now)

    def load(self, game_id: str) -> StoredGame:
        """The game and its log, checked against the hash chain (:mod:`companion.storage.chain`).

        Entries are returned up to the first that is altered, unreadable or out of the chain, and
        ``damage`` says where and why; a log missing its last entries is damaged at the first
        missing one. :class:`DamagedGameError` if the game's own row is damaged.

        The row and the log are read in one snapshot (:func:`snapshot`): another process's
        append, committed between the two reads, would otherwise look like a damaged log.
        """
        with snapshot(self._conn):
            return self._load(game_id)

    def _load(self, game_id: str) -> StoredGame:
        row = None
        if is_text(game_id):
            try:
                row = self._conn.execute(
                    "SELECT CAST(game AS BLOB), CAST(options AS BLOB), CAST(status AS BLOB), "
                    "CAST(created_at AS BLOB), CAST(digest AS BLOB), last_seq, "
                    "CAST(last_digest AS BLOB) "
                    "FROM games WHERE id = ?",
                    (game_id,),
                ).fetchone()
            except sqlite3.DatabaseError as error:
                if not integrity.is_damage(error):
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
        head = last_digest if damage is None and isinstance(last_digest, bytes) else None
        if damage is not None:
            _log.error(
                "game %s: log damaged at entry %d: %s", game_id, damage.at_seq, damage.reason
            )
            self._doubt(f"game {game_id}: {damage.reason}")
        return StoredGame(game_id, kind, parsed, listed(status), entries, damage, head)

    def _doubt(self, reason: str) -> None:
        """Damage a read found: check the whole file now (once per open), and if SQLite finds it
        damaged have the next open move it aside and restore a backup (:mod:`companion.storage.integrity`).
        Damage within sound pages (an altered entry) is the chain's to report, not a restore's."""
        if self._checked_whole:
            return
        self._checked_whole = True
        try:
            found = integrity.problems(self._conn)
        except sqlite3.DatabaseError as error:
            if not integrity.is_damage(error):
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
            for row in self._conn.execute(READ_LOG, (game_id,)):
                seq += 1
                entry, previous, problem = _verified(row, seq, previous)
                if entry is None:
                    return entries, LogDamage(seq, problem)
                entries.append(entry)
        except sqlite3.DatabaseError as error:
            if not integrity.is_damage(error):
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
        return self._summaries("")

    def latest_games(self, finished: int) -> tuple[list[GameSummary], list[GameSummary]]:
        """The games not finished, and the ``finished`` finished ones most recently changed, each
        as :meth:`list_games` lists them (Home's lists: the rest of a thousand finished games is
        not read)."""
        return (
            self._summaries("WHERE status <> 'finished'"),
            self._summaries("WHERE status = 'finished'", limit=finished),
        )

    def _summaries(self, where: str, limit: int = -1) -> list[GameSummary]:
        """The games ``where`` (a constant clause) selects, the most recently changed first, at
        most ``limit`` of them (-1: all)."""
        rows = self._conn.execute(
            "SELECT CAST(id AS BLOB), CAST(game AS BLOB), CAST(status AS BLOB), "
            "CAST(created_at AS BLOB), CAST(max(updated_at, coalesce("
            "  (SELECT created_at FROM log WHERE game_id = games.id ORDER BY seq DESC LIMIT 1), ''"
            ")) AS BLOB) AS changed_at, "
            "(SELECT coalesce(max(seq), 0) FROM log WHERE game_id = games.id) "
            f"FROM games {where} ORDER BY changed_at DESC, created_at DESC LIMIT ?",
            (limit,),
        )
        return _summaries(rows)

    def history_games(self) -> list[HistoryGame]:
        """Every game (in no order), with no read of a finished game's log: what the history
        reads of each (:mod:`companion.after.history`), in one read. A finished game's
        ``updated_at`` is its record's (the history reads it only of a game not finished, to tell
        when it becomes abandoned); the others' is as :meth:`list_games` gives it."""
        return [
            HistoryGame(record[0], listed(status), record[1], listed(changed_at), record[2])
            for game_id, status, created_at, changed_at, options in self._conn.execute(
                "SELECT CAST(id AS BLOB), CAST(status AS BLOB), CAST(created_at AS BLOB), "
                "CAST(CASE WHEN status = 'finished' THEN updated_at ELSE max(updated_at, coalesce("
                "  (SELECT created_at FROM log WHERE game_id = games.id ORDER BY seq DESC LIMIT 1),"
                " '')) END AS BLOB), CAST(options AS BLOB) FROM games"
            )
            if (record := _game_texts(game_id, created_at, options)) is not None
        ]

    def last_logged(self, game_id: str) -> int:
        """The sequence number of game ``game_id``'s last log entry (0 for none), as its log holds
        it (:meth:`list_games`' ``last_seq``; the game's record may say otherwise if damaged)."""
        row = self._conn.execute(
            "SELECT coalesce(max(seq), 0) FROM log WHERE game_id = ?", (game_id,)
        ).fetchone()
        return int(row[0])

    def game_info(self, game_id: str) -> tuple[dict[str, Any], str]:
        """A game's options and creation time (unchecked: :meth:`load` checks them)."""
        row = None
        if is_text(game_id):  # a listed damaged id (undecodable bytes escaped) names no row
            row = self._conn.execute(
                "SELECT CAST(options AS BLOB), CAST(created_at AS BLOB) FROM games WHERE id = ?",
                (game_id,),
            ).fetchone()
        if row is None:
            raise UnknownGameError(f"no game with id {game_id!r}")
        if not all(isinstance(text, bytes) for text in row):
            raise DamagedGameError(f"the record of game {game_id} is damaged")
        options = decoded(row[0], f"the options of game {game_id}")
        created_at = decoded(row[1], f"the creation time of game {game_id}")
        return loads(options, f"the options of game {game_id}"), created_at

    def all_game_infos(self) -> dict[str, tuple[str, str]]:
        """Game id -> its options (JSON text, unchecked) and creation time, for every game whose
        record is text (one that is not is left out, logged: loading it reports the damage)."""
        return {
            record[0]: (record[2], record[1])
            for row in self._conn.execute(
                "SELECT CAST(id AS BLOB), CAST(created_at AS BLOB), CAST(options AS BLOB) FROM games"
            )
            if (record := _game_texts(*row)) is not None
        }

    def replace_log(self, game_id: str, rows: list[tuple[int, bytes, bytes, bytes, bytes]]) -> None:
        """Put ``rows`` (seq, kind, payload, created_at, digest: a chain verified by the caller,
        :mod:`companion.storage.game_repair`) in place of game ``game_id``'s log, in one transaction; its
        cached result and standing go with the old log."""
        last_seq, last_digest = (rows[-1][0], rows[-1][4]) if rows else (0, None)
        with transaction(self._conn):
            self._conn.execute("DELETE FROM log WHERE game_id = ?", (game_id,))
            self._conn.executemany(
                INSERT_ENTRY,
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
            self._conn.execute("DELETE FROM standings WHERE game_id = ?", (game_id,))

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
        return decoded(game, what), loads(decoded(options, what), what)
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
        text = decoded(payload, f"log entry {seq}")
        entry = LogEntry(
            seq,
            decoded(kind, "its kind"),
            loads(text, f"log entry {seq}"),
            decoded(created_at, "its time"),
        )
    except StoreError as error:
        return None, previous, str(error)
    return entry, digest, ""


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


def _game_texts(game_id: Any, created_at: Any, options: Any) -> tuple[str, ...] | None:
    """A game's id, creation time and options as read (bytes) decoded; None (logged) if one is
    not UTF-8 text: what lists the game's play leaves it out, and loading it reports the damage."""
    texts = texts_of(game_id, created_at, options)
    if texts is None:
        _log.error("the record of game %r is damaged (not UTF-8 text)", listed(game_id))
    return texts


def _summaries(rows: Iterable[Any]) -> list[GameSummary]:
    """The games' rows as read (id, game, status, created, changed: their text as bytes, then the
    last sequence number) as summaries: damaged text listed as it is (undecodable bytes escaped),
    loading the game reports it."""
    return [
        GameSummary(
            listed(row[0]), listed(row[1]), listed(row[2]), listed(row[3]), listed(row[4]), row[5]
        )
        for row in rows
    ]
