"""The end of a stage and of the game: the last round, the reveal, majorities, stage 2, the sheet."""

from __future__ import annotations

from dataclasses import replace

import pytest
from test_tuareg_turns import refused, with_specials
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
    play,
)

from companion.games.tuareg import actions as a
from companion.games.tuareg.model import SpecialCard
from companion.games.tuareg.state import GoodCounts, Phase, TuaregState


def last_round(players: int = 3) -> TuaregState:
    """Seat 1 draws the deck's last 3 cards: every player, seat 1 too, has one more turn. Then the
    table is one where nobody can do anything more (an empty market, empty hands), so each may pass.
    """
    state = replace(new_game(players=players, start=1), deck=3)
    state = draw_turn(state, SALT)
    return idle(state)


def idle(state: TuaregState) -> TuaregState:
    """Nobody can take an action: the market is bought out and the hands are empty."""
    players = tuple(replace(p, hand=0) for p in state.players)
    return replace(state, market=GoodCounts(), players=players)


def sold_out(state: TuaregState) -> TuaregState:
    """No special card is left to buy."""
    return replace(state, supply=tuple((card, 0) for card, _left in state.supply))


def test_the_last_card_drawn_leaves_everyone_one_more_turn() -> None:
    state = last_round(players=3)
    assert state.deck == 0 and state.ended_by == 1 and state.final_turns == 3
    assert refused(state, a.Draw(player=2, to_market=(SALT,))) == "deck_empty"
    for seat in (2, 0, 1):
        assert state.phase is Phase.TURNS and state.to_move == seat
        state = finish_turn(state)  # with the deck empty a player may pass
    assert state.phase is Phase.REVEAL
    assert refused(state, a.EndTurn(player=2)) == "wrong_phase"


def test_a_deck_corrected_to_empty_starts_the_last_round_at_the_end_of_that_turn() -> None:
    state = idle(play(new_game(players=2), a.SetDeck(count=0)))
    state = finish_turn(state)  # Karin may pass: the deck is empty and she can do nothing
    assert (state.ended_by, state.final_turns) == (0, 2)
    state = finish_turn(finish_turn(state))
    assert state.phase is Phase.REVEAL
    state = play(state, a.ScoreStage())
    assert state.stage == 2 and state.deck == 0 and state.to_move == 1
    assert state.final_turns == 2  # stage 2 starts with an empty deck: one turn each


def stage_end(state: TuaregState) -> TuaregState:
    """The last round's turns pass: nobody can do anything more."""
    state = sold_out(idle(state))
    while state.phase is Phase.TURNS:
        state = finish_turn(state)
    return state


def test_hidden_cards_are_revealed_before_the_stage_is_scored() -> None:
    state = with_specials(last_round(players=2), 0, caves=1, thieves=1)
    player = state.players[0]
    state = state.with_player(0, replace(player, caves=((GOLD, None),), thieves=((None,),)))
    state = stage_end(state)
    assert refused(state, a.ScoreStage()) == "unrevealed"
    assert refused(state, a.RevealCave(player=0, cave=1, goods=(SALT,))) == "wrong_count"
    assert refused(state, a.RevealCave(player=0, cave=1, goods=(SALT, SALT))) == "wrong_card"
    state = play(state, a.RevealCave(player=0, cave=1, goods=(GOLD, WATER)))
    assert refused(state, a.ScoreStage()) == "unrevealed"
    state = play(state, a.RevealThief(player=0, thief=1, good=MILLET), a.ScoreStage())
    assert state.stages[0].counts[0] == GoodCounts(water=1, gold=1, millet=1)


def test_stage_one_ends_and_stage_two_is_prepared() -> None:
    state = last_round(players=3)
    hands = [p.hand for p in state.players]
    karin = with_specials(state, 0, caves=2, donkeys=2, thieves=1).players[0]
    karin = replace(karin, camels=((SALT, SALT), (WATER,)), caves=((GOLD,), ()))
    karin = replace(karin, donkeys=((MILLET, GOLD), ()), thieves=((SALT,),))
    timo = state.players[1].with_stack(CAMEL_2, (SALT, SALT, SALT))
    state = sold_out(state.with_player(0, karin).with_player(1, timo))
    supply = dict(state.supply)
    state = play(stage_end(state), a.ScoreStage())

    assert state.phase is Phase.TURNS and state.stage == 2
    assert state.stages[0].counts[0] == GoodCounts(water=1, gold=2, salt=3, millet=1)
    assert state.stages[0].counts[1] == GoodCounts(salt=3)
    assert state.deck == 10  # every counted card, reshuffled
    assert state.to_move == 2  # left of seat 1, who drew the last card
    assert [p.hand for p in state.players] == hands
    assert state.market == last_round(players=3).market
    karin = state.players[0]
    assert karin.camels == ((), ()) and karin.donkeys == ((),) and karin.caves == ((),)
    assert karin.thieves == ()
    returned = {
        SpecialCard.DONKEY: 1,
        SpecialCard.CAVE: 1,
        SpecialCard.THIEF: 1,
        SpecialCard.MAP: 0,
    }
    assert dict(state.supply) == {card: supply[card] + returned[card] for card in SpecialCard}


