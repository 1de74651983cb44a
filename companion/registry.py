"""The games Table Companion knows, by the name the CLI and the game log use."""

from __future__ import annotations

from companion.game import GameRules
from companion.games.targi.rules import TargiRules
from companion.games.timbuktu.rules import TimbuktuRules
from companion.games.tuareg.rules import TuaregRules

GAMES: dict[str, GameRules] = {
    "targi": TargiRules(),
    "tuareg": TuaregRules(),
    "timbuktu": TimbuktuRules(),
}


def rules_for(name: str) -> GameRules:
    """The rules object for ``name``; KeyError names the unknown game."""
    return GAMES[name]


def register(name: str, rules: GameRules) -> None:
    """Make ``rules`` known as ``name`` (test games, plug-ins); a taken name cannot be reused."""
    known = GAMES.get(name)
    if known is not None and known is not rules:
        raise ValueError(f"a game named {name!r} is already registered")
    GAMES[name] = rules
