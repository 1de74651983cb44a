"""The Tuareg card game turn by turn: setup, the four actions, caves, thieves and the hand limit."""

from __future__ import annotations

from dataclasses import replace

import pytest
from tuareg_table import (
    CAMEL_1,
    CAMEL_2,
    DONKEY_1,
    GOLD,
    MILLET,
    RULES,
    SALT,
    WATER,
    draw_turn,
    finish_turn,
    new_game,
    options,
    play,
    with_hand,
)

from companion.games.tuareg import actions as a
from companion.games.tuareg.model import Animal, SpecialCard
from companion.games.tuareg.state import AnimalRef, GoodCounts, Phase, TuaregState
from companion.games.tuareg.turns import Worth, payment_worth
from companion.rules.verdict import RuleViolation


def refused(state: TuaregState, action: a.TuaregAction) -> str:
    """The code of the rule ``action`` breaks; ``check`` agrees with ``apply``."""
    with pytest.raises(RuleViolation) as caught:
        RULES.apply(state, action)
    assert RULES.check(state, action).code == caught.value.code
    return caught.value.code


@pytest.mark.parametrize(
    ("players", "camels", "supply"),
    [
        (2, 3, {"donkey": 2, "cave": 2, "thief": 3, "map": 3}),
        (3, 2, {"donkey": 3, "cave": 3, "thief": 3, "map": 2}),
        (4, 2, {"donkey": 4, "cave": 4, "thief": 3, "map": 3}),
        (5, 2, {"donkey": 5, "cave": 5, "thief": 3, "map": 4}),
    ],
)
def test_setup_follows_the_player_count(players: int, camels: int, supply: dict) -> None:
    state = RULES.setup(options(players, start=players - 1))
    assert state.phase is Phase.MARKET and state.deck == 44
    assert all(p.camels == ((),) * camels and p.hand == 0 for p in state.players)
    assert {card.value: n for card, n in state.supply} == supply
    state = RULES.apply(state, a.OpenMarket(goods=(GOLD, GOLD)))
    assert state.phase is Phase.TURNS and state.deck == 42 and state.market.gold == 2
    assert state.to_move == players - 1


def test_karins_draw_from_the_rulebook() -> None:
    # Karin holds 2 water and 1 millet, draws 2 water and 1 rock salt, lays 1 millet and 1 rock salt
    # into the market: she keeps 4 cards.
    state = with_hand(new_game(), 0, 3)
    after = RULES.apply(state, a.Draw(player=0, to_market=(MILLET, SALT)))
    assert after.players[0].hand == 4
    assert after.deck == state.deck - 3
    assert after.market == state.market + GoodCounts(salt=1, millet=1)
    assert finish_turn(after).to_move == 1


def test_a_full_draw_lays_at_least_one_card_into_the_market() -> None:
    state = new_game()
    assert refused(state, a.Draw(player=0)) == "market_card"


def test_drawing_the_last_one_or_two_cards_needs_no_market_card() -> None:
    state = replace(new_game(), deck=2)
    after = RULES.apply(state, a.Draw(player=0))
    assert after.deck == 0 and after.players[0].hand == 2
    assert refused(after, a.Draw(player=0)) == "one_action"
    assert refused(replace(after, turn=replace(after.turn, main=None)), a.Draw(player=0)) == (
        "deck_empty"
    )


def test_the_hand_limit_applies_at_the_end_of_the_turn() -> None:
    state = with_hand(new_game(), 0, 3)
    kept_five = RULES.apply(state, a.Draw(player=0, to_market=(SALT,)))
    assert kept_five.players[0].hand == 5
    assert refused(kept_five, a.EndTurn(player=0)) == "hand_limit"


