"""Targi played as at the table: a whole round, each card's effect, raids, limits and the end."""

from __future__ import annotations

from dataclasses import replace

import pytest
from targi_table import RULES, advance_to_round, finish_round, new_game, place, play

from companion.games.targi import actions as a
from companion.games.targi.catalog import catalog
from companion.games.targi.model import CardKind, Good, Phase, Slot, Stock, TargiState
from companion.rules.verdict import RuleViolation

DATES, SALT, PEPPER = Good.DATES, Good.SALT, Good.PEPPER


def refused(state: TargiState, action: a.TargiAction, code: str) -> None:
    """``action`` is refused with ``code``, a sentence, and the state is left as it was."""
    before = state
    verdict = RULES.check(state, action)
    assert (verdict.ok, verdict.code) == (False, code)
    assert verdict.message
    with pytest.raises(RuleViolation):
        RULES.apply(state, action)
    assert state == before


def round_one_placed() -> TargiState:
    """Amal: Merchant 5, Salt 3, Caravan 13 -> markers (1,3) and (3,3).
    Bilal: Dates 2, Tribal expansion 14, Silversmith 10 (opposite his own 2) -> marker (2,2)."""
    return place(new_game(), 5, 2, 3, 14, 13, 10)


def test_setup_gives_the_rulebook_start() -> None:
    options = RULES.parse_options(
        {"players": [{"name": "A", "colour": "blue"}, {"name": "B", "colour": "white"}]}
    )
    state = RULES.setup(options)
    assert state.phase is Phase.REVEAL
    for player in state.players:
        assert player.stock == Stock(dates=2, salt=2, pepper=2, gold=1, vp=4)
    kinds = {cell: slot.kind for cell, slot in state.centre}
    assert [c for c, k in kinds.items() if k is CardKind.GOODS] == [
        (1, 1),
        (1, 3),
        (2, 2),
        (3, 1),
        (3, 3),
    ]
    assert len(RULES.legal_actions(state)) == 5 * 19 + 4 * 45


def test_reveal_refuses_wrong_kind_and_cards_in_play() -> None:
    options = RULES.parse_options(
        {"players": [{"name": "A", "colour": "blue"}, {"name": "B", "colour": "white"}]}
    )
    state = play(RULES.setup(options), a.RevealCard(cell=(1, 2), card="TARGI-TRIBE-WELL-1"))
    refused(state, a.RevealCard(cell=(2, 1), card="TARGI-TRIBE-WELL-1"), "card_in_play")
    refused(state, a.RevealCard(cell=(2, 1), card="TARGI-GOODS-GOLD-1"), "wrong_kind")
    refused(state, a.RevealCard(cell=(1, 2), card="TARGI-TRIBE-WELL-2"), "already_revealed")
    refused(state, a.RevealCard(cell=(2, 1), card="TARGI-TRIBE-LAKE-1"), "unknown_card")


def test_a_refusal_names_a_central_cell_as_players_read_it() -> None:
    options = RULES.parse_options(
        {"players": [{"name": "A", "colour": "blue"}, {"name": "B", "colour": "white"}]}
    )
    state = play(RULES.setup(options), a.RevealCard(cell=(1, 2), card="TARGI-TRIBE-WELL-1"))
    verdict = RULES.check(state, a.RevealCard(cell=(1, 2), card="TARGI-TRIBE-WELL-2"))
    assert "1·2" in verdict.message and "[" not in verdict.message, verdict.message


def test_round_one_starts_with_the_robber_on_the_noble() -> None:
    state = new_game()
    assert (state.round, state.robber, state.phase, state.to_move) == (1, 1, Phase.PLACEMENT, 0)
    refused(state, a.Place(player=0, card=1), "robber")
    refused(state, a.Place(player=0, card=4), "raid")
    refused(state, a.Place(player=1, card=2), "not_your_turn")


