"""Timbuktu entries being put together on the screen before they are submitted: a caravan board
filled good by good, a move's camel and pen, and a revealed thief pile.

A draft only gathers what the table says; whether it is allowed is the rules' verdict on the
finished action (read back through ``rules.parse_action``, so a malformed entry is named like any
other input). Pure Python (no Kivy).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.games.timbuktu import actions as a
from companion.games.timbuktu.model import CAMELS, CAPACITY, Good


@dataclass
class CaravanDraft:
    """Seat ``seat``'s caravan board: camel A's 4 goods first, then B's, ..."""

    seat: int
    letters: str
    loads: list[list[Good]] = field(default_factory=list)

    @classmethod
    def start(cls, seat: int, seats: int) -> CaravanDraft:
        return cls(seat, CAMELS[seats])

    @property
    def filling(self) -> int | None:
        """The index of the camel whose goods come next (None: the board is full)."""
        for index in range(len(self.letters)):
            if index >= len(self.loads) or len(self.loads[index]) < CAPACITY:
                return index
        return None

    @property
    def complete(self) -> bool:
        return self.filling is None

    def add(self, good: Good) -> None:
        index = self.filling
        if index is None:
            return
        if index == len(self.loads):
            self.loads.append([])
        self.loads[index].append(good)

    @property
    def room(self) -> int:
        """How many goods the camel being filled still takes (0: the board is full)."""
        index = self.filling
        if index is None:
            return 0
        return CAPACITY - (len(self.loads[index]) if index < len(self.loads) else 0)

    def fill(self, goods: list[Good]) -> None:
        """Several goods onto the camel being filled, as far as it has room."""
        for good in goods[: self.room]:
            self.add(good)

    def take_back(self) -> None:
        while self.loads and not self.loads[-1]:
            self.loads.pop()
        if self.loads:
            self.loads[-1].pop()

    def payload(self) -> dict[str, Any]:
        return {
            "kind": "load",
            "player": self.seat,
            "camels": [[good.value for good in load] for load in self.loads],
        }


@dataclass
class MoveDraft:
    """The camel the player named, the pen it is to enter, and the answers given so far to what
    the entered board leaves open (``paid``, ``swap``)."""

    letter: str
    pen: int | None = None
    answers: dict[str, Any] = field(default_factory=dict)


@dataclass
class ThiefDraft:
    """A revealed thief pile: its pen card, pitch card and goods card."""

    pen: int | None = None
    pitches: list[int] = field(default_factory=list)
    goods: list[Good] = field(default_factory=list)

    def toggle_pitch(self, pitch: int) -> None:
        _toggle(self.pitches, pitch, a.THIEF_FACES_MOST)

    def toggle_good(self, good: Good) -> None:
        _toggle(self.goods, good, a.THIEF_FACES_MOST)

    @property
    def ready(self) -> bool:
        return self.pen is not None and bool(self.pitches) and bool(self.goods)

    def payload(self) -> dict[str, Any]:
        return {
            "kind": "thief",
            "pen": self.pen,
            "pitches": sorted(self.pitches),
            "goods": [good.value for good in Good if good in self.goods],
        }


def _toggle(chosen: list[Any], value: Any, most: int) -> None:
    """Tap to add, tap again to take out; beyond what a card shows, the oldest tap gives way."""
    if value in chosen:
        chosen.remove(value)
        return
    chosen.append(value)
    del chosen[: max(0, len(chosen) - most)]
