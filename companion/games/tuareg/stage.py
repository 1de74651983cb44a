"""The end of a stage: the last round once the deck is empty, the reveal of caves and thieves, the
count, and the start of stage 2 (or the end of the game).

When the last card is drawn, everyone (the drawer too) has one more turn. Then hidden cards are
revealed, maps may be cashed in, and the stage is scored from each player's cards on animals, in
caves and under thieves (hands do not count). Used donkeys, caves and thieves go back to their piles
(a donkey that carried nothing is unused and stays); the counted cards become stage 2's deck; the
market and the hands stay; stage 2 starts to the left of the player who ended stage 1.
"""

from __future__ import annotations

from dataclasses import replace

from companion.games.tuareg import actions as a
from companion.games.tuareg.model import STAGES, Good, SpecialCard
from companion.games.tuareg.names import good_name, special_name
from companion.games.tuareg.refusals import (
    HIDDEN_CARD,
    NO_MAP,
    NOTHING_HIDDEN,
    UNREVEALED,
    UNREVEALED_THIEF,
    WRONG_COUNT,
    WRONG_HAND_COUNT,
    require_phase,
    require_plausible,
    require_seat,
    require_special,
)
from companion.games.tuareg.state import (
    GoodCounts,
    Hidden,
    Phase,
    PlayerState,
    StageCount,
    TuaregState,
    TurnProgress,
)
from companion.installation.i18n import _
from companion.rules.verdict import RuleViolation


def after_turn(state: TuaregState, seat: int) -> TuaregState:
    """``seat`` ended their turn: once the deck is empty everyone has one more turn, then the stage
    ends. (The deck empties by a draw, or by a correction: then the last round starts now.)"""
    if state.final_turns is None:
        if state.deck > 0:
            return state
        ended_by = seat if state.ended_by is None else state.ended_by
        return replace(state, final_turns=len(state.players), ended_by=ended_by)
    left = state.final_turns - 1
    if left > 0:
        return replace(state, final_turns=left)
    return replace(state, final_turns=0, phase=Phase.REVEAL)


def _require_reveal(state: TuaregState) -> None:
    require_phase(state, Phase.REVEAL)


def _revealed(hidden: Hidden, goods: tuple[Good, ...], what: str) -> Hidden:
    """``hidden`` with its unknown cards named by ``goods`` (which must match the known ones)."""
    if not hidden:
        raise NOTHING_HIDDEN.violation(what=what)
    if len(goods) != len(hidden):
        raise WRONG_COUNT.violation(what=what, n=len(hidden))
    for known, named in zip(hidden, goods, strict=True):
        if known is not None and known is not named:
            raise HIDDEN_CARD.violation(good=good_name(known), what=what)
    return goods


def reveal_cave(state: TuaregState, action: a.RevealCave) -> TuaregState:
    return _reveal(state, action.player, SpecialCard.CAVE, action.cave, action.goods)


def reveal_thief(state: TuaregState, action: a.RevealThief) -> TuaregState:
    return _reveal(state, action.player, SpecialCard.THIEF, action.thief, (action.good,))


def _reveal(
    state: TuaregState, seat: int, card: SpecialCard, number: int, goods: tuple[Good, ...]
) -> TuaregState:
    """The cards under the player's cave or thief ``number`` are named ``goods``."""
    _require_reveal(state)
    player = require_seat(state, seat)
    hidden = require_special(player, card, number)
    what = _("{card} {n}").format(card=special_name(card), n=number)
    player = player.with_hidden(card, number, _revealed(hidden, goods, what))
    return require_plausible(state.with_player(seat, player))


def cash_map(state: TuaregState, action: a.CashMap) -> TuaregState:
    _require_reveal(state)
    player = require_seat(state, action.player)
    if player.maps == 0:
        raise NO_MAP.violation(name=player.name)
    player = replace(player, maps=player.maps - 1, maps_cashing=player.maps_cashing + 1)
    return state.with_player(action.player, player)


def first_unrevealed(state: TuaregState) -> RuleViolation | None:
    """The refusal naming the first hidden card still unknown, or None when all are revealed."""
    for player in state.players:
        for n, cave in enumerate(player.caves, 1):
            if None in cave:
                return UNREVEALED.violation(name=player.name, n=n)
        for n, thief in enumerate(player.thieves, 1):
            if None in thief:
                return UNREVEALED_THIEF.violation(name=player.name, n=n)
    return None


def score_stage(state: TuaregState, _action: a.ScoreStage) -> TuaregState:
    _require_reveal(state)
    missing = first_unrevealed(state)
    if missing is not None:
        raise missing
    count = StageCount(
        counts=tuple(GoodCounts.of(p.counted()) for p in state.players),
        maps=tuple(p.maps_cashing for p in state.players),
    )
    state = replace(
        state,
        stages=(*state.stages, count),
        players=tuple(replace(p, maps_cashing=0) for p in state.players),
    )
    if state.stage == STAGES:
        return replace(state, phase=Phase.GAME_OVER)
    return _next_stage(state, deck=sum(c.total() for c in count.counts))


def _next_stage(state: TuaregState, deck: int) -> TuaregState:
    returned = dict.fromkeys(SpecialCard, 0)
    players = []
    for player in state.players:
        returned[SpecialCard.DONKEY] += sum(1 for load in player.donkeys if load)
        returned[SpecialCard.CAVE] += sum(1 for cave in player.caves if cave)
        returned[SpecialCard.THIEF] += sum(1 for thief in player.thieves if thief)
        players.append(_cleared(player))
    supply = tuple((card, n + returned[card]) for card, n in state.supply)
    assert state.ended_by is not None
    return replace(
        state,
        players=tuple(players),
        supply=supply,
        phase=Phase.TURNS,
        stage=state.stage + 1,
        to_move=state.next_seat(state.ended_by),
        deck=deck,
        turn=TurnProgress(),
        final_turns=None if deck else len(state.players),
        ended_by=None,
    )


def _cleared(player: PlayerState) -> PlayerState:
    """The player at the start of a new stage: camels empty, used special cards gone."""
    return replace(
        player,
        camels=tuple(() for _camel in player.camels),
        donkeys=tuple(load for load in player.donkeys if not load),
        caves=tuple(cave for cave in player.caves if not cave),
        thieves=tuple(thief for thief in player.thieves if not thief),
    )


def reveal_hand(state: TuaregState, action: a.RevealHand) -> TuaregState:
    require_phase(state, Phase.GAME_OVER)
    player = require_seat(state, action.player)
    if len(action.goods) != player.hand:
        raise WRONG_HAND_COUNT.violation(name=player.name, n=player.hand)
    player = replace(player, hand_revealed=action.goods)
    state = state.with_player(action.player, player)
    return require_plausible(state)
