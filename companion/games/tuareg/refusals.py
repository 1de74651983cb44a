"""Refusals every Tuareg handler shares: the phase, the turn, the seat, and cards that cannot exist."""

from __future__ import annotations

from companion.games.tuareg.model import COPIES, SpecialCard
from companion.games.tuareg.state import AnimalRef, Hidden, Phase, PlayerState, TuaregState
from companion.i18n import _
from companion.verdict import RuleViolation


def require_phase(state: TuaregState, *phases: Phase) -> None:
    if state.phase not in phases:
        if state.phase is Phase.GAME_OVER:
            raise RuleViolation("game_over", _("The game is over."))
        messages = {
            Phase.MARKET: _("First name the two cards laid out as the market."),
            Phase.TURNS: _("The stage is still being played."),
            Phase.REVEAL: _("The stage has ended: reveal the hidden cards and score it."),
        }
        raise RuleViolation("wrong_phase", messages[state.phase])


def require_turn(state: TuaregState, seat: int) -> PlayerState:
    require_phase(state, Phase.TURNS)
    require_seat(state, seat)
    if state.to_move != seat:
        raise RuleViolation(
            "not_your_turn",
            _("It is {name}'s turn.").format(name=state.players[state.to_move].name),
        )
    return state.players[seat]


def require_seat(state: TuaregState, seat: int) -> PlayerState:
    if seat >= len(state.players):
        raise RuleViolation(
            "no_such_player", _("This game has {n} players.").format(n=len(state.players))
        )
    return state.players[seat]


def require_plausible(state: TuaregState) -> TuaregState:
    """Refuses a state that shows more cards of a good than the game has."""
    for good, unseen in state.unseen().items():
        if unseen < 0:
            raise RuleViolation(
                "no_such_card",
                _("The game has only {n} {good} cards, and they are all elsewhere.").format(
                    n=COPIES[good], good=_(good.value)
                ),
            )
    return state


def require_animal(player: PlayerState, ref: AnimalRef) -> None:
    if not player.has(ref):
        raise RuleViolation(
            "no_such_animal",
            _("{name} has no {animal}.").format(name=player.name, animal=ref.label()),
        )


def require_special(player: PlayerState, card: SpecialCard, number: int) -> Hidden:
    """What lies under the player's cave or thief ``number``; refused as ``no_such_cave`` /
    ``no_such_thief`` if they hold no such card (``no_such_card`` is kept for a card shown more
    often than the game has copies of it)."""
    if card is SpecialCard.CAVE:
        held, code = player.caves, "no_such_cave"
        message = _("{name} holds no cave {n} ({count} held).")
    else:
        held, code = player.thieves, "no_such_thief"
        message = _("{name} holds no thief {n} ({count} held).")
    if not 1 <= number <= len(held):
        raise RuleViolation(code, message.format(name=player.name, n=number, count=len(held)))
    return held[number - 1]
