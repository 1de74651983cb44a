"""The ``table-companion`` command as other tools use it: a real process, JSON in and out."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from cli_process import run


def ask(question: str, body: object) -> tuple[int, Any]:
    return run("rules", "targi", question, stdin=json.dumps(body))


def test_placements_contract() -> None:
    code, answer = ask("placements", {"robber": 5, "mine": [1, 14], "theirs": [6, 10]})
    assert code == 0
    assert answer["legal"] == [3, 7, 9, 11, 13, 15]
    assert answer["illegal"] == {
        "1": "occupied", "2": "opposite", "4": "raid", "5": "robber", "6": "occupied",
        "8": "raid", "10": "occupied", "12": "raid", "14": "occupied", "16": "raid",
    }  # fmt: skip
    assert sorted([*answer["legal"], *map(int, answer["illegal"])]) == list(range(1, 17))


def test_questions_read_a_file_too(tmp_path: Path) -> None:
    question = tmp_path / "markers.json"
    question.write_text('{"targi": [1, 5, 9]}')
    assert run("rules", "targi", "markers", str(question)) == (0, {"markers": [[1, 1], [1, 3]]})


@pytest.mark.parametrize(
    ("round_number", "expected"),
    [
        (1, {"raid": None, "robber": 1, "game_over": False}),
        (4, {"raid": 1, "robber": 5, "game_over": False}),
        (12, {"raid": None, "robber": 15, "game_over": False}),
        (13, {"raid": 4, "robber": None, "game_over": True}),
    ],
)
def test_round_contract(round_number: int, expected: dict[str, object]) -> None:
    assert ask("round", {"round": round_number}) == (0, expected)


def test_raid_contract() -> None:
    player = {"dates": 1, "salt": 0, "pepper": 1, "gold": 0, "vp": 3}
    assert ask("raid", {"raid": 2, "player": player}) == (
        0,
        {"options": [{"goods": 2}, {"vp": 1}], "opponent_gains": 0},
    )
    broke = {"dates": 0, "salt": 0, "pepper": 0, "gold": 0, "vp": 2}
    assert ask("raid", {"raid": 4, "player": broke}) == (0, {"options": [], "opponent_gains": 3})
    # Raids 1-3 with nothing affordable (rulebooks silent): the raid takes all there is, of one kind.
    poor = {"dates": 1, "salt": 1, "pepper": 0, "gold": 3, "vp": 0}
    assert ask("raid", {"raid": 3, "player": poor}) == (
        0,
        {"options": [{"goods": 2}], "opponent_gains": 0},
    )


def test_score_contract_rulebook_example() -> None:
    blue = {
        "vp_tokens": 3, "card_vp": 21, "card_bonus": 3, "gold": 1, "goods": 4,
        "display": [
            ["oasis", "oasis", "oasis", "oasis"],
            ["well", "tent", "targia", "camel_rider"],
            ["well", "tent", "well", "oasis"],
        ],
    }  # fmt: skip
    white = {**blue, "card_bonus": 0, "display": [["well"]], "gold": 2}
    code, answer = ask("score", {"players": {"blue": blue, "white": white}})
    assert code == 0
    assert answer["players"]["blue"] == {
        "vp_tokens": 3, "card_vp": 21, "card_bonus": 3, "rows": 6, "total": 33
    }  # fmt: skip
    assert answer["players"]["white"]["total"] == 24
    assert (answer["ranking"], answer["tiebreak"]) == ([["blue"], ["white"]], None)
    tied = {**blue, "gold": 2}
    assert ask("score", {"players": {"blue": blue, "white": tied}})[1]["tiebreak"] == "gold"


@pytest.mark.parametrize(
    ("question", "body", "code", "field"),
    [
        ("placements", "{not json", "malformed_json", ""),
        (
            "placements",
            {"robber": 5, "mine": [], "theirs": [], "extra": 1},
            "unknown_field",
            "extra",
        ),
        ("placements", {"robber": 17, "mine": [], "theirs": []}, "invalid_value", "robber"),
        ("placements", {"robber": 5, "mine": [4], "theirs": []}, "invalid_value", "mine"),
        ("placements", {"robber": 5, "mine": [1], "theirs": [1]}, "invalid_value", ""),
        ("placements", {"robber": 5, "theirs": []}, "missing_field", "mine"),
        ("markers", {"targi": [1, 1]}, "invalid_value", "targi"),
        ("round", {"round": 0}, "invalid_value", "round"),
        ("round", {"round": 14}, "invalid_value", "round"),
        ("round", {"round": "4"}, "invalid_value", "round"),
        ("raid", {"raid": 5, "player": {}}, "invalid_value", "raid"),
        (
            "raid",
            {"raid": 1, "player": {"dates": -1, "salt": 0, "pepper": 0, "gold": 0, "vp": 0}},
            "invalid_value",
            "player.dates",
        ),
        ("score", {"players": {"a": {}}}, "missing_field", "players.a"),
        ("score", {"players": {}}, "invalid_value", "players"),
        ("nonsense", {}, "unknown_question", "question"),
    ],
)
def test_error_contract(question: str, body: object, code: str, field: str) -> None:
    text = body if isinstance(body, str) else json.dumps(body)
    exit_code, answer = run("rules", "targi", question, stdin=text)
    assert exit_code == 2
    assert answer["error"]["code"] == code
    assert answer["error"]["message"].startswith(field)


def test_unknown_game_is_an_error() -> None:
    exit_code, answer = run("rules", "chess", "placements", stdin="{}")
    assert (exit_code, answer["error"]["code"]) == (2, "unknown_game")


def test_a_game_tracked_from_the_command_line(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    code, game = run(
        "game", "new", "targi", "--player", "Amal:blue", "--player", "Bilal:white", db=db
    )
    assert code == 0 and game["seq"] == 0 and game["state"]["phase"] == "reveal"
    game_id = game["game_id"]
    reveal = '{"kind": "reveal", "cell": [1, 1], "card": "TARGI-GOODS-DATES-1"}'
    code, report = run("game", "act", game_id, "0", reveal, db=db)
    assert (code, report["verdict"]["ok"], report["seq"]) == (0, True, 1)
    code, report = run("game", "act", game_id, "0", reveal, db=db)
    assert (code, report["verdict"]["code"], report["seq"]) == (1, "stale", 1)
    wrong = '{"kind": "reveal", "cell": [1, 2], "card": "TARGI-GOODS-DATES-2"}'
    code, report = run("game", "act", game_id, "1", wrong, db=db)
    assert (code, report["verdict"]["code"], report["seq"]) == (1, "wrong_kind", 1)
    code, report = run("game", "act", game_id, "1", wrong[:-1] + ', "face": "up"}', db=db)
    assert (code, report["error"]["code"]) == (2, "unknown_field")
    code, legal = run("game", "legal", game_id, db=db)
    assert code == 0 and len(legal) == 4 * 18 + 4 * 45
    code, report = run("game", "undo", game_id, "1", db=db)
    assert (code, report["seq"], report["state"]["centre"][0][1]["card"]) == (0, 2, None)
    code, sheet = run("game", "sheet", game_id, "--format", "csv", db=db)
    assert sheet.splitlines()[1] == "VP tokens,4,4"
    code, listing = run("game", "list", db=db)
    assert [(g["game_id"], g["seq"], g["status"]) for g in listing] == [(game_id, 2, "active")]
    code, report = run("game", "show", "feedface", db=db)
    assert (code, report["error"]["code"]) == (2, "unknown_game_id")
