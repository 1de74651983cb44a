"""Targi's headless rules questions (``table-companion rules targi QUESTION``): JSON in, JSON out.

Each question validates its input strictly (unknown fields, wrong types and out-of-range values are
:class:`InputError`) and answers with the same functions the rules engine uses. Counts are bounded
as the game's actions bound them (at most 99 of anything a player holds).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

from pydantic import Field, field_validator, model_validator

from companion.games.targi import scoring
from companion.games.targi.actions import Count
from companion.games.targi.board import (
    RAID_CORNERS,
    legal_placements,
    marker_cells,
    placement_refusals,
    robber_for_round,
)
from companion.games.targi.model import DISPLAY_ROWS, ROW_LENGTH, Stock, Symbol
from companion.games.targi.raids import raid_options
from companion.rules.questions import Question
from companion.rules.rulings import RULINGS_OPTION, alternatives_chosen

Card = Annotated[int, Field(ge=1, le=16)]
Bonus = Annotated[int, Field(ge=-99, le=99)]
"""Card-text bonus points, as a correction may enter them."""


def _figures(cards: list[int]) -> list[int]:
    """A list of Targi positions: distinct, and never on a raid corner."""
    if len(set(cards)) != len(cards):
        raise ValueError("a card is listed twice")
    corners = sorted(set(cards) & set(RAID_CORNERS))
    if corners:
        raise ValueError(f"no Targi can stand on raid corner {corners[0]}")
    return cards


class PlacementsQuestion(Question):
    robber: Card
    mine: Annotated[list[Card], Field(max_length=3)]
    theirs: Annotated[list[Card], Field(max_length=3)]

    _distinct = field_validator("mine", "theirs")(_figures)

    @model_validator(mode="after")
    def _no_shared_cards(self) -> PlacementsQuestion:
        if set(self.mine) & set(self.theirs):
            raise ValueError("mine and theirs share a card")
        return self


class MarkersQuestion(Question):
    targi: Annotated[list[Card], Field(min_length=1, max_length=3)]

    _distinct = field_validator("targi")(_figures)


class RoundQuestion(Question):
    round: Annotated[int, Field(ge=1, le=13)]


class RaidPlayer(Question):
    dates: Count
    salt: Count
    pepper: Count
    gold: Count
    vp: Count


class RaidQuestion(Question):
    raid: Annotated[int, Field(ge=1, le=4)]
    player: RaidPlayer


class ScorePlayer(Question):
    vp_tokens: Count
    card_vp: Count
    card_bonus: Bonus
    gold: Count
    goods: Count
    display: Annotated[
        list[Annotated[list[Symbol], Field(max_length=ROW_LENGTH)]],
        Field(max_length=DISPLAY_ROWS),
    ]


class ScoreQuestion(Question):
    players: Annotated[dict[str, ScorePlayer], Field(min_length=2, max_length=2)]


def placements(q: PlacementsQuestion) -> dict[str, Any]:
    refusals = placement_refusals(q.robber, q.mine, q.theirs)
    return {
        "legal": legal_placements(q.robber, q.mine, q.theirs),
        "illegal": {str(card): reason for card, reason in sorted(refusals.items())},
    }


def markers(q: MarkersQuestion) -> dict[str, Any]:
    return {"markers": [list(cell) for cell in marker_cells(q.targi)]}


def round_(q: RoundQuestion) -> dict[str, Any]:
    raid, robber = robber_for_round(q.round)
    return {"raid": raid, "robber": robber, "game_over": robber is None}


def raid(q: RaidQuestion) -> dict[str, Any]:
    """What the raid takes under the house rules the question names (``rulings``, see
    :mod:`companion.cli.rules`; absent: the app's rulings)."""
    p = q.player
    chosen = alternatives_chosen(getattr(q, RULINGS_OPTION, {}))
    options, opponent_gains = raid_options(
        q.raid, Stock(p.dates, p.salt, p.pepper, p.gold, p.vp), chosen
    )
    return {"options": [o.as_dict() for o in options], "opponent_gains": opponent_gains}


def score(q: ScoreQuestion) -> dict[str, Any]:
    tallies = {name: scoring.Tally(**p.model_dump()) for name, p in q.players.items()}
    sheet = scoring.sheet(tallies)
    return {
        "players": {
            name: {**sheet.points[name], "total": sheet.totals[name]} for name in sheet.players
        },
        "ranking": [list(group) for group in sheet.ranking],
        "tiebreak": sheet.tiebreak,
    }


QUESTIONS: dict[str, tuple[type[Question], Callable[[Any], dict[str, Any]]]] = {
    "placements": (PlacementsQuestion, placements),
    "markers": (MarkersQuestion, markers),
    "round": (RoundQuestion, round_),
    "raid": (RaidQuestion, raid),
    "score": (ScoreQuestion, score),
}
