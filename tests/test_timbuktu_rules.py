"""Timbuktu's rules: setup, loading, the start area, moves, swap fields, thefts and the order of play,
with the rulebook's examples."""

from __future__ import annotations

import pytest
from timbuktu_table import (
    RULES,
    G,
    all_thieves,
    load_all,
    loaded,
    move_all,
    new_game,
    patterned_loads,
    placed,
    play,
    refused,
    started,
)

from companion.games.timbuktu import actions as a
from companion.games.timbuktu.model import Goods, Phase, TimbuktuState
from companion.games.timbuktu.scoring import values
from companion.installation.errors import InputError


def at(state: TimbuktuState, place: int, pen: int, pitch: int) -> tuple[int, str]:
    """(seat, letter) of the camel on that pitch."""
    return next((seat, c.letter) for seat, c in state.camels() if c.spot == (place, pen, pitch))


# --- setup and loading --------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "letters"), [(3, "ABCDEFGH"), (4, "ABCDEF"), (5, "ABCDE")])
def test_setup_gives_each_player_the_camels_and_the_route_has_one_stage_per_player(
    players: int, letters: str
) -> None:
    state = new_game(players)
    assert state.phase is Phase.LOADING and state.timbuktu == players
    for player in state.players:
        assert "".join(c.letter for c in player.camels) == letters
        assert all(c.place is None and not c.goods for c in player.camels)


def test_options_refuse_wrong_player_counts_duplicates_and_impossible_layouts() -> None:
    with pytest.raises(InputError, match="players"):
        RULES.parse_options({"players": [{"name": "A", "colour": "red"}] * 2})
    six = [{"name": str(i), "colour": str(i)} for i in range(6)]
    with pytest.raises(InputError, match="players"):
        RULES.parse_options({"players": six})
    same = [{"name": "A", "colour": "red"}, {"name": "A", "colour": "blue"}, six[2]]
    with pytest.raises(InputError, match="different name"):
        RULES.parse_options({"players": same})
    arrows = {"arrows": [{"place": 3, "pen": 1, "to": [2, 3]}]}
    with pytest.raises(InputError, match=r"layouts\.3: arrows: place 3 is not on a 3-player route"):
        RULES.parse_options({"players": six[:3], "layouts": {"3": arrows}})
    with pytest.raises(InputError, match=r"layouts\.2"):
        RULES.parse_options({"players": six[:3], "layouts": {"2": {}}})
    with pytest.raises(InputError, match="start_player"):
        RULES.parse_options({"players": six[:3], "start_player": 3})


def test_printed_loads_are_checked_against_the_caravan_and_the_box() -> None:
    state = new_game(3)
    refused(state, a.LoadCaravan(player=0, camels=((G.GOLD,) * 4,) * 5), "camel_count")
    refused(state, a.LoadCaravan(player=3, camels=((G.GOLD,) * 4,) * 8), "no_such_player")
    # 6 camels all gold is 24 gold: more than the box's 21.
    gold = ((G.GOLD,) * 4,) * 6 + ((G.SALT,) * 4,) * 2
    assert "24 gold" in refused(state, a.LoadCaravan(player=0, camels=gold), "supply")
    # Counted over all caravans: 16 gold here, then 8 more is 24.
    half = ((G.GOLD,) * 4,) * 4 + ((G.WATER,) * 4,) * 4
    state = play(state, a.LoadCaravan(player=0, camels=half))
    refused(
        state, a.LoadCaravan(player=1, camels=((G.GOLD, G.GOLD, G.SALT, G.SALT),) * 8), "supply"
    )
    # Entering a caravan again replaces it.
    mixed = ((G.PEPPER,) * 4,) * 4 + ((G.COFFEE,) * 4,) * 4
    again = play(state, a.LoadCaravan(player=0, camels=mixed))
    assert again.players[0].goods == Goods(pepper=16, coffee=16)


