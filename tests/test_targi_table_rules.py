"""Targi rules that whole games at the table found missing (issue 12): refusals that say what is
missing, the Noble and a card taken this round, the gold alternative, tribe-card effects and their
corrections, raid protection, and the end after round 12."""

from __future__ import annotations

import pytest
from targi_table import RULES, advance_to_round, finish_round, new_game, place, play

from companion.games.targi import actions as a
from companion.games.targi import piles
from companion.games.targi.model import Phase, TargiState
from companion.verdict import RuleViolation


def refusal(state: TargiState, action: a.TargiAction, code: str) -> str:
    """``action`` is refused with ``code`` and leaves the state as it was; returns the message."""
    verdict = RULES.check(state, action)
    assert (verdict.ok, verdict.code) == (False, code), verdict
    with pytest.raises(RuleViolation):
        RULES.apply(state, action)
    return verdict.message


def round_one_placed() -> TargiState:
    """Amal: Merchant 5, Salt 3, Caravan 13 -> markers (1,3) and (3,3).
    Bilal: Dates 2, Tribal expansion 14, Silversmith 10 -> marker (2,2)."""
    return place(new_game(), 5, 2, 3, 14, 13, 10)


# --- point 8: cannot_afford names the cost and what is missing -------------------------------


def test_cannot_afford_names_the_cost_and_what_is_missing() -> None:
    state = play(round_one_placed(), a.EndTurn(player=0))
    state = play(state, a.SetStock(player=1, dates=2, salt=0, pepper=1, gold=0, vp=4))
    # Tent 1 costs 2 dates, 2 salt and 1 pepper in the (S1) catalog.
    buy = a.UseTribalExpansion(player=1, card="TARGI-TRIBE-TENT-1", decision="display", row=0)
    message = refusal(state, buy, "cannot_afford")
    assert "TARGI-TRIBE-TENT-1" in message
    assert "2 dates, 2 salt and 1 pepper" in message
    assert "missing 2 salt" in message
    silversmith = a.UseSilversmith(player=1, trade=a.SilversmithTrade.TWO_GOLD)
    assert "missing 2 gold" in refusal(state, silversmith, "cannot_afford")


def test_a_raid_payment_or_return_beyond_the_stock_says_what_is_missing() -> None:
    state = round_one_placed()
    state = play(state, a.SetStock(player=0, dates=6, salt=4, pepper=2, gold=5, vp=4))
    state = play(state, a.EndTurn(player=0), a.EndTurn(player=1))
    message = refusal(state, a.ReturnExcess(player=0, pepper=3, gold=2), "cannot_afford")
    assert "3 pepper and 2 gold" in message and "missing 1 pepper" in message


# --- point 5: after round 12 no new central cards are asked for ------------------------------


def round_twelve_actions() -> TargiState:
    state = advance_to_round(new_game(), 12)
    while state.phase is not Phase.ACTIONS:
        state = RULES.apply(state, RULES.legal_actions(state)[0])
    return state


def use_central_cards(state: TargiState) -> TargiState:
    """The player to move uses every central card their markers stand on, then ends the turn."""
    seat = state.to_move
    uses = (a.TakeCentralGoods, a.TakeCentralTribe)
    while state.to_move == seat and state.players[seat].markers:
        cell = state.players[seat].markers[0]
        legal = [x for x in RULES.legal_actions(state) if isinstance(x, uses) and x.cell == cell]
        state = play(state, legal[0])
    return play(state, a.EndTurn(player=seat)) if state.to_move == seat else state


def test_no_cards_are_turned_up_after_round_twelve_since_raid_four_ends_the_game() -> None:
    state = use_central_cards(use_central_cards(round_twelve_actions()))
    assert [cell for cell, slot in state.centre if slot.card is None]  # cards were used
    assert (state.round, state.phase, state.raid) == (13, Phase.RAID, 4)
    assert not any(isinstance(x, a.RevealCard) for x in RULES.legal_actions(state))
    while state.phase is Phase.RAID:
        state = play(state, RULES.legal_actions(state)[0])
    assert (state.phase, state.end_reason) == (Phase.GAME_OVER, "raid_4")


