"""Targi rules that whole games at the table found missing (issue 12): refusals that say what is
missing, the Noble and a card taken this round, the gold alternative, tribe-card effects and their
corrections, raid protection, and the end after round 12."""

from __future__ import annotations

import pytest
from targi_table import RULES, new_game, place, play

from companion.games.targi import actions as a
from companion.games.targi.model import TargiState
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
