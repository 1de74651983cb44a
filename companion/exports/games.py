"""What the exports say about each game: its printed title and BoardGameGeek id.

The BoardGameGeek ids are ``None``: no source the project holds (the rulebooks in
``/work/shared/rules`` and ``GAME-DATA.md``) confirms one; BG Stats then matches by the title.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class GameInfo:
    title: str
    bgg_id: int | None


GAMES_INFO: dict[str, GameInfo] = {
    "targi": GameInfo("Targi", None),
    "tuareg": GameInfo("Tuareg", None),
    "timbuktu": GameInfo("Timbuktu", None),
}


def info(game: str) -> GameInfo:
    """A game without an entry (a test game, a plug-in) is exported under its own name."""
    return GAMES_INFO.get(game, GameInfo(game, None))