@pytest.mark.parametrize(
    ("salt", "expected"),
    [
        ((3, 3), (2, 2)),  # tie for most: value - 1 each
        ((3, 1), (3, 0)),
        ((0, 0), (0, 0)),  # nobody has it: nobody scores
    ],
)
def test_the_stage_majorities_in_the_score_sheet(salt: tuple, expected: tuple) -> None:
    state = last_round(players=2)
    for seat, n in enumerate(salt):
        state = state.with_player(seat, state.players[seat].with_stack(CAMEL_1, (SALT,) * n))
    state = play(stage_end(state), a.ScoreStage())
    sheet = RULES.score_sheet(state)
    assert [sheet.points[name]["stage_1_salt"] for name in sheet.players] == list(expected)
    assert not sheet.final


def game_over(state: TuaregState) -> TuaregState:
    """Play stage 2 out plainly: draw, lay one card, until the last round, where nobody can act."""
    state = play(stage_end(state), a.ScoreStage())
    while state.phase is Phase.TURNS:
        player = state.players[state.to_move]
        if state.deck and player.hand < 4:
            state = draw_turn(state, MILLET) if state.deck >= 3 else draw_turn(state, *())
        elif state.deck:
            state = draw_turn(state, MILLET, MILLET)
        else:
            state = stage_end(state)
    return play(state, a.ScoreStage())


def test_the_final_sheet_has_both_stages_unused_cards_and_the_cache_tiebreak() -> None:
    state = with_specials(last_round(players=2), 0, donkeys=1)
    karin = replace(state.players[0], camels=((GOLD, GOLD), (), ()), maps=2)
    state = play(stage_end(state.with_player(0, karin)), a.CashMap(player=0))
    state = game_over(state)
    assert state.phase is Phase.GAME_OVER
    sheet = RULES.score_sheet(state)
    karin = sheet.points["Karin"]
    assert karin["stage_1_gold"] == 5 and karin["stage_1_maps"] == 2
    assert karin["donkey"] == 1 and karin["map"] == 2
    assert sheet.final and sheet.totals["Karin"] == sum(karin.values())


def test_a_final_tie_stays_pending_until_the_hands_are_shown_then_the_cache_breaks_it() -> None:
    state = game_over(last_round(players=2))
    state = state.with_player(0, replace(state.players[0], hand=2))  # each keeps 2 cards
    state = state.with_player(1, replace(state.players[1], hand=2))
    sheet = RULES.score_sheet(state)
    assert sheet.totals["Karin"] == sheet.totals["Timo"] and sheet.tiebreak == "pending"
    assert sheet.ranking == (("Karin", "Timo"),)
    assert any("cache" in note for note in sheet.notes)
    assert {x.player for x in RULES.legal_actions(state) if isinstance(x, a.RevealHand)} == {0, 1}
    state = play(state, a.RevealHand(player=0, goods=(GOLD, MILLET)))
    assert RULES.score_sheet(state).tiebreak == "pending"  # Timo's hand is not shown yet
    state = play(state, a.RevealHand(player=1, goods=(MILLET, SALT)))
    sheet = RULES.score_sheet(state)
    assert sheet.ranking == (("Karin",), ("Timo",)) and sheet.tiebreak == "cache"
    assert not any("cache" in note for note in sheet.notes)
    assert refused(state, a.RevealHand(player=0, goods=(GOLD,))) == "wrong_count"


def test_an_unconfirmed_value_scores_nothing_and_says_so_until_confirmed() -> None:
    state = new_game(players=2, values={})
    assert state.value(GOLD).points == 5 and state.value(SALT).points is None
    state = replace(state, deck=3)
    state = draw_turn(state, SALT)
    state = state.with_player(0, state.players[0].with_stack(CAMEL_1, (SALT, SALT)))
    state = play(stage_end(state), a.ScoreStage())
    sheet = RULES.score_sheet(state)
    assert sheet.points["Karin"]["stage_1_salt"] == 0
    assert any(note.startswith("rock salt") for note in sheet.notes)
    state = play(state, a.ConfirmValue(good=SALT, dinars=1, points=3))
    sheet = RULES.score_sheet(state)
    assert sheet.points["Karin"]["stage_1_salt"] == 3
    assert not any(note.startswith("salt") for note in sheet.notes)


def test_a_map_can_only_be_cashed_if_held() -> None:
    state = stage_end(last_round(players=2))
    assert refused(state, a.CashMap(player=0)) == "no_map"
    assert refused(state, a.RevealHand(player=0, goods=())) == "wrong_phase"
    assert DONKEY_1.number == 1
