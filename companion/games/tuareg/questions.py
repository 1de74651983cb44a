"""The Tuareg card game's headless rules questions (``table-companion rules tuareg QUESTION``).

Each question validates its input strictly (unknown fields, wrong types and out-of-range values are
:class:`InputError`) and answers with the same functions the rules engine uses:

- ``load``: may these cards go on this animal? Every loading rule broken, sorted.
- ``majorities``: one stage's majority points; values left out come from the table's confirmed
  values (:mod:`.values`), so this question is the one that reads the settings.
- ``final``: the end-of-game sheet (stages, unused special cards as points, cache tie-break).

Where the contract is silent: ``add`` holds 1 to 4 cards (nothing to lay, or more than one turn lays,
is malformed), ``load`` at most 4 and must itself be a legal load (no legal play makes another);
counts above the game's copies of a good, or of a special card set out for that many players, summed
over the players, are out of range; so are values above what ``confirm_value`` takes (20 points,
9 dinars), stage points above what a stage can give and a cache worth more than every good.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

from pydantic import Field, ValidationInfo, field_validator

from companion.games.tuareg import scoring
from companion.games.tuareg.loading import load_refusals, stack_refusals
from companion.games.tuareg.model import (
    CAPACITY,
    COPIES,
    MAX_PER_TURN,
    MAX_PLAYERS,
    MIN_PLAYERS,
    SPECIAL_SUPPLY,
    STAGES,
    Animal,
    Good,
    SpecialCard,
)
from companion.games.tuareg.values import Settings, resolve_values
from companion.rules.questions import Question

MOST_SET_OUT = {card: max(s[card] for s in SPECIAL_SUPPLY.values()) for card in SpecialCard}
MOST_POINTS, MOST_DINARS = 20, 9
"""A good's highest majority points and dinar value, as ``confirm_value`` bounds them."""
Points = Annotated[int, Field(ge=1, le=MOST_POINTS)]
StagePoints = Annotated[
    int, Field(ge=0, le=len(Good) * MOST_POINTS + 2 * MOST_SET_OUT[SpecialCard.MAP])
]
"""At most every majority at its highest value and every map cashed in."""
CacheValue = Annotated[int, Field(ge=0, le=sum(COPIES.values()) * MOST_DINARS)]


class LoadQuestion(Question):
    animal: Animal
    load: Annotated[list[Good], Field(max_length=CAPACITY)]
    """The animal's cards now, bottom to top."""
    add: Annotated[list[Good], Field(min_length=1, max_length=MAX_PER_TURN)]
    """The cards laid this turn, in the order they go on."""

    @field_validator("load")
    @classmethod
    def _a_legal_load(cls, load: list[Good], info: ValidationInfo) -> list[Good]:
        animal = info.data.get("animal")
        if animal is None:
            return load
        broken = stack_refusals(animal, load)
        if broken:
            raise ValueError(
                f"no {animal.value} can carry this load (it breaks {', '.join(broken)})"
            )
        return load


class Values(Question):
    """Majority points by good; a good left out comes from the confirmed values."""

    water: Points | None = None
    gold: Points | None = None
    salt: Points | None = None
    millet: Points | None = None

    @field_validator("water", "gold", "salt", "millet")
    @classmethod
    def _not_null(cls, value: int | None) -> int:
        if value is None:
            raise ValueError("give the points, or leave the good out to use the confirmed value")
        return value

    def given(self) -> dict[Good, int]:
        return {
            good: getattr(self, good.value) for good in Good if good.value in self.model_fields_set
        }


class GoodCounts(Question):
    """A player's cards of each good at the stage's end (on animals, in caves, under thieves)."""

    water: int = Field(ge=0, le=COPIES[Good.WATER])
    gold: int = Field(ge=0, le=COPIES[Good.GOLD])
    salt: int = Field(ge=0, le=COPIES[Good.SALT])
    millet: int = Field(ge=0, le=COPIES[Good.MILLET])


