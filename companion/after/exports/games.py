"""What the exports say about each game: its printed title and BoardGameGeek id, from its spec.

Targi's id (118048) is BoardGameGeek's page boardgamegeek.com/boardgame/118048/targi. No source the
project holds (the rulebooks in ``/work/shared/rules``, ``GAME-DATA.md``) confirms the ids of
Tuareg's card game or Timbuktu, so their specs leave them ``None``: the table enters them once
(``settings set tuareg bgg_id N``, :mod:`companion.after.exports.table_facts`), or BG Stats matches the
play by its title.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.rules.registry import GAMES


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
