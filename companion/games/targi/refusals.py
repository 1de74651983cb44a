"""Refusals every Targi handler shares: the step of the round, whose turn it is, and the hand."""

from __future__ import annotations

from companion.games.targi.model import Phase, PlayerState, TargiState
from companion.i18n import _
from companion.verdict import RuleViolation


def require_phase(state: TargiState, *phases: Phase) -> None:
    if state.phase not in phases:
        if state.phase is Phase.GAME_OVER:
            raise RuleViolation("game_over", _("The game is over."))
        raise RuleViolation(
            "wrong_phase",
            _("That is not part of the {phase} step of the round.").format(
                phase=_(state.phase.value)
            ),
        )


def require_turn(state: TargiState, seat: int) -> PlayerState:
    if state.to_move is not None and state.to_move != seat:
        raise RuleViolation(
            "not_your_turn",
            _("It is {name}'s turn.").format(name=state.players[state.to_move].name),
        )
    return state.players[seat]


def acting(state: TargiState, seat: int) -> PlayerState:
    require_phase(state, Phase.ACTIONS)
    return require_turn(state, seat)


def require_earlier_round(state: TargiState, player: PlayerState) -> None:
    """A tribe card is played (or discarded with the Noble) from the hand only in a later round
    than the one it was taken into the hand (rulebook: "in a later round")."""
    if state.rules_version == 1:
        return  # logged before the app knew this rule: the log replays as it was played
    if player.hand is not None and player.hand_round == state.round:
        raise RuleViolation(
            "hand_this_round",
            _(
                "{card} went into your hand this round: it may leave the hand only in a later "
                "round."
            ).format(card=player.hand),
        )
