"""The Tuareg card game's immutable state: what is public on the table, never what is secret.

Hands are tracked by their *count* only; a card's kind becomes known when a player plays it (into
the market, onto an animal, as a payment). Cards hidden from a hand (into a cave, or by a thief
stealing from a hand at random) are unknown (``None``) until the stage-end reveal.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, fields, replace
from enum import Enum
from typing import Annotated, TypeVar

from pydantic import ConfigDict, Field

from companion.games.tuareg.model import COPIES, Animal, Good, SpecialCard

Stack = tuple[Good, ...]
"""An animal's load, bottom to top."""
Hidden = tuple[Good | None, ...]
"""Cards under a cave or a thief, in the order they went there; ``None`` is a card not yet seen."""

_Item = TypeVar("_Item")

CAVE_CAPACITY = 2
"""Cards a cave hides at most."""


class Phase(Enum):
    """Where the game stands; prompts are phases too."""

    MARKET = "market"
    """The table names the two cards laid face up as the market (at setup)."""
    TURNS = "turns"
    REVEAL = "reveal"
    """A stage has ended: hidden cards are revealed, then the stage is scored."""
    GAME_OVER = "game_over"


@dataclass(frozen=True, slots=True)
class GoodCounts:
    """A number of cards of each good (the market, the discard pile, a stage's count)."""

    water: int = 0
    gold: int = 0
    salt: int = 0
    millet: int = 0

    @classmethod
    def of(cls, goods: Iterable[Good | None]) -> GoodCounts:
        listed = goods if isinstance(goods, list | tuple) else list(goods)
        return cls(*(listed.count(good) for good in _GOODS))

    @classmethod
    def from_mapping(cls, counts: Mapping[Good, int]) -> GoodCounts:
        return cls(*(counts.get(good, 0) for good in _GOODS))

    def __getitem__(self, good: Good) -> int:
        return int(getattr(self, good.value))

    def _counts(self) -> tuple[int, int, int, int]:
        """The counts in the order of :class:`Good` (the fields' order)."""
        return self.water, self.gold, self.salt, self.millet

    def items(self) -> Iterator[tuple[Good, int]]:
        return zip(_GOODS, self._counts(), strict=True)

    def total(self) -> int:
        return self.water + self.gold + self.salt + self.millet

    def __add__(self, other: GoodCounts) -> GoodCounts:
        return GoodCounts(*(a + b for a, b in zip(self._counts(), other._counts(), strict=True)))

    def __sub__(self, other: GoodCounts) -> GoodCounts:
        return GoodCounts(*(a - b for a, b in zip(self._counts(), other._counts(), strict=True)))

    def covers(self, other: GoodCounts) -> bool:
        return all(a >= b for a, b in zip(self._counts(), other._counts(), strict=True))


_GOODS = tuple(Good)
"""The goods in the order of :class:`GoodCounts`' fields (checked below)."""
if tuple(field.name for field in fields(GoodCounts)) != tuple(good.value for good in _GOODS):
    raise AssertionError("GoodCounts' fields are not the goods in their order")

ALL_GOODS = GoodCounts.from_mapping(COPIES)


@dataclass(frozen=True, slots=True)
class AnimalRef:
    """One of a player's animals: camel 1..3 or donkey 1..n (in the order the donkeys were bought);
    as JSON ``{"animal": "camel", "number": 1}``."""

    __pydantic_config__ = ConfigDict(extra="forbid")
    animal: Animal
    number: Annotated[int, Field(ge=1, le=8)]

    def label(self) -> str:
        return f"{self.animal.value} {self.number}"


