"""``table-companion settings ...`` and the settings a game's actions teach the app, as other tools
use them: a real process, a real SQLite file, JSON out."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_process import run
from timbuktu_table import patterned_loads

from companion.games.timbuktu import table_settings as ts
from companion.store import Store


def test_settings_are_listed_set_and_read_back_with_the_screens_check(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    code, listed = run("settings", "list", db=db)
    assert code == 0 and listed == {
        "targi": {"card_effects": None, "gold_alternative": None},
        "timbuktu": {"caravans": None, "layouts": None, "leftovers_removed": None, "variant": None},
        "tuareg": {"dinars": None, "values": None},
    }
    code, stored = run("settings", "set", "tuareg", "values", '{"salt": 3, "water": 4}', db=db)
    assert (code, stored) == (
        0,
        {"game": "tuareg", "key": "values", "value": {"water": 4, "salt": 3}},
    )
    assert run("settings", "get", "tuareg", "values", db=db) == (0, stored)
    assert run("settings", "set", "timbuktu", "variant", '"dealt"', db=db)[0] == 0
    layout = {"3": {"arrows": [{"place": 0, "pen": 1, "to": [2, 4]}]}}
    assert run("settings", "set", "timbuktu", "layouts", json.dumps(layout), db=db)[0] == 0
    code, listed = run("settings", "list", "timbuktu", db=db)
    assert code == 0 and listed["timbuktu"]["variant"] == "dealt"
    assert listed["timbuktu"]["layouts"]["3"]["arrows"] == [{"place": 0, "pen": 1, "to": [2, 4]}]
    # A new game starts with them.
    players = ["--player", "Anna:red", "--player", "Ben:blue"]
    code, game = run("game", "new", "tuareg", *players, db=db)
    assert dict(game["state"]["values"])["salt"] == {"dinars": None, "points": 3}


@pytest.mark.parametrize(
    ("args", "code", "field"),
    [
        (("tuareg", "values", '{"water": 0}'), "invalid_value", "values.water: "),
        (("tuareg", "dinars", '{"water": 10}'), "invalid_value", "dinars.water: "),
        (("tuareg", "values", '{"coffee": 3}'), "invalid_value", "values.coffee: "),
        (("tuareg", "values", '{"water": 4'), "malformed_json", "value: "),
        (("tuareg", "colour", "1"), "unknown_setting", "key: "),
        (("targa", "values", "{}"), "unknown_game", "game: "),
        (("timbuktu", "variant", '"random"'), "invalid_value", "variant: "),
        (("timbuktu", "leftovers_removed", '"yes"'), "invalid_value", "leftovers_removed: "),
        (("timbuktu", "layouts", '{"3": {"arrows": [{"pen": 9}]}}'), "invalid_value", "layouts.3"),
        (
            ("timbuktu", "layouts", '{"3": {"arrows": [{"place": 3, "pen": 1, "to": [1]}]}}'),
            "invalid_value",
            "layouts.3: ",
        ),
        (("timbuktu", "caravans", '{"red": [["gold"]]}'), "invalid_value", "caravans.red"),
        # The CLI's strict JSON reader, as for actions and questions (issue 25.8).
        (("tuareg", "values", "[" * 5000 + "]" * 5000), "too_deep", "value: "),
        (("tuareg", "values", '{"salt": 1' + "0" * 5000 + "}"), "invalid_value", "value.salt: "),
        (("tuareg", "values", '{"salt": NaN}'), "malformed_json", "value.salt: "),
        (("tuareg", "values", '{"salt": "\udcff"}'), "invalid_value", "value: "),
        (("tuareg", "values", '{"salt": "' + "x" * 70_000 + '"}'), "too_large", "value: "),
    ],
)
def test_a_bad_setting_exits_2_naming_the_field_and_changes_nothing(
    tmp_path: Path, args: tuple[str, ...], code: str, field: str
) -> None:
    db = tmp_path / "games.sqlite3"
    assert run("settings", "set", "tuareg", "values", '{"water": 4}', db=db)[0] == 0
    assert run("settings", "set", "timbuktu", "variant", '"dealt"', db=db)[0] == 0
    before = run("settings", "list", db=db)
    status, answer = run("settings", "set", *args, db=db)
    assert status == 2 and answer["error"]["code"] == code, answer
    assert answer["error"]["message"].startswith(field), answer
    assert run("settings", "list", db=db) == before


def test_a_value_confirmed_in_a_game_is_offered_then_kept_for_the_table(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    players = ["--player", "Anna:red", "--player", "Ben:blue"]
    code, game = run("game", "new", "tuareg", *players, db=db)
    game_id = game["game_id"]
    code, legal = run("game", "legal", game_id, db=db)
    offered = [x for x in legal if x["kind"] == "confirm_value"]
    assert [x["good"] for x in offered] == ["water", "salt", "millet"]
    confirm = {"kind": "confirm_value", "good": "salt", "dinars": 1, "points": 3}
    code, shown = run("game", "act", game_id, str(game["seq"]), json.dumps(confirm), db=db)
    assert code == 0 and dict(shown["state"]["values"])["salt"] == {"dinars": 1, "points": 3}
    assert run("settings", "get", "tuareg", "values", db=db)[1]["value"] == {"salt": 3}
    assert run("settings", "get", "tuareg", "dinars", db=db)[1]["value"] == {"salt": 1}
    code, legal = run("game", "legal", game_id, db=db)
    assert [x["good"] for x in legal if x["kind"] == "confirm_value"] == ["water", "millet"]
    code, later = run("game", "new", "tuareg", *players, db=db)
    assert dict(later["state"]["values"])["salt"] == {"dinars": 1, "points": 3}


def test_printed_loads_entered_through_the_cli_are_kept_for_the_next_game(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    players = ["--player", "Ada:red", "--player", "Ben:blue", "--player", "Cleo:green"]
    code, shown = run("game", "new", "timbuktu", *players, db=db)
    game_id, seq = shown["game_id"], shown["seq"]
    loads = patterned_loads(3)
    for seat, caravan in enumerate(loads):
        load = {"kind": "load", "player": seat, "camels": [[g.value for g in c] for c in caravan]}
        code, shown = run("game", "act", game_id, str(seq), json.dumps(load), db=db)
        assert code == 0, shown
        seq = shown["seq"]
    with Store.open(db) as store:
        caravans = ts.stored_caravans(store.list_settings(ts.SETTINGS_GAME))
    assert caravans["blue"] == tuple(tuple(camel) for camel in loads[1])


def test_targi_tribe_card_facts_are_set_through_the_cli_and_a_new_game_takes_them(
    tmp_path: Path,
) -> None:
    db = tmp_path / "games.sqlite3"
    code, stored = run(
        "settings", "set", "targi", "gold_alternative", '{"TARGI-TRIBE-TENT-4": true}', db=db
    )
    assert (code, stored["value"]) == (0, {"TARGI-TRIBE-TENT-4": True})
    effects = '{"TARGI-TRIBE-OASIS-2": ["raid_protection"]}'
    assert run("settings", "set", "targi", "card_effects", effects, db=db)[0] == 0
    assert run("settings", "list", "targi", db=db) == (
        0,
        {
            "targi": {
                "card_effects": {"TARGI-TRIBE-OASIS-2": ["raid_protection"]},
                "gold_alternative": {"TARGI-TRIBE-TENT-4": True},
            }
        },
    )
    before = run("settings", "list", db=db)
    code, refused = run(
        "settings", "set", "targi", "card_effects", '{"TARGI-TRIBE-TENT-99": ["x"]}', db=db
    )
    assert code == 2 and refused["error"]["code"] == "invalid_value"
    assert refused["error"]["message"].startswith("card_effects.TARGI-TRIBE-TENT-99")
    assert run("settings", "set", "targi", "slashes", "{}", db=db)[1]["error"]["code"] == (
        "unknown_setting"
    )
    assert run("settings", "list", db=db) == before
    players = ["--player", "Amal:blue", "--player", "Bilal:white"]
    code, game = run("game", "new", "targi", *players, db=db)
    assert code == 0 and game["state"]["card_facts"] == [
        {"card": "TARGI-TRIBE-OASIS-2", "gold_alternative": None, "effects": ["raid_protection"]},
        {"card": "TARGI-TRIBE-TENT-4", "gold_alternative": True, "effects": []},
    ]
