"""Why the Tuareg card game refuses: each of its verdict codes
(:mod:`companion.games.tuareg.refusals`) explained, with the rulebook section behind it.

The project holds the English rulebook only (``tuareg-cardgame.en.txt`` in the shared rules): its
section titles and quoted sentences are in English for every table, with a note saying so; the
titles and explanations are the project's own words, translated. Codes the rulebook does not
cover (a seat or card that does not exist) cite the section that says what there is.
"""

from __future__ import annotations

from companion.installation.i18n import N_
from companion.rules.explanations import Book, ExplanationTable, Section

BOOK = Book({"en": N_("Tuareg card game rulebook, English edition")})

CONTENT = Section(BOOK, {"en": "Content"})
BEFORE = Section(BOOK, {"en": "Before you begin"})
ORDER = Section(BOOK, {"en": "Order of play"})
DRAWING = Section(
    BOOK, {"en": "Drawing resource cards from the draw pile and placing it in your cache"}
)
LOADING = Section(BOOK, {"en": "Loading up your camel with goods from your cache"})
MARKET = Section(
    BOOK, {"en": "Picking up resource cards from the market and loading it onto a camel"}
)
BUYING = Section(BOOK, {"en": "Buying special cards"})
DONKEY = Section(BOOK, {"en": "Special cards and their meaning: Donkey"})
CAVE = Section(BOOK, {"en": "Special cards and their meaning: Cave"})
THIEF = Section(BOOK, {"en": "Special cards and their meaning: Thief"})
MAP = Section(BOOK, {"en": "Special cards and their meaning: Map worth 2 points"})
STAGE_END = Section(BOOK, {"en": "End of stage 1"})
STAGE_TWO = Section(BOOK, {"en": "Beginning of Stage 2"})
GAME_END = Section(BOOK, {"en": "End of game"})

SECTIONS = (CONTENT, BEFORE, ORDER, DRAWING, LOADING, MARKET, BUYING, DONKEY, CAVE, THIEF, MAP,
            STAGE_END, STAGE_TWO, GAME_END)  # fmt: skip
"""Every section this module refers to, in the rulebook's order."""

_HAND_LIMIT = {
    "en": "At the end of your turn you're only allowed to have a maximum of 4 cards in your hand."
}
_ONE_OPTION = {"en": "On your turn you have one of the following options (see overview card 1):"}
_HIDDEN_UNTIL_END = {
    "en": "If you have any cards hidden in caves or under thief cards, turn them over and put the "
    "special cards back in their respective piles."
}
_CAVE = {
    "en": "You may hide one resource per round in each of your caves, either from your cache "
    "(cards in your hand) or the uppermost card from your camel or donkey."
}
_THIEF = {
    "en": "A thief steals 1 resource card, either from another player's cache, camel or donkey."
}

EXPLANATIONS = ExplanationTable("tuareg")

