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
from companion.i18n import _
from companion.verdict import RuleViolation


def _require_tribe_card_free(state: TargiState, card: str) -> None:
    if piles.kind_of(card) is not CardKind.TRIBE:
        raise RuleViolation("wrong_kind", _("{card} is not a tribe card.").format(card=card))
    if card in piles.tribe_out_of_pile(state):
        raise RuleViolation(
            "card_in_play", _("{card} is already elsewhere on the table.").format(card=card)
        )


def _set_stock(state: TargiState, c: a.SetStock) -> TargiState:
    player = state.players[c.player]
    return state.with_player(
        c.player, player.with_stock(Stock(c.dates, c.salt, c.pepper, c.gold, c.vp))
    )


def _move_robber(state: TargiState, c: a.MoveRobber) -> TargiState:
    if c.card in RAID_CORNERS:
        raise RuleViolation("raid", _("The robber never rests on a raid corner."))
    return replace(state, robber=c.card)


def _move_targi(state: TargiState, c: a.MoveTargi) -> TargiState:
    player = state.players[c.player]
    if c.card not in player.targi:
        raise RuleViolation(
            "not_your_card",
            _("{name} has no Targi on card {card}.").format(name=player.name, card=c.card),
        )
    if c.to is not None:
        if c.to in RAID_CORNERS:
            raise RuleViolation("raid", _("No Targi may stand on a raid corner."))
        if c.to in state.targi_owner:
            raise RuleViolation(
                "occupied", _("A Targi already stands on card {card}.").format(card=c.to)
            )
    targi = tuple(t for t in (c.to if t == c.card else t for t in player.targi) if t is not None)
    return state.with_player(c.player, replace(player, targi=targi))


def _move_marker(state: TargiState, c: a.MoveMarker) -> TargiState:
    player = state.players[c.player]
    if c.cell not in player.markers:
        raise RuleViolation(
            "no_marker",
            _("{name} has no tribe marker at {cell}.").format(name=player.name, cell=list(c.cell)),
        )
    if c.to is not None and c.to in state.marker_owner:
        raise RuleViolation(
            "occupied", _("A tribe marker already stands at {cell}.").format(cell=list(c.to))
        )
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
            raise RuleViolation(
                "card_in_play",
                _("{card} already lies elsewhere in the centre.").format(card=c.card),
            )
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
        raise RuleViolation(
            "no_such_card",
            _("Row {row} of {name}'s display holds {count} cards.").format(
                row=c.row + 1, name=player.name, count=len(row)
            ),
        )
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
        raise RuleViolation("wrong_kind", _("{card} is not a tribe card.").format(card=c.card))
    if c.card == player.hand:
        player = replace(player, hand=None, hand_round=None)
    elif c.card in state.tribe_discard:
        state = replace(state, tribe_discard=state.tribe_discard - {c.card})
    elif c.card not in piles.tribe_pile(state):
        raise RuleViolation(
            "card_in_play",
            _(
                "{card} is elsewhere on the table (the centre, a display or the other hand): "
                "correct that first."
            ).format(card=c.card),
        )
    if len(player.display[c.row]) >= ROW_LENGTH:
        raise RuleViolation(
            "row_full",
            _("Row {row} of {name}'s display already holds four cards.").format(
                row=c.row + 1, name=player.name
            ),
        )
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