def test_placement_alternates_and_markers_follow_the_lines() -> None:
    state = place(new_game(), 5, 2)
    refused(state, a.Place(player=0, card=2), "occupied")
    refused(place(new_game(), 5), a.Place(player=1, card=15), "opposite")
    state = round_one_placed()
    assert state.phase is Phase.ACTIONS and state.to_move == 0
    assert state.players[0].markers == ((1, 3), (3, 3))
    assert state.players[1].markers == ((2, 2),)


def test_a_whole_round_of_actions() -> None:
    state = round_one_placed()
    # Amal: Salt card, central 2 salt, Merchant 3 salt -> gold, then skip the Caravan and (3,3).
    state = play(
        state,
        a.TakeGoods(player=0, card=3),
        a.TakeCentralGoods(player=0, cell=(1, 3)),
        a.UseMerchant(
            player=0,
            exchanges=(a.Exchange(give=SALT, get="gold"), a.Exchange(give=DATES, get=PEPPER)),
        ),
    )
    # 2/2/2 goods, 1 gold: +1 salt, +2 salt, 3 salt -> 1 gold, 2 dates -> 1 pepper.
    assert state.players[0].stock == Stock(dates=0, salt=2, pepper=3, gold=2, vp=4)
    assert state.slot((1, 3)) == Slot(CardKind.TRIBE)  # replaced face down by the other kind
    assert "TARGI-GOODS-2SALT" in state.goods_discard
    state = play(state, a.Skip(player=0, space=13), a.EndTurn(player=0))
    assert state.to_move == 1 and state.slot((3, 3)).card == "TARGI-GOODS-SALT-PEPPER"
    refused(state, a.TakeGoods(player=0, card=3), "not_your_turn")
    bilal = state.players[1].stock
    state = play(
        state,
        a.TakeCentralGoods(player=1, cell=(2, 2), choice=PEPPER),
        # Camel rider 6 costs 1 gold in the (S1) catalog.
        a.UseTribalExpansion(player=1, card="TARGI-TRIBE-CAMEL-RIDER-6", decision="display", row=0),
    )
    refused(state, a.UseSilversmith(player=1, trade=a.SilversmithTrade.ONE_GOLD), "cannot_afford")
    state = play(
        state,
        a.UseSilversmith(player=1, trade=a.SilversmithTrade.TWO_GOODS, good=DATES),
        a.TakeGoods(player=1, card=2),
    )
    assert state.phase is Phase.REVEAL  # both turns are over: the new cards are turned up
    assert state.players[1].display[0] == ("TARGI-TRIBE-CAMEL-RIDER-6",)
    assert state.players[1].stock == bilal + Stock(pepper=1, dates=-1, gold=-1, vp=1)
    face_down = [cell for cell, slot in state.centre if slot.card is None]
    assert face_down == [(1, 3), (2, 2)]
    state = play(
        state,
        a.RevealCard(cell=(1, 3), card="TARGI-TRIBE-WELL-2"),
        a.RevealCard(cell=(2, 2), card="TARGI-TRIBE-TENT-1"),
    )
    # Nobody is over the limits: round 2 begins with Bilal as start player, robber on card 2.
    assert (state.round, state.start_player, state.robber, state.phase) == (
        2,
        1,
        2,
        Phase.PLACEMENT,
    )
    assert state.to_move == 1


