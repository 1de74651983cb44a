"""Timbuktu's pieces, the numbers the rulebook prints, and the game's immutable state.

Places on the route are numbered: 0 is the start area, 1 to ``players - 1`` the oases, and
``players`` Timbuktu (one stage per player). Every place has pens 1-5 with pitches 1-5 each; the pens
are numbered in an order the table agrees on (their colours and symbols are not public).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from enum import Enum
from typing import Annotated

from pydantic import ConfigDict, Field


class Good(Enum):
    """The five goods, in the order the rulebook's examples count them."""

    GOLD = "gold"
    COFFEE = "coffee"
    PEPPER = "pepper"
    SALT = "salt"
    WATER = "water"


class Phase(Enum):
    """The steps of the game, as the rulebook orders them; prompts are phases too."""

    LOADING = "loading"
    """Each player's caravan is loaded (printed board or the dealt variant)."""
    PLACEMENT = "placement"
    """Players place their camels in turn into the start area's pens."""
    MOVES = "moves"
    SWAP = "swap"
    """A camel landed on a swap field: everyone passes their thief pile one seat clockwise."""
    THEFTS = "thefts"
    """Every camel reached the stage's oasis: the five thief piles are revealed in turn."""
    GAME_OVER = "game_over"


PENS = 5
PITCHES = 5
CAPACITY = 4
"""Goods a camel carries at the start."""
SUPPLY = 21
"""Goods of each kind in the box (105 in all)."""
CAMELS = {3: "ABCDEFGH", 4: "ABCDEF", 5: "ABCDE"}
"""The camels each player uses, by the number of players."""
DEALT = {3: 7, 4: 5, 5: 4}
"""The variant: goods of each kind dealt to each player, by the number of players."""
DEALT_KINDS = (3, 4)
"""The variant: how many different goods each camel must carry."""
MIN_PLAYERS, MAX_PLAYERS = 3, 5

Pen = Annotated[int, Field(ge=1, le=PENS)]
Pitch = Annotated[int, Field(ge=1, le=PITCHES)]
Place = Annotated[int, Field(ge=0, le=MAX_PLAYERS)]
PlayerCount = Annotated[int, Field(ge=MIN_PLAYERS, le=MAX_PLAYERS)]
Load = Annotated[tuple[Good, ...], Field(min_length=CAPACITY, max_length=CAPACITY)]
"""The goods one camel carries at the start."""
STRICT = ConfigDict(extra="forbid")
"""Read from JSON, the board's records refuse unknown fields."""


@dataclass(frozen=True, slots=True)
class Goods:
    """A count of each good (the removed tally, a player's haul, the leftovers)."""

    gold: int = 0
    coffee: int = 0
    pepper: int = 0
    salt: int = 0
    water: int = 0

    def count(self, good: Good) -> int:
        count: int = getattr(self, good.value)
        return count

    @property
    def total(self) -> int:
        return self.gold + self.coffee + self.pepper + self.salt + self.water

    def __add__(self, other: Goods) -> Goods:
        return Goods(*(a + b for a, b in zip(self.as_tuple(), other.as_tuple(), strict=True)))

    def as_tuple(self) -> tuple[int, int, int, int, int]:
        return (self.gold, self.coffee, self.pepper, self.salt, self.water)

    def as_dict(self) -> dict[Good, int]:
        return {good: self.count(good) for good in Good}

    @classmethod
    def of(cls, goods: Iterable[Good]) -> Goods:
        counts = dict.fromkeys(Good, 0)
        for good in goods:
            counts[good] += 1
        return cls(**{good.value: n for good, n in counts.items()})


@dataclass(frozen=True, slots=True)
class Camel:
    letter: str
    goods: tuple[Good, ...] = ()
    """What the camel carries, in the order it was loaded."""
    place: int | None = None
    """Where on the route it stands (None until placed in the start area)."""
    pen: int | None = None
    pitch: int | None = None

    @property
    def spot(self) -> tuple[int, int, int] | None:
        """(place, pen, pitch), or None before the camel is placed."""
        if self.place is None or self.pen is None or self.pitch is None:
            return None
        return (self.place, self.pen, self.pitch)


@dataclass(frozen=True, slots=True)
class PlayerState:
    name: str
    colour: str
    camels: tuple[Camel, ...]
    loaded: bool = False
    remembered: tuple[tuple[Good, ...], ...] | None = None
    """The last printed loads of this colour's caravan (camel A first), offered as a one-tap load."""

    def camel(self, letter: str) -> Camel | None:
        return next((c for c in self.camels if c.letter == letter), None)

    def with_camel(self, camel: Camel) -> PlayerState:
        return replace(
            self, camels=tuple(camel if c.letter == camel.letter else c for c in self.camels)
        )

    @property
    def goods(self) -> Goods:
        return Goods.of(good for camel in self.camels for good in camel.goods)


