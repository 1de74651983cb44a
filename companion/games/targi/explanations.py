"""Why Targi refuses: each of Targi's verdict codes (:mod:`companion.games.targi.refusals`)
explained, with the rulebook section behind it.

The rulebook is held in three editions (``targi.{en,es,pl}.txt`` in the project's shared rules):
section titles and quotes, as each edition prints them (one sentence at most; `` … `` leaves words
out), are data in ``data/rulebook.json``; German tables read the English edition. The titles and
explanations are the project's own words. Shared codes (``unknown_card``, ``nothing_to_skip``) are
explained in :mod:`companion.rules.explanations`.
"""

from __future__ import annotations

import json
from importlib import resources

from companion.installation.i18n import N_
from companion.rules.explanations import Book, ExplanationTable, Section

BOOK = Book(
    {
        "en": N_("Targi rulebook, English edition"),
        "es": N_("Targi rulebook, Spanish edition"),
        "pl": N_("Targi rulebook, Polish edition"),
    }
)

_EDITIONS = json.loads(
    resources.files(__package__).joinpath("data/rulebook.json").read_text("utf-8")
)
"""What each edition prints: section titles, quotes by code, wordings by ruling (``data/``)."""


def _section(name: str) -> Section:
    return Section(BOOK, _EDITIONS["sections"][name])


PREPARATION = _section("preparation")
OVERVIEW = _section("overview")
ROUND = _section("round")
ROBBER = _section("robber")
PLACING = _section("placing")
MARKERS = _section("markers")
ACTIONS = _section("actions")
TURN_UP = _section("turn_up")
TRIBE_CARDS = _section("tribe_cards")
RAID = _section("raid")
LIMITS = _section("limits")
END = _section("end")
EDGE_CARDS = _section("edge_cards")
"""Printed in the English edition only (the others explain the edge cards on the cards)."""
FAQ = _section("faq")
"""The Spanish edition's questions and answers (the English has no such section)."""
WORDINGS: dict[str, dict[str, str]] = _EDITIONS["wordings"]
"""What each edition prints where a ruling concerns them (:mod:`companion.games.targi.rulings`)."""

SECTIONS = (PREPARATION, OVERVIEW, ROUND, ROBBER, PLACING, MARKERS, ACTIONS, TURN_UP,
            TRIBE_CARDS, RAID, LIMITS, END, EDGE_CARDS, FAQ)  # fmt: skip
"""Every section this module refers to, in the rulebook's order."""


EXPLANATIONS = ExplanationTable("targi", _EDITIONS["quotes"])

