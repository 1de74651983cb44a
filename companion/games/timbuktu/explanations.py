"""Why Timbuktu refuses: each of its verdict codes (:mod:`companion.games.timbuktu.refusals`)
explained, with the rulebook section behind it.

The project holds the English rulebook only (``timbuktu.en.txt`` in the shared rules): its section
titles and quoted sentences are in English for every table, with a note saying so; the titles and
explanations are the project's own words, translated.
"""

from __future__ import annotations

from companion.installation.i18n import N_
from companion.rules.explanations import Book, ExplanationTable, Section

BOOK = Book({"en": N_("Timbuktu rulebook, English edition")})

COMPONENTS = Section(BOOK, {"en": "Components"})
CARAVANS = Section(BOOK, {"en": "Setup: Preparing the Caravans"})
ROUTE = Section(BOOK, {"en": "Setup: Preparing the Caravan Route"})
GAME_PLAY = Section(BOOK, {"en": "Game Play"})
CAMEL_CARDS = Section(BOOK, {"en": "B. Moving the Camels: Choosing the camel cards"})
MOVING = Section(BOOK, {"en": "B. Moving the Camels: Moving the Camels"})
SWAP = Section(BOOK, {"en": "A Camel lands on a swap field"})
THEFTS = Section(BOOK, {"en": "C. The Thefts"})
GAME_END = Section(BOOK, {"en": "End of the Game"})
VARIATION = Section(BOOK, {"en": "Variation: Distribution of goods at the start of the game"})

SECTIONS = (
    COMPONENTS,
    CARAVANS,
    ROUTE,
    GAME_PLAY,
    CAMEL_CARDS,
    MOVING,
    SWAP,
    THEFTS,
    GAME_END,
    VARIATION,
)
"""Every section this module refers to, in the rulebook's order."""

_CAMELS = {
    "en": "If there are five players, the 5 camels A-Eare used. If there are four, the 6 camels "
    "A-Fare used and if there are three players, all 8 camels (A-H) are used."
}
_START = {
    "en": "At the end of this process, there must be at least one camel from every player in every "
    "pen."
}
_ARROWS = {
    "en": "If the camel moves from its old pitch in the direction of one of the two arrows into the "
    "next oasis, the move is free."
}
_PAYMENT = {
    "en": "However, if the camel is moved into one of the three other pens, the player has to use "
    "one of the goods carried by the camel as payment."
}
_SWAP = {
    "en": "If a camel lands on a pitch that is marked as a swap field, each player hands his pile "
    "of thief cards to his left- hand neighbor."
}
_ONE_PITCH = {"en": "Only 1 camel can occupy a pitch."}

EXPLANATIONS = ExplanationTable("timbuktu")

