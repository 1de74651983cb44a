"""``table-companion game scan GAME_ID SEQ TAG``: a scan, as the screen takes it.

Prints what ``game act`` prints (the verdict and the game after it), after ``card`` (the card the
tag stands for), ``action`` (the move submitted, or null) and, when the scan fits several moves,
``choices`` (them). An unknown tag exits 2 (``unknown_tag``, naming it); a refused scan exits 1 and
changes nothing. See :mod:`companion.scan_play`."""

from __future__ import annotations

import logging
from typing import Any

from companion.cli import games
from companion.scan_play import ScanMove, resolve_tag, scan_move
from companion.session import Outcome, Session
from companion.store import Store

logger = logging.getLogger(__name__)


def scan(store: Store, session: Session, seq: str, tag: str) -> tuple[ScanMove, Outcome]:
    """Both arguments are checked before anything is written."""
    seen = games.parse_seq(seq, session)
    move = scan_move(session, resolve_tag(store, tag))
    if move.action is None:
        logger.info(
            "game %s: scan of %s refused (%s)", session.game_id, move.card, move.verdict.code
        )
        return move, session.refuse(move.verdict, seq=seen, game_id=session.game_id)
    action = session.rules.parse_action(move.action)
    outcome = session.submit(action, seq=seen, game_id=session.game_id)
    logger.info(
        "game %s: scan of %s as %s: %s",
        session.game_id,
        move.card,
        move.action.get("kind"),
        outcome.verdict.code or "ok",
    )
    return move, outcome


def described(move: ScanMove) -> dict[str, Any]:
    out: dict[str, Any] = {"card": move.card, "action": move.action}
    if move.choices:
        out["choices"] = move.choices
    return out
