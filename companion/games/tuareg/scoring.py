"""Scoring: the majorities at the end of each stage, and the final sheet after stage 2.

At a stage's end each player counts the cards of each good on their animals, in their caves and under
their thieves (not in hand). The player with the most cards of a good scores its majority value; if
several tie for the most, each scores the value less 1. A good nobody has scores nothing.

After stage 2 every special card still held unused scores 1 point (a map 2). The most points from both
stages and the unused cards wins; a tie goes to the most valuable cache (the cards in hand, in
dinars); equal caches are a draw.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from companion.games.tuareg.model import STAGES, UNUSED_POINTS, Good, SpecialCard
from companion.games.tuareg.names import good_name
from companion.installation.i18n import _
from companion.rules import scoresheet
from companion.rules.scoresheet import Category, ScoreSheet, TieBreak, build_sheet

TIE_PENALTY = 1
"""What each player tied for the most cards of a good scores less than its value."""


@dataclass(frozen=True)
class Majorities:
    """One stage's majority scoring."""

    points: Mapping[str, Mapping[Good, int]]
    """player -> good -> points, every good for every player (in the players' order)."""
    winners: Mapping[Good, tuple[str, ...]]
    """good -> the players with the most cards of it (several on a tie, none if nobody has it)."""

    @property
    def totals(self) -> dict[str, int]:
        return {player: sum(goods.values()) for player, goods in self.points.items()}


def majorities(values: Mapping[Good, int], counts: Mapping[str, Mapping[Good, int]]) -> Majorities:
    """Score each good's majority: ``values`` are its majority points, ``counts`` each player's cards
    of it (a good missing from a player's counts is 0)."""
    winners: dict[Good, tuple[str, ...]] = {}
    points = {player: dict.fromkeys(Good, 0) for player in counts}
    for good in Good:
        most = max((held.get(good, 0) for held in counts.values()), default=0)
        top = tuple(p for p, held in counts.items() if most > 0 and held.get(good, 0) == most)
        winners[good] = top
        scored = values[good] - (TIE_PENALTY if len(top) > 1 else 0)
        for player in top:
            points[player][good] = scored
    return Majorities(points=points, winners=winners)


def map_points(cashed: int) -> int:
    """Points for ``cashed`` maps cashed in at a stage's end."""
    return cashed * UNUSED_POINTS[SpecialCard.MAP]


@dataclass(frozen=True)
class StageScore:
    """One stage's scoring: the majorities and the maps cashed in, by player."""

    majorities: Majorities
    maps: Mapping[str, int]
    """player -> points for the maps cashed in at the stage's end."""

    @property
    def totals(self) -> dict[str, int]:
        """player -> the stage's points: majorities and maps."""
        return {p: total + self.maps[p] for p, total in self.majorities.totals.items()}


def stage_score(
    values: Mapping[Good, int], counts: Mapping[str, Mapping[Good, int]], maps: Mapping[str, int]
) -> StageScore:
    """Score a stage: :func:`majorities` of ``counts`` at ``values`` plus each player's ``maps``
    cashed in (player -> how many)."""
    return StageScore(
        majorities=majorities(values, counts),
        maps={player: map_points(maps[player]) for player in counts},
    )


@dataclass(frozen=True)
class FinalTally:
    """What one player's final score is made of."""

    stages: Sequence[int]
    """The points each stage's scoring gave the player (stage 1, stage 2)."""
    unused: Mapping[SpecialCard, int]
    """Special cards held unused at the end, by kind (a kind left out is 0)."""
    cache_value: int
    """The dinar value of the cards in hand at the end: the tie-break."""


def unused_points(unused: Mapping[SpecialCard, int]) -> dict[SpecialCard, int]:
    """Points for the unused special cards, by kind: 1 each, 2 for a map."""
    return {card: unused.get(card, 0) * UNUSED_POINTS[card] for card in SpecialCard}


