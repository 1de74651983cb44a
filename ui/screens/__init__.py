"""One screen per module, each with its ``.kv`` beside it (loaded with the module: only Home's at
start, every other screen's on its first visit)."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ui.screens.base import GameScreen

STORAGE = "storage"
"""The storage notice's screen name, here so that naming it loads neither the screen nor its
``.kv`` (the notice is built only when a database cannot be used)."""


def game_screen_of(screen: object) -> GameScreen[Any] | None:
    """``screen`` if it is a game's screen, else None. No screen is a game's before the first
    game screen is made, which loads :mod:`ui.screens.base` (and the game bar's widgets): asking
    does not load them (Home's first frame needs none of them)."""
    base = sys.modules.get("ui.screens.base")
    if base is not None and isinstance(screen, base.GameScreen):
        found: GameScreen[Any] = screen
        return found
    return None