def test_over_the_hand_limit_the_cards_required_go_into_the_market_as_the_turn_ends() -> None:
    # "At the end of your turn ... lay as many resource cards in the market as required."
    state = with_hand(new_game(), 0, 3)
    kept_five = RULES.apply(state, a.Draw(player=0, to_market=(SALT,)))
    market = kept_five.market
    assert a.EndTurn(player=0, to_market=(GOLD,)) in RULES.legal_actions(kept_five)
    assert a.EndTurn(player=0) not in RULES.legal_actions(kept_five)
    after = RULES.apply(kept_five, a.EndTurn(player=0, to_market=(GOLD,)))
    assert after.players[0].hand == 4 and after.to_move == 1
    assert after.market == market + GoodCounts(gold=1)
    # Only as many as required: the draw is where more may go into the market.
    assert refused(kept_five, a.EndTurn(player=0, to_market=(GOLD, SALT))) == "market_extra"
    assert refused(after, a.EndTurn(player=1, to_market=(GOLD,))) == "no_action"


def test_with_the_deck_empty_only_a_player_who_can_do_nothing_may_end_the_turn() -> None:
    state = replace(new_game(), deck=0)  # the market holds a water and a millet
    assert refused(state, a.EndTurn(player=0)) == "action_possible"
    assert a.EndTurn(player=0) not in RULES.legal_actions(state)
    bought_out = replace(state, market=GoodCounts())
    assert a.EndTurn(player=0) in RULES.legal_actions(bought_out)
    assert RULES.apply(bought_out, a.EndTurn(player=0)).to_move == 1
    # A card in hand fits an empty camel whatever it is.
    holding = bought_out.with_player(0, replace(bought_out.players[0], hand=1))
    assert refused(holding, a.EndTurn(player=0)) == "action_possible"
    # Full camels: the hand may hold nothing that fits, so the player's word stands.
    karin = holding.players[0]
    for number, good in enumerate((WATER, MILLET, MILLET), 1):
        karin = karin.with_stack(AnimalRef(Animal.CAMEL, number), (good,) * 4)
    full = replace(holding, supply=tuple((card, 0) for card, _n in holding.supply))
    full = full.with_player(0, karin)  # and nothing left to buy
    assert RULES.apply(full, a.EndTurn(player=0)).to_move == 1
    # Three rock salt on top of a camel pay a special card (1 dinar each, as this table confirmed).
    paying = bought_out.with_player(0, bought_out.players[0].with_stack(CAMEL_1, (SALT,) * 3))
    assert refused(paying, a.EndTurn(player=0)) == "action_possible"


def test_a_cave_or_thief_not_held_is_refused_with_its_own_code() -> None:
    state = with_hand(with_specials(new_game(), 0, caves=1), 0, 2)
    assert refused(state, a.Hide(player=0, cave=2)) == "no_such_cave"
    assert refused(state, a.Steal(player=0, thief=1, victim=1)) == "no_such_thief"
    eight_water_seen = replace(state, market=GoodCounts(water=8))
    assert refused(eight_water_seen, a.Hide(player=0, cave=1, good=WATER)) == "no_such_card"


def test_one_main_action_per_turn_and_a_turn_needs_one() -> None:
    state = with_hand(new_game(), 0, 2)
    assert refused(state, a.EndTurn(player=0)) == "no_action"
    loaded = RULES.apply(state, a.LoadFromCache(player=0, onto=CAMEL_1, goods=(GOLD,)))
    assert refused(loaded, a.LoadFromCache(player=0, onto=CAMEL_2, goods=(SALT,))) == "one_action"
    assert refused(loaded, a.Draw(player=0, to_market=(SALT,))) == "one_action"
    assert refused(loaded, a.EndTurn(player=1)) == "not_your_turn"


def test_timos_loading_options_from_the_rulebook() -> None:
    # Timo's camel carries 1 gold; he holds 1 gold and 3 rock salt.
    state = with_hand(new_game(), 0, 4)
    state = state.with_player(0, state.players[0].with_stack(CAMEL_1, (GOLD,)))
    for goods in [(GOLD, SALT, SALT), (SALT, SALT, SALT)]:
        after = RULES.apply(state, a.LoadFromCache(player=0, onto=CAMEL_1, goods=goods))
        assert after.players[0].stack(CAMEL_1) == (GOLD, *goods)
        assert after.players[0].hand == 4 - len(goods)
    assert refused(state, a.LoadFromCache(player=0, onto=CAMEL_1, goods=(GOLD, SALT, SALT, SALT)))
    whole = RULES.apply(
        state, a.LoadFromCache(player=0, onto=CAMEL_2, goods=(GOLD, SALT, SALT, SALT))
    )
    assert whole.players[0].stack(CAMEL_2) == (GOLD, SALT, SALT, SALT)


