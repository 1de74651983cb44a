"""Where a game stands, as data (:class:`~companion.storage.standings.Standing`): its round and the
player to move, read from its state. The session keeps it with every entry it commits (and with a
new game), so that Home says it without loading the game's rules; :func:`work_out` reads it from
the log of a game whose standing was not kept (written by an older version) or no longer matches
its log, and keeps it for the next time."""

from __future__ import annotations

import logging
from typing import Any

from companion.store import Standing, Store, StoreError

logger = logging.getLogger(__name__)


def standing_of(state: Any) -> Standing:
    """Where ``state`` stands: its round as far as the game has rounds and one has begun, the
    seat to move as far as one player is to move, and that player's name."""
    round_ = getattr(state, "round", None)
    seat, players = getattr(state, "to_move", None), getattr(state, "players", ())
    if not (isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(players)):
        seat = None
    return Standing(
        round_ if isinstance(round_, int) and not isinstance(round_, bool) and round_ > 0 else None,
        seat,
        "" if seat is None else str(getattr(players[seat], "name", "")),
    )


def work_out(store: Store, game_id: str) -> Standing | None:
    """Where game ``game_id`` stands, replayed from its log, kept for Home's next listing if the
    log is sound and still ends there; None (logged) when its log does not read."""
    from companion.play.session import LogCorruptionError, Session  # the game's rules: not at start

    try:
        session = Session.resume(store, game_id)
    except (StoreError, LogCorruptionError) as error:
        logger.warning("game %r: where it stands is not shown: %r", game_id, str(error))
        return None
    standing = standing_of(session.state)
    if session.resumed_head is not None and not store.read_only:
        store.keep_standing(game_id, session.seq, session.resumed_head, standing)
    return standing
