"""Timbuktu's typical turns, whose taps ``scripts/ui-taps`` counts (see :mod:`ui.audit.taps`):
each by touch, then the same with a scanner fitted."""

from __future__ import annotations

from collections.abc import Sequence

from companion.games.timbuktu.model import Good, Phase
from ui.audit.driver import Driver
from ui.audit.taps import Step, Turn, part, scan, text
from ui.games.timbuktu import positions as p
from ui.games.timbuktu.view import GOOD_SYMBOL


def lacking(load: Sequence[Good]) -> str:
    """The good a camel of four different goods lacks, as its "all but" button names it."""
    (missing,) = set(Good) - set(load)
    return f"{GOOD_SYMBOL[missing]}\N{NO-BREAK SPACE}{missing.value}"


def camel(letter: str) -> Step:
    """Tap camel ``letter`` of the player to move, where it stands on the board."""

    def tap(d: Driver) -> None:
        from ui.games.timbuktu.tour import choose_camel

        choose_camel(d, letter)

    return tap


TURNS = (
    Turn(
        "timbuktu",
        "move camel A to pen 1, pay coffee, no swap field",
        lambda store: p.timbuktu(store, p.at_phase(Phase.MOVES)),
        (camel("A"), part("columns", 0), text("coffee", suffix=True), text("No swap field")),
        1,
    ),
    Turn(
        "timbuktu",
        "a thief pile at a stage's end (pen 1, pitches 1 and 3, gold and salt)",
        lambda store: p.timbuktu(store, p.at_phase(Phase.THEFTS, stage=1)),
        # the pen card (pen 1 is preselected: tapped anyway), the pitch card, the goods card
        (part("columns", 0), text("1 + 3"), text("☀ gold\n❄ salt")),
        1,
    ),
    Turn(
        "timbuktu",
        "first game: one printed caravan board (8 camels), loaded",
        lambda store: p.timbuktu(store, p.at_phase(Phase.LOADING)),
        (
            *(text(f"all but {lacking(load)}") for load in p.patterned_loads(3)[0]),
            text("Load Ada's caravan"),
        ),
        1,
    ),
    Turn(
        "timbuktu",
        "scanner: move camel A to pen 1, pay coffee, no swap field",
        lambda store: p.timbuktu(store, p.at_phase(Phase.MOVES)),
        (
            scan("TIMBUKTU-CAMEL-A"),
            part("columns", 0),
            text("coffee", suffix=True),
            text("No swap field"),
        ),
        1,
    ),
    Turn(
        "timbuktu",
        "scanner: a thief pile at a stage's end",
        lambda store: p.timbuktu(store, p.at_phase(Phase.THEFTS, stage=1)),
        (
            scan("TIMBUKTU-THIEF-PEN-1"),
            scan("TIMBUKTU-THIEF-PITCH-1-3"),
            scan("TIMBUKTU-THIEF-GOODS-GOLD-SALT"),
        ),
        1,
    ),
)
"""Timbuktu's turns, in the order they are counted."""
