"""Tuareg's part of the app (see :mod:`ui.games`)."""

from ui.games import GameUI

UI = GameUI(
    game="tuareg",
    screen="ui.games.tuareg.gamescreen:TuaregScreen",
    corrections="ui.games.tuareg.corrections",
    tour="ui.games.tuareg.tour:STATES",
    positions="ui.games.tuareg.positions:POSITIONS",
    turns="ui.games.tuareg.taps:TURNS",
    settings="ui.games.tuareg.settings:CardValuesSection",
)
