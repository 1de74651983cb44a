"""Timbuktu's headless rules questions (``table-companion rules timbuktu QUESTION``): JSON in, JSON
out, answered by the functions the game itself uses.

- ``pitch``: which pitch a camel entering a pen takes, given the pitches already taken.
- ``theft``: what the revealed thief piles take from the camels of one place.
- ``score``: the values of the goods (the removed tally) and the final score.

Where the contract is silent: pens are any non-empty strings (at most 24 characters); a thief
lists one or two different pitches and one or two different goods (its cards show two); each pen
has at most one thief and a place at most five (and 25 camels); two camels on one pitch of one
pen, a camel with more than 4 goods, or counts beyond the box's 21 goods of a kind (removed and
carried together) are malformed; the score takes 3 to 5 players.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

from pydantic import Field, field_validator, model_validator

from companion.games.timbuktu import scoring
from companion.games.timbuktu.board import lowest_free_pitch
from companion.games.timbuktu.model import (
    CAPACITY,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PENS,
    PITCHES,
    SUPPLY,
    Good,
    Goods,
)
from companion.games.timbuktu.thefts import Standing, Thief, strike
from companion.rules.questions import Question

Pitch = Annotated[int, Field(ge=1, le=PITCHES)]
PenName = Annotated[str, Field(min_length=1, max_length=24)]
Count = Annotated[int, Field(ge=0, le=SUPPLY)]


def _distinct(values: list[Any]) -> list[Any]:
    if len(set(values)) != len(values):
        raise ValueError("an entry is listed twice")
    return values


class PitchQuestion(Question):
    occupied: Annotated[list[Pitch], Field(max_length=PITCHES)]

    _distinct = field_validator("occupied")(_distinct)


class TheftCamel(Question):
    pen: PenName
    pitch: Pitch
    goods: Annotated[list[Good], Field(max_length=CAPACITY)]


class TheftThief(Question):
    pen: PenName
    pitches: Annotated[list[Pitch], Field(min_length=1, max_length=2)]
    goods: Annotated[list[Good], Field(min_length=1, max_length=2)]

    _distinct = field_validator("pitches", "goods")(_distinct)


class TheftQuestion(Question):
    camels: Annotated[dict[str, TheftCamel], Field(max_length=PENS * PITCHES)]
    thieves: Annotated[list[TheftThief], Field(max_length=PENS)]

    @field_validator("camels")
    @classmethod
    def _one_camel_per_pitch(cls, camels: dict[str, TheftCamel]) -> dict[str, TheftCamel]:
        seen: dict[tuple[str, int], str] = {}
        for name, camel in camels.items():
            other = seen.setdefault((camel.pen, camel.pitch), name)
            if other != name:
                raise ValueError(
                    f"{other} and {name} both stand on pitch {camel.pitch} of pen {camel.pen!r}"
                )
        return camels

    @field_validator("thieves")
    @classmethod
    def _one_thief_per_pen(cls, thieves: list[TheftThief]) -> list[TheftThief]:
        _distinct([thief.pen for thief in thieves])
        return thieves


class Haul(Question):
    """Goods of each kind: removed from the game, or a player's goods that reached Timbuktu."""

    gold: Count
    coffee: Count
    pepper: Count
    salt: Count
    water: Count

    def goods(self) -> Goods:
        return Goods(self.gold, self.coffee, self.pepper, self.salt, self.water)


class ScoreQuestion(Question):
    removed: Haul
    players: Annotated[dict[str, Haul], Field(min_length=MIN_PLAYERS, max_length=MAX_PLAYERS)]

    @model_validator(mode="after")
    def _within_the_box(self) -> ScoreQuestion:
        for good in Good:
            counted = self.removed.goods().count(good) + sum(
                p.goods().count(good) for p in self.players.values()
            )
            if counted > SUPPLY:
                raise ValueError(
                    f"{counted} {good.value} removed and carried, but the game has {SUPPLY}"
                )
        return self


def pitch(q: PitchQuestion) -> dict[str, Any]:
    free = lowest_free_pitch(q.occupied)
    return {"pitch": None, "reason": "full"} if free is None else {"pitch": free}


def theft(q: TheftQuestion) -> dict[str, Any]:
    camels = {name: Standing(c.pen, c.pitch, tuple(c.goods)) for name, c in q.camels.items()}
    thieves = [Thief(t.pen, set(t.pitches), set(t.goods)) for t in q.thieves]
    outcome = strike(camels, thieves)
    return {
        "stolen": {
            name: sorted(good.value for good in lost) for name, lost in outcome.stolen.items()
        },
        "camels": {name: [good.value for good in left] for name, left in outcome.remaining.items()},
        "removed": {good.value: outcome.removed.count(good) for good in Good},
    }


def score(q: ScoreQuestion) -> dict[str, Any]:
    worth = q.removed.goods().as_dict()
    hauls = {name: p.goods() for name, p in q.players.items()}
    sheet = scoring.sheet(worth, hauls)
    return {
        "values": {good.value: worth[good] for good in Good},
        "players": {
            name: {**sheet.points[name], "goods": hauls[name].total, "total": sheet.totals[name]}
            for name in sheet.players
        },
        "ranking": [list(group) for group in sheet.ranking],
        "tiebreak": sheet.tiebreak,
    }


QUESTIONS: dict[str, tuple[type[Question], Callable[[Any], dict[str, Any]]]] = {
    "pitch": (PitchQuestion, pitch),
    "theft": (TheftQuestion, theft),
    "score": (ScoreQuestion, score),
}
