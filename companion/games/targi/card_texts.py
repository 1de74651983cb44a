"""What tribe cards' texts let a player do, where the rulebook names it but no public source prints
which card does it: play from the hand without the Noble, swap two displayed cards, be spared a raid.

The ordinary actions are legal once the player displays a card the table marked with that effect
(:mod:`.table_settings`); the corrections do the same for any player, for cards nobody marked.
"""

from __future__ import annotations

from dataclasses import replace

from companion.games.targi import actions as a
from companion.games.targi import flow
from companion.games.targi.effects import display_card, display_cost
from companion.games.targi.model import CardEffect, Phase, PlayerState, TargiState
from companion.games.targi.refusals import (
    EMPTY_HAND,
    NO_CARD_EFFECT,
    NO_SUCH_CARD,
    RAID_PAID,
    SAME_CARD,
    acting,
    require_earlier_round,
    require_phase,
    require_turn,
)
from companion.installation.i18n import N_, _

EFFECT_NAMES = {
    CardEffect.PLAY_FROM_HAND: N_("play from the hand without the Noble"),
    CardEffect.SWAP_DISPLAYED: N_("swap two displayed cards"),
    CardEffect.RAID_PROTECTION: N_("give nothing at a raid"),
}


def require_effect(state: TargiState, seat: int, effect: CardEffect) -> None:
    if not state.has_effect(seat, effect):
        raise NO_CARD_EFFECT.violation(
            name=state.players[seat].name, effect=_(EFFECT_NAMES[effect]), key=effect.value
        )


def swapped(player: PlayerState, first: a.DisplaySpot, second: a.DisplaySpot) -> PlayerState:
    """``player`` with the displayed cards at ``first`` and ``second`` swapped."""
    for row, index in (first, second):
        if index >= len(player.display[row]):
            raise NO_SUCH_CARD.violation(
                row=row + 1, name=player.name, count=len(player.display[row])
            )
    if first == second:
        raise SAME_CARD.violation()
    rows = [list(row) for row in player.display]
    (r1, i1), (r2, i2) = first, second
    rows[r1][i1], rows[r2][i2] = rows[r2][i2], rows[r1][i1]
    return replace(player, display=(tuple(rows[0]), tuple(rows[1]), tuple(rows[2])))


def excused(state: TargiState, seat: int) -> TargiState:
    """``seat`` has given what this raid takes from them: nothing, and the opponent gains nothing."""
    require_phase(state, Phase.RAID)
    if state.raid_paid[seat]:
        raise RAID_PAID.violation(name=state.players[seat].name)
    state = replace(state, raid_paid=flow.flag_seat(state.raid_paid, seat))
    return flow.finish_raid(state) if all(state.raid_paid) else state


def play_from_hand(state: TargiState, action: a.PlayFromHand) -> TargiState:
    player = acting(state, action.player)
    require_effect(state, action.player, CardEffect.PLAY_FROM_HAND)
    if player.hand is None:
        raise EMPTY_HAND.violation()
    require_earlier_round(state, player)
    card = player.hand
    cost = display_cost(state, card, action.pay_gold)
    played = display_card(replace(player, hand=None, hand_round=None), card, action.row, cost)
    return state.with_player(action.player, played)


def swap_displayed(state: TargiState, action: a.SwapDisplayed) -> TargiState:
    player = acting(state, action.player)
    require_effect(state, action.player, CardEffect.SWAP_DISPLAYED)
    return state.with_player(action.player, swapped(player, action.first, action.second))


def raid_protected(state: TargiState, action: a.RaidProtected) -> TargiState:
    require_phase(state, Phase.RAID)
    require_turn(state, action.player)
    require_effect(state, action.player, CardEffect.RAID_PROTECTION)
    return excused(state, action.player)
