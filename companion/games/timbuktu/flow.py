"""The order of play as the rulebook gives it: loading, placement, then stages of rounds and thefts.

Every transition that needs no decision from the table happens here, right after the action that
made it possible, so the state always waits for a real input (or the game is over).

- Once every caravan is loaded, the variant's leftover goods leave the game.
- The oldest player (``start_player``) places first, then clockwise, and holds the stage counter
  and the round counter of the first stage.
- In a round the round counter's holder moves first, then clockwise; then the counter passes to the
  left-hand (clockwise) neighbour. A stage has as many rounds as each player has camels.
- Once the five thief piles have struck, the stage counter passes clockwise and its new holder also
  takes the round counter; after Timbuktu's thefts the game is over.
"""

from __future__ import annotations

from dataclasses import replace

from companion.games.timbuktu.caravans import leftovers
from companion.games.timbuktu.model import PENS, Goods, Phase, TimbuktuState


def settle(state: TimbuktuState) -> TimbuktuState:
    """Take every step that needs no decision from the table."""
    while True:
        following = _next_step(state)
        if following is state:
            return state
        state = following


def stage_complete(state: TimbuktuState) -> bool:
    """Every camel has reached the stage's place."""
    return all(camel.place == state.stage for _seat, camel in state.camels())


def _next_step(state: TimbuktuState) -> TimbuktuState:
    if state.phase is Phase.LOADING and all(p.loaded for p in state.players):
        return _set_aside_leftovers(replace(state, phase=Phase.PLACEMENT, turn=0))
    if state.phase is Phase.PLACEMENT and stage_complete(state):
        return _start_stage(state, 1, state.start_player)
    if state.phase is Phase.MOVES:
        if stage_complete(state):
            return replace(state, phase=Phase.THEFTS, robbed_pens=())
        if state.turn == state.seats:
            return replace(
                state,
                round=state.round + 1,
                round_starter=(state.round_starter + 1) % state.seats,
                turn=0,
            )
    if state.phase is Phase.THEFTS and len(state.robbed_pens) == PENS:
        if state.stage == state.timbuktu:
            return replace(state, phase=Phase.GAME_OVER, end_reason="timbuktu")
        return _start_stage(state, state.stage + 1, (state.stage_holder + 1) % state.seats)
    return state


def _set_aside_leftovers(state: TimbuktuState) -> TimbuktuState:
    """The variant's goods no camel carries leave the game: removed (raising the values) if the
    table counts them so, else simply out of play."""
    left = sum((leftovers(state, seat) for seat in range(state.seats)), Goods())
    if state.leftovers_removed:
        return replace(state, removed=state.removed + left)
    return replace(state, out_of_play=state.out_of_play + left)


def _start_stage(state: TimbuktuState, stage: int, holder: int) -> TimbuktuState:
    return replace(
        state,
        phase=Phase.MOVES,
        stage=stage,
        stage_holder=holder,
        round=1,
        round_starter=holder,
        turn=0,
        robbed_pens=(),
    )
