"""Targi actions: what the table does, as immutable values the game log stores as JSON.

Ordinary actions follow the rules. Corrections (``correction = True``) overrule what the app believes
when the physical table says otherwise; they are accepted in any phase and logged as corrections.
Players are seats 0 and 1; border cards are their printed numbers; central cards are ``[row, col]``.
"""

from __future__ import annotations

from enum import Enum
from typing import Annotated, ClassVar, Literal

from pydantic import Field, TypeAdapter

from companion.games.targi.model import Good
from companion.rules.game import game_action

Seat = Annotated[int, Field(ge=0, le=1)]
BorderNumber = Annotated[int, Field(ge=1, le=16)]
CentralIndex = Annotated[int, Field(ge=1, le=3)]
CentralCell = tuple[CentralIndex, CentralIndex]
Count = Annotated[int, Field(ge=0, le=99)]
DisplayRow = Annotated[int, Field(ge=0, le=2)]
DisplayIndex = Annotated[int, Field(ge=0, le=3)]
DisplaySpot = tuple[DisplayRow, DisplayIndex]
"""A displayed card: ``[row, index]``, both from 0 (index 0 is the row's leftmost card)."""
TribeDecision = Literal["display", "hand", "discard"]


# --- ordinary actions -------------------------------------------------------------------------


@game_action
class RevealCard:
    """The table names the card now face up on a central cell (setup and round end)."""

    kind: Literal["reveal"] = "reveal"
    cell: CentralCell
    card: str


@game_action
class PayRaid:
    """A player's raid payment: goods, VP or (raid 4) gold; all zero when they have nothing to give."""

    kind: Literal["pay_raid"] = "pay_raid"
    player: Seat
    dates: Count = 0
    salt: Count = 0
    pepper: Count = 0
    gold: Count = 0
    vp: Count = 0


@game_action
class Place:
    kind: Literal["place"] = "place"
    player: Seat
    card: BorderNumber


@game_action
class TakeGoods:
    """Use a Dates, Salt or Pepper border card: take one of that good."""

    kind: Literal["take_goods"] = "take_goods"
    player: Seat
    card: BorderNumber


@game_action
class UseNoble:
    """Play the hand card into the display (paying its cost) or discard it."""

    kind: Literal["noble"] = "noble"
    player: Seat
    decision: Literal["display", "discard"]
    row: DisplayRow | None = None
    pay_gold: bool = False


@game_action
class Exchange:
    """One Merchant exchange: 3 of ``give`` for 1 gold, or 2 of ``give`` for 1 of another good."""

    give: Good
    get: Good | Literal["gold"]


@game_action
class UseMerchant:
    kind: Literal["merchant"] = "merchant"
    player: Seat
    exchanges: tuple[Exchange, ...]


class SilversmithTrade(Enum):
    TWO_GOODS = "two_goods"
    FOUR_GOODS = "four_goods"
    ONE_GOLD = "one_gold"
    TWO_GOLD = "two_gold"


@game_action
class UseSilversmith:
    """One trade: 2 identical goods -> 1 VP, 4 -> 3 VP, 1 gold -> 2 VP, 2 gold -> 4 VP."""

    kind: Literal["silversmith"] = "silversmith"
    player: Seat
    trade: SilversmithTrade
    good: Good | None = None


@game_action
class UseFataMorgana:
    """Move one of the player's tribe markers to a free central card, to use that card instead."""

    kind: Literal["fata_morgana"] = "fata_morgana"
    player: Seat
    marker: CentralCell
    to: CentralCell


@game_action
class UseCaravan:
    """Take what the goods card drawn from the pile shows (``choice`` for a choice card)."""

    kind: Literal["caravan"] = "caravan"
    player: Seat
    card: str
    choice: Good | None = None


@game_action
class UseTribalExpansion:
    """Draw the named tribe card: display it (pay), take it into a free hand, or discard it."""

    kind: Literal["tribal_expansion"] = "tribal_expansion"
    player: Seat
    card: str
    decision: TribeDecision
    row: DisplayRow | None = None
    pay_gold: bool = False


@game_action
class TakeCentralGoods:
    kind: Literal["take_central_goods"] = "take_central_goods"
    player: Seat
    cell: CentralCell
    choice: Good | None = None


@game_action
class TakeCentralTribe:
    kind: Literal["take_central_tribe"] = "take_central_tribe"
    player: Seat
    cell: CentralCell
    decision: TribeDecision
    row: DisplayRow | None = None
    pay_gold: bool = False


@game_action
class Skip:
    """Leave one of the player's cards unused (the figure or marker goes back)."""

    kind: Literal["skip"] = "skip"
    player: Seat
    space: BorderNumber | CentralCell


@game_action
class EndTurn:
    """The player is done: every card they have not resolved is skipped."""

    kind: Literal["end_turn"] = "end_turn"
    player: Seat


@game_action
class ReturnExcess:
    """At round end, return exactly what exceeds 10 goods and 3 gold (the owner picks the goods)."""

    kind: Literal["return_excess"] = "return_excess"
    player: Seat
    dates: Count = 0
    salt: Count = 0
    pepper: Count = 0
    gold: Count = 0


