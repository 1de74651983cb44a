"""Every ordinary action the table may take now.

Placements, moves (each payment the camel could make, and both answers to "swap field?" where the
table has not entered the place's swap fields) and thief piles (each pen not yet robbed, with two
pitches and two goods, as the cards show) are listed in full. Caravan loads are entries, not
choices: only the remembered printed load of a caravan not yet loaded is listed (the one tap), and
:meth:`TimbuktuRules.check` judges any other load. Corrections are always available and are not
listed.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations
from typing import TYPE_CHECKING

from companion.games.timbuktu import actions as a
from companion.games.timbuktu import board
from companion.games.timbuktu.model import PENS, PITCHES, Good, Phase, TimbuktuState

if TYPE_CHECKING:
    from companion.games.timbuktu.rules import TimbuktuRules

PITCH_PAIRS = tuple(combinations(range(1, PITCHES + 1), 2))
GOODS_PAIRS = tuple(combinations(Good, 2))


def legal_actions(rules: TimbuktuRules, state: TimbuktuState) -> list[a.TimbuktuAction]:
    return [action for action in _candidates(state) if rules.check(state, action).ok]


def _candidates(state: TimbuktuState) -> Iterator[a.TimbuktuAction]:
    seat = state.to_move
    if state.phase is Phase.LOADING:
        for owner, player in enumerate(state.players):
            if not player.loaded and player.remembered is not None:
                yield a.LoadCaravan(player=owner, camels=player.remembered)
    elif state.phase is Phase.PLACEMENT and seat is not None:
        for camel in state.players[seat].camels:
            if camel.place is None:
                for pen in board.free_pens(state, 0):
                    yield a.PlaceCamel(player=seat, camel=camel.letter, pen=pen)
    elif state.phase is Phase.MOVES and seat is not None:
        yield from _moves(state, seat)
    elif state.phase is Phase.SWAP:
        yield a.PassThiefPiles()
    elif state.phase is Phase.THEFTS:
        for pen in range(1, PENS + 1):
            if pen not in state.robbed_pens:
                for pitches in PITCH_PAIRS:
                    for goods in GOODS_PAIRS:
                        yield a.RevealThief(pen=pen, pitches=pitches, goods=goods)


def _moves(state: TimbuktuState, seat: int) -> Iterator[a.TimbuktuAction]:
    for camel in state.players[seat].camels:
        if camel.place == state.stage or camel.pen is None:
            continue
        for pen in board.free_pens(state, state.stage):
            free = board.free_move(state.layout, state.stage - 1, camel.pen, pen)
            payments: list[Good | None] = [] if free is False and camel.goods else [None]
            if not free:
                payments += sorted(set(camel.goods), key=list(Good).index)
            pitch = board.lowest_free_pitch(state.occupied(state.stage, pen))
            assert pitch is not None
            known = state.layout.is_swap_field(state.stage, pen, pitch)
            swaps = (None,) if known is not None else (False, True)
            for paid in payments:
                for swap in swaps:
                    yield a.MoveCamel(
                        player=seat, camel=camel.letter, pen=pen, paid=paid, swap=swap
                    )