def test_the_variant_deals_goods_checks_kinds_and_sets_the_leftovers_aside() -> None:
    state = new_game(4, variant="dealt")
    one_kind = ((G.GOLD, G.GOLD, G.GOLD, G.GOLD),) + ((G.COFFEE, G.PEPPER, G.SALT, G.WATER),) * 5
    assert "carries 1 kind of goods" in refused(
        state, a.LoadCaravan(player=0, camels=one_kind), "kinds"
    )
    six_coffee = ((G.COFFEE, G.PEPPER, G.SALT, G.WATER),) * 6
    assert "dealt 5 coffee, but the loads use 6" in refused(
        state, a.LoadCaravan(player=0, camels=six_coffee), "dealt"
    )
    # 4 players: 25 goods each, 24 on the camels, 1 left over (here a gold).
    caravan = (
        (G.GOLD, G.COFFEE, G.PEPPER, G.SALT),
        (G.GOLD, G.COFFEE, G.PEPPER, G.WATER),
        (G.GOLD, G.COFFEE, G.SALT, G.WATER),
        (G.GOLD, G.PEPPER, G.SALT, G.WATER),
        (G.COFFEE, G.PEPPER, G.SALT, G.WATER),
        (G.COFFEE, G.PEPPER, G.SALT, G.WATER),
    )
    loads = [[list(load) for load in caravan]] * 4
    kept_out = load_all(new_game(4, variant="dealt"), loads)
    assert kept_out.phase is Phase.PLACEMENT
    assert kept_out.out_of_play == Goods(gold=4) and kept_out.removed == Goods()
    counted = load_all(new_game(4, variant="dealt", leftovers_removed=True), loads)
    assert counted.removed == Goods(gold=4) and counted.out_of_play == Goods()
    assert values(counted)[G.GOLD] == 4


def test_printed_loads_leave_nothing_over() -> None:
    state = loaded(4, leftovers_removed=True)
    assert state.removed == Goods() and state.out_of_play == Goods()


# --- the start area -----------------------------------------------------------------------------


def test_placement_goes_clockwise_from_the_oldest_player_onto_the_lowest_free_pitch() -> None:
    state = loaded(3, start_player=2)
    assert state.to_move == 2
    refused(state, a.PlaceCamel(player=0, camel="A", pen=1), "not_your_turn")
    state = play(state, a.PlaceCamel(player=2, camel="C", pen=4))
    assert state.players[2].camel("C").spot == (0, 4, 1)
    assert state.to_move == 0
    state = play(state, a.PlaceCamel(player=0, camel="A", pen=4))
    assert state.players[0].camel("A").spot == (0, 4, 2)
    state = play(state, a.PlaceCamel(player=1, camel="A", pen=4))
    refused(state, a.PlaceCamel(player=2, camel="C", pen=1), "already_placed")


def test_camels_beyond_the_player_count_are_not_in_play() -> None:
    state = loaded(5)
    assert "camels A-E" in refused(state, a.PlaceCamel(player=0, camel="F", pen=1), "no_such_camel")


def test_a_full_pen_is_refused_in_the_start_area() -> None:
    state = loaded(5)
    for seat in range(5):
        state = play(state, a.PlaceCamel(player=seat, camel="A", pen=1))
    message = refused(state, a.PlaceCamel(player=0, camel="B", pen=1), "pen_full")
    assert message == "Pen 1 of the start area is full: all five pitches are taken."


def test_the_start_area_must_end_with_every_player_in_every_pen() -> None:
    # 5 players, 5 camels each: nobody may put two camels in one pen.
    state = loaded(5)
    for seat in range(5):
        state = play(state, a.PlaceCamel(player=seat, camel="A", pen=1))
    refused(state, a.PlaceCamel(player=0, camel="B", pen=1), "pen_full")
    state = play(state, a.PlaceCamel(player=0, camel="B", pen=2))
    state = play(state, a.PlaceCamel(player=1, camel="B", pen=3))
    for seat in range(2, 5):
        state = play(state, a.PlaceCamel(player=seat, camel="B", pen=2))
    # Ada stands in pens 1 and 2; another camel in pen 2 would leave her 2 camels for 3 pens.
    assert "Ada would have too few camels" in refused(
        state, a.PlaceCamel(player=0, camel="C", pen=2), "cover"
    )
    state = play(state, a.PlaceCamel(player=0, camel="C", pen=3))
    state = play(state, a.PlaceCamel(player=1, camel="C", pen=2))  # pen 2 now full
    full = placed(state)
    for player in full.players:
        assert {c.pen for c in player.camels} == {1, 2, 3, 4, 5}
    assert full.phase is Phase.MOVES and full.stage == 1


def test_a_pen_cannot_be_filled_while_a_player_still_needs_it() -> None:
    # 3 players with 8 camels: Ada puts 3 in pen 5; a 4th would leave one pitch for Ben and Cleo.
    state = loaded(3)
    order = [(0, "A", 5), (1, "A", 1), (2, "A", 1), (0, "B", 5), (1, "B", 2), (2, "B", 2)]
    order += [(0, "C", 5), (1, "C", 3), (2, "C", 3)]
    state = play(state, *(a.PlaceCamel(player=s, camel=c, pen=p) for s, c, p in order))
    assert "Pen 5 would have too few pitches left" in refused(
        state, a.PlaceCamel(player=0, camel="D", pen=5), "cover"
    )
    state = play(state, a.PlaceCamel(player=0, camel="D", pen=4))
    # Ben may take one of pen 5's two pitches himself.
    done = play(state, a.PlaceCamel(player=1, camel="D", pen=5))
    assert done.players[1].camel("D").spot == (0, 5, 4)