def test_card_effect_refusals() -> None:
    state = round_one_placed()
    refused(state, a.UseMerchant(player=0, exchanges=()), "no_exchange")
    refused(
        state, a.UseMerchant(player=0, exchanges=(a.Exchange(give=SALT, get=SALT),)), "same_good"
    )
    three = (a.Exchange(give=DATES, get=SALT),) * 2
    refused(state, a.UseMerchant(player=0, exchanges=three), "cannot_afford")  # 2 dates, then none
    refused(state, a.TakeGoods(player=0, card=13), "wrong_card")
    refused(state, a.TakeGoods(player=0, card=2), "not_your_card")
    refused(state, a.TakeCentralGoods(player=0, cell=(2, 2)), "no_marker")
    refused(state, a.TakeCentralTribe(player=0, cell=(1, 3), decision="hand"), "wrong_card")
    refused(state, a.UseCaravan(player=0, card="TARGI-GOODS-CHOICE-2"), "choice_required")
    refused(state, a.UseCaravan(player=0, card="TARGI-GOODS-GOLD-2", choice=SALT), "no_choice")
    refused(state, a.UseCaravan(player=0, card="TARGI-GOODS-2SALT"), "card_in_play")
    refused(state, a.UseCaravan(player=0, card="TARGI-TRIBE-WELL-5"), "wrong_kind")
    state = play(state, a.UseCaravan(player=0, card="TARGI-GOODS-GOLD-2"))
    assert state.players[0].stock.gold == 2 and "TARGI-GOODS-GOLD-2" in state.goods_discard
    state = play(state, a.EndTurn(player=0))
    refused(state, a.UseSilversmith(player=1, trade=a.SilversmithTrade.TWO_GOODS), "good_required")
    refused(
        state,
        a.UseSilversmith(player=1, trade=a.SilversmithTrade.ONE_GOLD, good=DATES),
        "no_good_expected",
    )
    refused(
        state,
        a.UseSilversmith(player=1, trade=a.SilversmithTrade.FOUR_GOODS, good=DATES),
        "cannot_afford",
    )
    expansion = {"player": 1, "card": "TARGI-TRIBE-WELL-1"}
    refused(state, a.UseTribalExpansion(**expansion, decision="hand"), "card_in_play")


def test_tribe_cards_hand_noble_and_display() -> None:
    state = play(round_one_placed(), a.EndTurn(player=0))
    state = play(
        state,
        a.UseTribalExpansion(player=1, card="TARGI-TRIBE-WELL-5", decision="hand"),
    )
    assert state.players[1].hand == "TARGI-TRIBE-WELL-5"
    state = finish_round(state)
    # Round 2: Bilal starts; the robber stands on 2, so Bilal can take the Noble.
    state = place(state, 1, 5, 14, 3, 13, 9)
    assert state.players[1].targi == (1, 14, 13)
    refused(
        state,
        a.UseTribalExpansion(player=1, card="TARGI-TRIBE-WELL-6", decision="hand"),
        "hand_full",
    )
    refused(state, a.UseNoble(player=1, decision="display"), "row_required")
    state = play(state, a.UseNoble(player=1, decision="display", row=2))
    # Well 5 costs 1 salt, 1 pepper, 1 gold in the (S1) catalog.
    assert state.players[1].display == ((), (), ("TARGI-TRIBE-WELL-5",))
    assert state.players[1].hand is None
    assert state.players[1].stock.gold == 0
    refused(
        state,
        a.UseTribalExpansion(player=1, card="TARGI-TRIBE-WELL-6", decision="display", row=0),
        "cannot_afford",
    )
    # The alternative "goods / 1 gold" is unknown for every shipped card: the table's word stands.
    rich = play(state, a.SetStock(player=1, dates=0, salt=0, pepper=0, gold=1, vp=0))
    paid = play(
        rich,
        a.UseTribalExpansion(
            player=1, card="TARGI-TRIBE-WELL-6", decision="display", row=2, pay_gold=True
        ),
    )
    assert paid.players[1].stock.gold == 0
    assert paid.players[1].display[2] == ("TARGI-TRIBE-WELL-5", "TARGI-TRIBE-WELL-6")


def test_a_full_display_row_is_refused() -> None:
    state = play(round_one_placed(), a.EndTurn(player=0))
    full = ("TARGI-TRIBE-WELL-2", "TARGI-TRIBE-WELL-3", "TARGI-TRIBE-WELL-4", "TARGI-TRIBE-WELL-5")
    bilal = replace(state.players[1], display=(full, (), ()))
    state = state.with_player(1, bilal)
    refused(
        state,
        a.UseTribalExpansion(player=1, card="TARGI-TRIBE-TENT-6", decision="display", row=0),
        "row_full",
    )


