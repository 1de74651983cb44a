"""Thefts: a revealed thief pile takes *all* goods of its two kinds from the camels on its two
pitches of its pen. One function serves the game and the ``theft`` rules question."""

from __future__ import annotations

from collections.abc import Collection, Hashable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Generic, TypeVar

from companion.games.timbuktu.model import Good, Goods, Theft, TimbuktuState

CamelKey = TypeVar("CamelKey", bound=Hashable)


@dataclass(frozen=True, slots=True)
class Standing:
    """Where a camel stands (within one place) and what it carries."""

    pen: str | int
    pitch: int
    goods: tuple[Good, ...]


@dataclass(frozen=True, slots=True)
class Thief:
    pen: str | int
    pitches: Collection[int]
    goods: Collection[Good]


@dataclass(frozen=True, slots=True)
class Outcome(Generic[CamelKey]):
    remaining: dict[CamelKey, tuple[Good, ...]]
    """Every camel's goods after the thefts, in their original order."""
    stolen: dict[CamelKey, tuple[Good, ...]]
    """What each camel that lost something lost, in its original order."""

    @property
    def removed(self) -> Goods:
        return Goods.of(good for lost in self.stolen.values() for good in lost)


def strike(camels: Mapping[CamelKey, Standing], thieves: Sequence[Thief]) -> Outcome[CamelKey]:
    """The camels' goods after each thief took every good of its kinds on its pitches."""
    remaining = {key: camel.goods for key, camel in camels.items()}
    stolen: dict[CamelKey, tuple[Good, ...]] = {}
    for thief in thieves:
        for key, camel in camels.items():
            if camel.pen != thief.pen or camel.pitch not in thief.pitches:
                continue
            lost = tuple(good for good in remaining[key] if good in thief.goods)
            if lost:
                remaining[key] = tuple(good for good in remaining[key] if good not in thief.goods)
                stolen[key] = (*stolen.get(key, ()), *lost)
    return Outcome(remaining, stolen)


def rob_pen(
    state: TimbuktuState, pen: int, pitches: Collection[int], goods: Collection[Good]
) -> TimbuktuState:
    """One thief pile strikes the stage's place: goods leave the camels for the removed tally."""
    here = {
        (seat, camel.letter): Standing(camel.pen, camel.pitch, camel.goods)
        for seat, camel in state.camels()
        if camel.place == state.stage and camel.pen is not None and camel.pitch is not None
    }
    outcome = strike(here, [Thief(pen, pitches, goods)])
    for seat, letter in outcome.stolen:
        camel = state.players[seat].camel(letter)
        assert camel is not None
        state = state.with_camel(seat, replace(camel, goods=outcome.remaining[(seat, letter)]))
    record = Theft(
        stage=state.stage,
        pen=pen,
        pitches=tuple(pitches),
        goods=tuple(goods),
        stolen=tuple((seat, letter, lost) for (seat, letter), lost in outcome.stolen.items()),
    )
    return replace(
        state,
        removed=state.removed + outcome.removed,
        robbed_pens=(*state.robbed_pens, pen),
        thefts=(*state.thefts, record),
    )
