"""Why the fourth game refuses: its rule sheet's sections, and each of its codes explained."""

from __future__ import annotations

from companion.rules.explanations import Book, ExplanationTable, Section

BOOK = Book({"en": "Wells rule sheet"})
SETUP = Section(BOOK, {"en": "Setting up"}, page=1)
TURN = Section(BOOK, {"en": "A turn at the well"}, page=1)
END = Section(BOOK, {"en": "The end of the game"}, page=2)

EXPLANATIONS = ExplanationTable("wells")
EXPLANATIONS.add(
    "no_such_player",
    "No such player",
    "Two to four players sit at the well; a seat beyond them plays no part.",
    SETUP,
)
EXPLANATIONS.add(
    "no_draw",
    "Draw before you end",
    "A turn is one draw from the well, then the turn ends.",
    TURN,
    {"en": "On your turn, draw once, then pass the rope."},
)
EXPLANATIONS.add("drawn", "A single draw", "Each turn allows one draw from the well.", TURN)
EXPLANATIONS.add("too_many", "Three buckets at most", "A draw brings up 1 to 3 buckets.", TURN)
