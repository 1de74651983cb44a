"""Helpers that set up Targi positions the way a table would reach them."""

from __future__ import annotations

from companion.games.targi import actions as a
from companion.games.targi.model import TargiState
from companion.games.targi.rules import TargiRules

RULES = TargiRules()

CENTRE = {
    (1, 1): "TARGI-GOODS-DATES-1",
    (1, 2): "TARGI-TRIBE-WELL-1",
    (1, 3): "TARGI-GOODS-2SALT",
    (2, 1): "TARGI-TRIBE-OASIS-9",
    (2, 2): "TARGI-GOODS-CHOICE-1",
    (2, 3): "TARGI-TRIBE-TENT-3",
    (3, 1): "TARGI-GOODS-GOLD-1",
    (3, 2): "TARGI-TRIBE-TARGIA-6",
    (3, 3): "TARGI-GOODS-SALT-PEPPER",
}
"""A centre dealt at setup: goods on the corners and the middle, tribe cards on the edges."""


def new_game(start_player: int = 0, rulings: dict[str, str] | None = None) -> TargiState:
    """Amal (blue, seat 0) and Bilal (white, seat 1), the centre above revealed: round 1 placement;
    ``rulings``: the game's house rules (ruling id -> alternative id)."""
    options = RULES.parse_options(
        {
            "players": [{"name": "Amal", "colour": "blue"}, {"name": "Bilal", "colour": "white"}],
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
