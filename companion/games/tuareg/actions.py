"""Tuareg actions: what the table does, as immutable values the game log stores as JSON.

A turn is one *main* action (draw, load from the cache, take from the market, buy a special card),
any number of cave and thief uses around it, and ``end_turn`` (the hand limit is checked then).
Corrections (``correction = True``) overrule what the app believes when the physical table says
otherwise; they are accepted in any phase and logged as corrections. Players are seats from 0.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import Field, TypeAdapter

from companion.games.tuareg.model import CAPACITY, MAX_PER_TURN, Good, SpecialCard
from companion.games.tuareg.state import CAVE_CAPACITY, AnimalRef
from companion.rules.game import game_action

Seat = Annotated[int, Field(ge=0, le=4)]
Number = Annotated[int, Field(ge=1, le=8)]
Count = Annotated[int, Field(ge=0, le=44)]
Turn = Annotated[tuple[Good, ...], Field(min_length=1, max_length=MAX_PER_TURN)]

TO_MARKET_MOST = 7
"""The most cards one action lays into the market (``draw``, ``end_turn``)."""
PAID_FROM_CACHE_MOST = CAPACITY + 3
"""The most cards from the hand one ``buy`` names."""
PAID_FROM_ANIMALS_MOST = 8
"""The most animals' top cards one ``buy`` names."""
CONFIRMED_BOUNDS = {"dinars": (1, 9), "points": (1, 20)}
"""The whole numbers a card may print, as ``confirm_value`` takes them (field -> lowest, highest)."""


@game_action
class OpenMarket:
    """The table names the two cards laid face up as the market at the start of the game."""

    kind: Literal["open_market"] = "open_market"
    goods: Annotated[tuple[Good, ...], Field(min_length=2, max_length=2)]


@game_action
class Draw:
    """Draw up to 3 cards into the cache and lay ``to_market`` from the cache into the market."""

    kind: Literal["draw"] = "draw"
    player: Seat
    to_market: Annotated[tuple[Good, ...], Field(max_length=TO_MARKET_MOST)] = ()


@game_action
class LoadFromCache:
    """Lay up to 4 cards from the cache onto one animal, in this order (the last on top)."""

    kind: Literal["load"] = "load"
    player: Seat
    onto: AnimalRef
    goods: Turn


@game_action
class TakeFromMarket:
    """Take up to 4 market cards of one good straight onto one animal."""

    kind: Literal["take_market"] = "take_market"
    player: Seat
    onto: AnimalRef
    good: Good
    count: Annotated[int, Field(ge=1, le=MAX_PER_TURN)]


@game_action
class Buy:
    """Buy a special card for 3 dinars: cards from the cache (``from_cache``) and/or the top card of
    animals (``from_animals``, taken one after the other: naming an animal twice takes its top two
    cards). Overpaying is allowed and not refunded."""

    kind: Literal["buy"] = "buy"
    player: Seat
    card: SpecialCard
    from_cache: Annotated[tuple[Good, ...], Field(max_length=PAID_FROM_CACHE_MOST)] = ()
    from_animals: Annotated[tuple[AnimalRef, ...], Field(max_length=PAID_FROM_ANIMALS_MOST)] = ()


@game_action
class Hide:
    """Hide one card in a cave: from the cache (``good`` may stay secret) or the top of an animal."""

    kind: Literal["hide"] = "hide"
    player: Seat
    cave: Number
    source: AnimalRef | None = None
    """The animal whose top card is hidden; ``None``: a card from the cache."""
    good: Good | None = None
    """The card from the cache, if the player shows it (the top of an animal is known anyway)."""


@game_action
class Steal:
    """A thief steals one card: at random from a player's cache, or the top of one of their
    animals. ``good`` is the stolen card if it is shown (the top of an animal is known anyway)."""

    kind: Literal["steal"] = "steal"
    player: Seat
    thief: Number
    victim: Seat
    source: AnimalRef | None = None
    """The victim's animal whose top card is stolen; ``None``: a card from the victim's cache."""
    good: Good | None = None