class MajoritiesQuestion(Question):
    values: Values = Field(default_factory=Values)
    players: Annotated[dict[str, GoodCounts], Field(min_length=MIN_PLAYERS, max_length=MAX_PLAYERS)]

    @field_validator("players")
    @classmethod
    def _within_the_deck(cls, players: dict[str, GoodCounts]) -> dict[str, GoodCounts]:
        for good in Good:
            counted = sum(getattr(p, good.value) for p in players.values())
            if counted > COPIES[good]:
                raise ValueError(
                    f"{counted} {good.value} cards counted, but the game has {COPIES[good]}"
                )
        return players


class Unused(Question):
    """Special cards a player holds unused at the end, by kind."""

    donkey: int = Field(ge=0, le=MOST_SET_OUT[SpecialCard.DONKEY])
    cave: int = Field(ge=0, le=MOST_SET_OUT[SpecialCard.CAVE])
    thief: int = Field(ge=0, le=MOST_SET_OUT[SpecialCard.THIEF])
    map: int = Field(ge=0, le=MOST_SET_OUT[SpecialCard.MAP])

    def counts(self) -> dict[SpecialCard, int]:
        return {card: getattr(self, card.value) for card in SpecialCard}


class FinalPlayer(Question):
    stages: Annotated[list[StagePoints], Field(min_length=STAGES, max_length=STAGES)]
    unused: Unused
    cache_value: CacheValue


class FinalQuestion(Question):
    players: Annotated[
        dict[str, FinalPlayer], Field(min_length=MIN_PLAYERS, max_length=MAX_PLAYERS)
    ]

    @field_validator("players")
    @classmethod
    def _within_the_supply(cls, players: dict[str, FinalPlayer]) -> dict[str, FinalPlayer]:
        supply = SPECIAL_SUPPLY[len(players)]  # the number of players is checked first
        for card in SpecialCard:
            held = sum(p.unused.counts()[card] for p in players.values())
            if held > supply[card]:
                raise ValueError(
                    f"{held} unused {card.value} cards, but a {len(players)}-player game sets out "
                    f"{supply[card]}"
                )
        return players


def load(q: LoadQuestion) -> dict[str, Any]:
    reasons = load_refusals(q.animal, q.load, q.add)
    return {"ok": not reasons, "reasons": reasons}


def majorities(q: MajoritiesQuestion, settings: Settings) -> dict[str, Any]:
    values = resolve_values(q.values.given(), settings)
    counts = {
        name: {good: getattr(held, good.value) for good in Good} for name, held in q.players.items()
    }
    result = scoring.majorities(values, counts)
    totals = result.totals
    return {
        "players": {
            name: {**{good.value: pts for good, pts in goods.items()}, "total": totals[name]}
            for name, goods in result.points.items()
        },
        "winners": {good.value: list(names) for good, names in result.winners.items()},
    }


def final(q: FinalQuestion) -> dict[str, Any]:
    tallies = {
        name: scoring.FinalTally(
            stages=tuple(p.stages), unused=p.unused.counts(), cache_value=p.cache_value
        )
        for name, p in q.players.items()
    }
    sheet = scoring.final_sheet(tallies)
    return {
        "players": {
            name: {
                "stages": list(tallies[name].stages),
                "unused": {
                    card.value: pts
                    for card, pts in scoring.unused_points(tallies[name].unused).items()
                },
                "total": sheet.totals[name],
            }
            for name in sheet.players
        },
        "ranking": [list(group) for group in sheet.ranking],
        "tiebreak": sheet.tiebreak,
    }


QUESTIONS: dict[str, tuple[type[Question], Callable[..., dict[str, Any]]]] = {
    "load": (LoadQuestion, load),
    "majorities": (MajoritiesQuestion, majorities),
    "final": (FinalQuestion, final),
}
"""Question name -> (input model, handler). A handler named in :data:`READS_SETTINGS` also takes a
:data:`~companion.games.tuareg.values.Settings` reader; the others take the question only."""

READS_SETTINGS = frozenset({"majorities"})