@pytest.mark.parametrize(
    ("stack", "goods", "code"),
    [
        ((GOLD,), (SALT, GOLD), "order"),
        ((WATER,), (SALT,), "water"),
        ((GOLD, GOLD), (GOLD,), "gold"),
        ((SALT, SALT, SALT), (SALT, SALT), "capacity"),
    ],
)
def test_a_load_breaking_a_rule_is_refused_with_it(stack: tuple, goods: tuple, code: str) -> None:
    state = with_hand(new_game(), 0, 4)
    state = state.with_player(0, state.players[0].with_stack(CAMEL_1, stack))
    assert refused(state, a.LoadFromCache(player=0, onto=CAMEL_1, goods=goods)) == code


def test_cards_from_the_cache_must_be_held_and_exist() -> None:
    state = with_hand(new_game(), 0, 1)
    assert refused(state, a.LoadFromCache(player=0, onto=CAMEL_1, goods=(SALT, SALT))) == (
        "not_in_hand"
    )
    assert refused(state, a.LoadFromCache(player=0, onto=DONKEY_1, goods=(SALT,))) == (
        "no_such_animal"
    )
    eight_water_seen = replace(state, market=GoodCounts(water=8))
    assert refused(eight_water_seen, a.LoadFromCache(player=0, onto=CAMEL_1, goods=(WATER,))) == (
        "no_such_card"
    )


def test_market_cards_of_one_kind_go_straight_onto_an_animal() -> None:
    state = replace(new_game(), market=GoodCounts(salt=3, gold=1))
    after = RULES.apply(state, a.TakeFromMarket(player=0, onto=CAMEL_1, good=SALT, count=3))
    assert after.players[0].stack(CAMEL_1) == (SALT, SALT, SALT)
    assert after.market == GoodCounts(gold=1) and after.players[0].hand == 0
    assert refused(state, a.TakeFromMarket(player=0, onto=CAMEL_1, good=GOLD, count=2)) == (
        "not_in_market"
    )
    with_water = state.with_player(0, state.players[0].with_stack(CAMEL_1, (WATER,)))
    assert refused(with_water, a.TakeFromMarket(player=0, onto=CAMEL_1, good=SALT, count=1)) == (
        "water"
    )


def test_buying_costs_three_dinars_and_overpaying_is_not_refunded() -> None:
    state = with_hand(new_game(), 0, 2)
    assert refused(state, a.Buy(player=0, card=SpecialCard.DONKEY, from_cache=(GOLD,))) == (
        "underpaid"
    )
    assert refused(state, a.Buy(player=0, card=SpecialCard.DONKEY)) == "underpaid"
    bought = RULES.apply(state, a.Buy(player=0, card=SpecialCard.DONKEY, from_cache=(GOLD, GOLD)))
    assert bought.players[0].donkeys == ((),) and bought.players[0].hand == 0
    assert bought.discard == GoodCounts(gold=2) and bought.supply_of(SpecialCard.DONKEY) == 1


def test_payment_from_uncovered_animal_tops_one_after_the_other() -> None:
    state = new_game()
    state = state.with_player(0, state.players[0].with_stack(CAMEL_1, (SALT, GOLD, GOLD)))
    two = (CAMEL_1, CAMEL_1)
    bought = RULES.apply(state, a.Buy(player=0, card=SpecialCard.MAP, from_animals=two))
    assert bought.players[0].stack(CAMEL_1) == (SALT,) and bought.players[0].maps == 1
    empty = state.with_player(0, state.players[0].with_stack(CAMEL_1, ()))
    assert refused(empty, a.Buy(player=0, card=SpecialCard.MAP, from_animals=two)) == (
        "empty_animal"
    )


def test_a_card_of_unconfirmed_dinar_value_is_trusted_as_payment() -> None:
    state = with_hand(new_game(values={}), 0, 1)
    assert state.value(WATER).dinars is None
    bought = RULES.apply(state, a.Buy(player=0, card=SpecialCard.CAVE, from_cache=(WATER,)))
    assert bought.players[0].caves == ((),)


