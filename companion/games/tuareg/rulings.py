"""How the app rules the Tuareg card game where the rulebook is silent (README: "Tuareg card game:
how the app rules where the rulebook is silent" and "Tracking a Tuareg game"), in the rulebook's
order."""

from __future__ import annotations

from companion.games.tuareg.explanations import (
    CAVE,
    DONKEY,
    DRAWING,
    GAME_END,
    LOADING,
    MAP,
    ORDER,
    STAGE_END,
    STAGE_TWO,
)
from companion.installation.i18n import N_
from companion.rules.rulings import Alternative, Ruling

RULINGS = (
    Ruling(
        "card_values",
        N_(
            "The majority points and dinar values of water, rock salt and millet are entered by "
            "the table once, from the cards (settings values and dinars); a good whose points are "
            "not confirmed scores no majority until they are."
        ),
        N_(
            "The rulebook prints the values of gold only (2 dinars, 5 points); the others are on "
            "the cards, which the project does not hold."
        ),
        DRAWING,
        {
            "en": "(e.g. there are 10 x gold in the game worth 2 dinars and 5 points for a "
            "majority)",
        },
        setting="values",
        default={},
    ),
    Ruling(
        "turn_needs_option",
        N_(
            "A turn needs one of the four options while the draw pile has cards; with it empty, "
            "only a player who can do nothing may end the turn without one. Where a secret hand "
            "might make every option impossible, the player's word stands."
        ),
        N_("The rulebook says a player has one of the options, not whether a player may pass."),
        ORDER,
        {"en": "On your turn you have one of the following options (see overview card 1):"},
        (
            Alternative(
                "pass_when_empty",
                N_("Once the draw pile is empty, any player may end the turn without an option."),
                short=N_("Anyone may pass"),
            ),
        ),
        codes=("action_possible",),
        title=N_("Passing once the draw pile is empty"),
        short=N_("Only who can do nothing"),
    ),
    Ruling(
        "hand_limit_after_caves",
        N_(
            "The hand limit is checked as the turn ends, after caves: a player may keep 4 cards "
            "and hide a fifth. Over the limit, exactly the cards required go into the market then."
        ),
        N_("The rulebook allows keeping 4 cards and hiding one per cave, but not when to count."),
        CAVE,
        {
            "en": "However, you can hold onto 4 resource cards in your hand and hide 1 resource "
            "card per cave."
        },
    ),
    Ruling(
        "load_as_a_whole",
        N_(
            "A load is checked as a whole: the new cards go on top in the order laid, and the "
            "load they make must keep every loading rule; each rule broken is named."
        ),
        N_(
            "The loading rules describe a finished load; they do not say how cards laid together "
            "are judged."
        ),
        LOADING,
        {
            "en": "New resource cards are always placed on top and never under the resource cards "
            "that have already been laid."
        },
    ),
    Ruling(
        "one_animal_per_turn",
        N_("A turn's load goes onto one animal: a camel or a donkey, not both."),
        N_(
            'The rulebook\'s note says "one animal per round"; a player has one turn in each '
            "round, so the app reads it as one animal per turn."
        ),
        DONKEY,
        {"en": "You may only load one animal per round (camel or donkey)."},
    ),
    Ruling(
        "majority_tie",
        N_(
            "Tied players each score the good's value less 1, so a good worth 1 point scores "
            "nothing when tied."
        ),
        N_("The rulebook gives the value less 1 without saying what a 1-point good gives."),
        STAGE_END,
        {
            "en": "If two or more players tie for the first place (equal amount of cards in one "
            "resource), they each receive points according to the value of the particular "
            "resource, less 1."
        },
    ),
    Ruling(
        "hidden_cards",
        N_(
            "A card hidden or stolen from a hand is unknown until the stage-end reveal; a stage is "
            "scored only once every hidden card has been named."
        ),
        N_(
            "Hands are secret: the app tracks what the table can see, and asks the rest at the end."
        ),
        STAGE_END,
        {
            "en": "If you have any cards hidden in caves or under thief cards, turn them over and "
            "put the special cards back in their respective piles."
        },
    ),
    Ruling(
        "maps",
        N_(
            "A map may be cashed in at the end of either stage, for 2 points in that stage; a "
            "cashed map leaves the game, and an unused one scores 2 at the end."
        ),
        N_('The rulebook says a map is cashed in "at the end of a stage", not which one.'),
        MAP,
        {"en": "The map is worth 2 points, should you decide to cash it in at the end of a stage."},
    ),
    Ruling(
        "stage_two",
        N_(
            "After stage 1, used donkeys, caves and thieves return to their piles and the counted "
            "cards become stage 2's draw pile; the cards paid for special cards stay out."
        ),
        N_("The rulebook reshuffles the counted cards and says nothing of the discard pile."),
        STAGE_TWO,
        {
            "en": "The resource cards that are lying face up and which have already been counted "
            "are shuffled and placed into a new draw pile for the 2nd stage"
        },
    ),
    Ruling(
        "cache_tiebreak",
        N_(
            "A tie on points goes to the most valuable cache, from the hands shown at the end; "
            "until every tied player has shown theirs, the tie stays open; equal caches are a draw."
        ),
        N_("The rulebook breaks the tie by the cache but says nothing of a tie that remains."),
        GAME_END,
        {
            "en": "In case of a tie, from all involved players the one who has the most valuable "
            "cards in his cache wins."
        },
    ),
)
