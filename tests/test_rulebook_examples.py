"""The rulebooks' worked examples, each replayed through the engine and named after the example;
where the example shows a move the rules forbid, the refusal's explanation is checked too (the
words a player reads when asking "why?").

Targi: the 33-point scoring example (Spanish and Polish editions) and the placement example (all
three); the Tuareg card game: Karin's draw and Timo's loads; Timbuktu: the tally of stolen goods
and the "12 coffee" example.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest
import targi_table
import timbuktu_table
import tuareg_table

from companion.games.targi import actions as ta
from companion.games.timbuktu import actions as ba
from companion.games.timbuktu.model import Good as TimbuktuGood
from companion.games.tuareg import actions as ua
from companion.games.tuareg.loading import load_refusals
from companion.games.tuareg.model import Animal
from companion.installation.i18n import DEFAULT, set_language
from companion.rules.explanations import explained
from companion.rules.verdict import RuleViolation

WATER, GOLD, SALT, MILLET = (tuareg_table.WATER, tuareg_table.GOLD, tuareg_table.SALT,
                             tuareg_table.MILLET)  # fmt: skip


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    set_language(DEFAULT)
    yield
    set_language(DEFAULT)


def why(game: str, code: str) -> dict[str, object]:
    answer = explained(game, code)
    assert answer is not None, code
    return answer


# --- Targi -------------------------------------------------------------------------------------


def test_targi_scoring_example_33_points() -> None:
    """Blue displays his 12th tribe card: 3 VP in tokens, 21 printed on the cards, 1 for the two
    wells and 2 for the camel rider (card texts), 4 for the row of oases, 2 for the row of four
    symbols, nothing for the row with a well twice: 33."""
    state = targi_table.new_game()
    blue = replace(state.players[0], display=_RULEBOOK_DISPLAY)
    state = targi_table.play(
        state.with_player(0, blue),
        ta.SetStock(player=0, dates=1, salt=2, pepper=1, gold=1, vp=3),
        ta.AddCardBonus(player=0, points=1, note="two wells"),
        ta.AddCardBonus(player=0, points=2, note="camel rider"),
    )
    sheet = targi_table.RULES.score_sheet(state)
    assert sheet.points["Amal"] == {"vp_tokens": 3, "card_vp": 21, "card_bonus": 3, "rows": 6}
    assert sheet.totals["Amal"] == 33


_RULEBOOK_DISPLAY = (
    ("TARGI-TRIBE-OASIS-1", "TARGI-TRIBE-OASIS-2", "TARGI-TRIBE-OASIS-3", "TARGI-TRIBE-OASIS-4"),
    ("TARGI-TRIBE-WELL-6", "TARGI-TRIBE-TENT-6", "TARGI-TRIBE-TARGIA-1",
     "TARGI-TRIBE-CAMEL-RIDER-3"),
    ("TARGI-TRIBE-WELL-7", "TARGI-TRIBE-TENT-7", "TARGI-TRIBE-WELL-8", "TARGI-TRIBE-OASIS-6"),
)  # fmt: skip
"""The example's display with catalog cards whose printed VP add up to its 21."""


def _refused(state: object, action: object) -> str:
    """The code the Targi engine refuses ``action`` with (check and apply agree)."""
    verdict = targi_table.RULES.check(state, action)  # type: ignore[arg-type]
    assert not verdict.ok
    with pytest.raises(RuleViolation) as raised:
        targi_table.RULES.apply(state, action)  # type: ignore[arg-type]
    assert raised.value.code == verdict.code
    return verdict.code


def test_targi_placement_example() -> None:
    """Round 1, the robber on the Noble (1). Blue places first; white may not stand opposite him
    (the white X); blue may not stand opposite white (the blue X); white may stand opposite the
    robber but not on the robber's card; then each places a third Targi."""
    state = targi_table.new_game()
    assert state.robber == 1 and state.to_move == 0  # blue (Amal) begins
    state = targi_table.place(state, 2)  # blue's first Targi
    assert _refused(state, ta.Place(player=1, card=10)) == "opposite"  # the white X
    state = targi_table.place(state, 6)  # white's first Targi
    assert _refused(state, ta.Place(player=0, card=14)) == "opposite"  # the blue X
    state = targi_table.place(state, 3)  # blue's second Targi
    assert _refused(state, ta.Place(player=1, card=1)) == "robber"  # on the robber: never
    state = targi_table.place(state, 11)  # opposite the robber: allowed
    state = targi_table.place(state, 5, 7)  # the third Targi of each
    assert state.phase.value == "actions"  # the tribe markers follow by themselves

    opposite, robber = why("targi", "opposite"), why("targi", "robber")
    assert opposite["title"] == "Not opposite an opponent's Targi"
    assert opposite["quote"]["text"].endswith("On a space opposite an opponent’s Targi.")  # type: ignore[index]  # noqa: RUF001
    assert robber["source"]["section"] == "1. Move the Robber 1 space forward"  # type: ignore[index]
    assert "Opposite the robber is allowed." in robber["explanation"]  # type: ignore[operator]
    set_language("pl")
    assert why("targi", "opposite")["quote"]["text"].endswith(  # type: ignore[index]
        "na polu znajdującym się naprzeciw pola, na którym znajduje się pionek Tuarega przeciwnika."
    )


# --- the Tuareg card game ----------------------------------------------------------------------


