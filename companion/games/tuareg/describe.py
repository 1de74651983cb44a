"""Tuareg's everyday actions in a few words (``Karin took 2 water from the market``): what undo
and redo name. Actions not worded here read in :mod:`companion.describe`'s generic words."""

from __future__ import annotations

from typing import Any

from companion.describe import player_name, seat_name
from companion.games.tuareg import actions as a
from companion.games.tuareg.names import good_name, special_name
from companion.i18n import _


def describe(state: Any, action: Any) -> str | None:
    name = player_name(state, action) or ""
    if isinstance(action, a.Draw):
        return _("{name} drew").format(name=name)
    if isinstance(action, a.TakeFromMarket):
        return _("{name} took {count} {good} from the market").format(
            name=name, count=action.count, good=good_name(action.good)
        )
    if isinstance(action, a.LoadFromCache):
        return _("{name} loaded from the hand").format(name=name)
    if isinstance(action, a.Buy):
        return _("{name} bought a {card}").format(name=name, card=special_name(action.card))
    if isinstance(action, a.Hide):
        return _("{name} hid a card in cave {n}").format(name=name, n=action.cave)
    if isinstance(action, a.Steal):
        victim = seat_name(state, action.victim) or ""
        return _("{name} stole from {victim}").format(name=name, victim=victim)
    if isinstance(action, a.EndTurn):
        return _("{name}'s end of turn").format(name=name)
    if isinstance(action, a.OpenMarket):
        return _("the market opened")
    return None
