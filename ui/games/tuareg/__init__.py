"""Tuareg's part of the app (see :mod:`ui.games`)."""

from ui.games import GameUI

UI = GameUI(
    game="tuareg",
    screen="ui.games.tuareg.gamescreen:TuaregScreen",
    corrections="ui.games.tuareg.corrections",
)