def test_fata_morgana_moves_a_marker_to_a_free_card() -> None:
    # Amal: Fata Morgana 9 (column 3), Merchant 5 (row 1), Salt 15? no: 15 faces 5. Caravan 13.
    state = place(new_game(), 9, 2, 5, 14, 13, 10)
    assert state.players[0].markers == ((1, 3), (3, 3))
    refused(state, a.UseFataMorgana(player=0, marker=(1, 3), to=(2, 2)), "occupied")
    refused(state, a.UseFataMorgana(player=0, marker=(1, 1), to=(2, 1)), "no_marker")
    state = play(state, a.UseFataMorgana(player=0, marker=(1, 3), to=(3, 1)))
    assert state.players[0].markers == ((3, 1), (3, 3))
    state = play(state, a.TakeCentralGoods(player=0, cell=(3, 1)))
    assert state.players[0].stock.gold == 2
    assert state.slot((3, 1)) == Slot(CardKind.TRIBE)


def test_raids_take_goods_or_vp_start_player_first() -> None:
    state = advance_to_round(new_game(), 4)
    assert (state.phase, state.raid, state.robber, state.start_player) == (Phase.RAID, 1, 4, 1)
    assert state.to_move == 1
    refused(state, a.PayRaid(player=0, vp=1), "not_your_turn")
    refused(state, a.PayRaid(player=1, vp=2), "wrong_payment")
    refused(state, a.PayRaid(player=1, dates=1, salt=1), "wrong_payment")
    vp_before = state.players[1].stock.vp
    state = play(state, a.PayRaid(player=1, vp=1))
    assert state.players[1].stock.vp == vp_before - 1
    goods_before = state.players[0].stock.goods
    state = play(state, a.PayRaid(player=0, pepper=1))
    assert state.players[0].stock.goods == goods_before - 1
    assert (state.phase, state.robber) == (Phase.PLACEMENT, 5)


def test_raid_with_nothing_to_give_takes_what_there_is() -> None:
    state = advance_to_round(new_game(), 7)
    assert state.raid == 2
    seat = state.to_move
    state = play(state, a.SetStock(player=seat, dates=1, salt=0, pepper=0, gold=2, vp=0))
    refused(state, a.PayRaid(player=seat), "wrong_payment")
    assert [a_.dates for a_ in RULES.legal_actions(state)] == [1]
    state = play(state, a.PayRaid(player=seat, dates=1))
    assert state.players[seat].stock == Stock(gold=2)
    other = state.to_move
    state = play(state, a.SetStock(player=other, dates=0, salt=0, pepper=0, gold=0, vp=0))
    refused(state, a.PayRaid(player=other, vp=1), "wrong_payment")
    state = play(state, a.PayRaid(player=other))
    assert state.phase is Phase.PLACEMENT


def test_raid_four_ends_the_game_and_an_unpaid_raid_gives_the_opponent_3_vp() -> None:
    state = advance_to_round(new_game(), 13)
    assert (state.phase, state.raid, state.robber) == (Phase.RAID, 4, 16)
    first, second = state.to_move, 1 - state.to_move
    state = play(state, a.SetStock(player=first, dates=5, salt=5, pepper=0, gold=0, vp=2))
    refused(state, a.PayRaid(player=first, dates=1), "wrong_payment")  # gold is not a good
    vp_second = state.players[second].stock.vp
    state = play(state, a.PayRaid(player=first))
    assert state.players[second].stock.vp == vp_second + 3
    assert state.players[first].stock.vp == 2
    state = play(state, a.SetStock(player=second, dates=0, salt=0, pepper=0, gold=1, vp=9))
    state = play(state, a.PayRaid(player=second, gold=1))
    assert (state.phase, state.end_reason, state.robber) == (Phase.GAME_OVER, "raid_4", None)
    assert RULES.legal_actions(state) == []
    refused(state, a.Place(player=0, card=2), "game_over")
    assert RULES.score_sheet(state).final