@dataclass(frozen=True, slots=True)
class Arrows:
    """The two pens of the next place that a pen's arrows point to (a free move)."""

    __pydantic_config__ = STRICT
    place: Place
    pen: Pen
    to: tuple[Pen, Pen]


@dataclass(frozen=True, slots=True)
class SwapFields:
    """The pitches of one place that are swap fields, as (pen, pitch); empty if it has none."""

    __pydantic_config__ = STRICT
    place: Place
    fields: tuple[tuple[Pen, Pitch], ...]


@dataclass(frozen=True, slots=True)
class Layout:
    """What the table has said about the board: arrows and swap fields. A pen or place not listed is
    unknown, and the player says at each move whether it was free and whether it was a swap field."""

    __pydantic_config__ = STRICT
    arrows: tuple[Arrows, ...] = ()
    swap_fields: tuple[SwapFields, ...] = ()

    def arrows_from(self, place: int, pen: int) -> tuple[int, int] | None:
        return next((a.to for a in self.arrows if (a.place, a.pen) == (place, pen)), None)

    def swap_fields_of(self, place: int) -> tuple[tuple[int, int], ...] | None:
        return next((s.fields for s in self.swap_fields if s.place == place), None)

    def is_swap_field(self, place: int, pen: int, pitch: int) -> bool | None:
        """True or False where the layout says, None where it is unknown."""
        fields = self.swap_fields_of(place)
        return None if fields is None else (pen, pitch) in fields


@dataclass(frozen=True, slots=True)
class Theft:
    """One revealed thief pile and what it took: (seat, camel letter, goods lost)."""

    stage: int
    pen: int
    pitches: tuple[int, ...]
    goods: tuple[Good, ...]
    stolen: tuple[tuple[int, str, tuple[Good, ...]], ...]


@dataclass(frozen=True, slots=True)
class TimbuktuState:
    players: tuple[PlayerState, ...]
    start_player: int
    """The oldest player: first to place, first to hold the stage counter."""
    variant: str
    """``printed`` (the caravan board's loads) or ``dealt`` (the variant)."""
    leftovers_removed: bool
    """Whether the variant's leftover goods count as removed (raise the values)."""
    layout: Layout
    phase: Phase = Phase.LOADING
    stage: int = 0
    """The place the camels are moving to (0 before the first stage)."""
    stage_holder: int = 0
    round: int = 0
    round_starter: int = 0
    turn: int = 0
    """Players who have moved (or placed) in the current round."""
    removed: Goods = Goods()
    """The goods out of the game that set the values: paid for moves and stolen."""
    out_of_play: Goods = Goods()
    """The variant's leftovers when they do not count as removed."""
    robbed_pens: tuple[int, ...] = ()
    """Pens whose thief has struck in this stage."""
    thefts: tuple[Theft, ...] = ()
    end_reason: str | None = None

    @property
    def seats(self) -> int:
        return len(self.players)

    @property
    def timbuktu(self) -> int:
        """The place number of Timbuktu (the last stage)."""
        return len(self.players)

    @property
    def to_move(self) -> int | None:
        """The seat whose camel goes next (None: any player, or nobody)."""
        if self.phase is Phase.PLACEMENT:
            return (self.start_player + self.turn) % self.seats
        if self.phase is Phase.MOVES:
            return (self.round_starter + self.turn) % self.seats
        return None

    def camels(self) -> Iterator[tuple[int, Camel]]:
        """Every camel with its owner's seat."""
        for seat, player in enumerate(self.players):
            for camel in player.camels:
                yield seat, camel

    def occupied(self, place: int, pen: int) -> list[int]:
        """The pitches taken in ``pen`` of ``place``."""
        return [
            c.pitch
            for _seat, c in self.camels()
            if c.place == place and c.pen == pen and c.pitch is not None
        ]

    def with_camel(self, seat: int, camel: Camel) -> TimbuktuState:
        players = list(self.players)
        players[seat] = players[seat].with_camel(camel)
        return replace(self, players=tuple(players))

    def with_player(self, seat: int, player: PlayerState) -> TimbuktuState:
        players = list(self.players)
        players[seat] = player
        return replace(self, players=tuple(players))
