"""Helpers that set up Targi positions the way a table would reach them (as states; the same centre
and players as the layout tour's positions, :mod:`ui.games.targi.positions`, which log them)."""

from __future__ import annotations

from companion.games.targi import actions as a
from companion.games.targi.model import TargiState
from ui.games.targi.positions import CENTRE as CENTRE
from ui.games.targi.positions import TARGI, TARGI_PLAYERS

RULES = TARGI


def new_game(start_player: int = 0, rulings: dict[str, str] | None = None) -> TargiState:
    """Amal (blue, seat 0) and Bilal (white, seat 1), the centre above revealed: round 1 placement;
    ``rulings``: the game's house rules (ruling id -> alternative id)."""
    options = RULES.parse_options(
        {
            "players": TARGI_PLAYERS,
            "start_player": start_player,
            "rulings": rulings or {},
        }
    )
    return play(RULES.setup(options), *(a.RevealCard(cell=c, card=k) for c, k in CENTRE.items()))


def play(state: TargiState, *actions: a.TargiAction) -> TargiState:
    for action in actions:
        state = RULES.apply(state, action)
    return state


def place(state: TargiState, *cards: int) -> TargiState:
    """Place Targi on ``cards`` in turn order, starting with the player to move."""
    for card in cards:
        assert state.to_move is not None
        state = RULES.apply(state, a.Place(player=state.to_move, card=card))
    return state


def finish_round(state: TargiState) -> TargiState:
    """Play out the current round the plainest way: first legal placements, every card skipped,
    the first legal reveals and returns; raids are paid with the first option offered."""
    start = state.round
    while state.round == start and state.phase.value != "game_over":
        if state.phase.value == "actions":
            state = RULES.apply(state, a.EndTurn(player=state.to_move))
        else:
            state = RULES.apply(state, RULES.legal_actions(state)[0])
    return state


def advance_to_round(state: TargiState, round_number: int) -> TargiState:
    while state.round < round_number:
        state = finish_round(state)
    return state
