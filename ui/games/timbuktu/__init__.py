"""Timbuktu's part of the app (see :mod:`ui.games`)."""

from ui.games import GameUI

UI = GameUI(
    game="timbuktu",
    screen="ui.games.timbuktu.gamescreen:TimbuktuScreen",
    corrections="ui.games.timbuktu.corrections",
    tour="ui.games.timbuktu.tour:STATES",
    positions="ui.games.timbuktu.positions:POSITIONS",
    turns="ui.games.timbuktu.taps:TURNS",
)
