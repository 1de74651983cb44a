"""The games Table Companion knows, by the name the CLI and the game log use."""

from __future__ import annotations

from companion.game import GameRules
from companion.games.targi.rules import TargiRules

GAMES: dict[str, GameRules] = {"targi": TargiRules()}


def rules_for(name: str) -> GameRules:
    """The rules object for ``name``; KeyError names the unknown game."""
    return GAMES[name]
