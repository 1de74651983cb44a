"""Targi's fixed geometry: 16 border cards around a 3x3 centre, the robber's path and the raids.

Border cards carry the numbers printed on them (1-16, clockwise from the Noble). Central cards are
``(row, col)`` with rows and columns 1-3 from the top-left, as the rules CLI reports them.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum

Cell = tuple[int, int]

BORDER_CARDS = tuple(range(1, 17))
RAID_CORNERS: dict[int, int] = {4: 1, 8: 2, 12: 3, 16: 4}
"""Corner card -> raid number."""
CORNER_OF_RAID: dict[int, int] = {raid: corner for corner, raid in RAID_CORNERS.items()}
CENTRAL_CELLS: tuple[Cell, ...] = tuple((row, col) for row in (1, 2, 3) for col in (1, 2, 3))
GOODS_CELLS: frozenset[Cell] = frozenset({(1, 1), (1, 3), (2, 2), (3, 1), (3, 3)})
"""Centre cells dealt a goods card at setup (corners and middle); the others get tribe cards."""

_COLUMN_CARDS = {1: 1, 2: 2, 3: 3, 11: 1, 10: 2, 9: 3}
"""Top and bottom border cards -> the central column their line runs down."""
_ROW_CARDS = {5: 1, 6: 2, 7: 3, 15: 1, 14: 2, 13: 3}
"""Right and left border cards -> the central row their line runs across."""
OPPOSITE: dict[int, int] = {
    a: b
    for pair in ((1, 11), (2, 10), (3, 9), (5, 15), (6, 14), (7, 13))
    for a, b in (pair, pair[::-1])
}


class BorderCard(Enum):
    NOBLE = "noble"
    DATES = "dates"
    SALT = "salt"
    PEPPER = "pepper"
    MERCHANT = "merchant"
    FATA_MORGANA = "fata_morgana"
    SILVERSMITH = "silversmith"
    CARAVAN = "caravan"
    TRIBAL_EXPANSION = "tribal_expansion"
    RAID = "raid"


BORDER: dict[int, BorderCard] = {
    1: BorderCard.NOBLE,
    2: BorderCard.DATES,
    3: BorderCard.SALT,
    4: BorderCard.RAID,
    5: BorderCard.MERCHANT,
    6: BorderCard.PEPPER,
    7: BorderCard.DATES,
    8: BorderCard.RAID,
    9: BorderCard.FATA_MORGANA,
    10: BorderCard.SILVERSMITH,
    11: BorderCard.PEPPER,
    12: BorderCard.RAID,
    13: BorderCard.CARAVAN,
    14: BorderCard.TRIBAL_EXPANSION,
    15: BorderCard.SALT,
    16: BorderCard.RAID,
}

LAST_ROUND = 12
"""The robber reaches raid 4 at the start of round 13 and the game ends at once."""


def placement_refusals(
    robber: int | None, mine: Iterable[int], theirs: Iterable[int]
) -> dict[int, str]:
    """Every border card the player to move may not take, with the first rule that forbids it.

    Reasons, checked in this order: ``raid`` (a corner), ``robber`` (the robber's card),
    ``occupied`` (any Targi on it), ``opposite`` (opposite an opponent's Targi).
    """
    occupied = set(mine) | set(theirs)
    blocked = {OPPOSITE[card] for card in theirs if card in OPPOSITE}
    refusals: dict[int, str] = {}
    for card in BORDER_CARDS:
        if card in RAID_CORNERS:
            refusals[card] = "raid"
        elif card == robber:
            refusals[card] = "robber"
        elif card in occupied:
            refusals[card] = "occupied"
        elif card in blocked:
            refusals[card] = "opposite"
    return refusals


def legal_placements(robber: int | None, mine: Iterable[int], theirs: Iterable[int]) -> list[int]:
    refusals = placement_refusals(robber, mine, theirs)
    return [card for card in BORDER_CARDS if card not in refusals]


def marker_cells(targi: Iterable[int]) -> list[Cell]:
    """Where one player's row lines cross their column lines, sorted (0, 1 or 2 cells)."""
    cards = list(targi)
    rows = {_ROW_CARDS[c] for c in cards if c in _ROW_CARDS}
    cols = {_COLUMN_CARDS[c] for c in cards if c in _COLUMN_CARDS}
    return sorted((row, col) for row in rows for col in cols)


def robber_for_round(round_number: int) -> tuple[int | None, int | None]:
    """``(raid, robber)`` at the start of ``round_number`` (1-13).

    ``raid`` is the raid triggered as the robber passes a corner this round (or None); ``robber`` is
    the card it then stands on, None in round 13, when raid 4 ends the game.
    """
    if not 1 <= round_number <= LAST_ROUND + 1:
        raise ValueError(f"round must be 1-{LAST_ROUND + 1}, not {round_number}")
    # The robber lands on a corner in rounds 4, 7, 10 and 13; each corner already passed puts it one
    # card further along than the round number.
    corners_passed = max(0, (round_number - 2) // 3)
    position = round_number + corners_passed
    if position in RAID_CORNERS:
        raid = RAID_CORNERS[position]
        return raid, (position + 1 if position < 16 else None)
    return None, position
