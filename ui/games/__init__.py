"""Each game's part of the app, one package per game: ``ui/games/<game>/`` (named as the game's
spec names the game) exports ``screen()``, the class of the game's screen, imported when it is first
shown. A game without such a package gets :class:`ui.screens.generic.GenericGameScreen`: every legal
action as a button. Nothing else in the app names a game."""

from __future__ import annotations

import importlib
import importlib.util
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ui.screens.base import GameScreen


def screen_class(game: str) -> type[GameScreen]:
    """The screen class for ``game``: its UI package's, else the generic one (its module, and so
    its ``.kv``, loaded now)."""
    package = f"{__name__}.{game}"
    if game.isidentifier() and importlib.util.find_spec(package) is not None:
        return importlib.import_module(package).screen()  # type: ignore[no-any-return]
    from ui.screens.generic import GenericGameScreen

    return GenericGameScreen