# --- moves --------------------------------------------------------------------------------------


def test_rounds_go_clockwise_from_the_round_counter_which_then_passes_left() -> None:
    state = started(3, start_player=1)
    assert (state.stage, state.round, state.stage_holder, state.to_move) == (1, 1, 1, 1)
    refused(state, a.MoveCamel(player=0, camel="A", pen=1, swap=False), "not_your_turn")
    seen = []
    for _ in range(3):
        seat = state.to_move
        seen.append(seat)
        state = play(state, a.MoveCamel(player=seat, camel="A", pen=seat + 1, swap=False))
    assert seen == [1, 2, 0]
    assert (state.round, state.to_move) == (2, 2)


def test_a_camel_takes_the_lowest_free_pitch_and_moves_once_per_stage() -> None:
    state = started(3)
    state = play(state, a.MoveCamel(player=0, camel="A", pen=3, swap=False))
    state = play(state, a.MoveCamel(player=1, camel="A", pen=3, swap=False))
    assert state.players[0].camel("A").spot == (1, 3, 1)
    assert state.players[1].camel("A").spot == (1, 3, 2)
    state = play(state, a.MoveCamel(player=2, camel="A", pen=4, swap=False))
    # Round 2 starts with Ben (seat 1).
    assert "already moved" in refused(
        state, a.MoveCamel(player=1, camel="A", pen=2, swap=False), "already_moved"
    )


def test_a_full_pen_of_the_next_oasis_is_refused_with_its_reason() -> None:
    state = started(5)
    for _ in range(5):
        seat = state.to_move
        camel = next(c for c in state.players[seat].camels if c.place == 0)
        state = play(state, a.MoveCamel(player=seat, camel=camel.letter, pen=2, swap=False))
    seat = state.to_move
    message = refused(state, a.MoveCamel(player=seat, camel="B", pen=2, swap=False), "pen_full")
    assert message == "Pen 2 of oasis 1 is full: all five pitches are taken."


def test_a_paid_move_gives_one_good_to_the_removed_tally() -> None:
    state = placed(load_all(new_game(3), patterned_loads(3)))
    camel = state.players[0].camel("A")
    assert camel.goods == (G.COFFEE, G.PEPPER, G.SALT, G.WATER)
    refused(state, a.MoveCamel(player=0, camel="A", pen=1, paid=G.GOLD, swap=False), "no_such_good")
    state = play(state, a.MoveCamel(player=0, camel="A", pen=1, paid=G.SALT, swap=False))
    assert state.players[0].camel("A").goods == (G.COFFEE, G.PEPPER, G.WATER)
    assert state.removed == Goods(salt=1)


def layout_game(**layout: object) -> TimbuktuState:
    """A 3-player game with this layout entered (and another one for 4 players, unused)."""
    layouts = {"3": layout, "4": {"swap_fields": [{"place": 1, "fields": [[1, 1]]}]}}
    return placed(load_all(new_game(3, layouts=layouts), patterned_loads(3)))


def test_the_entered_arrows_decide_which_moves_are_free() -> None:
    state = layout_game(arrows=[{"place": 0, "pen": p, "to": [1, 2]} for p in range(1, 6)])
    origin = state.players[0].camel("A").pen
    assert "along an arrow from pen" in refused(
        state, a.MoveCamel(player=0, camel="A", pen=2, paid=G.SALT, swap=False), "free_move"
    )
    assert f"does not lie along an arrow from pen {origin}" in refused(
        state, a.MoveCamel(player=0, camel="A", pen=3, swap=False), "must_pay"
    )
    free = play(state, a.MoveCamel(player=0, camel="A", pen=1, swap=False))
    assert free.removed == Goods()
    paid = play(state, a.MoveCamel(player=0, camel="A", pen=3, paid=G.WATER, swap=False))
    assert paid.removed == Goods(water=1)


def test_a_camel_without_goods_moves_anywhere_for_free() -> None:
    state = layout_game(arrows=[{"place": 0, "pen": p, "to": [1, 2]} for p in range(1, 6)])
    state = play(state, a.SetGoods(player=0, camel="A", goods=()))
    moved = play(state, a.MoveCamel(player=0, camel="A", pen=5, swap=False))
    assert moved.players[0].camel("A").spot == (1, 5, 1) and moved.removed == Goods()


