"""Targi's score sheet: the rulebook's 33-point example, row bonuses and tie-breaks."""

from __future__ import annotations

from dataclasses import replace

from targi_table import RULES, new_game, play

from companion.games.targi import actions as a
from companion.games.targi.model import Symbol
from companion.games.targi.scoring import Tally, row_bonus, sheet

WELL, RIDER, OASIS, TARGIA, TENT = tuple(Symbol)

RULEBOOK_DISPLAY = (
    ("TARGI-TRIBE-OASIS-1", "TARGI-TRIBE-OASIS-2", "TARGI-TRIBE-OASIS-3", "TARGI-TRIBE-OASIS-4"),
    (
        "TARGI-TRIBE-WELL-6",
        "TARGI-TRIBE-TENT-6",
        "TARGI-TRIBE-TARGIA-1",
        "TARGI-TRIBE-CAMEL-RIDER-3",
    ),
    ("TARGI-TRIBE-WELL-7", "TARGI-TRIBE-TENT-7", "TARGI-TRIBE-WELL-8", "TARGI-TRIBE-OASIS-6"),
)
"""The rulebook's example display (row of oases, row of four kinds, a row with a repeated symbol),
with catalog cards whose printed VP add up to the example's 21."""


def test_rulebook_example_scores_33() -> None:
    state = new_game()
    amal = replace(state.players[0], display=RULEBOOK_DISPLAY)
    state = state.with_player(0, amal)
    state = play(
        state,
        a.SetStock(player=0, dates=1, salt=2, pepper=1, gold=1, vp=3),
        a.AddCardBonus(player=0, points=1, note="two wells"),
        a.AddCardBonus(player=0, points=2, note="camel rider"),
    )
    result = RULES.score_sheet(state)
    assert result.points["Amal"] == {"vp_tokens": 3, "card_vp": 21, "card_bonus": 3, "rows": 6}
    assert result.totals["Amal"] == 33
    assert result.ranking == (("Amal",), ("Bilal",))
    assert result.tiebreak is None
    assert not result.final
    # Every shipped tribe card's VP has a single source: the sheet says so.
    assert len(result.notes) == 1 and "TARGI-TRIBE-OASIS-1" in result.notes[0]


def test_row_bonuses() -> None:
    assert row_bonus([OASIS] * 4) == 4
    assert row_bonus([WELL, TENT, TARGIA, RIDER]) == 2
    assert row_bonus([WELL, TENT, WELL, OASIS]) == 0
    assert row_bonus([OASIS] * 3) == 0  # an incomplete row scores nothing


def tally(gold: int, goods: int, vp: int = 10) -> Tally:
    return Tally(vp_tokens=vp, card_vp=0, card_bonus=0, gold=gold, goods=goods, display=())


def test_ties_are_broken_by_gold_then_goods_then_drawn() -> None:
    by_gold = sheet({"a": tally(1, 9), "b": tally(2, 0)})
    assert (by_gold.ranking, by_gold.tiebreak) == ((("b",), ("a",)), "gold")
    by_goods = sheet({"a": tally(2, 9), "b": tally(2, 3)})
    assert (by_goods.ranking, by_goods.tiebreak) == ((("a",), ("b",)), "goods")
    drawn = sheet({"a": tally(2, 3), "b": tally(2, 3)})
    assert (drawn.ranking, drawn.tiebreak) == ((("a", "b"),), "draw")
    decided = sheet({"a": tally(0, 0, vp=11), "b": tally(3, 9)})
    assert (decided.ranking, decided.tiebreak) == ((("a",), ("b",)), None)


def test_score_sheet_exports() -> None:
    state = play(new_game(), a.SetStock(player=1, dates=0, salt=0, pepper=0, gold=0, vp=7))
    result = RULES.score_sheet(state)
    assert result.to_csv().splitlines() == [
        "category,Amal,Bilal",
        "VP tokens,4,7",
        "Printed card VP,0,0",
        "Card-text bonuses,0,0",
        "Row bonuses,0,0",
        "Total,4,7",
        "Rank,2,1",
        "Tie-break,",
        "Status,provisional",
    ]
    assert result.notes == ()
    exported = result.as_dict()
    assert exported["players"]["Bilal"] == {
        "vp_tokens": 7, "card_vp": 0, "card_bonus": 0, "rows": 0, "total": 7
    }  # fmt: skip
    assert exported["ranking"] == [["Bilal"], ["Amal"]]
