"""Corrections: the physical table is the truth. Each one overrules what the app believes, is
accepted in any phase, and is logged as a correction. They still refuse states that cannot exist on
a table (a card in two places, a Targi on a raid corner, a negative count)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from companion.games.targi import actions as a
from companion.games.targi import card_texts, piles
from companion.games.targi.board import RAID_CORNERS
from companion.games.targi.model import ROW_LENGTH, CardKind, Slot, Stock, TargiState
from companion.games.targi.names import cell_words
from companion.games.targi.refusals import (
    CARD_ELSEWHERE,
    CARD_IN_CENTRE,
    CARD_ON_TABLE,
    MARKER_OCCUPIED,
    NO_SUCH_CARD,
    NOT_THEIR_CARD,
    NOT_THEIR_MARKER,
    NOT_TRIBE,
    OCCUPIED,
    ROBBER_ON_RAID,
    ROW_FULL_OF,
    TARGI_ON_RAID,
)


def _require_tribe_card_free(state: TargiState, card: str) -> None:
    if piles.kind_of(card) is not CardKind.TRIBE:
        raise NOT_TRIBE.violation(card=card)
    if card in piles.tribe_out_of_pile(state):
        raise CARD_ON_TABLE.violation(card=card)


def _set_stock(state: TargiState, c: a.SetStock) -> TargiState:
    player = state.players[c.player]
    return state.with_player(
        c.player, player.with_stock(Stock(c.dates, c.salt, c.pepper, c.gold, c.vp))
    )


def _move_robber(state: TargiState, c: a.MoveRobber) -> TargiState:
    if c.card in RAID_CORNERS:
        raise ROBBER_ON_RAID.violation()
    return replace(state, robber=c.card)


def _move_targi(state: TargiState, c: a.MoveTargi) -> TargiState:
    player = state.players[c.player]
    if c.card not in player.targi:
        raise NOT_THEIR_CARD.violation(name=player.name, card=c.card)
    if c.to is not None:
        if c.to in RAID_CORNERS:
            raise TARGI_ON_RAID.violation()
        if c.to in state.targi_owner:
            raise OCCUPIED.violation(card=c.to)
    targi = tuple(t for t in (c.to if t == c.card else t for t in player.targi) if t is not None)
    return state.with_player(c.player, replace(player, targi=targi))


def _move_marker(state: TargiState, c: a.MoveMarker) -> TargiState:
    player = state.players[c.player]
    if c.cell not in player.markers:
        raise NOT_THEIR_MARKER.violation(name=player.name, cell=cell_words(c.cell))
    if c.to is not None and c.to in state.marker_owner:
        raise MARKER_OCCUPIED.violation(cell=cell_words(c.to))
    markers = tuple(
        m for m in (c.to if m == c.cell else m for m in player.markers) if m is not None
    )
    return state.with_player(c.player, replace(player, markers=markers))


def _fix_card(state: TargiState, c: a.FixCentralCard) -> TargiState:
    kind = piles.kind_of(c.card)
    if c.card != state.slot(c.cell).card:
        if kind is CardKind.TRIBE:
            _require_tribe_card_free(state, c.card)
        elif c.card in piles.in_centre(state):
            raise CARD_IN_CENTRE.violation(card=c.card)
    return replace(
        state.with_slot(c.cell, Slot(kind, c.card)), goods_discard=state.goods_discard - {c.card}
    )


def _set_hand(state: TargiState, c: a.SetHand) -> TargiState:
    player = state.players[c.player]
    if c.card is not None and c.card != player.hand:
        _require_tribe_card_free(state, c.card)
    taken = state.round if c.card is not None and c.taken_this_round else None
    return state.with_player(c.player, replace(player, hand=c.card, hand_round=taken))


def _fix_displayed(state: TargiState, c: a.FixDisplayedCard) -> TargiState:
    player = state.players[c.player]
    row = player.display[c.row]
    if c.index >= len(row):
        raise NO_SUCH_CARD.violation(row=c.row + 1, name=player.name, count=len(row))
    if c.card != row[c.index]:
        _require_tribe_card_free(state, c.card)
    fixed = tuple(
        tuple(c.card if (r, i) == (c.row, c.index) else card for i, card in enumerate(cards))
        for r, cards in enumerate(player.display)
    )
    return state.with_player(c.player, replace(player, display=fixed))


def _add_displayed(state: TargiState, c: a.AddDisplayed) -> TargiState:
    player = state.players[c.player]
    if piles.kind_of(c.card) is not CardKind.TRIBE:
        raise NOT_TRIBE.violation(card=c.card)
    if c.card == player.hand:
        player = replace(player, hand=None, hand_round=None)
    elif c.card in state.tribe_discard:
        state = replace(state, tribe_discard=state.tribe_discard - {c.card})
    elif c.card not in piles.tribe_pile(state):
        raise CARD_ELSEWHERE.violation(card=c.card)
    if len(player.display[c.row]) >= ROW_LENGTH:
        raise ROW_FULL_OF.violation(row=c.row + 1, name=player.name)
    display = tuple(
        (*cards, c.card) if index == c.row else cards for index, cards in enumerate(player.display)
    )
    return state.with_player(c.player, replace(player, display=display))


def _fix_swap_displayed(state: TargiState, c: a.FixSwapDisplayed) -> TargiState:
    return state.with_player(
        c.player, card_texts.swapped(state.players[c.player], c.first, c.second)
    )


def _excuse_raid(state: TargiState, c: a.ExcuseRaid) -> TargiState:
    return card_texts.excused(state, c.player)


def _card_bonus(state: TargiState, c: a.AddCardBonus) -> TargiState:
    player = state.players[c.player]
    return state.with_player(c.player, replace(player, card_bonus=player.card_bonus + c.points))


CORRECTIONS: dict[type, Callable[[TargiState, Any], TargiState]] = {
    a.SetStock: _set_stock,
    a.MoveRobber: _move_robber,
    a.MoveTargi: _move_targi,
    a.MoveMarker: _move_marker,
    a.FixCentralCard: _fix_card,
    a.SetHand: _set_hand,
    a.FixDisplayedCard: _fix_displayed,
    a.AddCardBonus: _card_bonus,
    a.AddDisplayed: _add_displayed,
    a.FixSwapDisplayed: _fix_swap_displayed,
    a.ExcuseRaid: _excuse_raid,
}
