"""The hash chain over each game's log: altered, reordered or missing entries are found on resume.

A game's row carries a digest of what never changes about it (id, game, options, creation time);
each log entry's digest covers the previous digest (the game's for entry 1) and the entry's own
stored bytes (seq, kind, payload, time). The game's row also keeps the last entry's seq and digest,
written in the same transaction as the entry, so a log that lost its tail is noticed too. Digests
are taken over the bytes as stored, so a payload that is no longer valid UTF-8 still has one.

This detects damage (a flipped bit, a damaged b-tree that hides or reorders rows); it is not a
defence against someone who rewrites the file on purpose, who can recompute every digest.
"""

from __future__ import annotations

import hashlib
import logging
import sqlite3
from collections.abc import Callable, Iterable
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import Any

logger = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class LogDamage:
    """Where a game's log stops being trustworthy: entry ``at_seq`` and after are not used."""

    at_seq: int
    reason: str

    def as_dict(self) -> dict[str, int | str]:
        return {"at_seq": self.at_seq, "reason": self.reason}


def _digest(*fields: bytes) -> bytes:
    """SHA-256 over length-prefixed fields, so that no two field lists share an encoding."""
    hasher = hashlib.sha256()
    for field in fields:
        hasher.update(len(field).to_bytes(8, "big"))
        hasher.update(field)
    return hasher.digest()


def game_digest(game_id: bytes, game: bytes, options: bytes, created_at: bytes) -> bytes:
    """The chain's start: the digest of a game's row as created."""
    return _digest(b"game", game_id, game, options, created_at)


def entry_digest(
    previous: bytes, seq: int, kind: bytes, payload: bytes, created_at: bytes
) -> bytes:
    """The digest of log entry ``seq`` after the one whose digest is ``previous``."""
    return _digest(b"entry", previous, str(seq).encode(), kind, payload, created_at)


def chain_existing_logs(connection: sqlite3.Connection) -> None:
    """Migration step: give every game and entry already stored its digests, and every game its tail.

    Damage done before this ran is chained in as if it were sound: it cannot be detected by the
    chain (a replay that fails still is).
    """
    games = connection.execute(
        "SELECT id, CAST(id AS BLOB), CAST(game AS BLOB), CAST(options AS BLOB), "
        "CAST(created_at AS BLOB) FROM games"
    ).fetchall()
    for game_id, *fields in games:
        digest = game_digest(*fields)
        connection.execute("UPDATE games SET digest = ? WHERE id = ?", (digest, game_id))
        last_seq, previous = 0, digest
        rows = connection.execute(
            "SELECT seq, CAST(kind AS BLOB), CAST(payload AS BLOB), CAST(created_at AS BLOB) "
            "FROM log WHERE game_id = ? ORDER BY seq",
            (game_id,),
        ).fetchall()
        for seq, kind, payload, created_at in rows:
            previous = entry_digest(previous, seq, kind, payload, created_at)
            connection.execute(
                "UPDATE log SET digest = ? WHERE game_id = ? AND seq = ?", (previous, game_id, seq)
            )
            last_seq = seq
        connection.execute(
            "UPDATE games SET last_seq = ?, last_digest = ? WHERE id = ?",
            (last_seq, previous, game_id),
        )
    if games:
        logger.info("hash chain computed for the logs of %d stored games", len(games))


LogRow = tuple[Any, Any, Any, Any, Any]
"""A log entry as stored: seq, kind, payload, created_at (bytes), digest."""
Entries = Callable[[str, int], Iterable[LogRow]]
"""A game's stored entries after a seq, in seq order (several for one seq when read page by page)."""


def salvage(damaged: Path, restored: Path) -> int:
    """Copy into the database at ``restored`` (a backup just put in place) every entry of the
    ``damaged`` file that continues a game's chain past the backup's last entry, and the games
    created since the backup whose record is sound; return how many entries were copied.

    An entry whose digest chains on is byte for byte the one written, so nothing doubtful is
    copied; a game's copy stops at its first entry that is missing, altered or unreadable. When
    SQLite cannot read the damaged file at all (its schema page is damaged, say), its rows are read
    page by page (:mod:`companion.storage.page_scan`) and the chain decides the same way.
    """
    try:
        source = sqlite3.connect(f"file:{damaged}?mode=ro", uri=True)
    except sqlite3.Error as error:
        logger.warning("SQLite cannot open %s (%s): reading its pages", damaged, error)
        return _salvage_scanned(damaged, restored)
    with closing(source):
        try:
            games = source.execute(
                "SELECT CAST(id AS BLOB), CAST(game AS BLOB), CAST(options AS BLOB), "
                "CAST(created_at AS BLOB), digest, CAST(status AS BLOB), last_seq FROM games"
            ).fetchall()
        except (sqlite3.Error, UnicodeDecodeError) as error:  # the latter: damaged schema text
            logger.warning("SQLite cannot read %s (%s): reading its pages", damaged, error)
            return _salvage_scanned(damaged, restored)

        def entries(game_id: str, after: int) -> Iterable[LogRow]:
            return source.execute(
                "SELECT seq, CAST(kind AS BLOB), CAST(payload AS BLOB), "
                "CAST(created_at AS BLOB), digest FROM log WHERE game_id = ? AND seq > ? "
                "ORDER BY seq",
                (game_id, after),
            )

        return _copy(damaged, restored, games, entries)


