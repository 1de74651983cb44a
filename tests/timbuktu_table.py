"""Helpers that set up Timbuktu positions the way a table would reach them (as states; the known
loads and start-area pens are the layout tour's, :mod:`ui.games.timbuktu.positions`)."""

from __future__ import annotations

import random
from typing import Any

from companion.games.timbuktu import actions as a
from companion.games.timbuktu.model import CAMELS, DEALT, PENS, PITCHES, Good, Phase, TimbuktuState
from companion.games.timbuktu.rules import TimbuktuRules
from companion.rules.verdict import RuleViolation
from ui.games.timbuktu.positions import patterned_loads as patterned_loads
from ui.games.timbuktu.positions import placement_pen

RULES = TimbuktuRules()
NAMES = ("Ada", "Ben", "Cleo", "Dov", "Eli")
COLOURS = ("red", "blue", "green", "yellow", "white")
G = Good


def options(players: int = 3, **extra: Any) -> dict[str, Any]:
    seats = [{"name": n, "colour": c} for n, c in zip(NAMES, COLOURS, strict=False)][:players]
    return {"players": seats, **extra}


def new_game(players: int = 3, **extra: Any) -> TimbuktuState:
    return RULES.setup(RULES.parse_options(options(players, **extra)))


def play(state: TimbuktuState, *actions: a.TimbuktuAction) -> TimbuktuState:
    for action in actions:
        state = RULES.apply(state, action)
    return state


def refused(state: TimbuktuState, action: a.TimbuktuAction, code: str) -> str:
    """Assert ``action`` is refused with ``code`` (check and apply agree); return the sentence."""
    verdict = RULES.check(state, action)
    assert not verdict.ok and verdict.code == code, verdict
    try:
        RULES.apply(state, action)
    except RuleViolation as violation:
        assert violation.code == code
        return violation.message
    raise AssertionError("apply accepted a refused action")


def pool_loads(
    players: int, rng: random.Random, variant: str = "printed"
) -> list[list[list[Good]]]:
    """Each player's loads drawn from the box (21 of each good) or, for the variant, from the goods
    dealt to them with 3 or 4 kinds on every camel."""
    camels = len(CAMELS[players])
    if variant == "printed":
        box = [good for good in Good for _ in range(21)]
        rng.shuffle(box)
        return [
            [box[(p * camels + c) * 4 : (p * camels + c) * 4 + 4] for c in range(camels)]
            for p in range(players)
        ]
    caravans = []
    for _seat in range(players):
        while True:
            hand = [good for good in Good for _ in range(DEALT[players])]
            rng.shuffle(hand)
            loads = [hand[c * 4 : c * 4 + 4] for c in range(camels)]
            if all(3 <= len(set(load)) <= 4 for load in loads):
                caravans.append(loads)
                break
    return caravans


def load_all(state: TimbuktuState, loads: list[list[list[Good]]]) -> TimbuktuState:
    for seat, caravan in enumerate(loads):
        state = play(state, a.LoadCaravan(player=seat, camels=tuple(map(tuple, caravan))))
    return state


def loaded(
    players: int = 3, seed: int = 7, variant: str = "printed", **extra: Any
) -> TimbuktuState:
    state = load_all(
        new_game(players, variant=variant, **extra),
        pool_loads(players, random.Random(seed), variant),
    )
    assert state.phase is Phase.PLACEMENT
    return state


def placed(state: TimbuktuState) -> TimbuktuState:
    """Every camel placed in the start area, in turn, each camel in letter order."""
    while state.phase is Phase.PLACEMENT:
        seat = state.to_move
        assert seat is not None
        camel = next(c for c in state.players[seat].camels if c.place is None)
        state = play(
            state, a.PlaceCamel(player=seat, camel=camel.letter, pen=placement_pen(state, seat))
        )
    return state


def started(players: int = 3, **extra: Any) -> TimbuktuState:
    """Loaded and placed: stage 1, round 1, the start player to move."""
    return placed(loaded(players, **extra))


def move_all(state: TimbuktuState) -> TimbuktuState:
    """Move every camel of the stage: each its letter order, into the pen with most free pitches,
    free and on no swap field (the table's word, no layout entered)."""
    stage = state.stage
    while state.phase in (Phase.MOVES, Phase.SWAP) and state.stage == stage:
        if state.phase is Phase.SWAP:
            state = play(state, a.PassThiefPiles())
            continue
        seat = state.to_move
        assert seat is not None
        camel = next(c for c in state.players[seat].camels if c.place != stage)
        free = {pen: PITCHES - len(state.occupied(stage, pen)) for pen in range(1, PENS + 1)}
        pen = max(free, key=lambda p: (free[p], -p))
        state = play(state, a.MoveCamel(player=seat, camel=camel.letter, pen=pen, swap=False))
    return state


def all_thieves(
    state: TimbuktuState,
    pitches: tuple[int, ...] = (1, 2),
    goods: tuple[Good, ...] = (G.GOLD, G.WATER),
) -> TimbuktuState:
    """The five thief piles of the stage, pens 1-5 in turn, all showing ``pitches`` and ``goods``."""
    for pen in range(1, PENS + 1):
        state = play(state, a.RevealThief(pen=pen, pitches=pitches, goods=goods))
    return state
