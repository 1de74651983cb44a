"""Corrections: the physical table is the truth. Each one overrules what the app believes, is
accepted in any phase, and is logged as a correction. They still refuse what no table can show (two
camels on one pitch, a board place that is not on this route)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from companion.games.timbuktu import actions as a
from companion.games.timbuktu import board
from companion.games.timbuktu.model import Camel, Goods, TimbuktuState
from companion.games.timbuktu.refusals import (
    NO_SUCH_CAMEL,
    NO_SUCH_PLAYER,
    NOT_PLACED,
    OCCUPIED,
    OFF_ROUTE,
)


def seat_of(state: TimbuktuState, seat: int) -> int:
    """``seat`` if a player sits there, else the refusal naming how many play."""
    if seat >= state.seats:
        raise NO_SUCH_PLAYER.violation(last=state.seats - 1)
    return seat


def camel_of(state: TimbuktuState, seat: int, letter: str) -> Camel:
    """Seat ``seat``'s camel ``letter``, or the refusal naming the camels in play."""
    player = state.players[seat_of(state, seat)]
    camel = player.camel(letter)
    if camel is None:
        raise NO_SUCH_CAMEL.violation(
            players=state.seats, first=player.camels[0].letter, last=player.camels[-1].letter
        )
    return camel


def _set_goods(state: TimbuktuState, c: a.SetGoods) -> TimbuktuState:
    camel = camel_of(state, c.player, c.camel)
    return state.with_camel(c.player, replace(camel, goods=c.goods))


def _set_pitch(state: TimbuktuState, c: a.SetPitch) -> TimbuktuState:
    camel = camel_of(state, c.player, c.camel)
    if camel.place is None:
        raise NOT_PLACED.violation(camel=c.camel)
    if (camel.pen, camel.pitch) != (c.pen, c.pitch) and c.pitch in state.occupied(
        camel.place, c.pen
    ):
        raise OCCUPIED.violation(pitch=c.pitch, pen=c.pen)
    return state.with_camel(c.player, replace(camel, pen=c.pen, pitch=c.pitch))


def _set_removed(state: TimbuktuState, c: a.SetRemoved) -> TimbuktuState:
    return replace(state, removed=Goods(c.gold, c.coffee, c.pepper, c.salt, c.water))


def _require_place(state: TimbuktuState, place: int, first: int, last: int) -> None:
    if not first <= place <= last:
        raise OFF_ROUTE.violation(place=place, first=first, last=last)


def _set_arrows(state: TimbuktuState, c: a.SetArrows) -> TimbuktuState:
    _require_place(state, c.place, 0, state.timbuktu - 1)
    return replace(state, layout=board.with_arrows(state.layout, c.place, c.pen, c.to))


def _set_swap_fields(state: TimbuktuState, c: a.SetSwapFields) -> TimbuktuState:
    _require_place(state, c.place, 1, state.timbuktu)
    return replace(state, layout=board.with_swap_fields(state.layout, c.place, c.fields))


CORRECTIONS: dict[type, Callable[[TimbuktuState, Any], TimbuktuState]] = {
    a.SetGoods: _set_goods,
    a.SetPitch: _set_pitch,
    a.SetRemoved: _set_removed,
    a.SetArrows: _set_arrows,
    a.SetSwapFields: _set_swap_fields,
}