# --- what a tribe card's text allows (legal once the player displays a card the table marked) -


@game_action
class PlayFromHand:
    """Play the hand card into the display without the Noble (a card marked ``play_from_hand``)."""

    kind: Literal["play_from_hand"] = "play_from_hand"
    player: Seat
    row: DisplayRow
    pay_gold: bool = False


@game_action
class SwapDisplayed:
    """Swap two of the player's displayed cards (a card marked ``swap_displayed``)."""

    kind: Literal["swap_displayed"] = "swap_displayed"
    player: Seat
    first: DisplaySpot
    second: DisplaySpot


@game_action
class RaidProtected:
    """The player gives nothing at this raid (a card marked ``raid_protection``)."""

    kind: Literal["raid_protected"] = "raid_protected"
    player: Seat


# --- corrections ------------------------------------------------------------------------------


@game_action
class SetStock:
    correction: ClassVar[bool] = True
    kind: Literal["set_stock"] = "set_stock"
    player: Seat
    dates: Count
    salt: Count
    pepper: Count
    gold: Count
    vp: Count


@game_action
class MoveRobber:
    correction: ClassVar[bool] = True
    kind: Literal["move_robber"] = "move_robber"
    card: BorderNumber


@game_action
class MoveTargi:
    """Move a player's Targi from one border card to another, or take it off (``to`` null)."""

    correction: ClassVar[bool] = True
    kind: Literal["move_targi"] = "move_targi"
    player: Seat
    card: BorderNumber
    to: BorderNumber | None


@game_action
class MoveMarker:
    """Move a player's tribe marker to another central card, or take it off (``to`` null)."""

    correction: ClassVar[bool] = True
    kind: Literal["move_marker"] = "move_marker"
    player: Seat
    cell: CentralCell
    to: CentralCell | None


@game_action
class FixCentralCard:
    """The card on a central cell is another one than the app believes."""

    correction: ClassVar[bool] = True
    kind: Literal["fix_card"] = "fix_card"
    cell: CentralCell
    card: str


@game_action
class SetHand:
    """The card in a player's hand; ``taken_this_round`` if it went into the hand this round (it
    may then leave the hand only in a later round)."""

    correction: ClassVar[bool] = True
    kind: Literal["set_hand"] = "set_hand"
    player: Seat
    card: str | None
    taken_this_round: bool = False


@game_action
class FixDisplayedCard:
    """The card at ``row``/``index`` of a player's display is another one than the app believes."""

    correction: ClassVar[bool] = True
    kind: Literal["fix_displayed"] = "fix_displayed"
    player: Seat
    row: DisplayRow
    index: DisplayIndex
    card: str


@game_action
class AddDisplayed:
    """A tribe card lies at the end of ``row`` of a player's display though the app did not see it
    played (e.g. from the hand by a card's text). It comes from that player's hand, the draw pile or
    the discard pile; nothing is paid (correct the stock apart if need be)."""

    correction: ClassVar[bool] = True
    kind: Literal["add_displayed"] = "add_displayed"
    player: Seat
    row: DisplayRow
    card: str


@game_action
class FixSwapDisplayed:
    """Two of a player's displayed cards lie the other way round (e.g. swapped by a card's text)."""

    correction: ClassVar[bool] = True
    kind: Literal["fix_swap_displayed"] = "fix_swap_displayed"
    player: Seat
    first: DisplaySpot
    second: DisplaySpot


@game_action
class ExcuseRaid:
    """The player gives nothing at this raid (e.g. protected by a card's text)."""

    correction: ClassVar[bool] = True
    kind: Literal["excuse_raid"] = "excuse_raid"
    player: Seat


@game_action
class AddCardBonus:
    """VP that a displayed card's text gives and the app cannot read (negative to take back)."""

    correction: ClassVar[bool] = True
    kind: Literal["card_bonus"] = "card_bonus"
    player: Seat
    points: Annotated[int, Field(ge=-99, le=99)]
    note: Annotated[str, Field(max_length=200)] = ""


TargiAction = (
    RevealCard
    | PayRaid
    | Place
    | TakeGoods
    | UseNoble
    | UseMerchant
    | UseSilversmith
    | UseFataMorgana
    | UseCaravan
    | UseTribalExpansion
    | TakeCentralGoods
    | TakeCentralTribe
    | Skip
    | EndTurn
    | ReturnExcess
    | PlayFromHand
    | SwapDisplayed
    | RaidProtected
    | SetStock
    | MoveRobber
    | MoveTargi
    | MoveMarker
    | FixCentralCard
    | SetHand
    | FixDisplayedCard
    | AddCardBonus
    | AddDisplayed
    | FixSwapDisplayed
    | ExcuseRaid
)

ACTION_ADAPTER: TypeAdapter[TargiAction] = TypeAdapter(
    Annotated[TargiAction, Field(discriminator="kind")]
)
