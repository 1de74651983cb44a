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
from dataclasses import dataclass

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
