"""Targi's actions in a few words (``Amal's Targi on 2 Dates``): what undo and redo name."""

from __future__ import annotations

from typing import Any

from companion.describe import player_name
from companion.games.targi import actions as a
from companion.games.targi.board import BORDER
from companion.games.targi.names import border_name, card_name
from companion.i18n import _


def border_words(number: int) -> str:
    """``2 Dates``: a border card's number and its name."""
    return f"{number} {border_name(BORDER[number]).capitalize()}"


def cell_words(cell: tuple[int, int]) -> str:
    return "·".join(map(str, cell))


def describe(state: Any, action: Any) -> str | None:
    """``action`` in words, ``state`` being the game when it was taken; None: the generic words."""
    name = player_name(state, action) or ""
    if isinstance(action, a.Place):
        return _("{name}'s Targi on {card}").format(name=name, card=border_words(action.card))
    if isinstance(action, a.RevealCard):
        return _("{card} named at centre {cell}").format(
            card=card_name(action.card), cell=cell_words(action.cell)
        )
    if isinstance(action, a.TakeGoods):
        return _("{name} used {card}").format(name=name, card=border_words(action.card))
    if isinstance(action, a.TakeCentralGoods | a.TakeCentralTribe):
        return _("{name} used the card at centre {cell}").format(
            name=name, cell=cell_words(action.cell)
        )
    if isinstance(action, a.Skip):
        where = border_words(action.space) if isinstance(action.space, int) else action.space
        where = cell_words(where) if isinstance(where, tuple) else where
        return _("{name} left {card} unused").format(name=name, card=where)
    if isinstance(action, a.EndTurn):
        return _("{name}'s end of turn").format(name=name)
    if isinstance(action, a.PayRaid):
        return _("{name}'s raid payment").format(name=name)
    numbers = [n for n, c in BORDER.items() if c.value == getattr(action, "kind", None)]
    if len(numbers) == 1:  # the Noble, the Merchant ...: the one border card of that kind
        return _("{name} used {card}").format(name=name, card=border_words(numbers[0]))
    return None
