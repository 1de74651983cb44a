"""The fourth game's rules at the table: its sections, and what the moment offers."""

from __future__ import annotations

from typing import Any

from companion.rules.reference import Option, Part, Reference, app_part, first_open
from wells_game import Draw, EndTurn, WellsRules, WellsState
from wells_game.explanations import END, SETUP, TURN

PARTS = (
    Part("setup", "Setting up", "Two to four players sit at the well with no buckets.", (SETUP,)),
    Part(
        "turn",
        "A turn at the well",
        "Draw 1 to 3 buckets once, then end the turn. The next player draws.",
        (TURN,),
    ),
    Part("end", "The end of the game", "The first player to reach the target wins.", (END,)),
    app_part(),
)


def phase_part(state: WellsState) -> str:
    return "end" if any(p.buckets >= state.target for p in state.players) else "turn"


def options(rules: WellsRules, state: WellsState) -> list[Option]:
    seat = state.to_move
    draws: list[Any] = [Draw(player=seat, buckets=n) for n in (1, 2, 3)]
    return [
        first_open(rules, state, "draw", "Draw from the well", draws),
        first_open(rules, state, "end_turn", "End the turn", [EndTurn(player=seat)]),
    ]


REFERENCE = Reference("wells", PARTS, phase_part, options)
