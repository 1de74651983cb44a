"""The games Table Companion knows, by the name the CLI and the game log use.

A built-in game's rules module is imported the first time the game is looked up: listing the games
costs nothing, and a command or a screen that needs one game does not load the others.
"""

from __future__ import annotations

import importlib
import threading
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from companion.game import GameRules

BUILT_IN: dict[str, str] = {
    "targi": "companion.games.targi.rules:TargiRules",
    "tuareg": "companion.games.tuareg.rules:TuaregRules",
    "timbuktu": "companion.games.timbuktu.rules:TimbuktuRules",
}
"""Game name -> ``module:class`` of its rules."""


class Registry(Mapping[str, "GameRules"]):
    """Game name -> its rules object, made on first lookup (``KeyError`` names an unknown game)."""

    def __init__(self, built_in: Mapping[str, str]) -> None:
        self._paths = dict(built_in)
        self._rules: dict[str, GameRules] = {}
        self._lock = threading.Lock()

    def __getitem__(self, name: str) -> GameRules:
        with self._lock:
            rules = self._rules.get(name)
            if rules is None:
                module, _sep, class_name = self._paths[name].partition(":")
                rules = getattr(importlib.import_module(module), class_name)()
                self._rules[name] = rules
            return rules

    def __iter__(self) -> Iterator[str]:
        return iter({**self._paths, **self._rules})

    def __len__(self) -> int:
        return len({**self._paths, **self._rules})

    def __contains__(self, name: object) -> bool:
        return name in self._paths or name in self._rules

    def add(self, name: str, rules: GameRules) -> None:
        with self._lock:
            self._rules[name] = rules


GAMES = Registry(BUILT_IN)


def rules_for(name: str) -> GameRules:
    """The rules object for ``name``; KeyError names the unknown game."""
    return GAMES[name]


def register(name: str, rules: GameRules) -> None:
    """Make ``rules`` known as ``name`` (test games, plug-ins); a taken name cannot be reused."""
    known = GAMES.get(name)
    if known is not None and known is not rules:
        raise ValueError(f"a game named {name!r} is already registered")
    GAMES.add(name, rules)