EXPLANATIONS.add(
    "wrong_phase",
    N_("One step of the round at a time"),
    N_(
        "A Targi round runs in five steps: the robber moves, the Targi are placed, the tribe "
        "markers follow, the actions are taken, and new cards are turned up. Each action belongs "
        "to its own step only."
    ),
    ROUND,
)
EXPLANATIONS.add(
    "hand_this_round",
    N_("A hand card waits for a later round"),
    N_(
        "A tribe card taken into the hand may be played or discarded with the Noble only in a "
        "later round than the one it was taken in."
    ),
    ACTIONS,
)
EXPLANATIONS.add(
    "raid",
    N_("Nobody stands on a raid corner"),
    N_(
        "The four corner cards are raids. No Targi is ever placed on them, and the robber, once a "
        "raid is paid, moves straight on to the next card."
    ),
    PLACING,
)
EXPLANATIONS.add(
    "robber",
    N_("Not on the robber's card"),
    N_(
        "The robber blocks the card it stands on for the whole round: no Targi may be placed "
        "there. Opposite the robber is allowed."
    ),
    ROBBER,
)
EXPLANATIONS.add(
    "occupied",
    N_("One figure per card"),
    N_(
        "A border card holds one Targi, whoever it belongs to, and a centre card one tribe marker: "
        "a card already taken cannot be taken again this round."
    ),
    PLACING,
)
EXPLANATIONS.add(
    "opposite",
    N_("Not opposite an opponent's Targi"),
    N_(
        "A Targi may not be placed on the border card directly across the board from an "
        "opponent's Targi: that line of cards is the opponent's."
    ),
    PLACING,
)
EXPLANATIONS.add(
    "not_your_card",
    N_("Only the cards your Targi stand on"),
    N_(
        "A player uses the border cards their own Targi stand on, and no others; a Targi leaves "
        "its card once the card has been used."
    ),
    OVERVIEW,
)
EXPLANATIONS.add(
    "no_marker",
    N_("Only the cards your tribe markers stand on"),
    N_(
        "A player uses the centre cards their own tribe markers stand on, where the lines from "
        "two of their Targi cross; a marker leaves its card once the card has been used."
    ),
    MARKERS,
)
EXPLANATIONS.add(
    "wrong_card",
    N_("That card does something else"),
    N_(
        "Every card gives its own action: the action entered must be the one the card at that "
        "place shows."
    ),
    OVERVIEW,
)
EXPLANATIONS.add(
    "no_card",
    N_("No face-up card there"),
    N_(
        "A centre card that was used is replaced face down and is turned up only when the round "
        "ends: until then that place gives nothing."
    ),
    TURN_UP,
)
EXPLANATIONS.add(
    "already_revealed",
    N_("That card is already known"),
    N_(
        "The card at that place has been turned up and entered already; if the app shows the "
        "wrong card, correct it."
    ),
    TURN_UP,
)
EXPLANATIONS.add(
    "face_down",
    N_("Face down until the round ends"),
    N_(
        "Cards laid into the centre during a round stay face down until the round ends: nobody "
        "may use them before."
    ),
    TURN_UP,
)
EXPLANATIONS.add(
    "wrong_payment",
    N_("What a raid takes"),
    N_(
        "A raid takes what its corner card shows: each player chooses between the goods and the "
        "victory points shown (gold or victory points at the last raid). A player who cannot pay "
        "gives what they have, as the app rules it."
    ),
    RAID,
)
EXPLANATIONS.add(
    "raid_paid",
    N_("A raid is paid once"),
    N_("Each player pays each raid once, starting with the start player; this one is settled."),
    RAID,
)
EXPLANATIONS.add(
    "within_limits",
    N_("Nothing to give back"),
    N_(
        "Only what is above 10 goods and 3 gold goes back to the supply at the end of a round; "
        "this player is within both limits."
    ),
    LIMITS,
)
EXPLANATIONS.add(
    "wrong_return",
    N_("Give back exactly the excess"),
    N_(
        "At the end of a round a player keeps at most 10 goods and 3 gold and returns exactly the "
        "rest; which goods go back is theirs to choose."
    ),
    LIMITS,
)
EXPLANATIONS.add(
    "cannot_afford",
    N_("Not enough to pay"),
    N_(
        "A tribe card costs the goods and gold printed on it, and the Merchant and the "
        "Silversmith take what each trade gives up: the player must hold it all now."
    ),
    TRIBE_CARDS,
)
EXPLANATIONS.add(
    "choice_required",
    N_("Choose the good"),
    N_("A goods card showing all three goods with slashes gives one good of the player's choice."),
    ACTIONS,
)
EXPLANATIONS.add(
    "no_choice",
    N_("This card gives what it shows"),
    N_("Only a goods card showing all three goods with slashes lets the player choose the good."),
    ACTIONS,
)
EXPLANATIONS.add(
    "no_exchange",
    N_("The Merchant needs an exchange"),
    N_("Using the Merchant means making at least one exchange; a player may also leave it unused."),
    EDGE_CARDS,
)
EXPLANATIONS.add(
    "same_good",
    N_("The Merchant trades for another good"),
    N_(
        "The Merchant turns 3 of one good into 1 gold, or 2 of one good into 1 of a different "
        "good: never into the same good."
    ),
    EDGE_CARDS,
)
EXPLANATIONS.add(
    "good_required",
    N_("Name the good for the Silversmith"),
    N_("The Silversmith gives victory points for 2 or 4 of one good: say which good is given."),
    EDGE_CARDS,
)
EXPLANATIONS.add(
    "no_good_expected",
    N_("This trade takes gold"),
    N_("The Silversmith's gold trades give victory points for 1 or 2 gold, and take no goods."),
    EDGE_CARDS,
)
EXPLANATIONS.add(
    "no_gold_alternative",
    N_("No slash, no gold instead"),
    N_(
        "Only a tribe card whose printed cost shows a slash may be paid with 1 gold instead of its "
        "goods; this card has no slash, or no goods to replace."
    ),
    TRIBE_CARDS,
)
EXPLANATIONS.add(
    "empty_hand",
    N_("No card in hand"),
    N_(
        "The Noble plays the tribe card in the player's hand, or discards it; with no card in hand "
        "there is nothing to play."
    ),
    ACTIONS,
)
EXPLANATIONS.add(
    "hand_full",
    N_("One card in hand at most"),
    N_(
        "A player holds at most one tribe card in hand. Another tribe card taken must be "
        "displayed at once or discarded; it cannot replace the card in hand."
    ),
    ACTIONS,
)
EXPLANATIONS.add(
    "row_required",
    N_("Which row?"),
    N_("The display has three rows of four cards, filled in any order: say which row."),
    TRIBE_CARDS,
)
EXPLANATIONS.add(
    "row_full",
    N_("Four cards to a row"),
    N_("Each of the display's three rows holds four cards: a full row takes no more."),
    TRIBE_CARDS,
)
EXPLANATIONS.add(
    "no_such_card",
    N_("No card at that place"),
    N_("A display row is filled from left to right; the row named has no card at that place."),
    TRIBE_CARDS,
)
EXPLANATIONS.add(
    "same_card",
    N_("A swap takes two cards"),
    N_(
        "Displayed cards stay in place, except that one tribe card lets its owner swap two of them."
    ),
    TRIBE_CARDS,
)
EXPLANATIONS.add(
    "no_card_effect",
    N_("No card allows this"),
    N_(
        "Playing from the hand without the Noble, swapping displayed cards and escaping a raid are "
        "what particular tribe cards allow, as their text says. The app knows which cards do once "
        "the table has marked them."
    ),
    TRIBE_CARDS,
)
EXPLANATIONS.add(
    "wrong_kind",
    N_("A card of the other sort"),
    N_(
        "A used goods card is replaced by a tribe card and a used tribe card by a goods card; the "
        "Caravan draws a goods card, the Tribal expansion a tribe card."
    ),
    ACTIONS,
)
EXPLANATIONS.add(
    "card_in_play",
    N_("That card is elsewhere"),
    N_(
        "Every card exists once: a card already in the centre, a display, a hand or a discard pile "
        "cannot also be drawn or laid somewhere else."
    ),
    ACTIONS,
)
EXPLANATIONS.add(
    "border_only",
    N_("Targi stand on the border"),
    N_("Targi are placed on the 16 border cards only; the centre cards are reached by markers."),
    OVERVIEW,
)
