"""Targi rules that whole games at the table found missing (issue 12): refusals that say what is
missing, the Noble and a card taken this round, the gold alternative, tribe-card effects and their
corrections, raid protection, and the end after round 12."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from cli_process import run
from targi_table import CENTRE, RULES, advance_to_round, finish_round, new_game, place, play

from companion.games.targi import actions as a
from companion.games.targi import piles, table_settings
from companion.games.targi.catalog import catalog
from companion.games.targi.model import CardEffect, CardKind, Phase, Stock, TargiState
from companion.installation.errors import InputError
from companion.play.session import Session
from companion.rules.verdict import RuleViolation
from companion.store import Store


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


# --- point 4: 1 gold instead of goods only on cards printed with the slash -------------------


def game_with(**options: object) -> TargiState:
    """``new_game()`` with these table-confirmed options (``gold_alternative``, ``card_effects``)."""
    parsed = RULES.parse_options(
        {
            "players": [{"name": "Amal", "colour": "blue"}, {"name": "Bilal", "colour": "white"}],
            **options,
        }
    )
    return play(RULES.setup(parsed), *(a.RevealCard(cell=c, card=k) for c, k in CENTRE.items()))


def bilal_expands(state: TargiState) -> TargiState:
    """Round 1 placed as above, Amal done: Bilal uses his Tribal expansion with plenty to pay."""
    state = play(place(state, 5, 2, 3, 14, 13, 10), a.EndTurn(player=0))
    return play(state, a.SetStock(player=1, dates=5, salt=5, pepper=5, gold=3, vp=4))


def expansion(card: str, pay_gold: bool) -> a.UseTribalExpansion:
    return a.UseTribalExpansion(player=1, card=card, decision="display", row=0, pay_gold=pay_gold)


def test_one_gold_instead_of_goods_only_where_the_card_prints_the_slash() -> None:
    state = bilal_expands(
        game_with(gold_alternative={"TARGI-TRIBE-WELL-6": False, "TARGI-TRIBE-TENT-9": True})
    )
    message = refusal(state, expansion("TARGI-TRIBE-WELL-6", True), "no_gold_alternative")
    assert "TARGI-TRIBE-WELL-6" in message
    legal = RULES.legal_actions(state)
    assert expansion("TARGI-TRIBE-WELL-6", False) in legal
    assert expansion("TARGI-TRIBE-WELL-6", True) not in legal
    # Confirmed (Tent 9) and not yet confirmed (Well 3): the purchase asks, both are offered.
    for card in ("TARGI-TRIBE-TENT-9", "TARGI-TRIBE-WELL-3"):
        assert {expansion(card, False), expansion(card, True)} <= set(legal)
    paid = play(state, expansion("TARGI-TRIBE-TENT-9", True))
    assert paid.players[1].stock == Stock(dates=5, salt=5, pepper=5, gold=2, vp=4)


def test_paying_gold_for_the_goods_still_pays_the_gold_the_card_prints() -> None:
    state = bilal_expands(new_game())
    # Tent 4 costs 1 date and 1 gold (S1): with the slash, 1 gold for the date and the 1 gold.
    paid = play(state, expansion("TARGI-TRIBE-TENT-4", True))
    assert paid.players[1].stock == Stock(dates=5, salt=5, pepper=5, gold=1, vp=4)
    # Camel rider 6 costs 1 gold only: there are no goods that gold could stand for.
    refusal(state, expansion("TARGI-TRIBE-CAMEL-RIDER-6", True), "no_gold_alternative")


def test_an_old_logs_pay_gold_payload_still_reads_and_applies() -> None:
    state = bilal_expands(new_game())
    old = RULES.parse_action(
        {
            "kind": "tribal_expansion",
            "player": 1,
            "card": "TARGI-TRIBE-WELL-6",
            "decision": "display",
            "row": 0,
            "pay_gold": True,
        }
    )
    assert RULES.apply(state, old).players[1].stock.gold == 2


def test_the_tables_card_facts_are_stored_once_and_copied_into_each_new_game(
    tmp_path: Path,
) -> None:
    db = tmp_path / "games.sqlite3"
    with Store.open(db) as store:
        table_settings.remember_gold_alternative(store, "TARGI-TRIBE-TENT-4", True)
        table_settings.remember_gold_alternative(store, "TARGI-TRIBE-WELL-6", False)
        table_settings.remember_effects(store, "TARGI-TRIBE-OASIS-2", (CardEffect.RAID_PROTECTION,))
        assert store.list_settings("targi") == {
            "card_effects": {"TARGI-TRIBE-OASIS-2": ["raid_protection"]},
            "gold_alternative": {"TARGI-TRIBE-TENT-4": True, "TARGI-TRIBE-WELL-6": False},
        }
    code, game = run("game", "new", "targi", "--player", "A:blue", "--player", "B:white", db=db)
    assert code == 0, game
    facts = game["state"]["card_facts"]
    assert facts == [
        {"card": "TARGI-TRIBE-OASIS-2", "gold_alternative": None, "effects": ["raid_protection"]},
        {"card": "TARGI-TRIBE-TENT-4", "gold_alternative": True, "effects": []},
        {"card": "TARGI-TRIBE-WELL-6", "gold_alternative": False, "effects": []},
    ]
    with Store.open(db) as store:  # editable: a later change reaches later games only
        table_settings.remember_gold_alternative(store, "TARGI-TRIBE-WELL-6", None)
        assert store.list_settings("targi")["gold_alternative"] == {"TARGI-TRIBE-TENT-4": True}
    code, shown = run("game", "show", game["game_id"], db=db)
    assert shown["state"]["card_facts"] == facts


def test_a_stored_card_fact_that_does_not_read_is_reported(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    with Store.open(db) as store:
        store.set_setting("targi", "card_effects", {"TARGI-TRIBE-TENT-4": ["fly"]})
    code, answer = run("game", "new", "targi", "--player", "A:blue", "--player", "B:white", db=db)
    assert (code, answer["error"]["code"]) == (2, "invalid_setting")
    assert "card_effects.TARGI-TRIBE-TENT-4" in answer["error"]["message"]
    with pytest.raises(InputError, match=r"gold_alternative\.TARGI-TRIBE-TENT-10"):
        table_settings.check_setting("gold_alternative", {"TARGI-TRIBE-TENT-10": True})
    with pytest.raises(InputError, match="has no setting"):
        table_settings.check_setting("slashes", {})


# --- point 2: what tribe cards' texts allow: actions for marked cards, corrections for any ---


def displaying(state: TargiState, seat: int, *rows: tuple[str, ...], hand: str | None = None):
    """``seat`` shows ``rows`` (and holds ``hand``, taken in an earlier round)."""
    player = replace(state.players[seat], display=(*rows, *((),) * (3 - len(rows))), hand=hand)
    return state.with_player(seat, player)


OASIS = tuple(f"TARGI-TRIBE-OASIS-{n}" for n in range(1, 9))
TENTS = tuple(f"TARGI-TRIBE-TENT-{n}" for n in range(4, 10))
"""Tribe cards that new_game() does not lay in the centre."""


def test_a_card_marked_play_from_hand_lets_its_owner_play_the_hand_card_without_the_noble() -> None:
    marked = {"card_effects": {"TARGI-TRIBE-TENT-5": ["play_from_hand"]}}
    state = bilal_expands(game_with(**marked))
    state = displaying(state, 1, ("TARGI-TRIBE-TENT-5",), hand="TARGI-TRIBE-WELL-6")
    play_it = a.PlayFromHand(player=1, row=0)
    assert play_it in RULES.legal_actions(state)
    assert a.PlayFromHand(player=1, row=1, pay_gold=True) in RULES.legal_actions(state)
    played = play(state, play_it).players[1]
    assert played.display[0] == ("TARGI-TRIBE-TENT-5", "TARGI-TRIBE-WELL-6")
    assert (played.hand, played.stock) == (None, Stock(dates=4, salt=3, pepper=5, gold=3, vp=4))
    # Without a marked card: refused, not offered; the card taken this round waits anyway.
    unmarked = displaying(bilal_expands(new_game()), 1, ("TARGI-TRIBE-TENT-5",), hand=OASIS[0])
    assert "correction" in refusal(unmarked, play_it, "no_card_effect")
    assert not [x for x in RULES.legal_actions(unmarked) if isinstance(x, a.PlayFromHand)]
    fresh = play(state, a.SetHand(player=1, card=OASIS[0], taken_this_round=True))
    refusal(fresh, play_it, "hand_this_round")
    refusal(play(state, a.SetHand(player=1, card=None)), play_it, "empty_hand")


def test_a_card_marked_swap_lets_its_owner_swap_two_displayed_cards() -> None:
    state = bilal_expands(game_with(card_effects={OASIS[0]: ["swap_displayed"]}))
    state = displaying(state, 1, (OASIS[0], OASIS[1], OASIS[2], TENTS[0]), (OASIS[3],))
    assert RULES.score_sheet(state).points["Bilal"]["rows"] == 0
    swap = a.SwapDisplayed(player=1, first=(0, 3), second=(1, 0))
    swaps = [x for x in RULES.legal_actions(state) if isinstance(x, a.SwapDisplayed)]
    assert swap in swaps and len(swaps) == 4  # one card of row 2 with each of row 1's four
    after = play(state, swap)
    assert after.players[1].display[:2] == ((*OASIS[:4],), (TENTS[0],))
    assert RULES.score_sheet(after).points["Bilal"]["rows"] == 4  # a row of four oases
    refusal(state, a.SwapDisplayed(player=1, first=(0, 1), second=(0, 1)), "same_card")
    refusal(state, a.SwapDisplayed(player=1, first=(0, 1), second=(2, 0)), "no_such_card")
    unmarked = displaying(bilal_expands(new_game()), 1, (OASIS[0],), (OASIS[1],))
    refusal(unmarked, a.SwapDisplayed(player=1, first=(0, 0), second=(1, 0)), "no_card_effect")


def test_a_card_added_to_a_display_by_correction_counts_for_vp_rows_and_the_twelfth_card() -> None:
    state = bilal_expands(new_game())
    state = displaying(state, 1, (*OASIS[:4],), (*TENTS[:4],), (*OASIS[4:7],), hand=OASIS[7])
    before = RULES.score_sheet(state).points["Bilal"]
    add = a.AddDisplayed(player=1, row=2, card=OASIS[7])
    assert RULES.is_correction(add)
    after = play(state, add)
    bilal = after.players[1]
    assert (bilal.hand, bilal.displayed, bilal.stock) == (None, 12, state.players[1].stock)
    points = RULES.score_sheet(after).points["Bilal"]
    assert points["card_vp"] == before["card_vp"] + 1 and points["rows"] == before["rows"] + 4
    assert play(after, a.EndTurn(player=1)).end_reason == "display_full"
    refusal(after, a.AddDisplayed(player=1, row=2, card=TENTS[4]), "row_full")
    refusal(state, a.AddDisplayed(player=0, row=0, card="TARGI-TRIBE-WELL-1"), "card_in_play")
    refusal(state, a.AddDisplayed(player=0, row=0, card="TARGI-GOODS-GOLD-1"), "wrong_kind")
    # From the draw pile or the discard pile too.
    drawn = play(state, a.AddDisplayed(player=0, row=0, card=TENTS[4]))
    assert drawn.players[0].display[0] == (TENTS[4],)
    discarded = replace(state, tribe_discard=frozenset({TENTS[4]}))
    back = play(discarded, a.AddDisplayed(player=0, row=1, card=TENTS[4]))
    assert back.tribe_discard == frozenset() and back.players[0].display[1] == (TENTS[4],)


def test_two_displayed_cards_swapped_by_any_card_are_entered_as_a_correction() -> None:
    state = bilal_expands(new_game())
    state = displaying(state, 1, (*OASIS[:3], TENTS[0]), (OASIS[3],))
    fix = a.FixSwapDisplayed(player=1, first=(1, 0), second=(0, 3))
    assert RULES.is_correction(fix)
    assert play(state, fix).players[1].display[0] == OASIS[:4]


# --- point 3: raid protection is entered as such -----------------------------------------------


def test_a_player_protected_from_a_raid_gives_nothing_and_no_payment_is_logged() -> None:
    state = advance_to_round(game_with(card_effects={OASIS[0]: ["raid_protection"]}), 4)
    first = state.to_move
    state = displaying(state, first, (OASIS[0],))
    protected = a.RaidProtected(player=first)
    assert protected in RULES.legal_actions(state)
    stock = state.players[first].stock
    state = play(state, protected)
    assert state.players[first].stock == stock and state.to_move == 1 - first
    # The opponent displays no marked card: not offered, refused; a correction excuses anyone.
    assert a.RaidProtected(player=1 - first) not in RULES.legal_actions(state)
    refusal(state, a.RaidProtected(player=1 - first), "no_card_effect")
    refusal(state, a.ExcuseRaid(player=first), "raid_paid")
    assert RULES.is_correction(a.ExcuseRaid(player=1 - first))
    other_stock = state.players[1 - first].stock
    state = play(state, a.ExcuseRaid(player=1 - first))
    assert state.players[1 - first].stock == other_stock and state.phase is Phase.PLACEMENT
    refusal(state, a.ExcuseRaid(player=first), "wrong_phase")


def test_protection_from_raid_four_gives_the_opponent_nothing() -> None:
    state = advance_to_round(game_with(card_effects={OASIS[0]: ["raid_protection"]}), 13)
    first = state.to_move
    state = displaying(state, first, (OASIS[0],))
    state = play(state, a.SetStock(player=first, dates=0, salt=0, pepper=0, gold=0, vp=0))
    vp = state.players[1 - first].stock.vp
    state = play(state, a.RaidProtected(player=first))
    assert state.players[1 - first].stock.vp == vp  # no 3 VP for the opponent
    state = play(state, a.ExcuseRaid(player=1 - first))
    assert (state.phase, state.end_reason) == (Phase.GAME_OVER, "raid_4")


# --- old logs replay as they were played ------------------------------------------------------


def test_a_game_stored_before_these_rulings_replays_as_it_was_played(tmp_path: Path) -> None:
    """Options without ``rules_version`` are a game stored before the Noble waited for a later
    round and before paying gold kept the gold a card prints: its log still replays, identically."""
    old_options = {
        "players": [{"name": "Amal", "colour": "blue"}, {"name": "Bilal", "colour": "blue"}]
    }
    path = tmp_path / "games.sqlite3"
    with Store.open(path) as store:
        game_id = store.create_game("targi", old_options)
        session = Session.resume(store, game_id)
        assert session.state.rules_version == 1
        for action in _round_two_actions(session.state):
            assert session.submit(action, seq=session.seq, game_id=game_id).verdict.ok
        assert session.state.players[1].targi == (1, 14, 13)  # the Noble and Tribal expansion
        played = [
            a.SetStock(player=1, dates=5, salt=5, pepper=5, gold=3, vp=4),
            a.UseTribalExpansion(player=1, card="TARGI-TRIBE-TENT-4", decision="hand"),
            a.UseNoble(player=1, decision="display", row=0, pay_gold=True),  # same round
        ]
        for action in played:
            assert session.submit(action, seq=session.seq, game_id=game_id).verdict.ok, action
        before = session.state
        assert before.players[1].display[0] == ("TARGI-TRIBE-TENT-4",)
        assert before.players[1].stock.gold == 2  # 1 gold in all, as it was then
    with Store.open(path) as store:
        assert Session.resume(store, game_id).state == before
    new = RULES.parse_options(
        {"players": [{"name": "Amal", "colour": "blue"}, {"name": "Bilal", "colour": "white"}]}
    )
    assert RULES.dump_options(new)["rules_version"] == 2


def _round_two_actions(state: TargiState) -> list[a.TargiAction]:
    """From a fresh game to :func:`round_two_with_noble_and_expansion`, one action at a time."""
    actions = [a.RevealCard(cell=c, card=k) for c, k in CENTRE.items()]
    state = play(state, *actions)
    while state.round == 1:
        action = (
            a.EndTurn(player=state.to_move)
            if state.phase is Phase.ACTIONS
            else RULES.legal_actions(state)[0]
        )
        actions.append(action)
        state = RULES.apply(state, action)
    actions += [
        a.Place(player=state.to_move if i % 2 == 0 else 1 - state.to_move, card=c)
        for i, c in enumerate((1, 5, 14, 3, 13, 9))
    ]
    return actions


# --- issue 23: "If the draw pile of Goods cards is empty, shuffle the discard pile" -------------

LAST_GOODS = "TARGI-GOODS-SALT-1"


def _draw_pile_of_one(state: TargiState) -> TargiState:
    """Every goods card not in the centre is in the discard pile but :data:`LAST_GOODS`."""
    used = set(catalog().goods) - piles.in_centre(state) - {LAST_GOODS}
    return replace(state, goods_discard=frozenset(used))


def test_when_the_goods_draw_pile_runs_out_the_discard_pile_is_reshuffled_at_once() -> None:
    """Rulebook, *4. Executing actions* (es *4. Realizar las acciones*: "se barajan
    inmediatamente"): the Caravan draws the last goods card; the discard pile becomes the new
    draw pile at once, so the card it drew and discarded cannot be named as the next draw, and
    the discard pile shown holds that card alone."""
    state = _draw_pile_of_one(round_one_placed())  # Amal on the Caravan (13)
    reshuffled = set(state.goods_discard)
    state = play(state, a.UseCaravan(player=0, card=LAST_GOODS))
    assert state.goods_discard == {LAST_GOODS}  # used after the reshuffle: the new discard pile
    assert piles.goods_pile(state) == reshuffled
    with pytest.raises(RuleViolation) as refused:
        piles.draw(state, LAST_GOODS, CardKind.GOODS)
    assert refused.value.code == "card_in_play"


def test_a_game_stored_before_the_reshuffle_rule_replays_as_it_was_played(tmp_path: Path) -> None:
    """Options without ``goods_reshuffle`` are a game stored before it: the discard pile was kept
    until the next goods draw, so there the card used could be named again; new games reshuffle
    at once."""
    old_options = {
        "players": [{"name": "Amal", "colour": "blue"}, {"name": "Bilal", "colour": "white"}],
        "rules_version": 2,
    }
    with Store.open(tmp_path / "games.sqlite3") as store:
        game_id = store.create_game("targi", old_options)
        resumed = Session.resume(store, game_id).state
    assert resumed.goods_reshuffle == "next_draw"
    old = replace(round_one_placed(), goods_reshuffle="next_draw")
    state = play(_draw_pile_of_one(old), a.UseCaravan(player=0, card=LAST_GOODS))
    assert LAST_GOODS in state.goods_discard and LAST_GOODS in piles.goods_pile(state)
    new = RULES.parse_options(
        {"players": [{"name": "Amal", "colour": "blue"}, {"name": "Bilal", "colour": "white"}]}
    )
    assert RULES.dump_options(new)["goods_reshuffle"] == "at_once"
    assert RULES.parse_options(old_options, stored=True).goods_reshuffle == "next_draw"
