"""Timbuktu's everyday actions in a few words (``Ada moved camel C to pen 4``): what undo and redo
name. Actions not worded here read in :mod:`companion.play.describe`'s generic words."""

from __future__ import annotations

from typing import Any

from companion.games.timbuktu import actions as a
from companion.games.timbuktu.board import place_name
from companion.installation.i18n import _
from companion.play.describe import player_name


def describe(state: Any, action: Any) -> str | None:
    name = player_name(state, action) or ""
    if isinstance(action, a.LoadCaravan):
        return _("{name}'s caravan loaded").format(name=name)
    if isinstance(action, a.PlaceCamel):
        return _("{name} placed camel {camel} in pen {pen}").format(
            name=name, camel=action.camel, pen=action.pen
        )
    if isinstance(action, a.MoveCamel):
        return _("{name} moved camel {camel} to pen {pen}").format(
            name=name, camel=action.camel, pen=action.pen
        )
    if isinstance(action, a.PassThiefPiles):
        return _("the thief piles passed")
    if isinstance(action, a.RevealThief):
        return _("the thief pile of pen {pen}").format(pen=action.pen)
    return correction(state, name, action)


def correction(state: Any, name: str, action: Any) -> str | None:
    """A correction in words: what the table now shows (the log marks it as a correction)."""
    if isinstance(action, a.SetGoods):
        return _("the goods of {name}'s camel {camel} set").format(name=name, camel=action.camel)
    if isinstance(action, a.SetPitch):
        return _("{name}'s camel {camel} set on pen {pen}, pitch {pitch}").format(
            name=name, camel=action.camel, pen=action.pen, pitch=action.pitch
        )
    if isinstance(action, a.SetRemoved):
        return _("the goods out of play set")
    if isinstance(action, a.SetArrows):
        return _("the arrows of pen {pen} of {place} set").format(
            pen=action.pen, place=place_name(state, action.place)
        )
    if isinstance(action, a.SetSwapFields):
        return _("the swap fields of {place} set").format(place=place_name(state, action.place))
    return None