def test_a_payment_is_worth_the_confirmed_dinars_and_counts_the_unconfirmed_cards() -> None:
    state = new_game(values={"water": {"dinars": 1, "points": 4}, "gold": {"dinars": 2}})
    assert state.value(SALT).dinars is None
    assert payment_worth(state, (GOLD, WATER, WATER, SALT)) == Worth(known=4, unknown=1)
    assert payment_worth(state, ()) == Worth(known=0, unknown=0)


def test_a_sold_out_special_card_cannot_be_bought() -> None:
    state = with_hand(new_game(), 0, 2)
    state = state.with_supply(SpecialCard.CAVE, -2)
    assert refused(state, a.Buy(player=0, card=SpecialCard.CAVE, from_cache=(GOLD, GOLD))) == (
        "sold_out"
    )


def with_specials(state: TuaregState, seat: int, **cards: int) -> TuaregState:
    player = state.players[seat]
    return state.with_player(
        seat,
        replace(
            player,
            caves=((),) * cards.get("caves", 0),
            thieves=((),) * cards.get("thieves", 0),
            donkeys=((),) * cards.get("donkeys", 0),
        ),
    )


def test_a_cave_hides_one_card_per_turn_and_two_at_most() -> None:
    state = with_specials(with_hand(new_game(), 0, 3), 0, caves=1)
    state = state.with_player(0, state.players[0].with_stack(CAMEL_1, (SALT, GOLD)))
    hidden = RULES.apply(state, a.Hide(player=0, cave=1, source=CAMEL_1))
    assert hidden.players[0].caves == ((GOLD,),)
    assert hidden.players[0].stack(CAMEL_1) == (SALT,)
    assert refused(hidden, a.Hide(player=0, cave=1)) == "cave_used"
    # Karin may keep 4 cards and hide a fifth: the hand limit counts after the cave.
    drew = RULES.apply(hidden, a.Draw(player=0, to_market=(MILLET,)))
    assert drew.players[0].hand == 5
    next_turn = replace(drew, turn=replace(drew.turn, caves_used=()))
    full = RULES.apply(next_turn, a.Hide(player=0, cave=1))
    assert full.players[0].caves == ((GOLD, None),) and full.players[0].hand == 4
    assert finish_turn(full).to_move == 1
    again = replace(full, turn=replace(full.turn, caves_used=()))
    assert refused(again, a.Hide(player=0, cave=1)) == "cave_full"
    assert refused(state, a.Hide(player=0, cave=1, source=CAMEL_1, good=SALT)) == "wrong_card"


def test_a_thief_steals_once_from_another_player() -> None:
    state = with_specials(with_hand(new_game(), 1, 2), 0, thieves=2)
    state = state.with_player(1, state.players[1].with_stack(CAMEL_2, (MILLET, SALT)))
    took_top = RULES.apply(state, a.Steal(player=0, thief=1, victim=1, source=CAMEL_2))
    assert took_top.players[0].thieves == ((SALT,), ())
    assert took_top.players[1].stack(CAMEL_2) == (MILLET,)
    assert refused(took_top, a.Steal(player=0, thief=1, victim=1)) == "thief_used"
    both = RULES.apply(took_top, a.Steal(player=0, thief=2, victim=1))
    assert both.players[0].thieves == ((SALT,), (None,)) and both.players[1].hand == 1
    assert refused(state, a.Steal(player=0, thief=1, victim=0)) == "own_cards"
    assert refused(state, a.Steal(player=0, thief=1, victim=1, source=CAMEL_1)) == "empty_animal"
    assert refused(state, a.Steal(player=0, thief=1, victim=4)) == "no_such_player"


def test_play_goes_clockwise_and_refuses_the_wrong_player() -> None:
    state = new_game(players=3, start=2)
    assert refused(state, a.Draw(player=0, to_market=(SALT,))) == "not_your_turn"
    state = draw_turn(state)
    assert state.to_move == 0
    state = play(state, a.Draw(player=0, to_market=(SALT,)))
    assert finish_turn(state).to_move == 1
