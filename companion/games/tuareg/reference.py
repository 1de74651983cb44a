"""The Tuareg card game's rules reference: the rulebook summarised in its order (setup, a turn's
options, the special cards, the stage's end, the game's end and its tie-break), and what the
moment offers (:mod:`companion.rules.reference`); a turn's options are the ones the game screen offers,
with the reasons :mod:`companion.games.tuareg.blocked` gives."""

from __future__ import annotations

from typing import Any

from companion.games.tuareg import explanations as book
from companion.games.tuareg.blocked import TURN_KINDS, blocked
from companion.games.tuareg.state import Phase, TuaregState
from companion.installation.i18n import N_, _
from companion.rules.reference import Option, Part, Reference, app_part

PARTS = (
    Part(
        "setup",
        N_("Before you begin"),
        N_(
            "Each player gets a card with two camels (three with two players). The donkeys, "
            "caves, thieves and maps lie face up in piles sized by the number of players. The 44 "
            "goods cards are shuffled into a draw pile, and the first two are laid face up as the "
            "market."
        ),
        (book.BEFORE, book.CONTENT),
    ),
    Part(
        "turn",
        N_("Order of play"),
        N_(
            "On a turn a player takes exactly one of four actions: draw, load from the hand, take "
            "from the market, or buy a special card. Caves and thieves may be used besides. Then "
            "the player on the left takes a turn."
        ),
        (book.ORDER,),
    ),
    Part(
        "drawing",
        N_("Drawing cards"),
        N_(
            "The player draws three cards into the hand and lays at least one card of their "
            "choice into the market. At the end of a turn at most four cards may stay in the "
            "hand; the rest go into the market."
        ),
        (book.DRAWING,),
    ),
    Part(
        "loading",
        N_("Loading a camel"),
        N_(
            "Up to four cards from the hand go onto one camel, always on top. A camel carries at "
            "most four cards and two kinds of goods, changing kind only once from bottom to top. "
            "Water travels alone, and a camel carries at most two gold."
        ),
        (book.LOADING,),
    ),
    Part(
        "market",
        N_("Taking from the market"),
        N_(
            "A player may take up to four market cards of one kind, and must load them onto one "
            "animal at once, following the loading rules. Market cards never go into the hand."
        ),
        (book.MARKET,),
    ),
    Part(
        "buying",
        N_("Buying special cards"),
        N_(
            "A special card costs 3 dinars, paid with cards from the hand or from the top of an "
            "animal at their printed value. Overpaying gives no change. The card may be used in "
            "the same turn."
        ),
        (book.BUYING,),
    ),
    Part(
        "donkey",
        N_("Donkey"),
        N_(
            "A donkey is an extra animal that carries up to four cards in any order, water and "
            "gold included. Only one animal is loaded per turn."
        ),
        (book.DONKEY,),
    ),
    Part(
        "cave",
        N_("Cave"),
        N_(
            "Each cave hides one card per turn, face down, from the hand or from the top of an "
            "animal; it holds two cards at most. Hidden cards count at the stage's end."
        ),
        (book.CAVE,),
    ),
    Part(
        "thief",
        N_("Thief"),
        N_(
            "Besides the turn's action, each thief steals once: one card from another player's "
            "hand (at random) or from the top of an animal. The card stays hidden under the thief "
            "until the stage ends."
        ),
        (book.THIEF,),
    ),
    Part(
        "map",
        N_("Map"),
        N_("A map is worth 2 points when its owner cashes it in at the end of a stage."),
        (book.MAP,),
    ),
    Part(
        "stage_end",
        N_("End of a stage"),
        N_(
            "Once the draw pile is empty, everyone has one more turn. Hidden cards are revealed, "
            "and for each good the player with the most cards scores its value; players tied for "
            "the most score one less. Stage 2 starts with a new draw pile, the market unchanged."
        ),
        (book.STAGE_END, book.STAGE_TWO),
    ),
    Part(
        "game_end",
        N_("End of the game"),
        N_(
            "Stage 2 ends like stage 1 and is scored the same way. Every unused special card is "
            "worth 1 point, a map 2. The most points from both stages wins; on a tie, the most "
            "valuable cards in hand decide."
        ),
        (book.GAME_END,),
    ),
    app_part(),
)

_LABELS = {
    "draw": N_("Draw"),
    "load": N_("Load from the hand"),
    "take_market": N_("Take from the market"),
    "buy": N_("Buy a special card"),
    "hide": N_("Hide in a cave"),
    "steal": N_("Steal with a thief"),
    "end_turn": N_("End turn"),
    "open_market": N_("Name the market's two cards"),
    "reveal_cave": N_("Reveal a cave's cards"),
    "reveal_thief": N_("Reveal a thief's card"),
    "cash_map": N_("Cash in a map"),
    "score_stage": N_("Score the stage"),
    "reveal_hand": N_("Reveal a hand"),
}


def phase_part(state: TuaregState) -> str:
    if state.phase is Phase.MARKET:
        return "setup"
    if state.phase is Phase.TURNS:
        return "turn"
    return "stage_end" if state.phase is Phase.REVEAL and state.stage == 1 else "game_end"


def options(rules: Any, state: TuaregState) -> list[Option]:
    """A turn's seven options as the screen offers them, each with why it is closed; at other
    moments what the rules list, by kind (a card value to confirm is not an option of a phase)."""
    if state.phase is Phase.TURNS:
        closed = blocked(state)
        return [Option(kind, _(_LABELS[kind]), closed.get(kind)) for kind in TURN_KINDS]
    kinds = dict.fromkeys(action.kind for action in rules.legal_actions(state))
    return [Option(kind, _(_LABELS[kind])) for kind in kinds if kind in _LABELS]


REFERENCE = Reference("tuareg", PARTS, phase_part, options)
