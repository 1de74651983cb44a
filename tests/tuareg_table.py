"""Helpers that set up Tuareg card-game positions the way a table would reach them (as states; the
same players, values and goods as the layout tour's positions, :mod:`ui.games.tuareg.positions`)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.games.tuareg import actions as a
from companion.games.tuareg.model import Animal, Good
from companion.games.tuareg.state import AnimalRef, TuaregState
from ui.games.tuareg.positions import CAMEL_1 as CAMEL_1
from ui.games.tuareg.positions import GOLD as GOLD
from ui.games.tuareg.positions import MILLET as MILLET
from ui.games.tuareg.positions import SALT as SALT
from ui.games.tuareg.positions import TUAREG, TUAREG_NAMES, TUAREG_VALUES
from ui.games.tuareg.positions import WATER as WATER

RULES = TUAREG
CAMEL_2 = AnimalRef(Animal.CAMEL, 2)
DONKEY_1 = AnimalRef(Animal.DONKEY, 1)
NAMES = TUAREG_NAMES
TABLE_VALUES = TUAREG_VALUES
"""Values a table might confirm for the goods the rulebook does not print (a test's choice)."""


def options(
    players: int = 2,
    values: dict[str, Any] | None = None,
    start: int = 0,
    rulings: dict[str, str] | None = None,
) -> Any:
    return RULES.parse_options(
        {
            "players": [{"name": n, "colour": f"c{i}"} for i, n in enumerate(NAMES[:players])],
            "start_player": start,
            "values": TABLE_VALUES if values is None else values,
            "rulings": rulings or {},
        }
    )


def new_game(
    players: int = 2,
    values: dict[str, Any] | None = None,
    start: int = 0,
    rulings: dict[str, str] | None = None,
) -> TuaregState:
    """A game whose market opened with a water and a millet; the start player to move;
    ``rulings``: its house rules (ruling id -> alternative id)."""
    state = RULES.setup(options(players, values, start, rulings))
    return RULES.apply(state, a.OpenMarket(goods=(WATER, MILLET)))


def play(state: TuaregState, *actions: a.TuaregAction) -> TuaregState:
    for action in actions:
        state = RULES.apply(state, action)
    return state


def with_hand(state: TuaregState, seat: int, cards: int) -> TuaregState:
    """``seat`` holds ``cards`` cards (taken from the deck), as earlier turns would have left it."""
    player = state.players[seat]
    state = replace(state, deck=state.deck - (cards - player.hand))
    return state.with_player(seat, replace(player, hand=cards))


def finish_turn(state: TuaregState) -> TuaregState:
    return RULES.apply(state, a.EndTurn(player=state.to_move))


def draw_turn(state: TuaregState, *to_market: Good) -> TuaregState:
    """The player to move draws and lays ``to_market`` (default: one millet), then ends the turn."""
    market = to_market or (MILLET,)
    return finish_turn(RULES.apply(state, a.Draw(player=state.to_move, to_market=market)))