@dataclass(frozen=True, slots=True)
class PlayerState:
    name: str
    colour: str
    hand: int = 0
    """How many cards the player holds (their cache); never which."""
    camels: tuple[Stack, ...] = ()
    donkeys: tuple[Stack, ...] = ()
    """Every donkey the player holds; one with no load is unused."""
    caves: tuple[Hidden, ...] = ()
    """Every cave the player holds, with the cards hidden under it; an empty cave is unused."""
    thieves: tuple[Hidden, ...] = ()
    """Every thief the player holds, with its loot (0 or 1 card); a thief with loot is used."""
    maps: int = 0
    """Maps held unused."""
    maps_cashing: int = 0
    """Maps cashed in at this stage's end, scored with the stage."""
    hand_revealed: tuple[Good, ...] | None = None
    """The cards shown at the game's end for the cache tie-break (``None``: not shown)."""

    def stack(self, ref: AnimalRef) -> Stack:
        stacks = self.camels if ref.animal is Animal.CAMEL else self.donkeys
        return stacks[ref.number - 1]

    def has(self, ref: AnimalRef) -> bool:
        stacks = self.camels if ref.animal is Animal.CAMEL else self.donkeys
        return 1 <= ref.number <= len(stacks)

    def with_stack(self, ref: AnimalRef, stack: Stack) -> PlayerState:
        if ref.animal is Animal.CAMEL:
            return replace(self, camels=_put(self.camels, ref.number - 1, stack))
        return replace(self, donkeys=_put(self.donkeys, ref.number - 1, stack))

    def with_hidden(self, card: SpecialCard, number: int, hidden: Hidden) -> PlayerState:
        """The player with ``hidden`` under their cave or thief ``number``."""
        if card is SpecialCard.CAVE:
            return replace(self, caves=_put(self.caves, number - 1, hidden))
        return replace(self, thieves=_put(self.thieves, number - 1, hidden))

    def animals(self) -> Iterator[tuple[AnimalRef, Stack]]:
        for number, stack in enumerate(self.camels, 1):
            yield AnimalRef(Animal.CAMEL, number), stack
        for number, stack in enumerate(self.donkeys, 1):
            yield AnimalRef(Animal.DONKEY, number), stack

    def counted(self) -> tuple[Good | None, ...]:
        """Every card that counts at a stage's end: on animals, in caves, under thieves."""
        return (
            *(good for _ref, stack in self.animals() for good in stack),
            *(good for cave in self.caves for good in cave),
            *(good for thief in self.thieves for good in thief),
        )

    def unused(self) -> dict[SpecialCard, int]:
        """Special cards held and not used (a donkey without a load, an empty cave, ...)."""
        return {
            SpecialCard.DONKEY: sum(1 for load in self.donkeys if not load),
            SpecialCard.CAVE: sum(1 for cave in self.caves if not cave),
            SpecialCard.THIEF: sum(1 for thief in self.thieves if not thief),
            SpecialCard.MAP: self.maps,
        }


def _put(items: tuple[_Item, ...], index: int, item: _Item) -> tuple[_Item, ...]:
    return (*items[:index], item, *items[index + 1 :])


@dataclass(frozen=True, slots=True)
class TurnProgress:
    """What the player to move has done this turn."""

    main: str | None = None
    """The turn's one main action (``draw``, ``load``, ``market``, ``buy``), once taken."""
    caves_used: tuple[int, ...] = ()
    """Caves (numbers) that hid a card this turn: one card per cave per turn."""


@dataclass(frozen=True, slots=True)
class CardValue:
    """What a good's card prints: its value in dinars and its majority points (``None``: not yet
    confirmed by the table)."""

    dinars: int | None = None
    points: int | None = None


@dataclass(frozen=True, slots=True)
class StageCount:
    """What a stage's end counted: each player's cards of each good (excluding hands)."""

    counts: tuple[GoodCounts, ...]
    """Per player (by seat), their cards of each good."""
    maps: tuple[int, ...]
    """Per player, the maps they cashed in at this stage's end."""


@dataclass(frozen=True, slots=True)
class TuaregState:
    players: tuple[PlayerState, ...]
    values: tuple[tuple[Good, CardValue], ...]
    """Every good's printed values, as known to the game (the rulebook's and the table's)."""
    supply: tuple[tuple[SpecialCard, int], ...]
    """Special cards left in their piles."""
    phase: Phase = Phase.MARKET
    stage: int = 1
    to_move: int = 0
    deck: int = 0
    market: GoodCounts = GoodCounts()
    discard: GoodCounts = GoodCounts()
    turn: TurnProgress = TurnProgress()
    final_turns: int | None = None
    """Turns left in the stage once the deck is empty (everyone, the drawer too, has one more)."""
    ended_by: int | None = None
    """The player who drew the deck's last card; stage 2 starts to their left."""
    stages: tuple[StageCount, ...] = ()
    house_rules: tuple[str, ...] = ()
    """The alternatives to the app's rulings this game chose (``TuaregOptions.rulings``)."""

    def value(self, good: Good) -> CardValue:
        return dict(self.values)[good]

    def supply_of(self, card: SpecialCard) -> int:
        return dict(self.supply)[card]

    def with_player(self, seat: int, player: PlayerState) -> TuaregState:
        players = (*self.players[:seat], player, *self.players[seat + 1 :])
        return replace(self, players=players)

    def with_supply(self, card: SpecialCard, change: int) -> TuaregState:
        supply = tuple((c, n + change if c is card else n) for c, n in self.supply)
        return replace(self, supply=supply)

    def next_seat(self, seat: int) -> int:
        return (seat + 1) % len(self.players)

    def seen(self) -> GoodCounts:
        """Every card whose kind the table has seen: all but the deck, the hands not shown at the
        game's end and the hidden cards not yet revealed."""
        known = [g for p in self.players for g in p.counted() if g is not None]
        known += [g for p in self.players for g in p.hand_revealed or ()]
        return self.market + self.discard + GoodCounts.of(known)

    def unseen(self) -> GoodCounts:
        """By kind, the cards that may be in the deck, a concealed hand, or hidden unrevealed."""
        return ALL_GOODS - self.seen()

    def hidden_unknown(self) -> int:
        """Cards hidden in caves or under thieves whose kind is not yet known."""
        return sum(1 for p in self.players for g in p.counted() if g is None)
