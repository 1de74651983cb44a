"""Why an action of the turn is impossible now, before the table tries it.

A screen offers every action of the turn; one the rules cannot allow in this position (loading from
an empty hand, taking from an empty market ...) is shown disabled with the rule that forbids it.
Possible means the rules list at least one such action (:func:`legal_actions`); the reason is the
refusal the rules would give, worded for the whole action rather than for one attempt.
"""

from __future__ import annotations

import logging

from companion.games.tuareg import actions as a
from companion.games.tuareg.legal import legal_actions
from companion.games.tuareg.loading import load_violation
from companion.games.tuareg.model import CAPACITY, SPECIAL_CARD_PRICE, Good
from companion.games.tuareg.names import special_name
from companion.games.tuareg.refusals import (
    CANNOT_PAY,
    CAVE_FULL,
    CAVE_USED,
    DECK_EMPTY,
    LOAD_CAPACITY,
    MARKET_EMPTY,
    NO_ACTION,
    NO_SUCH_CAVE,
    NOT_IN_HAND,
    NOTHING_TO_STEAL,
    ONE_ACTION,
    SOLD_OUT,
    THIEF_USED,
)
from companion.games.tuareg.state import CAVE_CAPACITY, Phase, PlayerState, TuaregState
from companion.games.tuareg.turns import end_turn
from companion.rules.verdict import RuleViolation, Verdict

logger = logging.getLogger(__name__)

TURN_KINDS = ("draw", "load", "take_market", "buy", "hide", "steal", "end_turn")
"""The actions of a turn a player chooses from (their ``kind`` tags)."""


def blocked(state: TuaregState) -> dict[str, Verdict]:
    """For each of :data:`TURN_KINDS` the player to move cannot take now, the refusing verdict
    saying why; a kind not in the result is possible. Empty outside the turns."""
    if state.phase is not Phase.TURNS:
        return {}
    possible = {action.kind for action in legal_actions(state)}
    player = state.players[state.to_move]
    reasons = {kind: _why(state, player, kind) for kind in TURN_KINDS if kind not in possible}
    logger.debug("blocked for %s: %s", player.name, sorted(reasons))
    return reasons


def _why(state: TuaregState, player: PlayerState, kind: str) -> Verdict:
    if kind in ("draw", "load", "take_market", "buy") and state.turn.main is not None:
        return ONE_ACTION.verdict()
    if kind == "draw":
        return DECK_EMPTY.verdict()
    if kind == "load":
        return _no_room(player) if player.hand else NOT_IN_HAND.verdict(name=player.name, n=0, k=1)
    if kind == "take_market":
        market = any(count for _good, count in state.market.items())
        return _no_room(player) if market else MARKET_EMPTY.verdict()
    if kind == "buy":
        if not any(left for _card, left in state.supply):
            card = special_name(state.supply[0][0]) if state.supply else ""
            return SOLD_OUT.verdict(card=card)
        return CANNOT_PAY.verdict(n=SPECIAL_CARD_PRICE, name=player.name)
    if kind == "hide":
        return _no_hiding(state, player)
    if kind == "steal":
        return _no_theft(player)
    return _no_end(state)


def _no_room(player: PlayerState) -> Verdict:
    """The loading rule that keeps every animal from taking even one more card."""
    for ref, stack in player.animals():
        for good in Good:
            violation = load_violation(ref.animal, stack, (good,))
            if violation is not None:
                return violation.verdict
    return LOAD_CAPACITY.verdict(n=CAPACITY)


def _no_hiding(state: TuaregState, player: PlayerState) -> Verdict:
    if not player.caves:
        return NO_SUCH_CAVE.verdict(name=player.name, n=1, count=0)
    caves = range(1, len(player.caves) + 1)
    if all(number in state.turn.caves_used for number in caves):
        return CAVE_USED.verdict()
    if all(len(cave) >= CAVE_CAPACITY for cave in player.caves):
        return CAVE_FULL.verdict(n=CAVE_CAPACITY)
    return NOT_IN_HAND.verdict(name=player.name, n=0, k=1)


def _no_theft(player: PlayerState) -> Verdict:
    if player.thieves and all(player.thieves):
        return THIEF_USED.verdict()
    return NOTHING_TO_STEAL.verdict()


def _no_end(state: TuaregState) -> Verdict:
    """The end of the turn's own refusal (an action must come first ...)."""
    try:
        end_turn(state, a.EndTurn(player=state.to_move))
    except RuleViolation as violation:
        return violation.verdict
    return NO_ACTION.verdict()