def test_end_of_round_limits_are_returned_by_the_owner() -> None:
    state = round_one_placed()
    state = play(state, a.SetStock(player=0, dates=6, salt=4, pepper=2, gold=5, vp=4))
    state = play(state, a.EndTurn(player=0), a.EndTurn(player=1))
    assert state.phase is Phase.LIMITS
    refused(state, a.ReturnExcess(player=1), "within_limits")
    refused(state, a.ReturnExcess(player=0, dates=2), "wrong_return")
    refused(state, a.ReturnExcess(player=0, dates=1, gold=2), "wrong_return")
    refused(state, a.ReturnExcess(player=0, pepper=3, gold=2), "cannot_afford")
    returns = RULES.legal_actions(state)
    assert len(returns) == 6  # two goods of any mix (6 ways, all affordable), and 2 gold
    state = play(state, a.ReturnExcess(player=0, dates=1, salt=1, gold=2))
    assert state.players[0].stock == Stock(dates=5, salt=3, pepper=2, gold=3, vp=4)
    assert (state.round, state.phase) == (2, Phase.PLACEMENT)


def _with_display(state: TargiState, seat: int, cards: int) -> TargiState:
    """``seat`` already shows ``cards`` tribe cards (rows filled in parallel)."""
    pool = [f"TARGI-TRIBE-{s}-{n}" for s in ("OASIS", "TENT", "TARGIA") for n in range(5, 10)]
    rows: list[tuple[str, ...]] = [(), (), ()]
    for index in range(cards):
        rows[index % 3] = (*rows[index % 3], pool[index])
    return state.with_player(seat, replace(state.players[seat], display=tuple(rows)))


def twelfth_card_round() -> TargiState:
    """Amal: Tribal expansion 14 (row 2), Salt 3 (column 3), Pepper 11 (column 1): markers on the
    tribe cards at (2,1) and (2,3). Bilal: Dates 2, Dates 7, Silversmith 10: marker on (3,2)."""
    state = place(new_game(), 14, 2, 3, 7, 11, 10)
    assert state.players[0].markers == ((2, 1), (2, 3))
    assert state.players[1].markers == ((3, 2),)
    return state


def test_twelfth_card_by_the_start_player_lets_the_opponent_finish() -> None:
    state = _with_display(twelfth_card_round(), 0, 11)
    state = play(state, a.TakeCentralTribe(player=0, cell=(2, 1), decision="display", row=2))
    assert state.players[0].displayed == 12
    state = play(state, a.EndTurn(player=0))
    assert (state.phase, state.to_move) == (Phase.ACTIONS, 1)  # Bilal still takes his turn
    state = play(state, a.TakeGoods(player=1, card=7), a.EndTurn(player=1))
    assert (state.phase, state.end_reason) == (Phase.GAME_OVER, "display_full")
    assert state.players[1].stock.dates == 3


def test_twelfth_card_by_the_second_player_ends_the_round_and_the_game() -> None:
    state = _with_display(twelfth_card_round(), 1, 11)
    state = play(state, a.EndTurn(player=0))
    state = play(state, a.TakeCentralTribe(player=1, cell=(3, 2), decision="display", row=2))
    assert state.phase is Phase.ACTIONS
    state = play(state, a.EndTurn(player=1))
    assert (state.phase, state.end_reason) == (Phase.GAME_OVER, "display_full")


def test_an_empty_tribe_pile_leaves_the_cell_without_a_card() -> None:
    state = round_one_placed()
    in_centre = {slot.card for _cell, slot in state.centre}
    state = replace(state, tribe_discard=frozenset(catalog().tribe) - in_centre)
    state = play(state, a.TakeCentralGoods(player=0, cell=(1, 3)), a.EndTurn(player=0))
    state = play(state, a.EndTurn(player=1))
    # Nothing is left to turn up on (1, 3): the round ends without waiting for a reveal.
    assert (state.round, state.phase) == (2, Phase.PLACEMENT)
    assert state.slot((1, 3)) == Slot(CardKind.TRIBE)
    emptied = round_one_placed().with_slot((1, 3), Slot(CardKind.TRIBE))
    refused(emptied, a.TakeCentralTribe(player=0, cell=(1, 3), decision="discard"), "no_card")
