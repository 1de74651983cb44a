"""Each game's part of the app, one package per game: ``ui/games/<game>/`` (named as the game's
spec names the game). Its ``__init__`` exports ``screen()``, the class of the game's screen, imported
when it is first shown; its ``corrections`` module, if any, ``BELIEFS`` (where the belief each
correction overrules is found, see :mod:`ui.corrections`). A game without such a package gets
:class:`ui.screens.generic.GenericGameScreen`: every legal action as a button. Nothing else in the
app names a game."""

from __future__ import annotations

import importlib
import importlib.util
from types import ModuleType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ui.screens.base import GameScreen


def game_module(game: str, module: str = "") -> ModuleType | None:
    """``game``'s UI package (or its ``module``), imported now; None if the game has none."""
    if not game.isidentifier():
        return None
    name = ".".join(part for part in (__name__, game, module) if part)
    try:
        found = importlib.util.find_spec(name)
    except ModuleNotFoundError:  # no package for the game at all
        return None
    return None if found is None else importlib.import_module(name)


def screen_class(game: str) -> type[GameScreen]:
    """The screen class for ``game``: its UI package's, else the generic one (its module, and so
    its ``.kv``, loaded now)."""
    package = game_module(game)
    if package is not None:
        return package.screen()  # type: ignore[no-any-return]
    from ui.screens.generic import GenericGameScreen

    return GenericGameScreen
