"""Every ordinary action the table may take now.

Placements, moves (each payment the camel could make, and both answers to "swap field?" where the
table has not entered the place's swap fields) and thief piles (each pen not yet robbed, with two
pitches and two goods, as the cards show) are listed in full. Caravan loads are entries, not
choices: each caravan not yet loaded is listed once, with its remembered printed load (the one
tap) or else an example load (what the game waits for: the table enters the real goods), and
:meth:`TimbuktuRules.check` judges any other load. Corrections are always available and are not
listed.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations
from typing import TYPE_CHECKING, cast

from companion.games.timbuktu import actions as a
from companion.games.timbuktu import board
from companion.games.timbuktu.model import (
    CAMELS,
    CAPACITY,
    PENS,
    PITCHES,
    Camel,
    Good,
    Phase,
    TimbuktuState,
)

if TYPE_CHECKING:
    from companion.games.timbuktu.rules import TimbuktuRules

PITCH_PAIRS = tuple(combinations(range(1, PITCHES + 1), 2))
GOODS_PAIRS = tuple(combinations(Good, 2))


def legal_actions(rules: TimbuktuRules, state: TimbuktuState) -> list[a.TimbuktuAction]:
    if state.phase is Phase.LOADING:
        return list(_loads(rules, state))
    return [action for action in _candidates(state) if rules.check(state, action).ok]


def _loads(rules: TimbuktuRules, state: TimbuktuState) -> Iterator[a.LoadCaravan]:
    """One load per caravan still to load: the remembered printed one, else an example the rules
    accept (goods in turn, so that every caravan can take one), to be replaced by the real goods."""
    for owner, player in enumerate(state.players):
        if player.loaded:
            continue
        remembered = () if player.remembered is None else (player.remembered,)
        examples = (example_load(state.seats, shift) for shift in range(len(Good)))
        for camels in (*remembered, *examples):
            action = a.LoadCaravan(player=owner, camels=camels)
            if rules.check(state, action).ok:
                yield action
                break


def example_load(seats: int, shift: int = 0) -> tuple[tuple[Good, ...], ...]:
    """A caravan for ``seats`` players: camel n carries the 4 goods after the n-th (plus ``shift``)
    in :class:`Good` order, so each camel has 4 kinds and each good is used at most once a camel:
    within the box's 21 and the variant's dealt goods for every number of players."""
    goods = list(Good)
    return tuple(
        tuple(goods[(n + shift + k) % len(goods)] for k in range(CAPACITY))
        for n in range(len(CAMELS[seats]))
    )


def _letter(camel: Camel) -> a.Letter:
    """A camel's letter, one of A-H by construction (the model stores it as text)."""
    return cast("a.Letter", camel.letter)


def _candidates(state: TimbuktuState) -> Iterator[a.TimbuktuAction]:
    seat = state.to_move
    if state.phase is Phase.PLACEMENT and seat is not None:
        for camel in state.players[seat].camels:
            if camel.place is None:
                for pen in board.free_pens(state, 0):
                    yield a.PlaceCamel(player=seat, camel=_letter(camel), pen=pen)
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
                paid_with: list[Good] = sorted(set(camel.goods), key=list(Good).index)
                payments += paid_with
            pitch = board.lowest_free_pitch(state.occupied(state.stage, pen))
            assert pitch is not None
            known = state.layout.is_swap_field(state.stage, pen, pitch)
            swaps = (None,) if known is not None else (False, True)
            for paid in payments:
                for swap in swaps:
                    yield a.MoveCamel(
                        player=seat, camel=_letter(camel), pen=pen, paid=paid, swap=swap
                    )