def test_swap_fields_prompt_the_thief_piles_to_pass_clockwise() -> None:
    state = started(3)
    refused(state, a.MoveCamel(player=0, camel="A", pen=1), "swap_unknown")
    swapped = play(state, a.MoveCamel(player=0, camel="A", pen=1, swap=True))
    assert swapped.phase is Phase.SWAP and swapped.to_move is None
    assert "swap field" in refused(
        swapped, a.MoveCamel(player=1, camel="A", pen=1, swap=False), "swap_pending"
    )
    after = play(swapped, a.PassThiefPiles())
    assert after.phase is Phase.MOVES and after.to_move == 1
    refused(after, a.PassThiefPiles(), "wrong_phase")


def test_entered_swap_fields_apply_themselves_and_refuse_a_contradiction() -> None:
    state = layout_game(swap_fields=[{"place": 1, "fields": [[1, 2]]}])
    state = play(state, a.MoveCamel(player=0, camel="A", pen=1))
    assert state.phase is Phase.MOVES  # pitch 1 is no swap field
    assert "is a swap field" in refused(
        state, a.MoveCamel(player=1, camel="A", pen=1, swap=False), "layout_swap"
    )
    state = play(state, a.MoveCamel(player=1, camel="A", pen=1))
    assert state.phase is Phase.SWAP


# --- thefts and the end of a stage --------------------------------------------------------------


def stage_one_done() -> TimbuktuState:
    state = move_all(started(3))
    assert state.phase is Phase.THEFTS and state.stage == 1
    return state


def test_a_thief_takes_all_goods_of_its_kinds_from_several_camels() -> None:
    state = stage_one_done()
    first, second = at(state, 1, 1, 1), at(state, 1, 1, 2)
    untouched = at(state, 1, 1, 3)
    state = play(
        state,
        a.SetGoods(player=first[0], camel=first[1], goods=(G.GOLD, G.SALT, G.GOLD, G.WATER)),
        a.SetGoods(player=second[0], camel=second[1], goods=(G.COFFEE, G.GOLD, G.GOLD, G.GOLD)),
        a.SetGoods(player=untouched[0], camel=untouched[1], goods=(G.GOLD,)),
    )
    robbed = play(state, a.RevealThief(pen=1, pitches=(1, 2), goods=(G.SALT, G.GOLD)))
    assert robbed.players[first[0]].camel(first[1]).goods == (G.WATER,)
    assert robbed.players[second[0]].camel(second[1]).goods == (G.COFFEE,)
    assert robbed.players[untouched[0]].camel(untouched[1]).goods == (G.GOLD,)
    assert robbed.removed == Goods(gold=5, salt=1)
    record = robbed.thefts[-1]
    assert record.stolen == (
        (first[0], first[1], (G.GOLD, G.SALT, G.GOLD)),
        (second[0], second[1], (G.GOLD, G.GOLD, G.GOLD)),
    )
    assert "already struck" in refused(
        robbed, a.RevealThief(pen=1, pitches=(3, 4), goods=(G.GOLD,)), "pen_robbed"
    )


def test_a_thief_that_finds_nothing_takes_nothing() -> None:
    state = stage_one_done()
    first, second = at(state, 1, 2, 1), at(state, 1, 2, 2)
    state = play(
        state,
        a.SetGoods(player=first[0], camel=first[1], goods=(G.WATER, G.SALT)),
        a.SetGoods(player=second[0], camel=second[1], goods=()),
    )
    calm = play(state, a.RevealThief(pen=2, pitches=(1, 2), goods=(G.GOLD, G.PEPPER)))
    assert calm.removed == Goods() and calm.thefts[-1].stolen == ()
    assert calm.players[first[0]].camel(first[1]).goods == (G.WATER, G.SALT)


def test_after_five_thieves_the_stage_counter_passes_clockwise() -> None:
    state = stage_one_done()
    refused(state, a.MoveCamel(player=0, camel="A", pen=1, swap=False), "wrong_phase")
    state = all_thieves(state)
    assert state.phase is Phase.MOVES and state.stage == 2
    assert (state.stage_holder, state.round_starter, state.round, state.to_move) == (1, 1, 1, 1)


def test_the_thieves_strike_in_timbuktu_too_and_then_the_game_is_over() -> None:
    state = started(3)
    for _stage in range(1, 4):
        state = all_thieves(move_all(state), goods=(G.PEPPER,))
    assert state.phase is Phase.GAME_OVER and state.stage == 3 == state.timbuktu
    assert RULES.is_over(state)
    assert [t.stage for t in state.thefts] == [1] * 5 + [2] * 5 + [3] * 5
    refused(state, a.RevealThief(pen=1, pitches=(1,), goods=(G.GOLD,)), "game_over")
    sheet = RULES.score_sheet(state)
    assert sheet.final and sheet.notes[0].startswith("Values (goods removed of each kind)")


