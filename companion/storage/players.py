"""Players as records (issue 18; :mod:`companion.after.players`): each game's seats link to one, with a
stable id (issue 24.4) kept by backup, restore, rename and merge."""

from __future__ import annotations

import json
import logging
import sqlite3
from dataclasses import dataclass
from typing import Any

from companion.storage.base import StoreBase, listed, texts_of, transaction

_log = logging.getLogger("companion.store")  # the store's name in the journal, as one module had it


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
    import uuid  # with platform: not needed to open the store and list its games

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


def give_players_uids(connection: sqlite3.Connection) -> None:
    """Migration step: a stable id for every player recorded before they had one."""
    for (player_id,) in connection.execute("SELECT id FROM players").fetchall():
        connection.execute("UPDATE players SET uid = ? WHERE id = ?", (new_player_uid(), player_id))


def link_existing_players(connection: sqlite3.Connection) -> None:
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


Seated = tuple[int, int, str, str]
"""A seat and who sits there now: its number, the player record's id, stable id and name."""


_PLAYER_TEXTS = (
    "CAST(name AS BLOB), CAST(colour AS BLOB), CAST(created_at AS BLOB), "
    "CAST(last_played_at AS BLOB), CAST(uid AS BLOB)"
)
"""A player's texts, read as bytes: a damaged one (not UTF-8) leaves its record out, logged."""
_PLAYER_ROWS = (
    f"SELECT (SELECT count(*) FROM seats WHERE seats.player_id = players.id), id, {_PLAYER_TEXTS} "
    "FROM players"
)
"""A record's row as :func:`_record` reads it: its count of games, then :data:`_PLAYER_RECORD`."""
_PLAYER_RECORD = f"id, {_PLAYER_TEXTS}"
_SEATS = "SELECT CAST(game_id AS BLOB), seat, player_id FROM seats ORDER BY game_id, seat"
"""Every seat (its game's id as bytes: a damaged one is listed escaped, and names no game)."""


def _record(games: int, player_id: int, *texts: bytes) -> PlayerRecord | None:
    """A record as read (its count of games, its id, its :data:`_PLAYER_TEXTS`); None (logged)
    if a text is not UTF-8: its seats show the names their games were played under."""
    decoded = texts_of(*texts)
    if decoded is None:
        _log.error("player record %s is damaged (its text is not UTF-8): left out", player_id)
        return None
    name, colour, created_at, last_played_at, uid = decoded
    return PlayerRecord(player_id, name, colour, created_at, last_played_at, games, uid)


class PlayersMixin(StoreBase):
    """The player records and who sat where."""

    def players(self) -> list[PlayerRecord]:
        """Every player record, the most recently played first (then by name)."""
        rows = self._conn.execute(
            f"{_PLAYER_ROWS} ORDER BY last_played_at DESC, name COLLATE NOCASE"
        )
        return [record for row in rows if (record := _record(*row)) is not None]

    def recent_players(self, limit: int = 12) -> list[PlayerRecord]:
        """The players a new game offers first: the most recently played, at most ``limit``."""
        return self.players()[:limit]

    def player_named(self, name: str) -> PlayerRecord | None:
        """The record named ``name`` (without regard to ASCII case), if there is one."""
        row = self._conn.execute(f"{_PLAYER_ROWS} WHERE name = ?", (name,)).fetchone()
        return None if row is None else _record(*row)

    def seats_of(self, game_id: str) -> dict[int, PlayerRecord]:
        """Seat -> the player record sitting there, for one game."""
        rows = self._conn.execute(
            "SELECT seats.seat, (SELECT count(*) FROM seats AS s WHERE s.player_id = players.id), "
            f"{_PLAYER_RECORD} FROM seats JOIN players ON players.id = seats.player_id "
            "WHERE seats.game_id = ? ORDER BY seats.seat",
            (game_id,),
        )
        return {seat: record for seat, *row in rows if (record := _record(*row)) is not None}

    def all_seats(self) -> dict[str, dict[int, PlayerRecord]]:
        """Game id -> its seats as :meth:`seats_of` gives them, for every game in one read."""
        counts = dict(
            self._conn.execute("SELECT player_id, count(*) FROM seats GROUP BY player_id")
        )
        records = {
            row[0]: record
            for row in self._conn.execute(f"SELECT {_PLAYER_RECORD} FROM players")
            if (record := _record(counts.get(row[0], 0), *row)) is not None
        }
        seats: dict[str, dict[int, PlayerRecord]] = {}
        for game_id, seat, player_id in self._conn.execute(_SEATS):
            if player_id in records:
                seats.setdefault(listed(game_id), {})[seat] = records[player_id]
        return seats

    def seated_players(self) -> dict[str, tuple[Seated, ...]]:
        """Game id -> who sits in each of its seats now, by seat (as :data:`Seated`), for every
        game with a seat linked to a player record, in one read: what the history's list shows of
        them (not their records' counts of games, which change as other games are played)."""
        records = {
            record.id: (record.id, record.uid, record.name)
            for row in self._conn.execute(f"SELECT {_PLAYER_RECORD} FROM players")
            if (record := _record(0, *row)) is not None
        }  # a few players, looked up here: SQLite's join of each seat cost more
        seats: dict[str, list[Seated]] = {}
        for game_id, seat, player_id in self._conn.execute(_SEATS):
            sitting = records.get(player_id)
            if sitting is not None:
                seats.setdefault(listed(game_id), []).append((seat, *sitting))
        return {game_id: tuple(seated) for game_id, seated in seats.items()}

    def games_of(self, player_id: int) -> set[str]:
        """The ids of every game player ``player_id`` sat in (a damaged one listed escaped: it
        names no game)."""
        return {
            listed(row[0])
            for row in self._conn.execute(
                "SELECT CAST(game_id AS BLOB) FROM seats WHERE player_id = ?", (player_id,)
            )
        }

    def rename_player(self, player_id: int, name: str) -> None:
        """Give a record a new name (unique without regard to ASCII case)."""
        self._conn.execute("UPDATE players SET name = ? WHERE id = ?", (name, player_id))

    def merge_players(self, source: int, target: int) -> int:
        """Move every seat of record ``source`` to ``target`` and delete ``source``, in one
        transaction; the number of seats moved."""
        with transaction(self._conn):
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
