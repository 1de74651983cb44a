"""The round as the rulebook's overview orders it: robber and raid, placement, tribe markers,
actions, reveal, limits, and the change of start player.

Every transition that needs no decision from the table happens here, right after the action that
made it possible, so the state always waits for a real input (or the game is over).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from companion.games.targi import piles
from companion.games.targi.board import (
    CORNER_OF_RAID,
    LAST_ROUND,
    Cell,
    marker_cells,
    robber_for_round,
)
from companion.games.targi.model import (
    DISPLAY_SIZE,
    GOLD_LIMIT,
    GOODS_LIMIT,
    CardKind,
    Phase,
    PlayerState,
    TargiState,
)

LIMITS_ALWAYS = "limits_always"
"""The house rule (alternative of the ruling ``limits_at_the_end``): the limits apply at the end of
the game's last round too, before the tie-break."""


def over_limit(player: PlayerState) -> bool:
    return player.stock.goods > GOODS_LIMIT or player.stock.gold > GOLD_LIMIT


def excess(player: PlayerState) -> tuple[int, int]:
    """The goods and the gold ``player`` holds beyond the end-of-round limits."""
    return max(0, player.stock.goods - GOODS_LIMIT), max(0, player.stock.gold - GOLD_LIMIT)


def has_cards(player: PlayerState) -> bool:
    return bool(player.targi or player.markers)


def _both(
    state: TargiState, change: Callable[[PlayerState], PlayerState]
) -> tuple[PlayerState, PlayerState]:
    first, second = state.players
    return change(first), change(second)


def start_round(state: TargiState, round_number: int) -> TargiState:
    """Advance the robber for ``round_number``; a corner starts a raid, else placement begins."""
    raid, robber = robber_for_round(round_number)
    state = replace(
        state,
        round=round_number,
        placements=0,
        turn_done=(False, False),
        players=_both(state, lambda p: replace(p, targi=(), markers=())),
    )
    if raid is not None:
        return replace(
            state,
            phase=Phase.RAID,
            raid=raid,
            robber=CORNER_OF_RAID[raid],
            raid_paid=(False, False),
        )
    return replace(state, phase=Phase.PLACEMENT, robber=robber, raid=None)


def finish_raid(state: TargiState) -> TargiState:
    """After both payments the robber moves on at once; raid 4 ends the game."""
    _raid, robber = robber_for_round(state.round)
    if state.round > LAST_ROUND:
        return replace(state, phase=Phase.GAME_OVER, robber=robber, end_reason="raid_4")
    return replace(state, phase=Phase.PLACEMENT, robber=robber, raid=None)


def finish_placement(state: TargiState) -> TargiState:
    """All six Targi stand: each player's tribe markers go where their lines cross."""
    players = _both(state, lambda p: replace(p, markers=tuple(marker_cells(p.targi))))
    return replace(state, players=players, phase=Phase.ACTIONS, turn_done=(False, False))


def settle(state: TargiState) -> TargiState:
    """Take every step that needs no decision from the table."""
    while True:
        following = _next_step(state)
        if following is state:
            return state
        state = following


def _next_step(state: TargiState) -> TargiState:
    if state.phase is Phase.ACTIONS:
        if all(state.turn_done):
            return _end_actions(state)
        seat = state.to_move
        if seat is not None and not has_cards(state.players[seat]):
            return mark_turn_done(state, seat)
    if state.phase is Phase.REVEAL and not awaiting_reveal(state):
        return _after_reveal(state)
    if state.phase is Phase.LIMITS and not any(over_limit(p) for p in state.players):
        if state.end_reason is not None:  # the limits at the end (house rule LIMITS_ALWAYS)
            return replace(state, phase=Phase.GAME_OVER)
        return _next_round(state)
    return state


def flag_seat(flags: tuple[bool, bool], seat: int) -> tuple[bool, bool]:
    """``flags`` with ``seat``'s set (who has paid the raid, who has finished their turn)."""
    return (flags[0] or seat == 0, flags[1] or seat == 1)


def mark_turn_done(state: TargiState, seat: int) -> TargiState:
    return replace(state, turn_done=flag_seat(state.turn_done, seat))


def awaiting_reveal(state: TargiState) -> list[Cell]:
    """Face-down central cells the table still has to name. A cell whose draw pile is empty stays
    without a card (the rulebook is silent; only the tribe pile can run out, goods are reshuffled)."""
    face_down = [
        (cell, slot.kind is CardKind.GOODS) for cell, slot in state.centre if slot.card is None
    ]
    # each pile worked out once (a check of every reveal the table may name settles through here)
    goods = any(is_goods for _cell, is_goods in face_down) and bool(piles.goods_pile(state))
    tribe = not all(is_goods for _cell, is_goods in face_down) and bool(piles.tribe_pile(state))
    return [cell for cell, is_goods in face_down if (goods if is_goods else tribe)]


def _end_actions(state: TargiState) -> TargiState:
    """The round's actions are over: a 12th displayed card ends the game, else cards are revealed.

    After round 12 nothing is revealed: raid 4 ends the game before the new cards could be used.
    Under the house rule :data:`LIMITS_ALWAYS` a game ended by a 12th card first applies the
    limits (the game is over once they are kept)."""
    if any(p.displayed >= DISPLAY_SIZE for p in state.players):
        if LIMITS_ALWAYS in state.house_rules and any(over_limit(p) for p in state.players):
            return replace(state, phase=Phase.LIMITS, end_reason="display_full")
        return replace(state, phase=Phase.GAME_OVER, end_reason="display_full")
    if state.round >= LAST_ROUND:
        return _after_reveal(state)
    return replace(state, phase=Phase.REVEAL)


def late_reveal(state: TargiState) -> bool:
    """True between round 12's actions and raid 4's payments: the cards turned up then are never
    used, so the app does not ask for them, but a log that names them (as the app once asked)
    still replays."""
    return (state.round, state.phase) in ((LAST_ROUND, Phase.LIMITS), (LAST_ROUND + 1, Phase.RAID))


def _after_reveal(state: TargiState) -> TargiState:
    if state.round == 0:
        return start_round(state, 1)
    if any(over_limit(p) for p in state.players):
        return replace(state, phase=Phase.LIMITS)
    return _next_round(state)


def _next_round(state: TargiState) -> TargiState:
    return start_round(replace(state, start_player=state.other_player), state.round + 1)
