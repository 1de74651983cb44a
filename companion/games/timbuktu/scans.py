"""Which Timbuktu moves scanned cards make: the camel cards and the thief cards.

A camel card (``TIMBUKTU-CAMEL-<A..H>``, one of each letter in every caravan colour) is turned over
by the player whose turn it is: it names the camel placed in the start area or moved to the next
oasis (the pen is a tap: ``given``). At a stage's end a thief pile is revealed as its three cards,
scanned in any order: the pen card, the pitch card and the goods card (``TIMBUKTU-THIEF-...``).
Caravan loads are goods on a caravan board, not cards: nothing to scan there.
"""

from __future__ import annotations

from typing import Any

from companion.installation.i18n import _
from companion.rules.refusals import SCAN_INCOMPLETE
from companion.rules.spec import ScanForm
from companion.rules.verdict import Verdict

CAMEL = "TIMBUKTU-CAMEL-"
THIEF = "TIMBUKTU-THIEF-"
THIEF_PARTS = ("PEN", "PITCH", "GOODS")


def _camel(cards: tuple[str, ...]) -> dict[str, Any] | None:
    if len(cards) != 1 or not cards[0].startswith(CAMEL):
        return None
    return {"camel": cards[0].removeprefix(CAMEL)}


def _thief_pile(cards: tuple[str, ...]) -> dict[str, Any] | Verdict | None:
    """One pen card, one pitch card and one goods card, in any order, make a revealed pile."""
    faces: dict[str, list[str]] = {}
    for card in cards:
        if not card.startswith(THIEF):
            return None
        part, _sep, face = card.removeprefix(THIEF).partition("-")
        if part in faces:
            return None  # two cards of one kind are no pile
        faces[part] = face.split("-")
    if len(faces) < len(THIEF_PARTS):
        needs = _(
            "A thief pile is three cards: its pen card, its pitch card and its goods card; "
            "scan them together."
        )
        return SCAN_INCOMPLETE.verdict(cards=", ".join(cards), needs=needs)
    return {
        "pen": int(faces["PEN"][0]),
        "pitches": [int(pitch) for pitch in faces["PITCH"]],
        "goods": [good.lower() for good in faces["GOODS"]],
    }


def forms() -> dict[str, ScanForm]:
    """Action kind -> the fields its scanned cards fill."""
    return {
        "place": ScanForm(frozenset({"camel"}), _camel),
        "move": ScanForm(frozenset({"camel"}), _camel),
        "thief": ScanForm(frozenset({"pen", "pitches", "goods"}), _thief_pile),
    }
