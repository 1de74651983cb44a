"""Actions in a few words for people: what undo took back, what redo put back.

A game words its own actions through its spec (:attr:`companion.rules.spec.GameSpec.describe`); any action
it does not word (or a game without a describer) reads in the generic words here: the player's
name, if the action has one, and "a move" or "a correction".
"""

from __future__ import annotations

from typing import Any

from companion.installation.i18n import _
from companion.rules.registry import spec_for


def player_name(state: Any, action: Any) -> str | None:
    """The name of the player ``action`` is for (its ``player`` seat), if it has one."""
    return seat_name(state, getattr(action, "player", None))


def seat_name(state: Any, seat: Any) -> str | None:
    """The name of the player in ``seat``, if there is one."""
    players = getattr(state, "players", ())
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(players):
        return str(getattr(players[seat], "name", "")) or None
    return None


def generic(state: Any, action: Any) -> str:
    """``Amal: a move`` or ``a correction`` (``Amal: a correction``): words for an action its game
    does not word. The action's kind is a code, English: it is never shown (each built-in game
    words every action it has)."""
    correction = getattr(action, "correction", False)
    name = player_name(state, action)
    if name:
        if correction:
            return _("{name}: a correction").format(name=name)
        return _("{name}: a move").format(name=name)
    return _("a correction") if correction else _("a move")


def describe(game: str, state: Any, action: Any) -> str:
    """``action`` of ``game`` in words, ``state`` being the game as it was when it was taken."""
    describer = spec_for(game).describe
    worded = describer(state, action) if describer is not None else None
    return worded or generic(state, action)


def undone(game: str, state: Any, action: Any) -> str:
    """``Undone: Amal's Targi on 2 Dates`` (``state``: the game as the undo left it)."""
    return _("Undone: {action}").format(action=describe(game, state, action))


def redone(game: str, state: Any, action: Any) -> str:
    """``Redone: Amal's Targi on 2 Dates`` (``state``: the game before the action)."""
    return _("Redone: {action}").format(action=describe(game, state, action))
