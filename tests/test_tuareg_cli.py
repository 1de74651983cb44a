"""``table-companion rules tuareg ...`` as other tools use it: a real process, JSON in and out, with
a real SQLite file (``--db``) for the table's confirmed majority values."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from cli_process import run

from companion.cli.rules import answer
from companion.games.tuareg.model import Good
from companion.games.tuareg.values import DINARS_KEY, confirm_values
from companion.installation.errors import InputError
from companion.store import Store


def ask(question: str, body: object, db: Path | None = None) -> tuple[int, Any]:
    text = body if isinstance(body, str) else json.dumps(body)
    return run("rules", "tuareg", question, stdin=text, db=db)


VALUES = {"water": 4, "gold": 5, "salt": 3, "millet": 2}
ANNA = {"water": 2, "gold": 3, "salt": 0, "millet": 5}
BEN = {"water": 2, "gold": 1, "salt": 0, "millet": 5}
NOTHING = {"donkey": 0, "cave": 0, "thief": 0, "map": 0}


def test_load_contract() -> None:
    ok = {"animal": "camel", "load": ["gold"], "add": ["gold", "salt", "salt"]}
    assert ask("load", ok) == (0, {"ok": True, "reasons": []})
    # Every rule broken is listed, sorted.
    bad = {"animal": "camel", "load": ["water"], "add": ["gold", "salt", "gold", "gold"]}
    assert ask("load", bad) == (
        0,
        {"ok": False, "reasons": ["capacity", "gold", "kinds", "order", "water"]},
    )
    donkey = {"animal": "donkey", "load": ["gold", "water"], "add": ["gold", "millet", "salt"]}
    assert ask("load", donkey) == (0, {"ok": False, "reasons": ["capacity"]})


def test_majorities_contract(tmp_path: Path) -> None:
    db = tmp_path / "never-created.sqlite3"
    body = {"values": VALUES, "players": {"anna": ANNA, "ben": BEN}}
    assert ask("majorities", body, db=db) == (
        0,
        {
            "players": {
                "anna": {"water": 3, "gold": 5, "salt": 0, "millet": 1, "total": 9},
                "ben": {"water": 3, "gold": 0, "salt": 0, "millet": 1, "total": 4},
            },
            "winners": {
                "water": ["anna", "ben"],
                "gold": ["anna"],
                "salt": [],
                "millet": ["anna", "ben"],
            },
        },
    )
    assert not db.exists()  # every value given: the database is not even opened


def test_left_out_values_come_from_the_stored_confirmed_values(tmp_path: Path) -> None:
    db = tmp_path / "companion.sqlite3"
    with Store.open(db) as store:
        store.set_setting("tuareg", "values", {"water": 6, "salt": 3, "millet": 2})
    body = {"values": {"water": 4}, "players": {"anna": ANNA, "ben": BEN}}
    code, result = ask("majorities", body, db=db)
    assert code == 0
    # water as given (4, tied: 3 each), gold from the rulebook (5), millet stored (2, tied: 1 each)
    assert result["players"]["anna"] == {"water": 3, "gold": 5, "salt": 0, "millet": 1, "total": 9}
    code, result = ask("majorities", {"players": {"anna": ANNA, "ben": BEN}}, db=db)
    assert (code, result["players"]["anna"]["water"]) == (0, 5)  # stored 6, tied
    with Store.open(db) as store:
        store.set_setting("tuareg", "values", {"water": 6, "gold": 8, "salt": 3, "millet": 2})
    code, result = ask("majorities", {"players": {"anna": ANNA, "ben": BEN}}, db=db)
    assert (code, result["players"]["anna"]["gold"]) == (0, 8)  # the table's cards win


def test_a_missing_value_is_an_error_naming_it(tmp_path: Path) -> None:
    body = {"values": {"gold": 5, "salt": 3}, "players": {"anna": ANNA, "ben": BEN}}
    no_file = tmp_path / "absent.sqlite3"
    code, result = ask("majorities", body, db=no_file)
    assert code == 2
    assert result["error"]["code"] == "missing_value"
    assert result["error"]["message"].startswith("values.water: ")
    assert not no_file.exists()  # a question never creates the database
    db = tmp_path / "companion.sqlite3"
    with Store.open(db) as store:
        store.set_setting("tuareg", "values", {"water": 4})
        store.set_setting("targi", "values", {"millet": 2})  # another game's settings do not count
    code, result = ask("majorities", body, db=db)
    assert (code, result["error"]["code"]) == (2, "missing_value")
    assert result["error"]["message"].startswith("values.millet: ")


def test_a_damaged_stored_value_is_an_error(tmp_path: Path) -> None:
    db = tmp_path / "companion.sqlite3"
    with Store.open(db) as store:
        store.set_setting("tuareg", "values", {"water": -1, "salt": 3, "millet": 2})
    code, result = ask("majorities", {"players": {"anna": ANNA, "ben": BEN}}, db=db)
    assert (code, result["error"]["code"]) == (2, "invalid_setting")
    assert result["error"]["message"].startswith("values.water: ")


def test_a_bad_config_is_reported_only_when_the_store_is_needed(tmp_path: Path) -> None:
    missing = str(tmp_path / "missing.toml")
    body = {"players": {"anna": ANNA, "ben": BEN}}
    code, output = run("--config", missing, "rules", "tuareg", "majorities", stdin=json.dumps(body))
    assert code == 2 and "config file" in output and "does not exist" in output
    load = {"animal": "camel", "load": [], "add": ["gold"]}
    code, output = run("--config", missing, "rules", "tuareg", "load", stdin=json.dumps(load))
    assert (code, output) == (0, {"ok": True, "reasons": []})


def test_final_contract() -> None:
    anna = {"stages": [9, 7], "unused": {**NOTHING, "donkey": 1, "map": 1}, "cache_value": 6}
    ben = {"stages": [10, 8], "unused": NOTHING, "cache_value": 2}
    assert ask("final", {"players": {"anna": anna, "ben": ben}}) == (
        0,
        {
            "players": {
                "anna": {
                    "stages": [9, 7],
                    "unused": {"donkey": 1, "cave": 0, "thief": 0, "map": 2},
                    "total": 19,
                },
                "ben": {"stages": [10, 8], "unused": NOTHING, "total": 18},
            },
            "ranking": [["anna"], ["ben"]],
            "tiebreak": None,
        },
    )
    tied = {**ben, "stages": [10, 9]}
    code, result = ask("final", {"players": {"anna": anna, "ben": tied}})
    assert (code, result["ranking"], result["tiebreak"]) == (0, [["anna"], ["ben"]], "cache")
    same_cache = {**tied, "cache_value": 6}
    code, result = ask("final", {"players": {"anna": anna, "ben": same_cache}})
    assert (code, result["ranking"], result["tiebreak"]) == (0, [["anna", "ben"]], "draw")


def test_a_question_file_works_too(tmp_path: Path) -> None:
    question = tmp_path / "load.json"
    question.write_text('{"animal": "camel", "load": ["water"], "add": ["gold"]}')
    assert run("rules", "tuareg", "load", str(question)) == (0, {"ok": False, "reasons": ["water"]})


def players(**overrides: dict[str, int]) -> dict[str, Any]:
    return {"values": VALUES, "players": {"anna": ANNA, "ben": BEN, **overrides}}


def final_players(*unused: dict[str, int]) -> dict[str, Any]:
    return {
        "players": {
            f"p{n}": {"stages": [1, 1], "unused": {**NOTHING, **u}, "cache_value": 0}
            for n, u in enumerate(unused)
        }
    }


ERRORS = [
    # malformed JSON and unknown fields
    ("load", "{not json", "malformed_json", "(input)"),
    ("majorities", "[1, 2]", "invalid_value", "(input)"),
    ("load", {"animal": "camel", "load": [], "add": ["gold"], "top": 1}, "unknown_field", "top"),
    ("final", {**final_players({}, {}), "stage": 1}, "unknown_field", "stage"),
    # unknown goods and animals
    ("load", {"animal": "camel", "load": [], "add": ["coffee"]}, "invalid_value", "add.0"),
    ("load", {"animal": "camel", "load": ["dates"], "add": ["gold"]}, "invalid_value", "load.0"),
    ("load", {"animal": "horse", "load": [], "add": ["gold"]}, "invalid_value", "animal"),
    (
        "majorities",
        {"values": {**VALUES, "coffee": 1}, "players": {"anna": ANNA, "ben": BEN}},
        "unknown_field",
        "values.coffee",
    ),
    ("majorities", players(ben={**BEN, "pepper": 1}), "unknown_field", "players.ben.pepper"),
    # what one turn can lay, and what an animal can already carry
    ("load", {"animal": "camel", "load": [], "add": []}, "invalid_value", "add"),
    ("load", {"animal": "donkey", "load": [], "add": ["gold"] * 5}, "invalid_value", "add"),
    ("load", {"animal": "donkey", "load": ["gold"] * 5, "add": ["gold"]}, "invalid_value", "load"),
    (
        "load",
        {"animal": "camel", "load": ["gold", "water"], "add": ["gold"]},
        "invalid_value",
        "load",
    ),
    ("load", {"animal": "camel", "load": [], "add": "gold"}, "invalid_value", "add"),
    ("load", {"animal": "camel", "add": ["gold"]}, "missing_field", "load"),
    # out-of-range values
    ("majorities", {**players(), "values": {**VALUES, "salt": 0}}, "invalid_value", "values.salt"),
    ("majorities", {**players(), "values": {"water": None}}, "invalid_value", "values.water"),
    ("majorities", {**players(), "values": {"water": 4.0}}, "invalid_value", "values.water"),
    ("majorities", players(ben={**BEN, "gold": -1}), "invalid_value", "players.ben.gold"),
    ("majorities", players(ben={**BEN, "water": 9}), "invalid_value", "players.ben.water"),
    ("majorities", players(ben={**BEN, "water": 7}), "invalid_value", "players"),  # 9 of 8
    ("majorities", players(ben={"water": 1}), "missing_field", "players.ben.gold"),
    ("majorities", {"values": VALUES, "players": {"anna": ANNA}}, "invalid_value", "players"),
    (
        "majorities",
        {"values": VALUES, "players": {n: ANNA | {"gold": 0} for n in "abcdef"}},
        "invalid_value",
        "players",
    ),
    ("final", final_players({"map": 2}, {"map": 2}), "invalid_value", "players"),  # 4 of 3
    ("final", final_players({"thief": 4}, {}), "invalid_value", "players.p0.unused.thief"),
    ("final", final_players({}), "invalid_value", "players"),
    (
        "final",
        {"players": {"a": {"stages": [1], "unused": NOTHING, "cache_value": 0}, "b": {}}},
        "invalid_value",
        "players.a.stages",
    ),
    (
        "final",
        {
            "players": {
                "a": {"stages": [1, -1], "unused": NOTHING, "cache_value": 0},
                "b": {"stages": [1, 1], "unused": NOTHING, "cache_value": 0},
            }
        },
        "invalid_value",
        "players.a.stages.1",
    ),
    ("nonsense", {}, "unknown_question", "question"),
]


@pytest.mark.parametrize(("question", "body", "code", "field"), ERRORS)
def test_error_contract_in_process(question: str, body: object, code: str, field: str) -> None:
    text = body if isinstance(body, str) else json.dumps(body)
    with pytest.raises(InputError) as caught:
        answer("tuareg", question, text)
    assert caught.value.code == code
    assert caught.value.message.startswith(f"{field}: " if field else "")


@pytest.mark.parametrize(
    ("question", "body", "code", "field"),
    [ERRORS[i] for i in (0, 2, 4, 7, 9, 11, 15, 20, 24)],
)
def test_error_contract(question: str, body: object, code: str, field: str) -> None:
    exit_code, result = ask(question, body)
    assert exit_code == 2
    assert set(result) == {"error"} and set(result["error"]) == {"code", "message"}
    assert result["error"]["code"] == code
    assert result["error"]["message"].startswith(f"{field}: " if field else "")


def test_a_new_tracked_game_starts_with_the_values_this_table_confirmed(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    with Store.open(db) as store:
        confirm_values(store, {Good.SALT: 3, Good.MILLET: 2})
        confirm_values(store, {Good.SALT: 1}, key=DINARS_KEY)
    code, game = run("game", "new", "tuareg", "--player", "Anna:red", "--player", "Ben:blue", db=db)
    assert code == 0 and game["game"] == "tuareg"
    values = dict(game["state"]["values"])
    assert values["salt"] == {"dinars": 1, "points": 3}
    assert values["millet"] == {"dinars": None, "points": 2}
    assert values["gold"] == {"dinars": 2, "points": 5}
    assert values["water"] == {"dinars": None, "points": None}
    market = json.dumps({"kind": "open_market", "goods": ["salt", "gold"]})
    code, shown = run("game", "act", game["game_id"], str(game["seq"]), market, db=db)
    assert code == 0 and shown["state"]["phase"] == "turns"
    load = json.dumps(
        {"kind": "load", "player": 0, "onto": {"animal": "camel", "number": 1}, "goods": ["salt"]}
    )
    code, refused = run("game", "act", game["game_id"], str(shown["seq"]), load, db=db)
    assert code == 1 and refused["verdict"]["code"] == "not_in_hand"


class Table:
    """A tracked Tuareg game driven through real ``table-companion game`` processes."""

    def __init__(self, db: Path) -> None:
        self.db = db
        players = ["--player", "Anna:red", "--player", "Ben:blue"]
        code, shown = run("game", "new", "tuareg", *players, db=db)
        assert code == 0, shown
        self.game_id, self.seq = shown["game_id"], shown["seq"]

    def act(self, **action: Any) -> tuple[int, Any]:
        code, shown = run(
            "game", "act", self.game_id, str(self.seq), json.dumps(action), db=self.db
        )
        self.seq = shown["seq"]
        return code, shown

    def ok(self, **action: Any) -> Any:
        code, shown = self.act(**action)
        assert code == 0, shown
        return shown

    def legal(self) -> list[dict[str, Any]]:
        return run("game", "legal", self.game_id, db=self.db)[1]

    def sheet(self) -> dict[str, Any]:
        return run("game", "sheet", self.game_id, db=self.db)[1]


def test_over_the_hand_limit_end_turn_lays_the_required_card_into_the_market(
    tmp_path: Path,
) -> None:
    table = Table(tmp_path / "games.sqlite3")
    table.ok(kind="open_market", goods=["water", "millet"])
    table.ok(kind="set_hand", player=0, count=3)
    table.ok(kind="draw", player=0, to_market=["salt"])  # 5 cards in hand
    ends = [x for x in table.legal() if x["kind"] == "end_turn"]
    assert ends and all(len(x["to_market"]) == 1 for x in ends)
    shown = table.ok(kind="end_turn", player=0, to_market=["gold"])
    assert shown["to_move"] == 1 and shown["state"]["players"][0]["hand"] == 4
    assert shown["state"]["market"]["gold"] == 1


def test_with_the_deck_empty_only_a_player_who_can_do_nothing_may_pass(tmp_path: Path) -> None:
    table = Table(tmp_path / "games.sqlite3")
    table.ok(kind="open_market", goods=["water", "millet"])
    table.ok(kind="set_deck", count=0)
    code, shown = table.act(kind="end_turn", player=0)
    assert code == 1 and shown["verdict"]["code"] == "action_possible"
    assert "take water from the market" in shown["verdict"]["message"]
    code, shown = table.act(kind="hide", player=0, cave=1)
    assert code == 1 and shown["verdict"]["code"] == "no_such_cave"
    code, shown = table.act(kind="steal", player=0, thief=1, victim=1)
    assert code == 1 and shown["verdict"]["code"] == "no_such_thief"
    table.ok(kind="set_market")  # the market bought out: Anna can do nothing
    assert table.ok(kind="end_turn", player=0)["to_move"] == 1


def test_a_final_tie_is_pending_until_the_hands_are_shown(tmp_path: Path) -> None:
    table = Table(tmp_path / "games.sqlite3")
    table.ok(kind="open_market", goods=["water", "millet"])
    table.ok(kind="set_market")
    table.ok(kind="set_deck", count=0)  # nobody can do anything: each passes, twice over
    shown = {"to_move": 0}
    for _stage in (1, 2):
        for _turn in (1, 2, 3) if _stage == 1 else (1, 2):
            shown = table.ok(kind="end_turn", player=shown["to_move"])
        assert shown["state"]["phase"] == "reveal"
        shown = table.ok(kind="score_stage")
    assert shown["over"]
    table.ok(kind="set_hand", player=0, count=2)
    table.ok(kind="set_hand", player=1, count=2)
    sheet = table.sheet()
    assert sheet["final"] and sheet["tiebreak"] == "pending"
    assert sheet["ranking"] == [["Anna", "Ben"]]
    assert {x["player"] for x in table.legal() if x["kind"] == "reveal_hand"} == {0, 1}
    table.ok(kind="reveal_hand", player=0, goods=["gold", "gold"])
    assert table.sheet()["tiebreak"] == "pending"
    table.ok(kind="reveal_hand", player=1, goods=["gold", "water"])
    sheet = table.sheet()
    assert sheet["tiebreak"] == "cache" and sheet["ranking"] == [["Anna"], ["Ben"]]
