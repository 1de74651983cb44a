"""Corrections: the table overrules the app in any phase; impossible tables are still refused."""

from __future__ import annotations

from targi_table import RULES, advance_to_round, new_game, place, play
from test_targi_rules import refused

from companion.games.targi import actions as a
from companion.games.targi.model import CardKind, Phase, Slot, Stock


def test_corrections_are_marked_and_accepted_in_any_phase() -> None:
    fix = a.SetStock(player=0, dates=1, salt=1, pepper=1, gold=0, vp=9)
    assert RULES.is_correction(fix) and not RULES.is_correction(a.EndTurn(player=0))
    over = advance_to_round(new_game(), 13)
    over = play(over, a.PayRaid(player=over.to_move, gold=1))
    over = play(over, a.PayRaid(player=over.to_move, gold=1))
    assert over.phase is Phase.GAME_OVER
    assert play(over, fix).players[0].stock == Stock(1, 1, 1, 0, 9)
    assert play(over, a.AddCardBonus(player=1, points=3)).players[1].card_bonus == 3


def test_figures_and_markers_can_be_moved_or_taken_off() -> None:
    state = place(new_game(), 5, 2, 3, 14, 13, 10)
    refused(state, a.MoveRobber(card=8), "raid")
    assert play(state, a.MoveRobber(card=6)).robber == 6
    refused(state, a.MoveTargi(player=0, card=2, to=6), "not_your_card")
    refused(state, a.MoveTargi(player=0, card=5, to=14), "occupied")
    refused(state, a.MoveTargi(player=0, card=5, to=12), "raid")
    moved = play(state, a.MoveTargi(player=0, card=5, to=6))
    assert moved.players[0].targi == (6, 3, 13)
    assert play(state, a.MoveTargi(player=0, card=5, to=None)).players[0].targi == (3, 13)
    refused(state, a.MoveMarker(player=0, cell=(1, 3), to=(2, 2)), "occupied")
    refused(state, a.MoveMarker(player=1, cell=(1, 3), to=(1, 1)), "no_marker")
    assert play(state, a.MoveMarker(player=0, cell=(1, 3), to=(1, 1))).players[0].markers == (
        (1, 1),
        (3, 3),
    )


def test_cards_can_be_fixed_but_never_doubled() -> None:
    state = new_game()
    refused(state, a.FixCentralCard(cell=(1, 1), card="TARGI-TRIBE-WELL-1"), "card_in_play")
    refused(state, a.FixCentralCard(cell=(1, 1), card="TARGI-GOODS-2SALT"), "card_in_play")
    refused(state, a.FixCentralCard(cell=(1, 1), card="TARGI-CAMEL"), "unknown_card")
    fixed = play(state, a.FixCentralCard(cell=(1, 1), card="TARGI-GOODS-DATES-2"))
    assert fixed.slot((1, 1)) == Slot(CardKind.GOODS, "TARGI-GOODS-DATES-2")
    refused(state, a.SetHand(player=0, card="TARGI-TRIBE-WELL-1"), "card_in_play")
    refused(state, a.SetHand(player=0, card="TARGI-GOODS-DATES-2"), "wrong_kind")
    held = play(state, a.SetHand(player=0, card="TARGI-TRIBE-WELL-9"))
    assert held.players[0].hand == "TARGI-TRIBE-WELL-9"
    refused(held, a.SetHand(player=1, card="TARGI-TRIBE-WELL-9"), "card_in_play")
    refused(
        held,
        a.FixDisplayedCard(player=0, row=0, index=0, card="TARGI-TRIBE-TENT-1"),
        "no_such_card",
    )
