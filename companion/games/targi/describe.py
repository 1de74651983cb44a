"""Targi's actions in a few words (``Amal's Targi on 2 Dates``): what undo and redo name."""

from __future__ import annotations

from typing import Any

from companion.games.targi import actions as a
from companion.games.targi.board import BORDER
from companion.games.targi.names import border_name, card_name, cell_words
from companion.installation.i18n import _, ngettext
from companion.play.describe import player_name


def border_words(number: int) -> str:
    """``2 Dates``: a border card's number and its name."""
    return f"{number} {border_name(BORDER[number]).capitalize()}"


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
    if isinstance(action, a.ReturnExcess):
        return _("{name} gave back the excess").format(name=name)
    if isinstance(action, a.PlayFromHand):
        return _("{name} played the hand card into the display").format(name=name)
    if isinstance(action, a.SwapDisplayed):
        return _("{name} swapped two displayed cards").format(name=name)
    if isinstance(action, a.RaidProtected):
        return _("{name} gave nothing at the raid (protected)").format(name=name)
    numbers = [n for n, c in BORDER.items() if c.value == getattr(action, "kind", None)]
    if len(numbers) == 1:  # the Noble, the Merchant ...: the one border card of that kind
        return _("{name} used {card}").format(name=name, card=border_words(numbers[0]))
    return correction(name, action)


def correction(name: str, action: Any) -> str | None:
    """A correction in words: what the table now shows (the log marks it as a correction)."""
    if isinstance(action, a.SetStock):
        return _("{name}'s goods and points set").format(name=name)
    if isinstance(action, a.MoveRobber):
        return _("the robber moved to {card}").format(card=border_words(action.card))
    if isinstance(action, a.MoveTargi):
        card = border_words(action.card)
        if action.to is None:
            return _("{name}'s Targi taken off {card}").format(name=name, card=card)
        return _("{name}'s Targi moved from {card} to {to}").format(
            name=name, card=card, to=border_words(action.to)
        )
    if isinstance(action, a.MoveMarker):
        cell = cell_words(action.cell)
        if action.to is None:
            return _("{name}'s tribe marker taken off {cell}").format(name=name, cell=cell)
        return _("{name}'s tribe marker moved from {cell} to {to}").format(
            name=name, cell=cell, to=cell_words(action.to)
        )
    if isinstance(action, a.FixCentralCard):
        return _("the card at centre {cell} is {card}").format(
            cell=cell_words(action.cell), card=card_name(action.card)
        )
    if isinstance(action, a.SetHand):
        if action.card is None:
            return _("{name}'s hand emptied").format(name=name)
        return _("{name}'s hand card is {card}").format(name=name, card=card_name(action.card))
    if isinstance(action, a.FixDisplayedCard):
        return _("{name}'s display, row {row} card {n}, is {card}").format(
            name=name, row=action.row + 1, n=action.index + 1, card=card_name(action.card)
        )
    if isinstance(action, a.AddDisplayed):
        return _("{card} added to row {row} of {name}'s display").format(
            card=card_name(action.card), row=action.row + 1, name=name
        )
    if isinstance(action, a.FixSwapDisplayed):
        return _("two of {name}'s displayed cards swapped back").format(name=name)
    if isinstance(action, a.ExcuseRaid):
        return _("{name} excused from the raid").format(name=name)
    if isinstance(action, a.AddCardBonus):
        return ngettext(
            "{name}'s card points: {points} point",
            "{name}'s card points: {points} points",
            abs(action.points),
        ).format(name=name, points=action.points)
    return None
