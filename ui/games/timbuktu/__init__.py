"""Timbuktu's part of the app (see :mod:`ui.games`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ui.screens.base import GameScreen


def screen() -> type[GameScreen]:
    from ui.games.timbuktu.gamescreen import TimbuktuScreen

    return TimbuktuScreen
