"""Where each catalog card is: the centre, a display, a hand, a discard pile, or still in a draw pile.

The table draws the cards; the app only checks that a named card can be the one drawn, e.g. that it is
not already displayed. When the goods draw pile runs out, its discard pile is reshuffled at once into a
new draw pile (games stored before: at the next goods draw, see ``TargiOptions.goods_reshuffle``).
"""

from __future__ import annotations

from dataclasses import replace

from companion.games.targi.catalog import catalog
from companion.games.targi.model import CardKind, TargiState
from companion.games.targi.names import kind_name
from companion.games.targi.refusals import CARD_IN_PLAY, NOT_TARGI_CARD, WRONG_KIND


def kind_of(card: str) -> CardKind:
    """The kind of a catalog card; :class:`RuleViolation` ``unknown_card`` for any other id."""
    cards = catalog()
    if card in cards.goods:
        return CardKind.GOODS
    if card in cards.tribe:
        return CardKind.TRIBE
    raise NOT_TARGI_CARD.violation(card=card)


def in_centre(state: TargiState) -> set[str]:
    return {slot.card for _cell, slot in state.centre if slot.card is not None}


def tribe_out_of_pile(state: TargiState) -> set[str]:
    held = {card for p in state.players for row in p.display for card in row}
    held |= {p.hand for p in state.players if p.hand is not None}
    return held | in_centre(state) | state.tribe_discard


def goods_pile(state: TargiState) -> set[str]:
    """The goods draw pile; when it is empty, the discard pile that would be reshuffled."""
    pile = set(catalog().goods) - in_centre(state) - state.goods_discard
    return pile or set(state.goods_discard)


def tribe_pile(state: TargiState) -> set[str]:
    return set(catalog().tribe) - tribe_out_of_pile(state)


def pile(state: TargiState, kind: CardKind) -> set[str]:
    return goods_pile(state) if kind is CardKind.GOODS else tribe_pile(state)


def draw(state: TargiState, card: str, kind: CardKind) -> TargiState:
    """``state`` after ``card`` is drawn from the ``kind`` pile, refusing an impossible draw."""
    if kind_of(card) is not kind:
        raise WRONG_KIND.violation(card=card, kind=kind_name(kind))
    if card not in pile(state, kind):
        raise CARD_IN_PLAY.violation(card=card)
    if kind is CardKind.GOODS and card in state.goods_discard:
        return replace(state, goods_discard=frozenset())  # the discard pile was reshuffled
    if kind is CardKind.GOODS and state.goods_reshuffle == "at_once":
        left = set(catalog().goods) - in_centre(state) - state.goods_discard - {card}
        if not left:  # the draw pile ran out: its discard pile is reshuffled at once
            return replace(state, goods_discard=frozenset())
    return state


def discard(state: TargiState, card: str) -> TargiState:
    if kind_of(card) is CardKind.GOODS:
        return replace(state, goods_discard=state.goods_discard | {card})
    return replace(state, tribe_discard=state.tribe_discard | {card})
