"""Targi's part of the app (see :mod:`ui.games`)."""

from ui.games import GameUI

UI = GameUI(
    game="targi",
    screen="ui.games.targi.gamescreen:TargiScreen",
    corrections="ui.games.targi.corrections",
)
