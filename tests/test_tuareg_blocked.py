"""Why a Tuareg turn's action is impossible, asked before the table tries it."""

from __future__ import annotations

from dataclasses import replace

from tuareg_table import RULES, new_game, with_hand

from companion.games.tuareg import actions as a
from companion.games.tuareg.blocked import blocked
from companion.games.tuareg.model import Good
from companion.games.tuareg.state import GoodCounts


def test_a_fresh_turn_with_cards_in_hand_blocks_nothing() -> None:
    state = with_hand(new_game(), 0, 2)
    reasons = blocked(state)
    assert sorted(reasons) == ["end_turn", "hide", "steal"]  # no cave, no thief held yet
    assert reasons["end_turn"].code == "no_action"
    assert reasons["hide"].code == "no_such_cave"  # not "a cave hides one card per turn"
    assert reasons["hide"].message == "Karin holds 0 caves: there is no cave 1."


def test_an_empty_hand_cannot_load_and_an_empty_market_cannot_be_taken_from() -> None:
    state = with_hand(new_game(), 0, 0)
    state = replace(state, market=GoodCounts.of(()))
    reasons = blocked(state)
    assert reasons["load"].code == "not_in_hand"
    assert reasons["load"].message == "Karin holds 0 cards, not 1."
    assert reasons["take_market"].code == "not_in_market"
    assert reasons["take_market"].message == "The market is empty."
    assert reasons["buy"].code == "underpaid"
    assert "draw" not in reasons
    for kind in ("load", "take_market", "buy"):  # the rules agree: none is listed as legal
        assert all(action.kind != kind for action in RULES.legal_actions(state))


def test_after_the_main_action_the_others_are_taken_already() -> None:
    state = RULES.apply(with_hand(new_game(), 0, 2), a.Draw(player=0, to_market=(Good.SALT,)))
    reasons = blocked(state)
    assert {reasons[k].code for k in ("draw", "load", "take_market", "buy")} == {"one_action"}
