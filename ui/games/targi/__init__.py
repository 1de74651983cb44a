"""Targi's part of the app (see :mod:`ui.games`)."""

from ui.games import GameUI

UI = GameUI(
    game="targi",
    screen="ui.games.targi.gamescreen:TargiScreen",
    corrections="ui.games.targi.corrections",
    tour="ui.games.targi.tour:STATES",
    positions="ui.games.targi.positions:POSITIONS",
    turns="ui.games.targi.taps:TURNS",
)
