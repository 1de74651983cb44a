"""Targi's immutable state: stocks, displays, the centre, figures and the phase of the round."""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum
from typing import Annotated

from pydantic import PlainSerializer

from companion.games.targi.board import Cell

CardSet = Annotated[
    frozenset[str], PlainSerializer(sorted, return_type=list[str], when_used="json")
]
"""A pile whose order carries no meaning: printed sorted, so every process prints it alike."""


class Good(Enum):
    """The three goods. Gold is not a good (Spanish FAQ)."""

    DATES = "dates"
    SALT = "salt"
    PEPPER = "pepper"


class Symbol(Enum):
    WELL = "well"
    CAMEL_RIDER = "camel_rider"
    OASIS = "oasis"
    TARGIA = "targia"
    TENT = "tent"


class CardEffect(Enum):
    """What a tribe card's text lets its owner do, as the table marked it (the texts are not
    public: see :mod:`.table_settings`)."""

    PLAY_FROM_HAND = "play_from_hand"
    """Play the hand card into the display without the Noble (rulebook: one card allows it)."""
    SWAP_DISPLAYED = "swap_displayed"
    """Swap two displayed cards (rulebook: one card allows it)."""
    RAID_PROTECTION = "raid_protection"
    """Give nothing at a raid."""


class CardKind(Enum):
    GOODS = "goods"
    TRIBE = "tribe"

    @property
    def other(self) -> CardKind:
        return CardKind.TRIBE if self is CardKind.GOODS else CardKind.GOODS


class Phase(Enum):
    """The steps of a round, as the rulebook's overview orders them."""

    REVEAL = "reveal"
    """Face-down central cards are identified (at setup and at each round's end)."""
    RAID = "raid"
    PLACEMENT = "placement"
    ACTIONS = "actions"
    LIMITS = "limits"
    """Players over 10 goods or 3 gold return the excess."""
    GAME_OVER = "game_over"


GOODS_LIMIT = 10
GOLD_LIMIT = 3
DISPLAY_ROWS = 3
ROW_LENGTH = 4
DISPLAY_SIZE = DISPLAY_ROWS * ROW_LENGTH


@dataclass(frozen=True, slots=True)
class Stock:
    """A player's tokens (or an amount of them: a cost, a payment, a gain)."""

    dates: int = 0
    salt: int = 0
    pepper: int = 0
    gold: int = 0
    vp: int = 0

    @property
    def goods(self) -> int:
        return self.dates + self.salt + self.pepper

    def count(self, good: Good) -> int:
        count: int = getattr(self, good.value)
        return count

    def __add__(self, other: Stock) -> Stock:
        return Stock(
            self.dates + other.dates,
            self.salt + other.salt,
            self.pepper + other.pepper,
            self.gold + other.gold,
            self.vp + other.vp,
        )

    def __sub__(self, other: Stock) -> Stock:
        return Stock(
            self.dates - other.dates,
            self.salt - other.salt,
            self.pepper - other.pepper,
            self.gold - other.gold,
            self.vp - other.vp,
        )

    def covers(self, amount: Stock) -> bool:
        """True if this stock can pay ``amount`` without any count going negative."""
        return all(value >= 0 for value in (self - amount).as_tuple())

    def shortfall(self, amount: Stock) -> Stock:
        """What this stock lacks to pay ``amount`` (zero everywhere if it covers it)."""
        return Stock(
            *(
                max(0, need - have)
                for have, need in zip(self.as_tuple(), amount.as_tuple(), strict=True)
            )
        )

    def as_tuple(self) -> tuple[int, int, int, int, int]:
        return (self.dates, self.salt, self.pepper, self.gold, self.vp)

    @classmethod
    def of(cls, good: Good, number: int = 1) -> Stock:
        return cls(**{good.value: number})


@dataclass(frozen=True, slots=True)
class Slot:
    """One central card. ``card`` is None while the card lies face down (not yet identified)."""

    kind: CardKind
    card: str | None = None


