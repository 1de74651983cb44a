"""How the app rules Timbuktu where the rulebook is silent (README: "Timbuktu: how the app rules
where the rulebook is silent"), in the rulebook's order."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.games.timbuktu.explanations import (
    CARAVANS,
    GAME_END,
    MOVING,
    ROUTE,
    SWAP,
    THEFTS,
    VARIATION,
)
from companion.installation.i18n import N_
from companion.rules.rulings import Alternative, Ruling, applied

if TYPE_CHECKING:
    from companion.games.timbuktu.model import TimbuktuState

RULINGS = (
    Ruling(
        "loading_variant",
        N_(
            "Caravans are loaded as printed on the caravan boards unless the table chooses the "
            "variant of dealing goods (setting variant); the choice is kept in each game's record."
        ),
        N_("The rulebook offers both: the printed loads, and a variant that deals the goods."),
        VARIATION,
        {"en": "Each player allocates his goods to his camels."},
        (
            Alternative(
                "dealt",
                N_(
                    "Each player is dealt 4, 5 or 7 goods of each kind and loads them freely, 3 "
                    "or 4 kinds to a camel."
                ),
                "dealt",
                short=N_("Dealt goods (variant)"),
            ),
        ),
        setting="variant",
        default="printed",
        title=N_("Loading the caravans"),
        short=N_("Printed loads"),
    ),
    Ruling(
        "leftovers",
        N_(
            "In the dealing variant the goods left over leave the game without raising the value "
            "of their kind."
        ),
        N_(
            'The variant takes them "out of the game", but the score counts the goods taken out '
            '"stolen or in camel movements" only.'
        ),
        GAME_END,
        {
            "en": "Each item that reaches Timbuktu is worth the number of points that corresponds "
            "to the number of that type of good that has already been taken out of the game "
            "(stolen or in camel movements)."
        },
        (
            Alternative(
                "leftovers_count",
                N_("The leftovers count as removed goods and raise the value of their kind."),
                True,
                short=N_("Count as removed"),
            ),
        ),
        setting="leftovers_removed",
        default=False,
        title=N_("Leftover goods of the variant"),
        short=N_("Do not count"),
    ),
    Ruling(
        "pens_numbered",
        N_("The pens of each place are numbered 1 to 5 in an order the table agrees on."),
        N_("The pens' colours and symbols are not public; the same numbers serve the thief cards."),
        CARAVANS,
    ),
    Ruling(
        "start_pitches",
        N_(
            "In the start area a camel takes the lowest free pitch of the pen named; a placement "
            "after which a player could no longer have a camel in every pen is refused."
        ),
        N_(
            "The rulebook places camels on any free starting position; their order does not matter."
        ),
        ROUTE,
        {
            "en": "Note: At the start of any stage, the order of the camels within a pen is of no "
            "significance to the game."
        },
    ),
    Ruling(
        "board_layout",
        N_(
            "Where the table has not entered a pen's arrows or a place's swap fields, the player "
            "says whether a move was free and whether its pitch is a swap field; the layout "
            "entered once is stored per number of players."
        ),
        N_(
            "The boards' arrows and swap fields are printed on them, and the project holds no image."
        ),
        MOVING,
        {
            "en": "If the camel moves from its old pitch in the direction of one of the two arrows "
            "into the next oasis, the move is free."
        },
        setting="layouts",
        default={},
    ),
    Ruling(
        "swap_prompt",
        N_(
            "A camel on a swap field stops play until the table confirms the thief piles were "
            "passed; the app never tracks what the piles show."
        ),
        N_("The thief cards are secret information; only their passing changes the game's flow."),
        SWAP,
        {"en": "Thief cards are passed on in a clockwise direction."},
    ),
    Ruling(
        "thefts_in_any_order",
        N_(
            "Each pen's thief pile is entered once per stage, in any order; it takes every good "
            "of its kinds from the camels on its pitches."
        ),
        N_('Turning the piles over "in turn" changes nothing about what they take.'),
        THEFTS,
        {"en": "If a camel has one or several goods of the appropriate kind, all are taken away."},
    ),
    Ruling(
        "shared_victory",
        N_(
            "A tie on points goes to more goods; a tie that remains is a shared victory (the "
            'sheet says "shared").'
        ),
        N_('As the rulebook says; the app names it "shared" where other games say "draw".'),
        GAME_END,
        {
            "en": "In the case of a draw, the player with the highest number of individual goods "
            "wins and if scores are still tied, the players concerned share the victory."
        },
    ),
)


LEFTOVERS = next(ruling for ruling in RULINGS if ruling.id == "leftovers")


def sheet_notes(state: TimbuktuState) -> list[str]:
    """The rulings with a choice this game made (its options, kept in its log), for its sheet:
    how the dealing variant's leftovers count."""
    if state.variant != "dealt":
        return []
    return [applied(LEFTOVERS, state.leftovers_removed)]
