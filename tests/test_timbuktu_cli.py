"""``table-companion rules timbuktu ...`` and ``game ... timbuktu`` as other tools use them: a real
process, JSON in and out."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from cli_process import run
from timbuktu_table import patterned_loads


def ask(question: str, body: object) -> tuple[int, Any]:
    text = body if isinstance(body, str) else json.dumps(body)
    return run("rules", "timbuktu", question, stdin=text)


def goods(gold: int = 0, coffee: int = 0, pepper: int = 0, salt: int = 0, water: int = 0) -> dict:
    return {"gold": gold, "coffee": coffee, "pepper": pepper, "salt": salt, "water": water}


def test_pitch_contract() -> None:
    assert ask("pitch", {"occupied": [1, 2, 4]}) == (0, {"pitch": 3})
    assert ask("pitch", {"occupied": []}) == (0, {"pitch": 1})
    assert ask("pitch", {"occupied": [5, 3, 1, 4, 2]}) == (0, {"pitch": None, "reason": "full"})


def test_theft_contract_takes_all_goods_of_the_kinds_from_several_camels() -> None:
    body = {
        "camels": {
            "red-A": {"pen": "moon", "pitch": 2, "goods": ["salt", "gold", "gold", "water"]},
            "blue-C": {"pen": "moon", "pitch": 4, "goods": ["coffee", "gold", "pepper"]},
            "green-B": {"pen": "moon", "pitch": 3, "goods": ["gold", "salt"]},
            "red-D": {"pen": "sun", "pitch": 2, "goods": ["gold", "water", "water"]},
        },
        "thieves": [
            {"pen": "moon", "pitches": [2, 4], "goods": ["salt", "gold"]},
            {"pen": "sun", "pitches": [1, 2], "goods": ["water", "pepper"]},
            {"pen": "star", "pitches": [1, 2], "goods": ["coffee", "gold"]},
        ],
    }
    assert ask("theft", body) == (
        0,
        {
            "stolen": {
                "red-A": ["gold", "gold", "salt"],
                "blue-C": ["gold"],
                "red-D": ["water", "water"],
            },
            "camels": {
                "red-A": ["water"],
                "blue-C": ["coffee", "pepper"],
                "green-B": ["gold", "salt"],
                "red-D": ["gold"],
            },
            "removed": goods(gold=3, salt=1, water=2),
        },
    )


def test_theft_contract_when_nothing_is_stolen() -> None:
    body = {
        "camels": {"red-A": {"pen": "moon", "pitch": 1, "goods": ["salt"]}},
        "thieves": [{"pen": "moon", "pitches": [2, 3], "goods": ["salt", "gold"]}],
    }
    assert ask("theft", body) == (
        0,
        {"stolen": {}, "camels": {"red-A": ["salt"]}, "removed": goods()},
    )


def test_score_contract_with_the_rulebook_values() -> None:
    body = {
        "removed": goods(3, 2, 4, 3, 4),
        "players": {
            "red": goods(2, 3, 1, 0, 5),
            "blue": goods(pepper=9),
            "green": goods(gold=1, water=1),
        },
    }
    assert ask("score", body) == (
        0,
        {
            "values": goods(3, 2, 4, 3, 4),
            "players": {
                "red": {**goods(6, 6, 4, 0, 20), "goods": 11, "total": 36},
                "blue": {**goods(pepper=36), "goods": 9, "total": 36},
                "green": {**goods(gold=3, water=4), "goods": 2, "total": 7},
            },
            "ranking": [["red"], ["blue"], ["green"]],
            "tiebreak": "goods",
        },
    )


def test_score_twelve_coffee_removed_make_each_coffee_worth_twelve_and_ties_are_shared() -> None:
    body = {
        "removed": goods(coffee=12),
        "players": {"red": goods(coffee=3), "blue": goods(coffee=3, salt=2), "green": goods()},
    }
    code, answer = ask("score", body)
    assert code == 0 and answer["values"]["coffee"] == 12
    assert answer["players"]["red"]["coffee"] == 36 == answer["players"]["blue"]["total"]
    assert answer["ranking"] == [["blue"], ["red"], ["green"]] and answer["tiebreak"] == "goods"
    body["players"]["blue"] = goods(coffee=3)
    code, answer = ask("score", body)
    assert answer["ranking"] == [["red", "blue"], ["green"]] and answer["tiebreak"] == "shared"
    body["players"]["red"] = goods(coffee=4)
    assert ask("score", body)[1]["tiebreak"] is None


@pytest.mark.parametrize(
    ("question", "body", "code", "field"),
    [
        ("pitch", "{", "malformed_json", "(input)"),
        ("pitch", {"occupied": [1, 1]}, "invalid_value", "occupied"),
        ("pitch", {"occupied": [6]}, "invalid_value", "occupied.0"),
        ("pitch", {"occupied": [1], "taken": [1]}, "unknown_field", "taken"),
        ("theft", {"camels": {}}, "missing_field", "thieves"),
        (
            "theft",
            {
                "camels": {
                    "a": {"pen": "moon", "pitch": 1, "goods": []},
                    "b": {"pen": "moon", "pitch": 1, "goods": []},
                },
                "thieves": [],
            },
            "invalid_value",
            "camels",
        ),
        (
            "theft",
            {"camels": {"a": {"pen": "moon", "pitch": 1, "goods": ["gold"] * 5}}, "thieves": []},
            "invalid_value",
            "camels.a.goods",
        ),
        (
            "theft",
            {"camels": {}, "thieves": [{"pen": "m", "pitches": [1, 2, 3], "goods": ["gold"]}]},
            "invalid_value",
            "thieves.0.pitches",
        ),
        (
            "theft",
            {"camels": {}, "thieves": [{"pen": "m", "pitches": [1], "goods": ["tea"]}]},
            "invalid_value",
            "thieves.0.goods.0",
        ),
        (
            "theft",
            {
                "camels": {},
                "thieves": [{"pen": "m", "pitches": [1], "goods": ["gold"]}] * 2,
            },
            "invalid_value",
            "thieves",
        ),
        (
            "score",
            {"removed": goods(), "players": {"red": goods(), "blue": goods()}},
            "invalid_value",
            "players",
        ),
        (
            "score",
            {
                "removed": goods(gold=16),
                "players": {"a": goods(gold=5), "b": goods(gold=1), "c": goods()},
            },
            "invalid_value",
            "(input)",
        ),
        (
            "score",
            {"removed": {"gold": 1}, "players": {"a": goods(), "b": goods(), "c": goods()}},
            "missing_field",
            "removed.coffee",
        ),
    ],
)
def test_malformed_questions_name_the_field(
    question: str, body: object, code: str, field: str
) -> None:
    status, answer = ask(question, body)
    assert status == 2 and answer["error"]["code"] == code, answer
    assert answer["error"]["message"].startswith(field), answer


def test_a_game_is_tracked_headlessly_through_the_cli(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    players = ["--player", "Ada:red", "--player", "Ben:blue", "--player", "Cleo:green"]
    code, shown = run("game", "new", "timbuktu", *players, "--start", "1", db=db)
    assert code == 0 and shown["state"]["phase"] == "loading"
    game_id, seq = shown["game_id"], shown["seq"]
    for seat, caravan in enumerate(patterned_loads(3)):
        load = {"kind": "load", "player": seat, "camels": [[g.value for g in c] for c in caravan]}
        code, shown = run("game", "act", game_id, str(seq), json.dumps(load), db=db)
        assert code == 0, shown
        seq = shown["seq"]
    assert shown["state"]["phase"] == "placement" and shown["to_move"] == 1
    wrong = {"kind": "place", "player": 0, "camel": "A", "pen": 1}
    code, shown = run("game", "act", game_id, str(seq), json.dumps(wrong), db=db)
    assert code == 1 and shown["verdict"]["code"] == "not_your_turn" and shown["seq"] == seq
    code, legal = run("game", "legal", game_id, db=db)
    assert code == 0 and {"kind": "place", "player": 1, "camel": "A", "pen": 1} in legal
    code, sheet = run("game", "sheet", game_id, db=db)
    assert code == 0 and sheet["game"] == "timbuktu" and not sheet["final"]


def test_while_caravans_are_loaded_game_legal_lists_a_load_per_caravan_and_a_thief_waits(
    tmp_path: Path,
) -> None:
    db = tmp_path / "games.sqlite3"
    players = ["--player", "Ada:red", "--player", "Ben:blue", "--player", "Cleo:green"]
    code, shown = run("game", "new", "timbuktu", *players, db=db)
    game_id, seq = shown["game_id"], shown["seq"]
    code, legal = run("game", "legal", game_id, db=db)
    assert code == 0 and [(x["kind"], x["player"]) for x in legal] == [
        ("load", 0),
        ("load", 1),
        ("load", 2),
    ]
    assert all(len(x["camels"]) == 8 for x in legal)
    code, shown = run("game", "act", game_id, str(seq), json.dumps(legal[0]), db=db)
    assert code == 0, shown
    seq = shown["seq"]
    code, legal = run("game", "legal", game_id, db=db)
    assert [x["player"] for x in legal] == [1, 2]
    thief = {"kind": "thief", "pen": 1, "pitches": [1, 2], "goods": ["gold"]}
    code, shown = run("game", "act", game_id, str(seq), json.dumps(thief), db=db)
    assert code == 1 and shown["verdict"]["code"] == "wrong_phase"
    assert "the caravans are loaded first (still to load: Ben, Cleo)" in shown["verdict"]["message"]


def test_a_shared_victory_says_shared_on_the_tracked_games_sheet_too(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    players = ["--player", "Ada:red", "--player", "Ben:blue", "--player", "Cleo:green"]
    code, shown = run("game", "new", "timbuktu", *players, db=db)
    # Nothing loaded yet: everyone has 0 points and 0 goods, so the victory would be shared.
    code, sheet = run("game", "sheet", shown["game_id"], db=db)
    assert code == 0 and sheet["ranking"] == [["Ada", "Ben", "Cleo"]]
    assert sheet["tiebreak"] == "shared"
    code, csv = run("game", "sheet", shown["game_id"], "--format", "csv", db=db)
    assert "Tie-break,shared" in csv