# --- the rulebook's examples --------------------------------------------------------------------


def test_rulebook_example_the_stolen_goods_set_the_values() -> None:
    """Goods stolen and paid: gold 3, coffee 2, pepper 4, salt 3, water 4 - and those are the
    points each good scores."""
    state = placed(load_all(new_game(3), patterned_loads(3)))
    # Two paid moves: Ada's camel A pays a pepper, Ben's camel A (no salt: pattern) - his B pays salt.
    state = play(state, a.MoveCamel(player=0, camel="A", pen=5, paid=G.PEPPER, swap=False))
    b = state.players[1].camel("B")
    assert G.SALT in b.goods
    state = play(state, a.MoveCamel(player=1, camel="B", pen=5, paid=G.SALT, swap=False))
    state = move_all(state)
    loads = {
        (1, 1): (G.GOLD, G.GOLD, G.COFFEE, G.PEPPER),
        (1, 2): (G.GOLD, G.SALT, G.SALT, G.WATER),
        (2, 1): (G.PEPPER, G.PEPPER, G.WATER, G.WATER),
        (2, 2): (G.PEPPER, G.COFFEE, G.COFFEE, G.SALT),
        (3, 1): (G.COFFEE, G.COFFEE, G.WATER, G.GOLD),
        (3, 2): (G.WATER, G.SALT),
        (4, 1): (G.GOLD,),
        (4, 2): (),
        (5, 1): (),
        (5, 2): (G.COFFEE,),
    }
    for (pen, pitch), goods in loads.items():
        seat, letter = at(state, 1, pen, pitch)
        state = play(state, a.SetGoods(player=seat, camel=letter, goods=goods))
    piles = [
        (1, (G.GOLD, G.SALT)),
        (2, (G.PEPPER, G.WATER)),
        (3, (G.COFFEE, G.WATER)),
        (4, (G.PEPPER, G.SALT)),
        (5, (G.GOLD, G.SALT)),
    ]
    for pen, goods in piles:
        state = play(state, a.RevealThief(pen=pen, pitches=(1, 2), goods=goods))
    assert state.removed == Goods(gold=3, coffee=2, pepper=4, salt=3, water=4)
    assert values(state) == {G.GOLD: 3, G.COFFEE: 2, G.PEPPER: 4, G.SALT: 3, G.WATER: 4}
    sheet = RULES.score_sheet(state)
    assert "Gold 3, Coffee 2, Pepper 4, Salt 3, Water 4" in sheet.notes[0]
    ada = state.players[0].goods
    assert sheet.points["Ada"] == {
        "gold": ada.gold * 3,
        "coffee": ada.coffee * 2,
        "pepper": ada.pepper * 4,
        "salt": ada.salt * 3,
        "water": ada.water * 4,
    }
    assert not sheet.final


def test_rulebook_example_twelve_coffee_removed_make_each_coffee_worth_twelve() -> None:
    state = move_all(started(3))
    state = play(state, a.SetRemoved(gold=0, coffee=12, pepper=0, salt=0, water=0))
    coffee = {p.name: p.goods.coffee for p in state.players}
    sheet = RULES.score_sheet(state)
    for name, count in coffee.items():
        assert sheet.points[name]["coffee"] == 12 * count
        assert sheet.totals[name] == 12 * count


def test_a_thief_pile_entered_too_early_says_what_comes_first() -> None:
    thief = a.RevealThief(pen=1, pitches=(1, 2), goods=(G.GOLD,))
    message = refused(placed(loaded(3)), thief, "wrong_phase")
    assert "every camel moves to oasis 1 first (24 still to get there)" in message
    assert "the thief piles strike after that" in message
    message = refused(loaded(3), thief, "wrong_phase")
    assert "the camels are placed in the start area first" in message


@pytest.mark.parametrize("variant", ["printed", "dealt"])
@pytest.mark.parametrize("players", [3, 4, 5])
def test_while_caravans_are_loaded_the_legal_actions_list_each_caravan_to_load(
    players: int, variant: str
) -> None:
    state = new_game(players, variant=variant)
    for seat in range(players):
        legal = RULES.legal_actions(state)
        assert [x.player for x in legal] == list(range(seat, players))
        state = play(state, legal[0])
    assert state.phase is Phase.PLACEMENT
