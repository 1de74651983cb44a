"""Timbuktu actions: what the table does, as immutable values the game log stores as JSON.

Players are seats 0 to 4 in clockwise order; camels are their letters; pens and pitches are numbered
1-5; places on the route are numbered 0 (start area) to the number of players (Timbuktu).
Corrections (``correction = True``) overrule what the app believes when the table says otherwise;
they are accepted in any phase and logged as corrections.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import Field, TypeAdapter

from companion.games.timbuktu.model import (
    CAPACITY,
    MAX_PLAYERS,
    SUPPLY,
    Good,
    Load,
    Pen,
    Pitch,
    Place,
)
from companion.rules.game import game_action

Seat = Annotated[int, Field(ge=0, le=MAX_PLAYERS - 1)]
Letter = Literal["A", "B", "C", "D", "E", "F", "G", "H"]
Count = Annotated[int, Field(ge=0, le=SUPPLY)]
THIEF_FACES_MOST = 2
"""The most pitches, and the most goods, one thief pile shows."""


def _distinct(values: tuple[object, ...], what: str) -> None:
    if len(set(values)) != len(values):
        raise ValueError(f"the same {what} is given twice")


# --- ordinary actions -------------------------------------------------------------------------


@game_action
class LoadCaravan:
    """A player's caravan as loaded: the 4 goods of each camel, camel A first. Entered again while
    the caravans are being loaded, it replaces the earlier entry."""

    kind: Literal["load"] = "load"
    player: Seat
    camels: Annotated[tuple[Load, ...], Field(min_length=1, max_length=8)]


@game_action
class PlaceCamel:
    """Place a camel in a pen of the start area (it takes the lowest free pitch)."""

    kind: Literal["place"] = "place"
    player: Seat
    camel: Letter
    pen: Pen


@game_action
class MoveCamel:
    """Move a camel into ``pen`` of the next place; it takes the lowest free pitch.

    ``paid`` is the good the camel gives for a move off the arrows, None for a free move (along an
    arrow, or a camel without goods). ``swap`` says whether the pitch it lands on is a swap field;
    it may be left out where the table has entered the place's swap fields.
    """

    kind: Literal["move"] = "move"
    player: Seat
    camel: Letter
    pen: Pen
    paid: Good | None = None
    swap: bool | None = None


@game_action
class PassThiefPiles:
    """Everyone has passed their thief pile (and the piles between players) one seat clockwise."""

    kind: Literal["pass_thief_piles"] = "pass_thief_piles"


@game_action
class RevealThief:
    """A revealed thief pile: its pen, the pitches and the goods its cards show."""

    kind: Literal["thief"] = "thief"
    pen: Pen
    pitches: Annotated[tuple[Pitch, ...], Field(min_length=1, max_length=THIEF_FACES_MOST)]
    goods: Annotated[tuple[Good, ...], Field(min_length=1, max_length=THIEF_FACES_MOST)]

    def __post_init__(self) -> None:
        _distinct(self.pitches, "pitch")
        _distinct(self.goods, "good")


# --- corrections ------------------------------------------------------------------------------


@game_action
class SetGoods:
    """The camel carries these goods (the tally is not changed: correct it apart if needed)."""

    correction: ClassVar[bool] = True
    kind: Literal["set_goods"] = "set_goods"
    player: Seat
    camel: Letter
    goods: Annotated[tuple[Good, ...], Field(max_length=CAPACITY)]


@game_action
class SetPitch:
    """The camel stands on this pen and pitch of the place where it is."""

    correction: ClassVar[bool] = True
    kind: Literal["set_pitch"] = "set_pitch"
    player: Seat
    camel: Letter
    pen: Pen
    pitch: Pitch


@game_action
class SetRemoved:
    """The goods out of the game (stolen and paid), as counted beside the board."""

    correction: ClassVar[bool] = True
    kind: Literal["set_removed"] = "set_removed"
    gold: Count
    coffee: Count
    pepper: Count
    salt: Count
    water: Count


@game_action
class SetArrows:
    """The two pens of the next place a pen's arrows point to (None: unknown after all)."""

    correction: ClassVar[bool] = True
    kind: Literal["set_arrows"] = "set_arrows"
    place: Place
    pen: Pen
    to: tuple[Pen, Pen] | None

    def __post_init__(self) -> None:
        if self.to is not None:
            _distinct(self.to, "pen")


@game_action
class SetSwapFields:
    """The swap fields of a place as (pen, pitch) pairs; empty: none; None: unknown after all."""

    correction: ClassVar[bool] = True
    kind: Literal["set_swap_fields"] = "set_swap_fields"
    place: Place
    fields: tuple[tuple[Pen, Pitch], ...] | None

    def __post_init__(self) -> None:
        if self.fields is not None:
            _distinct(self.fields, "pitch")


TimbuktuAction = (
    LoadCaravan
    | PlaceCamel
    | MoveCamel
    | PassThiefPiles
    | RevealThief
    | SetGoods
    | SetPitch
    | SetRemoved
    | SetArrows
    | SetSwapFields
)

ACTION_ADAPTER: TypeAdapter[TimbuktuAction] = TypeAdapter(
    Annotated[TimbuktuAction, Field(discriminator="kind")]
)