def test_tuareg_karin_draw_example() -> None:
    """Karin holds 2 water and 1 millet, draws 3 cards (2 water, 1 rock salt) and lays 1 millet
    and 1 rock salt into the market: she holds 4 cards, within the hand limit. She may not keep
    all 6, nor lay nothing into the market."""
    state = tuareg_table.with_hand(tuareg_table.new_game(), 0, 3)
    market = state.market
    after = tuareg_table.play(state, ua.Draw(player=0, to_market=(MILLET, SALT)))
    assert after.players[0].hand == 4
    assert after.market[MILLET] == market[MILLET] + 1 and after.market[SALT] == market[SALT] + 1
    after = tuareg_table.finish_turn(after)  # 4 cards: the turn may end
    assert after.to_move == 1

    with pytest.raises(RuleViolation) as nothing_laid:
        tuareg_table.play(state, ua.Draw(player=0))
    assert nothing_laid.value.code == "market_card"
    answer = why("tuareg", "market_card")
    assert answer["title"] == "One card back to the market"
    assert answer["quote"]["text"] == (  # type: ignore[index]
        "Lay at least one card of your choice back from your cache into the market."
    )
    kept_five = tuareg_table.play(state, ua.Draw(player=0, to_market=(MILLET,)))
    with pytest.raises(RuleViolation) as over_limit:
        tuareg_table.finish_turn(kept_five)
    assert over_limit.value.code == "hand_limit"
    set_language("es")
    answer = why("tuareg", "hand_limit")
    assert answer["title"] == "Cuatro cartas en la mano al final del turno"
    assert answer["quote"]["text"].startswith("At the end of your turn")  # type: ignore[index]


def test_tuareg_timo_loading_example() -> None:
    """Timo's camel carries 1 gold; he holds 1 gold and 3 rock salt. On that camel he may lay
    gold with 2 rock salt, or 3 rock salt; all four cards go only onto an empty camel."""
    camel = Animal.CAMEL
    assert load_refusals(camel, [GOLD], [GOLD, SALT, SALT]) == []
    assert load_refusals(camel, [GOLD], [SALT, SALT, SALT]) == []
    assert load_refusals(camel, [], [GOLD, SALT, SALT, SALT]) == []
    assert load_refusals(camel, [GOLD], [GOLD, SALT, SALT, SALT]) == ["capacity"]
    assert load_refusals(camel, [GOLD], [SALT, SALT, GOLD]) == ["order"]

    state = tuareg_table.with_hand(tuareg_table.new_game(), 0, 4)
    state = state.with_player(0, state.players[0].with_stack(tuareg_table.CAMEL_1, (GOLD,)))
    loaded = tuareg_table.play(
        state, ua.LoadFromCache(player=0, onto=tuareg_table.CAMEL_1, goods=(GOLD, SALT, SALT))
    )
    assert loaded.players[0].stack(tuareg_table.CAMEL_1) == (GOLD, GOLD, SALT, SALT)
    with pytest.raises(RuleViolation) as too_many:
        tuareg_table.play(
            state,
            ua.LoadFromCache(player=0, onto=tuareg_table.CAMEL_1, goods=(GOLD, SALT, SALT, SALT)),
        )
    assert too_many.value.code == "capacity"
    onto_empty = tuareg_table.play(
        state,
        ua.LoadFromCache(player=0, onto=tuareg_table.CAMEL_2, goods=(GOLD, SALT, SALT, SALT)),
    )
    assert onto_empty.players[0].stack(tuareg_table.CAMEL_2) == (GOLD, SALT, SALT, SALT)
    assert why("tuareg", "capacity")["quote"]["text"] == (  # type: ignore[index]
        "Each Camel can carry a maximum of 4 goods."
    )
    set_language("de")
    order = why("tuareg", "order")
    assert order["title"] == "Die Sorte wechselt einmal"
    assert "from gold to millet and back to gold" in order["quote"]["text"]  # type: ignore[index]


# --- Timbuktu ----------------------------------------------------------------------------------


def test_timbuktu_tally_example() -> None:
    """The goods stolen so far, sorted beside the board, value each kind: gold 3, coffee 2,
    pepper 4, salt 3, water 4."""
    state = timbuktu_table.started()
    state = timbuktu_table.play(state, ba.SetRemoved(gold=3, coffee=2, pepper=4, salt=3, water=4))
    sheet = timbuktu_table.RULES.score_sheet(state)
    assert "gold 3, coffee 2, pepper 4, salt 3, water 4" in sheet.notes[0].lower()
    ada = state.players[0]
    expected = {
        good.value: ada.goods.as_dict()[good] * worth
        for good, worth in zip(TimbuktuGood, (3, 2, 4, 3, 4), strict=True)
    }
    assert sheet.points["Ada"] == expected


def test_timbuktu_12_coffee_example() -> None:
    """12 coffee taken out of the game: each coffee that reaches Timbuktu is worth 12 points."""
    state = timbuktu_table.started()
    coffee = TimbuktuGood.COFFEE
    state = timbuktu_table.play(
        state,
        ba.SetRemoved(gold=0, coffee=12, pepper=0, salt=0, water=0),
        ba.SetGoods(player=0, camel="A", goods=(coffee, coffee, coffee, coffee)),
    )
    carried = state.players[0].goods.as_dict()[coffee]
    assert carried >= 4
    sheet = timbuktu_table.RULES.score_sheet(state)
    assert sheet.points["Ada"]["coffee"] == 12 * carried
