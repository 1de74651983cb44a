"""Targi's typical turns, whose taps ``scripts/ui-taps`` counts (see :mod:`ui.audit.taps`)."""

from __future__ import annotations

from ui.audit.taps import Turn, part, text
from ui.games.targi import positions as p

TURNS = (
    Turn(
        "targi",
        "name 2 revealed centre cards (Dates 1, Well 1)",
        lambda store: p.targi(store, revealed=False),
        # one chip per distinct card, by what it prints: Dates 1 gives 1 date; Well 1 is the
        # first chip of the Well symbol, preselected as the likeliest
        (text("gives 1 date", prefix=True), text("1 VP · 1 date, 1 gold", prefix=True)),
        2,
    ),
    Turn("targi", "place a Targi on border card 2", p.targi, (part("cells", 2),), 1),
    Turn(
        "targi",
        "resolve an intersection (Choice 1: dates)",
        lambda store: p.targi_placed(store, (2, 5, 14, 3, 13, 11)),
        (part("cells", (2, 2)), text("Dates")),
        1,
    ),
    Turn(
        "targi",
        "name the tribe card the Tribal expansion drew (Tent 9), into the hand",
        lambda store: p.targi_placed(store, (2, 5, 14, 3, 13, 11)),
        # the Tribal expansion, the card's symbol, its face (the naming: 2 taps), the hand
        (
            part("cells", 14),
            text("Tent"),
            text("1 VP · 1 date, 1 pepper", prefix=True),
            text("Hand"),
        ),
        1,
    ),
)
"""Targi's turns, in the order they are counted."""
