"""Players as records: the people who sat at the table, across games.

Each game's seats link to a record (made from the name the first time it is played), so a rename or
a merge changes every game's history at once, while each game's own log keeps the name it was
played under. Errors name the player and are :class:`InputError` (exit 2 in the CLI).
"""

from __future__ import annotations

import logging
import sqlite3
from typing import Any

from companion.after.player_names import check_name
from companion.installation.errors import InputError
from companion.installation.i18n import _
from companion.store import PlayerRecord, Store

_log = logging.getLogger(__name__)


def find(store: Store, name: str) -> PlayerRecord:
    record = store.player_named(name)
    if record is None:
        raise InputError("unknown_player", _("player: no player named {name!r}").format(name=name))
    return record


def seats(store: Store, game_id: str) -> dict[int, PlayerRecord]:
    return store.seats_of(game_id)


def seats_ids(store: Store, game_id: str) -> set[int]:
    return {record.id for record in store.seats_of(game_id).values()}


def listing(store: Store) -> list[dict[str, Any]]:
    """Every player, the most recently played first."""
    return [as_dict(record) for record in store.players()]


def as_dict(record: PlayerRecord) -> dict[str, Any]:
    return {
        "id": record.id,
        "uid": record.uid,
        "name": record.name,
        "colour": record.colour,
        "games": record.games,
        "last_played_at": record.last_played_at,
    }


def rename(store: Store, old: str, new: str) -> dict[str, Any]:
    """Rename player ``old`` to ``new`` (spaces around it dropped; then the one rule for a name,
    :mod:`companion.after.player_names`); a name taken by another player is refused (merge them)."""
    record = find(store, old)
    name = new.strip()
    check_name(name, "new name")
    taken = store.player_named(name)
    if taken is not None and taken.id != record.id:
        raise InputError(
            "player_exists",
            _("new name: {name!r} is another player's name; merge the two instead").format(
                name=taken.name
            ),
        )
    try:
        store.rename_player(record.id, name)
    except sqlite3.IntegrityError as error:  # a concurrent rename took the name
        raise InputError("player_exists", f"new name: {error}") from None
    _log.info("player %d renamed from %r to %r", record.id, record.name, name)
    return as_dict(find(store, name))


def merge(store: Store, source: str, target: str) -> dict[str, Any]:
    """Make ``source``'s games ``target``'s and forget ``source``. Two players who sat in the same
    game are two people: refused."""
    moving, keeping = find(store, source), find(store, target)
    if moving.id == keeping.id:
        raise InputError(
            "invalid_value", _("merge: {name!r} is the same player twice").format(name=source)
        )
    shared = sorted(store.games_of(moving.id) & store.games_of(keeping.id))
    if shared:
        raise InputError(
            "invalid_value",
            _("merge: {a} and {b} both played game {game}; they are two people").format(
                a=moving.name, b=keeping.name, game=shared[0]
            ),
        )
    moved = store.merge_players(moving.id, keeping.id)
    _log.info("player %r merged into %r (%d seats)", moving.name, keeping.name, moved)
    return {"merged": moving.name, "into": as_dict(find(store, keeping.name)), "seats": moved}
