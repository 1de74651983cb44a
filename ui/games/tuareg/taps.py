"""Tuareg's typical turns, whose taps ``scripts/ui-taps`` counts (see :mod:`ui.audit.taps`): each
by touch, then the same with a scanner fitted (a card the table handles anyway is scanned)."""

from __future__ import annotations

from ui.audit.taps import Turn, part, scan, text
from ui.games.tuareg import positions as p

CAMEL = part("animal_cells", (p.KARIN, p.CAMEL_1))
"""Karin's first camel, tapped on the board."""

TURNS = (
    Turn(
        "tuareg",
        "take 1 water from the market, end the turn",
        p.tuareg_opened,
        (text("Take from the market"), CAMEL, text("Take 1 water"), text("End turn")),
        2,
    ),
    Turn(
        "tuareg",
        "load a card from the hand, end the turn",
        p.tuareg_opened,
        (
            text("Load from the hand"),
            CAMEL,
            text("gold"),
            text("Load 1 card", prefix=True),
            text("End turn"),
        ),
        2,
    ),
    Turn(
        "tuareg",
        "scanner: take 1 water from the market, end the turn",
        p.tuareg_opened,
        (
            text("Take from the market"),
            CAMEL,
            scan("TUAREG-GOOD-WATER"),  # the market's only water: nothing left to choose
            text("End turn"),
        ),
        2,
    ),
    Turn(
        "tuareg",
        "scanner: load a card from the hand, end the turn",
        p.tuareg_opened,
        (
            text("Load from the hand"),
            CAMEL,
            scan("TUAREG-GOOD-GOLD"),
            text("Load 1 card", prefix=True),
            text("End turn"),
        ),
        2,
    ),
)
"""Tuareg's turns, in the order they are counted."""