EXPLANATIONS.add(
    "wrong_phase",
    N_("Not at this point of the stage"),
    N_(
        "A stage starts with two cards laid out as the market, is played turn by turn, and ends "
        "with the hidden cards revealed and the majorities scored: each action belongs to its part."
    ),
    BEFORE,
    {
        "en": "The first two resource cards are drawn from the pile and laid down face up to form "
        "the market."
    },
)
EXPLANATIONS.add(
    "no_such_player",
    N_("No such player"),
    N_("The seat named is not one of this game's 2 to 5 players."),
    ORDER,
)
EXPLANATIONS.add(
    "no_such_animal",
    N_("No such animal"),
    N_(
        "Each player has two camels (three with two players) and as many donkeys as they have "
        "bought; the animal named is not among them."
    ),
    LOADING,
    {
        "en": "Each player has a card with 2 camels (2 players: 3 camels) in front of him, onto "
        "which he can load his goods."
    },
)
EXPLANATIONS.add(
    "no_such_card",
    N_("More cards than the game has"),
    N_(
        "The game has 8 water, 10 gold, 12 rock salt and 14 millet cards; the table cannot show "
        "more of a good than that."
    ),
    CONTENT,
    {"en": "44 resource cards: 8 water, 10 gold, 12 rock salt, 14 millet"},
)
EXPLANATIONS.add(
    "no_such_cave",
    N_("No such cave"),
    N_("The player does not hold that many caves: only a cave they hold can be used or revealed."),
    CAVE,
    _CAVE,
)
EXPLANATIONS.add(
    "no_such_thief",
    N_("No such thief"),
    N_(
        "The player does not hold that many thieves: only a thief they hold can be used or revealed."
    ),
    THIEF,
    _THIEF,
)
EXPLANATIONS.add(
    "capacity",
    N_("Four cards per animal"),
    N_("A camel or a donkey carries at most 4 resource cards."),
    LOADING,
    {"en": "Each Camel can carry a maximum of 4 goods."},
)
EXPLANATIONS.add(
    "gold",
    N_("Two gold per camel"),
    N_("A camel carries at most 2 gold cards at any time (a donkey has no such limit)."),
    LOADING,
    {"en": "Moreover, a camel can carry a maximum of 2 x gold at any one time."},
)
EXPLANATIONS.add(
    "kinds",
    N_("Two kinds of goods per camel"),
    N_("A camel carries at most two different goods at a time (a donkey has no such limit)."),
    LOADING,
    {"en": "A camel can carry a maximum of 2 different kinds of goods at a time."},
)
EXPLANATIONS.add(
    "order",
    N_("The kind changes once"),
    N_(
        "New cards go on top of a load. On a camel the goods may change kind only once from bottom "
        "to top: gold, millet and gold again is not allowed."
    ),
    LOADING,
    {
        "en": "Types of goods may be exchanged only once per camel (e.g. you cannot change from gold "
        "to millet and back to gold again)."
    },
)
EXPLANATIONS.add(
    "water",
    N_("Water travels alone"),
    N_("A camel carrying water carries nothing else (a donkey may mix water with anything)."),
    LOADING,
    {
        "en": "If a camel is carrying water, no other resource may be loaded onto the camel at the "
        "same time."
    },
)
EXPLANATIONS.add(
    "one_action",
    N_("One option per turn"),
    N_(
        "A turn is one of four options: draw, load from the cache, take from the market or buy a "
        "special card. Caves and thieves come on top of it."
    ),
    ORDER,
    _ONE_OPTION,
)
EXPLANATIONS.add(
    "not_in_hand",
    N_("Not that many cards in hand"),
    N_("A player can lay or pay only with cards they hold; the count of their hand is lower."),
    LOADING,
    {
        "en": "You can lay up to 4 resource cards from your cache (cards in your hand) onto one of "
        "your camels."
    },
)
EXPLANATIONS.add(
    "empty_animal",
    N_("The animal carries nothing"),
    N_(
        "Only the top card of a load can be taken (to pay, to hide or to steal); this load is empty."
    ),
    BUYING,
    {
        "en": "If you pay with the goods from a camel, you may only use the resource cards that are "
        "not covered by other goods."
    },
)
EXPLANATIONS.add(
    "wrong_card",
    N_("Not the top card"),
    N_(
        "Only the uppermost card of a load can be paid, hidden or stolen, and it is the card the "
        "table saw there."
    ),
    THIEF,
    {
        "en": "If the thief steals a resource from a camel or donkey, he can only take the uppermost "
        "card."
    },
)
EXPLANATIONS.add(
    "deck_empty",
    N_("The draw pile is empty"),
    N_("Once the last card is drawn nobody draws again this stage: choose another option."),
    STAGE_END,
    {
        "en": 'The option "Draw a resource card from the draw pile and place it in your cache" no '
        "longer exists, as the draw pile is empty."
    },
)
EXPLANATIONS.add(
    "market_card",
    N_("One card back to the market"),
    N_(
        "After drawing three cards the player lays at least one card of their choice from the "
        "cache into the market."
    ),
    DRAWING,
    {"en": "Lay at least one card of your choice back from your cache into the market."},
)
EXPLANATIONS.add(
    "not_in_market",
    N_("Not in the market"),
    N_(
        "Up to 4 cards of one kind may be taken from the market, loaded at once onto one animal; "
        "the market does not have that many."
    ),
    MARKET,
    {
        "en": "You can take up to 4 resource cards of one kind from the market as long as you load "
        "them directly onto one of your camels according to the loading rules."
    },
)
EXPLANATIONS.add(
    "sold_out",
    N_("None left to buy"),
    N_(
        "Only the special cards set out for this number of players can be bought; that pile is empty."
    ),
    BEFORE,
    {
        "en": "The number of cards depends on the number of players (the remaining special cards are "
        "not needed for this game):"
    },
)
EXPLANATIONS.add(
    "underpaid",
    N_("A special card costs 3 dinars"),
    N_(
        "A special card is paid with cards worth at least 3 dinars, from the hand or the tops of "
        "the player's animals; overpaying gives no change."
    ),
    BUYING,
    {"en": "You have to pay 3 dinars to buy one of the four different special cards."},
)
EXPLANATIONS.add(
    "cave_full",
    N_("Two cards per cave"),
    N_("A cave hides at most 2 cards until the end of the stage."),
    CAVE,
    {"en": "A maximum of any 2 resources may be hidden in a cave."},
)
EXPLANATIONS.add(
    "cave_used",
    N_("One card per cave per turn"),
    N_("Each cave takes one card per turn, from the hand or the top of an animal."),
    CAVE,
    _CAVE,
)
EXPLANATIONS.add(
    "thief_used",
    N_("A thief steals once"),
    N_("Each thief is used once; its loot stays under it until the end of the stage."),
    THIEF,
    {"en": "You cannot use this thief again."},
)
EXPLANATIONS.add(
    "own_cards",
    N_("Steal from someone else"),
    N_("A thief takes a card from another player's hand or animal, never from its owner."),
    THIEF,
    _THIEF,
)
EXPLANATIONS.add(
    "market_extra",
    N_("Only what the hand limit requires"),
    N_(
        "As a turn ends, a player over the hand limit lays just enough cards into the market to "
        "keep 4; the draw is where more may go."
    ),
    DRAWING,
    {
        "en": "Lay as many resource cards in the market as required until you have no more than 4 "
        "cards in your hand."
    },
)
EXPLANATIONS.add(
    "hand_limit",
    N_("Four cards in hand at the end of a turn"),
    N_(
        "At the end of a turn a player holds at most 4 cards; the rest go into the market, or "
        "into caves."
    ),
    DRAWING,
    _HAND_LIMIT,
)
EXPLANATIONS.add(
    "no_action",
    N_("A turn needs its option"),
    N_("Every turn takes one of the four options before it ends."),
    ORDER,
    _ONE_OPTION,
)
EXPLANATIONS.add(
    "action_possible",
    N_("An option is still open"),
    N_(
        "With the draw pile empty a player still takes an option if one is possible; only a "
        "player who can do nothing ends the turn without one."
    ),
    ORDER,
    _ONE_OPTION,
)
EXPLANATIONS.add(
    "nothing_hidden",
    N_("Nothing hidden there"),
    N_("Only a cave or thief with a card under it has anything to reveal at the stage's end."),
    STAGE_END,
    _HIDDEN_UNTIL_END,
)
EXPLANATIONS.add(
    "wrong_count",
    N_("A different number of cards"),
    N_(
        "The cards revealed at the stage's end must be as many as the table saw go under the cave "
        "or thief, or into the hand."
    ),
    STAGE_END,
    _HIDDEN_UNTIL_END,
)
EXPLANATIONS.add(
    "no_map",
    N_("No map to cash in"),
    N_("A map is cashed in at the end of a stage for 2 points; this player holds none unused."),
    MAP,
    {"en": "The map is worth 2 points, should you decide to cash it in at the end of a stage."},
)
EXPLANATIONS.add(
    "unrevealed",
    N_("Reveal the hidden cards first"),
    N_(
        "The majorities count every card, including those in caves and under thieves, so they "
        "are turned over before the stage is scored."
    ),
    STAGE_END,
    _HIDDEN_UNTIL_END,
)
