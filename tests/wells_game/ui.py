"""The fourth game's part of the app, declared as the built-in games declare theirs: its screen,
its section of Settings and the layout tour's states of it (found through the entry point
``table_companion.game_ui``)."""

from __future__ import annotations

from ui.games import GameUI

UI = GameUI(
    game="wells",
    screen="wells_game.screen:WellsScreen",
    tour="wells_game.tour:STATES",
    settings="wells_game.settings:WellsSettings",
)