def categories() -> tuple[Category, ...]:
    labels = {
        SpecialCard.DONKEY: _("Unused donkeys"),
        SpecialCard.CAVE: _("Unused caves"),
        SpecialCard.THIEF: _("Unused thieves"),
        SpecialCard.MAP: _("Unused maps"),
    }
    return (
        *(Category(f"stage_{n}", _("Stage {n}").format(n=n)) for n in range(1, STAGES + 1)),
        *(Category(card.value, labels[card]) for card in SpecialCard),
    )


def cache_step(tallies: Mapping[str, FinalTally | GameTally]) -> TieBreak:
    """The tie-break: the dinar value of the cards in hand at the end."""
    values = {name: t.cache_value for name, t in tallies.items()}
    return TieBreak("cache", values, _("the cache's value in dinars"))


def final_sheet(tallies: Mapping[str, FinalTally], *, final: bool = True) -> ScoreSheet:
    """The end-of-game score sheet: stage points and unused special cards, ties broken by the cache.

    Categories ``stage_1``, ``stage_2``, then ``donkey``, ``cave``, ``thief``, ``map`` (points, not
    counts); the tie-break step is ``cache``.
    """
    for name, t in tallies.items():
        if len(t.stages) != STAGES:
            raise ValueError(f"{name}: a game has {STAGES} stages, not {len(t.stages)}")
    points = {
        name: {
            **{f"stage_{n}": stage for n, stage in enumerate(t.stages, 1)},
            **{card.value: pts for card, pts in unused_points(t.unused).items()},
        }
        for name, t in tallies.items()
    }
    tiebreaks = (cache_step(tallies),)
    return build_sheet("tuareg", categories(), points, tiebreaks, final=final)


PENDING = scoresheet.PENDING
"""A tracked game's tie-break while players tied on points have not shown their hands: the cache
decides, but not yet."""


@dataclass(frozen=True)
class GameTally:
    """One player's part of a game in progress or over, as the game sheet needs it."""

    stages: Sequence[Mapping[Good, int]]
    """The majority points of each scored stage, by good."""
    maps_cashed: Sequence[int]
    """Maps cashed in at each scored stage's end."""
    unused: Mapping[SpecialCard, int]
    """Special cards held unused now (they score once the game is over)."""
    cache_value: int
    """The dinar value of the cache as shown at the end (0 if it was not shown)."""


def game_categories() -> tuple[Category, ...]:
    per_stage = tuple(
        category
        for n in range(1, STAGES + 1)
        for category in (
            *(
                Category(
                    f"stage_{n}_{good.value}",
                    _("Stage {n}: {good}").format(n=n, good=good_name(good)),
                )
                for good in Good
            ),
            Category(f"stage_{n}_maps", _("Stage {n}: maps cashed").format(n=n)),
        )
    )
    return (*per_stage, *categories()[STAGES:])


def game_sheet(
    tallies: Mapping[str, GameTally],
    *,
    final: bool,
    notes: Sequence[str] = (),
    by_cache: bool = True,
) -> ScoreSheet:
    """The sheet of a tracked game: each stage's majorities by good and its cashed maps, then the
    unused special cards (counted once the game is over); ties broken by the cache (``by_cache``
    False: not yet, the ranking is by points alone)."""
    points = {}
    for name, t in tallies.items():
        row = {c.key: 0 for c in game_categories()}
        for n, stage in enumerate(t.stages, 1):
            row.update({f"stage_{n}_{good.value}": pts for good, pts in stage.items()})
            row[f"stage_{n}_maps"] = map_points(t.maps_cashed[n - 1])
        if final:
            row.update({card.value: pts for card, pts in unused_points(t.unused).items()})
        points[name] = row
    tiebreaks = (cache_step(tallies),)
    return build_sheet(
        "tuareg",
        game_categories(),
        points,
        tiebreaks if by_cache else (),
        final=final,
        notes=notes,
    )