def _salvage_scanned(damaged: Path, restored: Path) -> int:
    """:func:`salvage` from the rows found on the damaged file's pages."""
    from companion.storage import page_scan  # only a damaged schema page needs it

    games: dict[bytes, tuple[Any, ...]] = {}
    log: dict[str, set[LogRow]] = {}
    for row in page_scan.rows(damaged):
        values: tuple[Any, ...] = row.values
        if row.leaf == page_scan.TABLE_LEAF and len(values) >= 9 and _is_game(values):
            game_id, game, options, created_at, _updated, status, digest, last_seq = values[:8]
            known = games.get(game_id)
            if known is None or known[-1] < last_seq:
                games[game_id] = (game_id, game, options, created_at, digest, status, last_seq)
        elif row.leaf == page_scan.INDEX_LEAF and len(values) == 6 and _is_entry(values):
            seq, kind, payload, created_at, digest = values[1:]
            game_key = values[0].decode("utf-8", "surrogateescape")
            log.setdefault(game_key, set()).add((seq, kind, payload, created_at, digest))
    logger.warning(
        "read %d game records and %d log rows from the pages of %s",
        len(games),
        sum(len(rows) for rows in log.values()),
        damaged,
    )

    def entries(game_id: str, after: int) -> Iterable[LogRow]:
        return sorted((row for row in log.get(game_id, ()) if row[0] > after), key=lambda r: r[0])

    return _copy(damaged, restored, list(games.values()), entries)


def _is_game(values: tuple[Any, ...]) -> bool:
    return all(isinstance(v, bytes) for v in values[:7]) and isinstance(values[7], int)


def _is_entry(values: tuple[Any, ...]) -> bool:
    game_id, seq, kind, payload, created_at, digest = values
    return (
        all(isinstance(v, bytes) for v in (game_id, kind, payload, created_at, digest))
        and isinstance(seq, int)
        and len(digest) == DIGEST_SIZE
    )


DIGEST_SIZE = hashlib.sha256().digest_size


def _copy(damaged: Path, restored: Path, games: list[Any], entries: Entries) -> int:
    with closing(sqlite3.connect(restored, isolation_level=None)) as target:
        try:
            target.execute("BEGIN IMMEDIATE")
            copied = sum(_salvage_game(target, row, entries) for row in games)
            target.execute("COMMIT")
        except (sqlite3.Error, UnicodeDecodeError) as error:
            if target.in_transaction:
                target.execute("ROLLBACK")
            logger.warning("nothing salvaged from %s: %s", damaged, error)
            return 0
    logger.info("%d log entries salvaged from %s", copied, damaged)
    return copied


def _salvage_game(target: sqlite3.Connection, row: tuple[Any, ...], stored: Entries) -> int:
    """Salvage one game (its ``games`` row as read from the damaged file); entries copied."""
    *record, seed, status, source_last = row
    if not all(isinstance(field, bytes) for field in (*record, seed)):
        return 0
    if game_digest(*record) != seed:
        return 0
    try:
        game_id, game, options, created_at = (field.decode() for field in record)
    except UnicodeDecodeError:
        return 0
    tail = target.execute(
        "SELECT last_seq, CAST(last_digest AS BLOB) FROM games WHERE id = ?", (game_id,)
    ).fetchone()
    if tail is None:  # a game created after the backup
        target.execute(
            "INSERT INTO games (id, game, options, created_at, updated_at, digest, last_digest) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (game_id, game, options, created_at, created_at, seed, seed),
        )
        tail = (0, seed)
    last_seq, previous = tail
    entries = []
    try:
        for seq, kind, payload, created, digest in stored(game_id, last_seq):
            if seq == last_seq:
                continue  # another copy of an entry already taken (a page read twice)
            if seq != last_seq + 1:
                break
            if entry_digest(previous, seq, kind, payload, created) != digest:
                continue  # not this copy; another of the same seq may chain on
            entries.append(
                (game_id, seq, kind.decode(), payload.decode(), created.decode(), digest)
            )
            last_seq, previous = seq, digest
    except (sqlite3.DatabaseError, UnicodeDecodeError, TypeError):
        pass  # keep what was verified before the damage
    if entries:
        target.executemany(
            "INSERT INTO log (game_id, seq, kind, payload, created_at, digest) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            entries,
        )
        whole = last_seq == source_last and status in (b"active", b"finished")
        target.execute(
            "UPDATE games SET last_seq = ?, last_digest = ?, status = coalesce(?, status) "
            "WHERE id = ?",
            (last_seq, previous, status.decode() if whole else None, game_id),
        )
    return len(entries)
