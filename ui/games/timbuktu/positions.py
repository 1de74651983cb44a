"""Timbuktu games a table has played so far, logged through the session into a store: the
positions Timbuktu's tour states and typical turns start from (and the tests' Timbuktu positions)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from companion.games.timbuktu import actions as ba
from companion.games.timbuktu.actions import Letter
from companion.games.timbuktu.model import CAMELS, PENS, PITCHES, Good, Phase, TimbuktuState
from companion.games.timbuktu.rules import TimbuktuRules
from companion.play.session import Session
from companion.store import Store
from ui.audit.positions import Positions, play_until

TIMBUKTU = TimbuktuRules()
TIMBUKTU_PLAYERS = [
    {"name": n, "colour": c}
    for n, c in zip(("Ada", "Ben", "Cleo"), ("red", "blue", "green"), strict=True)
]
TIMBUKTU_FIVE = [
    {"name": n, "colour": c}
    for n, c in zip(
        ("Małgorzata", "Bartholomäus", "Cleo", "Dara", "Emil"),
        ("red", "blue", "green", "yellow", "black"),
        strict=True,
    )
]
"""The widest sheet: five players, two of them with long names."""


def patterned_loads(players: int) -> list[list[list[Good]]]:
    """Known loads: the k-th camel of the table carries every good but one (the (k mod 5)-th),
    rotated, so no kind goes over the box's 21."""
    camels = len(CAMELS[players])
    kinds = list(Good)
    loads = []
    for seat in range(players):
        caravan = []
        for c in range(camels):
            k = seat * camels + c
            others = [g for g in kinds if g is not kinds[k % 5]]
            caravan.append(others[k % 4 :] + others[: k % 4])
        loads.append(caravan)
    return loads


def placement_pen(state: TimbuktuState, seat: int) -> int:
    """A pen that keeps the start area completable: the lowest pen the player still lacks, else
    the pen with the most free pitches."""
    player = state.players[seat]
    have = {c.pen for c in player.camels if c.place == 0}
    free = {pen: PITCHES - len(state.occupied(0, pen)) for pen in range(1, PENS + 1)}
    lacking = [pen for pen in range(1, PENS + 1) if pen not in have and free[pen]]
    return lacking[0] if lacking else max(free, key=lambda pen: (free[pen], -pen))


def timbuktu_next(state: TimbuktuState) -> Any:
    """Patterned loads; placements keeping the start area completable; each camel in letter order
    into the emptiest pen; thieves on pitches 1 and 2 taking gold and water."""
    seat = state.to_move
    if state.phase is Phase.LOADING:
        seat = next(s for s, p in enumerate(state.players) if not p.loaded)
        loads = patterned_loads(len(state.players))[seat]
        return ba.LoadCaravan(player=seat, camels=tuple(map(tuple, loads)))
    if seat is not None and state.phase is Phase.PLACEMENT:
        camel = next(c for c in state.players[seat].camels if c.place is None)
        return ba.PlaceCamel(
            player=seat, camel=cast(Letter, camel.letter), pen=placement_pen(state, seat)
        )
    if seat is not None and state.phase is Phase.MOVES:
        camel = next(c for c in state.players[seat].camels if c.place != state.stage)
        free = {p: PITCHES - len(state.occupied(state.stage, p)) for p in range(1, PENS + 1)}
        pen = max(free, key=lambda p: (free[p], -p))
        pitch = PITCHES - free[pen] + 1
        known = state.layout.is_swap_field(state.stage, pen, pitch) is not None
        letter = cast(Letter, camel.letter)
        return ba.MoveCamel(player=seat, camel=letter, pen=pen, swap=None if known else False)
    if state.phase is Phase.SWAP:
        return ba.PassThiefPiles()
    pen = min(set(range(1, PENS + 1)) - set(state.robbed_pens))
    return ba.RevealThief(pen=pen, pitches=(1, 2), goods=(Good.GOLD, Good.WATER))


def timbuktu(store: Store, done: Callable[[TimbuktuState], bool]) -> Session:
    """Ada (red), Ben (blue) and Cleo (green), played until ``done``."""
    options = TIMBUKTU.parse_options({"players": TIMBUKTU_PLAYERS})
    return play_until(Session.create(store, TIMBUKTU, options), timbuktu_next, done)


def timbuktu_five_finished(store: Store) -> Session:
    """A finished game of five (all five share the victory)."""
    options = TIMBUKTU.parse_options({"players": TIMBUKTU_FIVE})
    return play_until(Session.create(store, TIMBUKTU, options), timbuktu_next, TIMBUKTU.is_over)


def at_phase(phase: Phase, stage: int | None = None) -> Callable[[TimbuktuState], bool]:
    return lambda s: s.phase is phase and (stage is None or s.stage == stage)


def timbuktu_under_way(store: Store) -> Session:
    """Every camel placed: the first stage's moves."""
    return timbuktu(store, at_phase(Phase.MOVES))


def timbuktu_finished(store: Store) -> Session:
    return timbuktu(store, TIMBUKTU.is_over)


POSITIONS = Positions(under_way=timbuktu_under_way, finished=timbuktu_finished)
"""Timbuktu's part in the app's own tour states (:class:`ui.audit.positions.Positions`)."""