EXPLANATIONS.add(
    "wrong_phase",
    N_("Not at this step of the game"),
    N_(
        "The caravans are loaded and placed first; then each stage moves every camel to the next "
        "oasis, after which the thieves strike. An action belongs to its own step."
    ),
    GAME_PLAY,
    {"en": "The stage is sub-divided into:"},
)
EXPLANATIONS.add(
    "swap_pending",
    N_("Pass the thief piles first"),
    N_(
        "A camel that lands on a swap field makes every player pass their thief pile to the left "
        "neighbour before play goes on."
    ),
    SWAP,
    _SWAP,
)
EXPLANATIONS.add(
    "camel_count",
    N_("Camels for this many players"),
    N_("Three players use camels A to H, four players A to F, five players A to E."),
    CARAVANS,
    _CAMELS,
)
EXPLANATIONS.add(
    "supply",
    N_("More goods than the box holds"),
    N_("The box holds 105 goods, 21 of each kind: all caravans together cannot carry more."),
    COMPONENTS,
    {"en": "105 Goods"},
)
EXPLANATIONS.add(
    "kinds",
    N_("Three or four kinds per camel"),
    N_(
        "In the variant where goods are dealt, every camel carries 4 goods of three or four "
        "different kinds."
    ),
    VARIATION,
    {"en": "Three or four different categories of goods must be allocated to each camel."},
)
EXPLANATIONS.add(
    "dealt",
    N_("The loads must use the goods dealt"),
    N_(
        "In the variant each player is dealt the same goods of each kind (4, 5 or 7 by the number "
        "of players) and loads exactly those; leftovers leave the game."
    ),
    VARIATION,
    {"en": "Each player allocates his goods to his camels."},
)
EXPLANATIONS.add(
    "pen_full",
    N_("A pen has five pitches"),
    N_(
        "Each pen has five pitches, one camel each: a camel moves only into a pen with a free pitch."
    ),
    MOVING,
    {"en": "A camel may therefore only be moved into a pen where at least one pitch is free."},
)
EXPLANATIONS.add(
    "already_placed",
    N_("That camel is placed already"),
    N_("Each camel is placed once in the start area, in turn and clockwise."),
    ROUTE,
    {
        "en": "In turn and clockwise, each player places one of his camels on any free starting "
        "position."
    },
)
EXPLANATIONS.add(
    "cover",
    N_("A camel of every player in every pen"),
    N_(
        "When the start area is filled, every player must have at least one camel in each of its "
        "pens; a placement that makes this impossible is not allowed."
    ),
    ROUTE,
    _START,
)
EXPLANATIONS.add(
    "already_moved",
    N_("One move per camel per stage"),
    N_(
        "Each round a player moves one camel to the next oasis; a camel that has arrived there "
        "waits for the next stage."
    ),
    CAMEL_CARDS,
    {
        "en": "Each player decides on the camel he is going to move in this round and plays the "
        "appropriate card face down."
    },
)
EXPLANATIONS.add(
    "free_move",
    N_("Along an arrow the move is free"),
    N_(
        "A camel moving in the direction of one of its pitch's two arrows pays nothing; by the "
        "board entered, this move follows an arrow."
    ),
    MOVING,
    _ARROWS,
)
EXPLANATIONS.add(
    "must_pay",
    N_("Off the arrows a camel pays"),
    N_(
        "A camel moving into one of the three pens off its arrows gives up one of its goods (a "
        "camel carrying nothing moves anyway)."
    ),
    MOVING,
    _PAYMENT,
)
EXPLANATIONS.add(
    "no_such_good",
    N_("The camel does not carry that good"),
    N_("A camel pays for a move with one of the goods it carries."),
    MOVING,
    _PAYMENT,
)
EXPLANATIONS.add(
    "swap_unknown",
    N_("Is it a swap field?"),
    N_(
        "Some pitches are swap fields, which make the thief piles change hands; the app does not "
        "know this board's yet, so the table says."
    ),
    SWAP,
    _SWAP,
)
EXPLANATIONS.add(
    "layout_swap",
    N_("The board entered says otherwise"),
    N_(
        "By the swap fields entered for this board, the pitch is (or is not) a swap field; if the "
        "board shows otherwise, correct the layout."
    ),
    SWAP,
    _SWAP,
)
EXPLANATIONS.add(
    "pen_robbed",
    N_("One thief per pen"),
    N_("Each of the five thief piles strikes once per stage, in one pen."),
    THEFTS,
    {"en": "In turn, all the pens and all the thief cards are dealt with."},
)
EXPLANATIONS.add(
    "no_such_player",
    N_("No such seat"),
    N_("Timbuktu is played by 3 to 5 players; the seat named is not at this table."),
    CARAVANS,
)
EXPLANATIONS.add(
    "no_such_camel",
    N_("No such camel"),
    N_("Three players use camels A to H, four players A to F, five players A to E."),
    CARAVANS,
    _CAMELS,
)
EXPLANATIONS.add(
    "not_placed",
    N_("The camel is not on the board"),
    N_("A camel is placed in the start area before it can move or be corrected."),
    ROUTE,
    _START,
)
EXPLANATIONS.add(
    "occupied",
    N_("One camel per pitch"),
    N_("Only one camel stands on a pitch; a moving camel takes the lowest free pitch of its pen."),
    MOVING,
    _ONE_PITCH,
)
EXPLANATIONS.add(
    "off_route",
    N_("Not on the route"),
    N_(
        "The route runs from the start area through one oasis per stage to Timbuktu; the place "
        "named is not on it."
    ),
    ROUTE,
    {"en": "Lastly, the destination board featuring Timbuktu is always added."},
)
EXPLANATIONS.add(
    "no_camel",
    N_("Which camel?"),
    N_("Each round every player chooses the one camel they move: name it."),
    CAMEL_CARDS,
    {
        "en": "Each player decides on the camel he is going to move in this round and plays the "
        "appropriate card face down."
    },
)
