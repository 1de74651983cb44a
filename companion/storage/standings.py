"""Beside the log, never in it: where each unfinished game stands (its round, the seat to move and
that seat's name), as data, written in the same commit as the log entry it is of and bound to the
chain's head after that entry. Home reads the standings of the games it lists in one read and words
them itself: no game's rules are loaded and no log replayed before the app's first frame. A
standing whose head is no longer its game's (a later entry, a repaired log, a row altered) is not
read back, nor one of a game written by a version that kept none: Home then works it out from the
log (:mod:`companion.play.standing`)."""

from __future__ import annotations

import hashlib
import logging
import sqlite3
from collections.abc import Iterable
from typing import Any, NamedTuple

from companion.storage.base import StoreBase, is_text
from companion.storage.errors import StorageUnavailableError

_log = logging.getLogger("companion.store")  # the store's name in the journal, as one module had it


class Standing(NamedTuple):
    """Where a game stands: its round (None: the game has none yet, or no rounds), the seat to move
    (0-based; None: no one player is to move) and that seat's player's name ('' if none)."""

    round: int | None
    seat: int | None
    name: str


def _field(value: int | None) -> bytes:
    return b"-" if value is None else str(value).encode()


def standing_digest(head: bytes, seq: int, standing: Standing) -> bytes:
    """What a standing's row holds as ``digest``: of the game's chain head after entry ``seq`` (its
    record's digest for ``seq`` 0) and the standing's fields."""
    fields = (str(seq).encode(), _field(standing.round), _field(standing.seat))
    name = standing.name.encode("utf-8", "surrogateescape")
    return hashlib.sha256(
        b"table-companion standing\0" + head + b"\0".join((*fields, name))
    ).digest()


def keep_standing(
    connection: sqlite3.Connection, game_id: str, seq: int, head: bytes, standing: Standing | None
) -> None:
    """Keep ``standing`` as game ``game_id``'s after entry ``seq`` (whose digest is ``head``), in
    the caller's transaction; None (a finished game) drops the one kept."""
    if standing is None:
        connection.execute("DELETE FROM standings WHERE game_id = ?", (game_id,))
        return
    connection.execute(
        "INSERT OR REPLACE INTO standings (game_id, last_seq, digest, round, seat, name) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        (game_id, seq, standing_digest(head, seq, standing), *standing),
    )


_KEPT = (
    "SELECT standings.game_id, standings.last_seq, CAST(games.last_digest AS BLOB), "
    "CAST(standings.digest AS BLOB), "
    "standings.round, standings.seat, CAST(standings.name AS BLOB) FROM standings JOIN games "
    "ON games.id = standings.game_id AND games.last_seq = standings.last_seq "
    "WHERE standings.game_id IN ({})"
)
"""Each kept standing still of its game's last entry, as read (unchecked)."""


def _checked(row: tuple[Any, ...]) -> Standing | None:
    """The standing a row holds, if it checks against its game's head (else None, logged)."""
    game_id, seq, head, digest, round_, seat, name = row
    standing = None
    if (
        isinstance(head, bytes)
        and isinstance(name, bytes)
        and all(v is None or (isinstance(v, int) and v >= 0) for v in (round_, seat))
    ):
        standing = Standing(round_, seat, name.decode("utf-8", "surrogateescape"))
        if standing_digest(head, seq, standing) == digest:
            return standing
    _log.warning("the kept standing of game %s does not match its log", game_id)
    return None


class StandingsMixin(StoreBase):
    """Where the unfinished games stand."""

    def standings(self, games: Iterable[tuple[str, int]]) -> dict[str, Standing]:
        """Game id -> its standing, for those of ``games`` (id, the last entry its log holds, as
        :meth:`~companion.storage.log.LogMixin.latest_games` lists it) whose kept standing is of
        that entry and checks against the game's head, in one read. A game missing here has none
        to trust: its log says where it stands."""
        wanted = {game_id: seq for game_id, seq in games if is_text(game_id)}
        if not wanted:
            return {}
        rows = self._conn.execute(_KEPT.format(", ".join("?" * len(wanted))), tuple(wanted))
        kept = {}
        for row in rows:
            if row[1] == wanted.get(row[0]) and (standing := _checked(row)) is not None:
                kept[row[0]] = standing
        return kept

    def keep_standing(self, game_id: str, seq: int, head: bytes, standing: Standing) -> None:
        """Keep ``standing`` of game ``game_id`` as worked out from its log up to entry ``seq``
        whose digest is ``head`` (a game whose standing was not kept), if the game's record still
        ends there. A store that cannot be written keeps nothing (logged)."""
        try:
            self._conn.execute(
                "INSERT OR REPLACE INTO standings (game_id, last_seq, digest, round, seat, name) "
                "SELECT id, last_seq, ?, ?, ?, ? FROM games "
                "WHERE id = ? AND last_seq = ? AND last_digest = ?",
                (standing_digest(head, seq, standing), *standing, game_id, seq, head),
            )
        except (StorageUnavailableError, sqlite3.OperationalError) as error:  # read-only
            _log.info("standing of game %s not kept: %s", game_id, error)

    def forget_standing(self, game_id: str) -> None:
        """Drop game ``game_id``'s kept standing: its log was found damaged, and the game opens at
        its last sound entry, which is not where the standing says. A store that cannot be written
        keeps it (logged)."""
        try:
            self._conn.execute("DELETE FROM standings WHERE game_id = ?", (game_id,))
        except (StorageUnavailableError, sqlite3.OperationalError) as error:  # read-only
            _log.info("standing of game %s not dropped: %s", game_id, error)
