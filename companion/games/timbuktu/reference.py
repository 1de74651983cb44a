"""Timbuktu's rules reference: the rulebook summarised in its order (setup, a stage's three
steps, the end and its tie-breaks, the dealing variant), and what the moment offers
(:mod:`companion.rules.reference`)."""

from __future__ import annotations

from typing import Any, cast

from companion.games.timbuktu import actions as a
from companion.games.timbuktu import explanations as book
from companion.games.timbuktu.legal import GOODS_PAIRS, PITCH_PAIRS
from companion.games.timbuktu.model import PENS, Phase, TimbuktuState
from companion.installation.i18n import N_, _
from companion.rules.reference import Option, Part, Reference, app_part, first_open

PARTS = (
    Part(
        "caravans",
        N_("Preparing the caravans"),
        N_(
            "Each player takes a caravan board, camels and camel cards in one colour. The goods "
            "go onto the camels as the board prints them. Five players use camels A to E, four "
            "players A to F, three players all eight."
        ),
        (book.CARAVANS, book.COMPONENTS),
    ),
    Part(
        "route",
        N_("Preparing the caravan route"),
        N_(
            "The oases are laid out from the start board to Timbuktu, fewer with fewer players. "
            "In turn, each player places one camel on any free pitch of the start area. In the "
            "end every player must have a camel in every pen."
        ),
        (book.ROUTE,),
    ),
    Part(
        "stage",
        N_("Game play"),
        N_(
            "The game runs in stages, one from each oasis to the next. In each stage the thief "
            "cards are dealt, the camels move, and then the thieves strike. Each player secretly "
            "knows something about the coming thefts."
        ),
        (book.GAME_PLAY,),
    ),
    Part(
        "camel_cards",
        N_("Choosing the camel cards"),
        N_(
            "Each round every player secretly chooses a camel card; the cards are turned over from "
            "the start player on and each camel moves in turn. A camel moves once per stage."
        ),
        (book.CAMEL_CARDS,),
    ),
    Part(
        "moving",
        N_("Moving the camels"),
        N_(
            "A camel moves into any pen of the next oasis that has a free pitch, onto its lowest "
            "free pitch. Along one of the two arrows the move is free; into another pen the camel "
            "pays one of its goods, unless it carries none."
        ),
        (book.MOVING,),
    ),
    Part(
        "swap",
        N_("A camel lands on a swap field"),
        N_(
            "When a camel lands on a swap field, every pile of thief cards passes one seat "
            "clockwise, the piles between players too. Everyone learns something new."
        ),
        (book.SWAP,),
    ),
    Part(
        "thefts",
        N_("The thefts"),
        N_(
            "Once every camel stands in the new oasis, the five thief piles are turned over in "
            "turn. Each names a pen, pitches and goods: a camel on such a pitch loses all its "
            "goods of those kinds. Stolen goods stay beside the board."
        ),
        (book.THEFTS,),
    ),
    Part(
        "end",
        N_("End of the game"),
        N_(
            "After the last theft in Timbuktu, each good is worth as many points as goods of its "
            "kind have left the game, stolen or paid. The most points wins; on a tie the most "
            "goods, and after that the victory is shared."
        ),
        (book.GAME_END,),
    ),
    Part(
        "variation",
        N_("Variant: dealing the goods"),
        N_(
            "Instead of the printed loads, each player receives an equal share of every good and "
            "loads the blank side of the board. Each camel carries four goods of three or four "
            "different kinds; goods left over leave the game."
        ),
        (book.VARIATION,),
    ),
    app_part(),
)

_PHASE_PARTS = {
    Phase.LOADING: "caravans",
    Phase.PLACEMENT: "route",
    Phase.MOVES: "moving",
    Phase.SWAP: "swap",
    Phase.THEFTS: "thefts",
    Phase.GAME_OVER: "end",
}


def phase_part(state: TimbuktuState) -> str:
    if state.phase is Phase.LOADING and state.variant == "dealt":
        return "variation"
    return _PHASE_PARTS[state.phase]


def options(rules: Any, state: TimbuktuState) -> list[Option]:
    """Caravans to load; in placement each pen of the start area; in a stage each camel of the
    player to move; the thief piles to pass; each pen's thief."""
    seat = state.to_move
    legal = rules.legal_actions(state)
    if state.phase is Phase.LOADING:
        return [
            Option(
                f"load-{action.player}",
                _("Load {name}'s caravan").format(name=state.players[action.player].name),
            )
            for action in legal
        ]
    if state.phase is Phase.PLACEMENT and seat is not None:
        waiting = [
            cast("a.Letter", camel.letter)
            for camel in state.players[seat].camels
            if camel.place is None
        ]
        return [
            first_open(
                rules,
                state,
                f"pen-{pen}",
                _("A camel into pen {pen}").format(pen=pen),
                [a.PlaceCamel(player=seat, camel=letter, pen=pen) for letter in waiting[:1]],
            )
            for pen in range(1, PENS + 1)
        ]
    if state.phase is Phase.MOVES and seat is not None:
        return [
            first_open(
                rules,
                state,
                f"camel-{camel.letter}",
                _("Move camel {camel}").format(camel=camel.letter),
                [
                    *(m for m in legal if getattr(m, "camel", None) == camel.letter),
                    a.MoveCamel(
                        player=seat,
                        camel=cast("a.Letter", camel.letter),
                        pen=1,
                        paid=None,
                        swap=False,
                    ),
                ],
            )
            for camel in state.players[seat].camels
        ]
    if state.phase is Phase.SWAP:
        return [Option("pass", _("Pass the thief piles"))]
    if state.phase is Phase.THEFTS:
        return [
            first_open(
                rules,
                state,
                f"thief-{pen}",
                _("The thief of pen {pen}").format(pen=pen),
                [a.RevealThief(pen=pen, pitches=PITCH_PAIRS[0], goods=GOODS_PAIRS[0])],
            )
            for pen in range(1, PENS + 1)
        ]
    return []


REFERENCE = Reference("timbuktu", PARTS, phase_part, options)
