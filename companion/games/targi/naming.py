"""Naming a revealed card by its face: copies that print the same thing are one choice.

The catalog lists every physical copy (``TARGI-GOODS-SALT-1``, ``TARGI-GOODS-SALT-2`` ...); the
table only sees what a card prints. :func:`faces` merges the copies that may be the face-down card
into one :class:`Face` each and picks the copy the game records (one still in the draw pile), so a
screen offers one choice per face and never decides which copy it is.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass

from companion.games.targi import piles
from companion.games.targi.board import Cell
from companion.games.targi.catalog import catalog
from companion.games.targi.model import CardKind, Symbol, TargiState


@dataclass(frozen=True)
class Face:
    """What one or more copies print: ``card`` is the free copy naming it records."""

    card: str
    free: int
    """How many copies of this face the face-down card may be (the more, the likelier)."""
    symbol: Symbol | None
    """A tribe card's symbol; None for a goods card."""


def face_of(card: str) -> Hashable:
    """What ``card`` prints: copies with equal faces are the same to the table."""
    cards = catalog()
    if card in cards.tribe:
        tribe = cards.tribe[card]
        return ("tribe", tribe.symbol, tribe.vp, tribe.cost, tribe.gold_alternative)
    goods = cards.goods[card]
    return ("goods", goods.gives, goods.choice)


def faces(state: TargiState, cell: Cell) -> list[Face]:
    """The faces the face-down card at ``cell`` may show, the likeliest (most free copies) first,
    then in catalog order; each names the first free copy of its face."""
    return faces_of(piles.pile(state, state.slot(cell).kind))


def faces_of(pile: Iterable[str]) -> list[Face]:
    """The faces among the cards ``pile`` (a draw pile, or the cards a drawn card may be), the
    likeliest first, then in catalog order; each names the first of its copies."""
    order = {card: at for at, card in enumerate((*catalog().goods, *catalog().tribe))}
    copies: dict[Hashable, list[str]] = {}
    for card in sorted(set(pile), key=order.__getitem__):
        copies.setdefault(face_of(card), []).append(card)
    tribe = catalog().tribe
    found = [
        Face(
            card=cards[0],
            free=len(cards),
            symbol=tribe[cards[0]].symbol if cards[0] in tribe else None,
        )
        for cards in copies.values()
    ]
    return sorted(found, key=lambda face: -face.free)


def symbols(found: Sequence[Face]) -> list[Symbol]:
    """The tribe symbols among ``found``, the one with the most free copies first."""
    free: dict[Symbol, int] = {}
    for face in found:
        if face.symbol is not None:
            free[face.symbol] = free.get(face.symbol, 0) + face.free
    ordered = sorted(Symbol, key=lambda symbol: -free.get(symbol, 0))
    return [symbol for symbol in ordered if symbol in free]


def card_faces(state: TargiState, kind: CardKind, current: str | None = None) -> list[Face]:
    """Every face of ``kind`` in catalog order, for a correction naming a card: each names
    ``current`` if it is a copy of it, else its first copy in the draw pile, else its first copy;
    ``free`` counts its copies in the draw pile."""
    cards = catalog()
    ids = cards.goods if kind is CardKind.GOODS else cards.tribe
    pile = piles.pile(state, kind)
    copies: dict[Hashable, list[str]] = {}
    for card in ids:
        copies.setdefault(face_of(card), []).append(card)
    found = []
    for same in copies.values():
        free = [card for card in same if card in pile]
        named = current if current in same else (free or same)[0]
        symbol = cards.tribe[named].symbol if named in cards.tribe else None
        found.append(Face(card=named, free=len(free), symbol=symbol))
    return found