@game_action
class EndTurn:
    """The player is done: the hand limit applies now. ``to_market``: the cards laid from the hand
    into the market as the turn ends, as many as the limit requires (after a draw of 3 over it)."""

    kind: Literal["end_turn"] = "end_turn"
    player: Seat
    to_market: Annotated[tuple[Good, ...], Field(max_length=TO_MARKET_MOST)] = ()


@game_action
class RevealCave:
    """At a stage's end: the cards hidden in a cave, in the order they went in."""

    kind: Literal["reveal_cave"] = "reveal_cave"
    player: Seat
    cave: Number
    goods: Annotated[tuple[Good, ...], Field(min_length=1, max_length=CAVE_CAPACITY)]


@game_action
class RevealThief:
    """At a stage's end: the card under a thief."""

    kind: Literal["reveal_thief"] = "reveal_thief"
    player: Seat
    thief: Number
    good: Good


@game_action
class CashMap:
    """At a stage's end: a player cashes in a map; it scores its points in this stage."""

    kind: Literal["cash_map"] = "cash_map"
    player: Seat


@game_action
class ScoreStage:
    """Every hidden card is revealed: count, award the majorities and prepare the next stage."""

    kind: Literal["score_stage"] = "score_stage"


@game_action
class RevealHand:
    """At the game's end: the cards a player holds, for the most-valuable-cache tie-break."""

    kind: Literal["reveal_hand"] = "reveal_hand"
    player: Seat
    goods: Annotated[tuple[Good, ...], Field(max_length=CAPACITY)]


@game_action
class ConfirmValue:
    """The table confirms what a good's cards print (dinars and majority points)."""

    kind: Literal["confirm_value"] = "confirm_value"
    good: Good
    dinars: Annotated[
        int, Field(ge=CONFIRMED_BOUNDS["dinars"][0], le=CONFIRMED_BOUNDS["dinars"][1])
    ]
    points: Annotated[
        int, Field(ge=CONFIRMED_BOUNDS["points"][0], le=CONFIRMED_BOUNDS["points"][1])
    ]


# --- corrections ----------------------------------------------------------------------------


@game_action
class SetHand:
    kind: Literal["set_hand"] = "set_hand"
    correction: ClassVar[bool] = True
    player: Seat
    count: Count


@game_action
class SetStack:
    """An animal's load, bottom to top, as it lies on the table."""

    kind: Literal["set_stack"] = "set_stack"
    correction: ClassVar[bool] = True
    player: Seat
    animal: AnimalRef
    goods: Annotated[tuple[Good, ...], Field(max_length=CAPACITY)]


@game_action
class SetMarket:
    kind: Literal["set_market"] = "set_market"
    correction: ClassVar[bool] = True
    water: Count = 0
    gold: Count = 0
    salt: Count = 0
    millet: Count = 0


@game_action
class SetDeck:
    kind: Literal["set_deck"] = "set_deck"
    correction: ClassVar[bool] = True
    count: Count


@game_action
class SetTurn:
    """Whose turn it is (what they have done this turn is forgotten)."""

    kind: Literal["set_turn"] = "set_turn"
    correction: ClassVar[bool] = True
    player: Seat


TuaregAction = (
    OpenMarket
    | Draw
    | LoadFromCache
    | TakeFromMarket
    | Buy
    | Hide
    | Steal
    | EndTurn
    | RevealCave
    | RevealThief
    | CashMap
    | ScoreStage
    | RevealHand
    | ConfirmValue
    | SetHand
    | SetStack
    | SetMarket
    | SetDeck
    | SetTurn
)

ACTION_ADAPTER: TypeAdapter[TuaregAction] = TypeAdapter(
    Annotated[TuaregAction, Field(discriminator="kind")]
)
