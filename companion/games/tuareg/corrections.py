"""Corrections: the physical table is the truth. Each one overrules what the app believes, is accepted
in any phase and logged as a correction. They still refuse what cannot lie on a table: more cards of a
good than the game has, or a load no animal may carry (fix the table instead)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from companion.games.tuareg import actions as a
from companion.games.tuareg.loading import load_violation
from companion.games.tuareg.refusals import (
    require_animal,
    require_phase,
    require_plausible,
    require_seat,
)
from companion.games.tuareg.state import GoodCounts, Phase, TuaregState, TurnProgress


def _set_hand(state: TuaregState, c: a.SetHand) -> TuaregState:
    player = require_seat(state, c.player)
    return state.with_player(c.player, replace(player, hand=c.count))


def _set_stack(state: TuaregState, c: a.SetStack) -> TuaregState:
    player = require_seat(state, c.player)
    require_animal(player, c.animal)
    violation = load_violation(c.animal.animal, (), c.goods)
    if violation is not None:
        raise violation
    return require_plausible(state.with_player(c.player, player.with_stack(c.animal, c.goods)))


def _set_market(state: TuaregState, c: a.SetMarket) -> TuaregState:
    market = GoodCounts(water=c.water, gold=c.gold, salt=c.salt, millet=c.millet)
    return require_plausible(replace(state, market=market))


def _set_deck(state: TuaregState, c: a.SetDeck) -> TuaregState:
    return replace(state, deck=c.count)


def _set_turn(state: TuaregState, c: a.SetTurn) -> TuaregState:
    require_phase(state, Phase.TURNS)
    require_seat(state, c.player)
    return replace(state, to_move=c.player, turn=TurnProgress())


CORRECTIONS: dict[type, Callable[[TuaregState, Any], TuaregState]] = {
    a.SetHand: _set_hand,
    a.SetStack: _set_stack,
    a.SetMarket: _set_market,
    a.SetDeck: _set_deck,
    a.SetTurn: _set_turn,
}
