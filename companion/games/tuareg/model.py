"""The Tuareg card game's pieces and the numbers the rulebook prints (every fact here is from the
English rulebook; majority values it does not give are left to the table, see :mod:`.values`)."""

from __future__ import annotations

from enum import Enum


class Good(Enum):
    """The four resources, in the rulebook's order. Rock salt is ``salt``."""

    WATER = "water"
    GOLD = "gold"
    SALT = "salt"
    MILLET = "millet"


class Animal(Enum):
    """What a player loads: a camel (strict loading rules) or a donkey (only its capacity)."""

    CAMEL = "camel"
    DONKEY = "donkey"


class SpecialCard(Enum):
    DONKEY = "donkey"
    CAVE = "cave"
    THIEF = "thief"
    MAP = "map"


COPIES: dict[Good, int] = {Good.WATER: 8, Good.GOLD: 10, Good.SALT: 12, Good.MILLET: 14}
"""How many cards of each good the game has (44 in all)."""
SPECIAL_COPIES: dict[SpecialCard, int] = {
    SpecialCard.DONKEY: 5,
    SpecialCard.CAVE: 5,
    SpecialCard.THIEF: 3,
    SpecialCard.MAP: 4,
}
"""How many special cards of each kind the game has (17 in all)."""

KNOWN_VALUES: dict[Good, int] = {Good.GOLD: 5}
"""Majority points the rulebook prints: gold's (its example card). The others are on the cards only."""

DINARS: dict[Good, int] = {Good.GOLD: 2}
"""Dinar values the rulebook prints: gold's (2 dinars). The others are on the cards only."""

CAPACITY = 4
"""Cards an animal (camel or donkey) carries at most."""
MAX_PER_TURN = 4
"""Cards a player lays on one animal in one turn at most (from the cache, or from the market)."""
CAMEL_KINDS = 2
"""Different goods a camel carries at most."""
CAMEL_KIND_CHANGES = 1
"""Times the good changes from bottom to top of a camel's load, at most."""
CAMEL_GOLD = 2
"""Gold cards a camel carries at most."""

MIN_PLAYERS, MAX_PLAYERS = 2, 5
STAGES = 2

SPECIAL_SUPPLY: dict[int, dict[SpecialCard, int]] = {
    2: {SpecialCard.DONKEY: 2, SpecialCard.CAVE: 2, SpecialCard.THIEF: 3, SpecialCard.MAP: 3},
    3: {SpecialCard.DONKEY: 3, SpecialCard.CAVE: 3, SpecialCard.THIEF: 3, SpecialCard.MAP: 2},
    4: {SpecialCard.DONKEY: 4, SpecialCard.CAVE: 4, SpecialCard.THIEF: 3, SpecialCard.MAP: 3},
    5: {SpecialCard.DONKEY: 5, SpecialCard.CAVE: 5, SpecialCard.THIEF: 3, SpecialCard.MAP: 4},
}
"""Special cards set out for each number of players (the rest stay in the box)."""

UNUSED_POINTS: dict[SpecialCard, int] = {
    SpecialCard.DONKEY: 1,
    SpecialCard.CAVE: 1,
    SpecialCard.THIEF: 1,
    SpecialCard.MAP: 2,
}
"""Points for each special card a player still holds unused at the end of the game."""

SPECIAL_CARD_PRICE = 3
"""Dinars a special card costs (overpaying is not refunded)."""
