"""Targi games a table has played so far, logged through the session into a store: the positions
Targi's tour states and typical turns start from (and the tests' Targi positions)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from companion.games.targi import actions as ta
from companion.games.targi.model import Phase, TargiState
from companion.games.targi.rules import TargiRules
from companion.play.session import Session
from companion.store import Store
from ui.audit.positions import PositionError, Positions, play, play_until

TARGI = TargiRules()
TARGI_PLAYERS = [{"name": "Amal", "colour": "blue"}, {"name": "Bilal", "colour": "white"}]
CENTRE = {
    (1, 1): "TARGI-GOODS-DATES-1",
    (1, 2): "TARGI-TRIBE-WELL-1",
    (1, 3): "TARGI-GOODS-2SALT",
    (2, 1): "TARGI-TRIBE-OASIS-9",
    (2, 2): "TARGI-GOODS-CHOICE-1",
    (2, 3): "TARGI-TRIBE-TENT-3",
    (3, 1): "TARGI-GOODS-GOLD-1",
    (3, 2): "TARGI-TRIBE-TARGIA-6",
    (3, 3): "TARGI-GOODS-SALT-PEPPER",
}
"""A centre dealt at setup: goods on the corners and the middle, tribe cards on the edges."""


def targi(store: Store, *, revealed: bool = True) -> Session:
    """Amal (blue) and Bilal (white); the centre named unless ``revealed`` is False."""
    session = Session.create(store, TARGI, TARGI.parse_options({"players": TARGI_PLAYERS}))
    if revealed:
        play(session, (ta.RevealCard(cell=c, card=k) for c, k in CENTRE.items()))
    return session


def targi_next(state: TargiState) -> Any:
    """The plainest move: every card left unused, otherwise the first legal action."""
    if state.phase is Phase.ACTIONS and state.to_move is not None:
        return ta.EndTurn(player=state.to_move)
    return TARGI.legal_actions(state)[0]


def targi_placed(store: Store, cards: Iterable[int]) -> Session:
    """Targi placed on ``cards`` in turn; the centre named."""
    session = targi(store)
    for card in cards:
        play(session, [ta.Place(player=session.state.to_move, card=card)])
    return session


def targi_at_raid(store: Store) -> Session:
    """Three rounds played; the robber reaches raid 1."""
    return play_until(targi(store), targi_next, lambda s: s.phase is Phase.RAID)


def targi_at_limits(store: Store) -> Session:
    """Amal holds 12 goods and 4 gold (as a correction says) when the round's actions end."""
    session = targi_placed(store, (5, 2, 3, 14, 13, 10))
    play(session, [ta.SetStock(player=0, dates=6, salt=3, pepper=3, gold=4, vp=2)])
    play_until(session, targi_next, lambda s: s.phase is not Phase.ACTIONS)
    if session.state.phase is not Phase.LIMITS:
        raise PositionError(f"expected the limits, reached {session.state.phase}")
    return session


def targi_finished(store: Store) -> Session:
    return play_until(targi(store), targi_next, TARGI.is_over)


POSITIONS = Positions(under_way=targi, finished=targi_finished)
"""Targi's part in the app's own tour states (:class:`ui.audit.positions.Positions`)."""
