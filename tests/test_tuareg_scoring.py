"""Tuareg scoring: majorities at a stage's end (ties, nobody, five players), the final sheet with its
cache tie-break, and where the majority values come from."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from companion.games.tuareg.model import COPIES, SPECIAL_SUPPLY, Good, SpecialCard
from companion.games.tuareg.scoring import (
    FinalTally,
    final_sheet,
    majorities,
    map_points,
    stage_score,
    unused_points,
)
from companion.games.tuareg.values import (
    SETTINGS_GAME,
    VALUES_KEY,
    confirm_values,
    confirmed_values,
    resolve_values,
)
from companion.installation.errors import InputError
from companion.store import Store

WATER, GOLD, SALT, MILLET = Good.WATER, Good.GOLD, Good.SALT, Good.MILLET
DONKEY, CAVE, THIEF, MAP = SpecialCard.DONKEY, SpecialCard.CAVE, SpecialCard.THIEF, SpecialCard.MAP
VALUES = {WATER: 4, GOLD: 5, SALT: 3, MILLET: 2}


def counts(water: int = 0, gold: int = 0, salt: int = 0, millet: int = 0) -> dict[Good, int]:
    return {WATER: water, GOLD: gold, SALT: salt, MILLET: millet}


# --- majorities -------------------------------------------------------------------------------


def test_a_stage_scores_its_majorities_and_two_points_a_cashed_map() -> None:
    score = stage_score(
        VALUES, {"anna": counts(2, 3, 0, 5), "ben": counts(2, 1, 0, 5)}, {"anna": 0, "ben": 2}
    )
    assert score.majorities == majorities(
        VALUES, {"anna": counts(2, 3, 0, 5), "ben": counts(2, 1, 0, 5)}
    )
    assert score.maps == {"anna": 0, "ben": 4} and map_points(1) == 2
    assert score.totals == {"anna": 3 + 5 + 1, "ben": 3 + 1 + 4}


def test_most_cards_scores_the_value_and_a_tie_scores_one_less() -> None:
    result = majorities(
        VALUES, {"anna": counts(2, 3, 0, 5), "ben": counts(2, 1, 0, 5)}
    )  # the contract's example, with a second player
    assert result.points["anna"] == {WATER: 3, GOLD: 5, SALT: 0, MILLET: 1}
    assert result.points["ben"] == {WATER: 3, GOLD: 0, SALT: 0, MILLET: 1}
    assert result.totals == {"anna": 9, "ben": 4}
    assert result.winners == {
        WATER: ("anna", "ben"), GOLD: ("anna",), SALT: (), MILLET: ("anna", "ben")
    }  # fmt: skip


def test_three_players_two_tied_and_all_three_tied() -> None:
    result = majorities(
        VALUES,
        {"anna": counts(3, 2, 1), "ben": counts(3, 2, 4), "cleo": counts(1, 2, 4)},
    )
    assert result.winners[WATER] == ("anna", "ben")
    assert [result.points[p][WATER] for p in ("anna", "ben", "cleo")] == [3, 3, 0]
    assert result.winners[GOLD] == ("anna", "ben", "cleo")
    assert [result.points[p][GOLD] for p in ("anna", "ben", "cleo")] == [4, 4, 4]
    assert result.winners[SALT] == ("ben", "cleo")
    assert [result.points[p][SALT] for p in ("anna", "ben", "cleo")] == [0, 2, 2]
    assert result.winners[MILLET] == ()  # nobody has millet: nobody scores it


def test_nobody_scores_a_good_nobody_has() -> None:
    result = majorities(VALUES, {"anna": counts(), "ben": counts()})
    assert result.winners == dict.fromkeys(Good, ())
    assert result.totals == {"anna": 0, "ben": 0}


def test_a_tie_on_a_one_point_good_scores_nothing() -> None:
    result = majorities({**VALUES, MILLET: 1}, {"anna": counts(millet=2), "ben": counts(millet=2)})
    assert result.winners[MILLET] == ("anna", "ben")
    assert result.totals == {"anna": 0, "ben": 0}


def test_five_players() -> None:
    table = {
        "anna": counts(2, 2, 3, 1),
        "ben": counts(1, 2, 3, 0),
        "cleo": counts(0, 3, 1, 4),
        "dina": counts(2, 0, 0, 4),
        "emil": counts(0, 0, 5, 4),
    }
    result = majorities(VALUES, table)
    assert result.winners == {
        WATER: ("anna", "dina"), GOLD: ("cleo",), SALT: ("emil",), MILLET: ("cleo", "dina", "emil")
    }  # fmt: skip
    assert result.totals == {"anna": 3, "ben": 0, "cleo": 6, "dina": 4, "emil": 4}
    assert list(result.points) == list(table)  # the players' order is kept


def test_a_good_left_out_of_a_players_counts_is_zero() -> None:
    result = majorities(VALUES, {"anna": {GOLD: 1}, "ben": {}})
    assert result.points["anna"] == {WATER: 0, GOLD: 5, SALT: 0, MILLET: 0}


# --- the final sheet --------------------------------------------------------------------------


def tally(stage_1: int, stage_2: int, cache: int = 0, **unused: int) -> FinalTally:
    return FinalTally(
        stages=(stage_1, stage_2),
        unused={SpecialCard(kind): n for kind, n in unused.items()},
        cache_value=cache,
    )


def test_unused_special_cards_score_one_point_and_a_map_two() -> None:
    assert unused_points({DONKEY: 1, CAVE: 2, THIEF: 1, MAP: 2}) == {
        DONKEY: 1, CAVE: 2, THIEF: 1, MAP: 4
    }  # fmt: skip
    assert unused_points({}) == dict.fromkeys(SpecialCard, 0)


def test_final_totals_and_ranking() -> None:
    sheet = final_sheet(
        {"anna": tally(9, 7, 6, donkey=1, map=1), "ben": tally(10, 8), "cleo": tally(3, 4)}
    )
    assert sheet.points["anna"] == {
        "stage_1": 9, "stage_2": 7, "donkey": 1, "cave": 0, "thief": 0, "map": 2
    }  # fmt: skip
    assert sheet.totals == {"anna": 19, "ben": 18, "cleo": 7}
    assert sheet.ranking == (("anna",), ("ben",), ("cleo",))
    assert sheet.tiebreak is None
    assert sheet.final and sheet.game == "tuareg"
    assert [c.key for c in sheet.categories] == [
        "stage_1", "stage_2", "donkey", "cave", "thief", "map"
    ]  # fmt: skip


def test_a_tie_goes_to_the_most_valuable_cache() -> None:
    sheet = final_sheet({"anna": tally(10, 8, cache=4), "ben": tally(9, 7, cache=6, map=1)})
    assert sheet.totals == {"anna": 18, "ben": 18}
    assert (sheet.ranking, sheet.tiebreak) == ((("ben",), ("anna",)), "cache")


def test_equal_caches_are_a_draw() -> None:
    sheet = final_sheet(
        {"anna": tally(10, 8, cache=5), "ben": tally(9, 9, cache=5), "cleo": tally(9, 9, cache=9)}
    )
    assert sheet.ranking == (("cleo",), ("anna", "ben"))
    assert sheet.tiebreak == "cache"
    drawn = final_sheet({"anna": tally(10, 8, cache=5), "ben": tally(9, 9, cache=5)})
    assert (drawn.ranking, drawn.tiebreak) == ((("anna", "ben"),), "draw")


def test_a_tie_below_the_top_is_ranked_but_decides_nothing() -> None:
    sheet = final_sheet(
        {"anna": tally(20, 0), "ben": tally(5, 5, cache=1), "cleo": tally(5, 5, cache=3)}
    )
    assert sheet.ranking == (("anna",), ("cleo",), ("ben",))
    assert sheet.tiebreak is None


def test_a_final_tally_has_two_stages() -> None:
    with pytest.raises(ValueError, match="2 stages"):
        final_sheet({"anna": FinalTally((9,), {}, 0), "ben": tally(1, 1)})


# --- majority values: given, confirmed, or the rulebook's ------------------------------------


def no_settings() -> Mapping[str, Any]:
    raise AssertionError("the settings must not be read when every value is given")


def test_given_values_need_no_settings() -> None:
    assert resolve_values(VALUES, no_settings) == VALUES


def test_left_out_values_come_from_the_confirmed_ones_then_the_rulebook() -> None:
    stored = {VALUES_KEY: {"water": 6, "salt": 3, "millet": 1}}
    assert resolve_values({WATER: 4}, lambda: stored) == {WATER: 4, GOLD: 5, SALT: 3, MILLET: 1}
    stored_gold = {VALUES_KEY: {"water": 6, "gold": 7, "salt": 3, "millet": 1}}
    assert resolve_values({}, lambda: stored_gold)[GOLD] == 7  # the table's cards win


def test_a_value_found_nowhere_is_an_error_naming_it() -> None:
    with pytest.raises(InputError) as caught:
        resolve_values({GOLD: 5}, dict)
    assert caught.value.code == "missing_value"
    assert caught.value.message.startswith("values.water: ")
    assert "nor for salt, millet" in caught.value.message
    with pytest.raises(InputError, match=r"^values\.millet: "):
        resolve_values({}, lambda: {VALUES_KEY: {"water": 1, "salt": 2}})


@pytest.mark.parametrize(
    ("stored", "field"),
    [
        ([4, 5, 3, 2], "values"),
        ({"coffee": 3}, "values.coffee"),
        ({"water": 0}, "values.water"),
        ({"water": "4"}, "values.water"),
        ({"water": True}, "values.water"),
    ],
)
def test_a_damaged_stored_value_is_reported(stored: object, field: str) -> None:
    with pytest.raises(InputError) as caught:
        confirmed_values({VALUES_KEY: stored})
    assert caught.value.code == "invalid_setting"
    assert caught.value.message.startswith(f"{field}: ")


def test_confirm_values_keeps_the_goods_not_mentioned(tmp_path: Path) -> None:
    with Store.open(tmp_path / "companion.sqlite3") as store:
        confirm_values(store, {WATER: 4, SALT: 3})
        confirm_values(store, {SALT: 2, MILLET: 1})
        assert store.get_setting(SETTINGS_GAME, VALUES_KEY) == {"water": 4, "salt": 2, "millet": 1}
        with pytest.raises(
            InputError, match=r"^values\.water: 0 is not a whole number from 1 to 20"
        ):
            confirm_values(store, {WATER: 0})
        assert store.get_setting(SETTINGS_GAME, VALUES_KEY) == {"water": 4, "salt": 2, "millet": 1}


def test_the_rulebooks_numbers() -> None:
    assert sum(COPIES.values()) == 44
    assert [SPECIAL_SUPPLY[n][MAP] for n in (2, 3, 4, 5)] == [3, 2, 3, 4]
    assert all(SPECIAL_SUPPLY[n][DONKEY] == SPECIAL_SUPPLY[n][CAVE] == n for n in (2, 3, 4, 5))