@dataclass(frozen=True, slots=True)
class CardFacts:
    """What this table confirmed about a tribe card that no public source prints."""

    card: str
    gold_alternative: bool | None = None
    """Whether the card prints "goods / 1 gold" (None: not confirmed)."""
    effects: tuple[CardEffect, ...] = ()


@dataclass(frozen=True, slots=True)
class PlayerState:
    name: str
    colour: str
    stock: Stock
    hand: str | None = None
    hand_round: int | None = None
    """The round in which the hand card was taken into the hand (None: an earlier one, as far as
    the app knows): it may be played from the hand only in a later round."""
    display: tuple[tuple[str, ...], ...] = ((), (), ())
    card_bonus: int = 0
    """VP from card texts the app cannot read, entered by the table."""
    targi: tuple[int, ...] = ()
    """Border cards this player's Targi stand on this round (removed once the card is resolved)."""
    markers: tuple[Cell, ...] = ()
    """Central cards this player's tribe markers stand on (removed once the card is resolved)."""

    @property
    def displayed(self) -> int:
        return sum(len(row) for row in self.display)

    def with_stock(self, stock: Stock) -> PlayerState:
        return replace(self, stock=stock)


@dataclass(frozen=True, slots=True)
class TargiState:
    players: tuple[PlayerState, PlayerState]
    start_player: int
    round: int
    robber: int | None
    phase: Phase
    centre: tuple[tuple[Cell, Slot], ...]
    goods_discard: CardSet = frozenset()
    tribe_discard: CardSet = frozenset()
    raid: int | None = None
    """The raid being paid in the RAID phase."""
    raid_paid: tuple[bool, bool] = (False, False)
    placements: int = 0
    """Targi placed this round (0-6)."""
    turn_done: tuple[bool, bool] = (False, False)
    """In the ACTIONS phase: which players have finished resolving their cards."""
    end_reason: str | None = None
    card_facts: tuple[CardFacts, ...] = ()
    """The table's confirmed facts about tribe cards (from the game's options), sorted by card."""
    rules_version: int = 2
    """The app's rulings the game's log was written under (see ``TargiOptions.rules_version``)."""
    house_rules: tuple[str, ...] = ()
    """The alternatives to the app's rulings this game chose (``TargiOptions.rulings``)."""
    goods_reshuffle: str = "at_once"
    """When the goods discard pile is reshuffled (``TargiOptions.goods_reshuffle``)."""

    @property
    def other_player(self) -> int:
        return 1 - self.start_player

    @property
    def to_move(self) -> int | None:
        """The player whose input the current phase waits for (None: either, or nobody)."""
        if self.phase is Phase.RAID:
            return self.start_player if not self.raid_paid[self.start_player] else self.other_player
        if self.phase is Phase.PLACEMENT:
            return self.start_player if self.placements % 2 == 0 else self.other_player
        if self.phase is Phase.ACTIONS:
            return self.start_player if not self.turn_done[self.start_player] else self.other_player
        return None

    def slot(self, cell: Cell) -> Slot:
        return dict(self.centre)[cell]

    def with_player(self, index: int, player: PlayerState) -> TargiState:
        players = list(self.players)
        players[index] = player
        return replace(self, players=(players[0], players[1]))

    def with_slot(self, cell: Cell, slot: Slot) -> TargiState:
        return replace(self, centre=tuple((c, slot if c == cell else s) for c, s in self.centre))

    def facts(self, card: str) -> CardFacts:
        return next((f for f in self.card_facts if f.card == card), CardFacts(card))

    def has_effect(self, seat: int, effect: CardEffect) -> bool:
        """True if ``seat`` displays a card the table marked as having ``effect``."""
        return any(
            effect in self.facts(card).effects for row in self.players[seat].display for card in row
        )

    @property
    def marker_owner(self) -> dict[Cell, int]:
        return {cell: i for i, p in enumerate(self.players) for cell in p.markers}

    @property
    def targi_owner(self) -> dict[int, int]:
        return {card: i for i, p in enumerate(self.players) for card in p.targi}