def test_round_twelve_limits_still_apply_before_raid_four() -> None:
    state = round_twelve_actions()
    seat = state.to_move
    state = play(state, a.SetStock(player=seat, dates=11, salt=0, pepper=0, gold=4, vp=0))
    state = play(state, a.EndTurn(player=seat), a.EndTurn(player=1 - seat))
    assert (state.round, state.phase) == (12, Phase.LIMITS)
    state = play(state, a.ReturnExcess(player=seat, dates=1, gold=1))
    assert (state.round, state.phase) == (13, Phase.RAID)


def test_a_log_that_names_the_cards_turned_after_round_twelve_still_replays() -> None:
    """Logs written when the app still asked for them name those cards before the returns (and
    before raid 4): they are accepted, though never asked for."""
    state = round_twelve_actions()
    seat = state.to_move
    state = play(state, a.SetStock(player=seat, dates=11, salt=0, pepper=0, gold=3, vp=0))
    state = use_central_cards(use_central_cards(state))
    face_down = [cell for cell, slot in state.centre if slot.card is None]
    first, *rest = face_down
    kind = state.slot(first).kind
    card = sorted(piles.pile(state, kind))[0]
    state = play(state, a.RevealCard(cell=first, card=card))
    assert state.slot(first).card == card and state.phase is Phase.LIMITS
    state = play(state, a.ReturnExcess(player=seat, dates=1))
    for cell in rest:
        state = play(
            state, a.RevealCard(cell=cell, card=sorted(piles.pile(state, state.slot(cell).kind))[0])
        )
    assert (state.round, state.phase) == (13, Phase.RAID)
    refusal(round_one_placed(), a.RevealCard(cell=(1, 1), card=card), "wrong_phase")


# --- point 1: the Noble plays a hand card only in a later round ------------------------------


def round_two_with_noble_and_expansion() -> TargiState:
    """Round 2, Bilal starts with the Noble 1, Tribal expansion 14 and Caravan 13."""
    state = finish_round(new_game())
    state = place(state, 1, 5, 14, 3, 13, 9)
    assert (state.round, state.to_move, state.players[1].targi) == (2, 1, (1, 14, 13))
    return state


def test_a_tribe_card_taken_into_the_hand_is_played_with_the_noble_only_in_a_later_round() -> None:
    state = round_two_with_noble_and_expansion()
    state = play(state, a.UseTribalExpansion(player=1, card="TARGI-TRIBE-TENT-9", decision="hand"))
    assert state.players[1].hand_round == 2
    display = a.UseNoble(player=1, decision="display", row=0)
    message = refusal(state, display, "hand_this_round")
    assert "TARGI-TRIBE-TENT-9" in message and "later round" in message
    refusal(state, a.UseNoble(player=1, decision="discard"), "hand_this_round")
    assert not [x for x in RULES.legal_actions(state) if isinstance(x, a.UseNoble)]
    # Round 3 (Amal starts): Bilal takes the Noble again and plays the card.
    state = finish_round(play(state, a.EndTurn(player=1)))
    while state.phase is Phase.PLACEMENT:
        places = [x for x in RULES.legal_actions(state) if isinstance(x, a.Place)]
        wanted = [x for x in places if x.card == 1] if state.to_move == 1 else []
        state = play(state, (wanted or [x for x in places if x.card != 1])[0])
    state = play(state, a.EndTurn(player=0))
    assert (state.round, state.to_move, state.players[1].hand_round) == (3, 1, 2)
    assert display in RULES.legal_actions(state)
    state = play(state, display)
    assert state.players[1].display[0] == ("TARGI-TRIBE-TENT-9",)
    assert (state.players[1].hand, state.players[1].hand_round) == (None, None)


def test_a_corrected_hand_card_says_whether_it_was_taken_this_round() -> None:
    state = round_two_with_noble_and_expansion()
    fresh = play(state, a.SetHand(player=1, card="TARGI-TRIBE-TENT-9", taken_this_round=True))
    refusal(fresh, a.UseNoble(player=1, decision="discard"), "hand_this_round")
    older = play(state, a.SetHand(player=1, card="TARGI-TRIBE-TENT-9"))
    assert RULES.apply(older, a.UseNoble(player=1, decision="discard")).players[1].hand is None
    # An old log's set_hand, without the field, still reads (an earlier round).
    assert RULES.parse_action({"kind": "set_hand", "player": 1, "card": None}) == a.SetHand(
        player=1, card=None
    )
