"""What the exports say about each game: its printed title and BoardGameGeek id, from its spec.

No BoardGameGeek id is confirmed by a source the project holds (the rulebooks in
``/work/shared/rules`` and ``GAME-DATA.md``), so every built-in spec leaves it ``None``; BG Stats then
matches by the title.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.registry import GAMES


@dataclass(frozen=True)
class GameInfo:
    title: str
    bgg_id: int | None


def info(game: str) -> GameInfo:
    """A game no longer registered (a test game, a removed plug-in) is exported under its name."""
    spec = GAMES.get(game)
    if spec is None:
        return GameInfo(game, None)
    return GameInfo(spec.printed_title or spec.name, spec.bgg_id)
