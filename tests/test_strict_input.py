"""Malformed input is refused, never coerced: every game's actions and every rules question read
strictly (a boolean, a string or a float is not an integer), within bounds (size, depth, digits,
what the box holds), and text that is not UTF-8 is named. Game logs written before stay readable:
the strict reader accepts exactly what the log holds."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import targi_table
import timbuktu_table
from cli_process import run
from tuareg_table import RULES as TUAREG

from companion.cli import main
from companion.installation.errors import InputError
from companion.installation.json_input import MAX_CHARS, MAX_DEPTH, read_json
from companion.play.session import Session
from companion.rules.game import GameRules
from companion.store import Store

REVEAL = {"kind": "reveal", "cell": [1, 1], "card": "TARGI-GOODS-DATES-1"}


def in_process(capsys: pytest.CaptureFixture[str], db: Path, *args: str | bytes) -> tuple[int, Any]:
    code = main(["--db", str(db), *args])  # type: ignore[list-item]
    out = capsys.readouterr().out
    return code, json.loads(out) if out.strip() else None


@pytest.fixture
def targi_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[Path, str]:
    db = tmp_path / "games.sqlite3"
    code, game = in_process(
        capsys, db, "game", "new", "targi", "--player", "Amal:blue", "--player", "Bilal:white"
    )
    assert code == 0
    return db, game["game_id"]


@pytest.mark.parametrize(
    ("action", "field"),
    [
        ({**REVEAL, "cell": [True, 1]}, "reveal.cell.0"),
        ({**REVEAL, "cell": ["1", 1]}, "reveal.cell.0"),
        ({**REVEAL, "cell": [1.0, 1]}, "reveal.cell.0"),
        ({**REVEAL, "cell": [1, 1], "card": 5}, "reveal.card"),
        ({"kind": "noble", "player": 0, "decision": "display", "pay_gold": 1}, "noble.pay_gold"),
        ({"kind": "place", "player": "0", "card": 1}, "place.player"),
        ({"kind": "set_stock", "player": 0, "dates": 2**63}, "set_stock.dates"),
    ],
)
def test_a_value_of_the_wrong_type_is_refused_not_coerced(
    targi_game: tuple[Path, str], capsys: pytest.CaptureFixture[str], action: Any, field: str
) -> None:
    db, game_id = targi_game
    before = in_process(capsys, db, "game", "show", game_id)
    code, report = in_process(capsys, db, "game", "act", game_id, "0", json.dumps(action))
    assert (code, report["error"]["code"]) == (2, "invalid_value"), report
    assert report["error"]["message"].startswith(f"{field}: "), report
    assert in_process(capsys, db, "game", "show", game_id) == before


def test_the_same_action_with_the_right_types_is_accepted(
    targi_game: tuple[Path, str], capsys: pytest.CaptureFixture[str]
) -> None:
    db, game_id = targi_game
    code, report = in_process(capsys, db, "game", "act", game_id, "0", json.dumps(REVEAL))
    assert (code, report["seq"]) == (0, 1)


@pytest.mark.parametrize(
    ("text", "code", "field"),
    [
        ("[" * 1000 + "]" * 1000, "too_deep", "action"),
        ("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), "too_deep", "action"),
        ('{"kind": "place", "player": ' + "9" * 5000 + ', "card": 1}', "invalid_value",
         "action.player"),
        ('{"kind": "place", "player": 0, "card": NaN}', "malformed_json", "action.card"),
        ('{"kind": "reveal", "cell": [1, 1], "card": "\\udcff"}', "invalid_value", "action.card"),
        ('{"kind": "reveal", "card": "' + "x" * MAX_CHARS + '"}', "too_large", "action"),
        ("{not json", "malformed_json", "action"),
        ("[1, 2]", "invalid_value", "action"),
        ('{"kind": "place", "player": 0, "player": 1, "card": 1}', "duplicate_key", "action"),
        ('{"kind": "reveal", "cell": {"x": 1, "x": 2}}', "duplicate_key", "action.cell"),
    ],
)  # fmt: skip
def test_hostile_action_text_is_refused_before_it_is_parsed(
    targi_game: tuple[Path, str],
    capsys: pytest.CaptureFixture[str],
    text: str,
    code: str,
    field: str,
) -> None:
    db, game_id = targi_game
    before = in_process(capsys, db, "game", "show", game_id)
    exit_code, report = in_process(capsys, db, "game", "act", game_id, "0", text)
    assert (exit_code, report["error"]["code"]) == (2, code), report
    assert report["error"]["message"].startswith(f"{field}: "), report
    assert in_process(capsys, db, "game", "show", game_id) == before


def test_deep_and_huge_json_through_a_real_process(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    _code, game = run("game", "new", "targi", "--player", "A:blue", "--player", "B:white", db=db)
    deep = "[" * 100_000 + "]" * 100_000
    code, report = run("game", "act", game["game_id"], "0", deep[:MAX_CHARS], db=db)
    assert (code, report["error"]["code"]) == (2, "too_deep")
    code, report = run("rules", "targi", "round", stdin='{"round": ' + "1" * 5000 + "}")
    assert (code, report["error"]["code"]) == (2, "invalid_value")
    assert report["error"]["message"].startswith("(input).round: ")


@pytest.mark.parametrize(
    ("question", "body", "field"),
    [
        ("raid", {"raid": 1, "player": {"dates": 2**63, "salt": 0, "pepper": 0, "gold": 0,
                                        "vp": 0}}, "player.dates"),
        ("raid", {"raid": 1, "player": {"dates": 100, "salt": 0, "pepper": 0, "gold": 0,
                                        "vp": 0}}, "player.dates"),
        ("raid", {"raid": True, "player": {"dates": 1, "salt": 0, "pepper": 0, "gold": 0,
                                           "vp": 0}}, "raid"),
        ("round", {"round": 4.0}, "round"),
        ("placements", {"robber": 5, "mine": [True], "theirs": []}, "mine.0"),
    ],
)  # fmt: skip
def test_targi_questions_are_strict_and_bounded(question: str, body: Any, field: str) -> None:
    from companion.cli.rules import answer

    with pytest.raises(InputError) as caught:
        answer("targi", question, json.dumps(body))
    assert caught.value.code == "invalid_value"
    assert caught.value.message.startswith(f"{field}: ")


def test_tuareg_and_timbuktu_questions_are_bounded_by_the_box() -> None:
    from companion.cli.rules import answer

    nothing = {"donkey": 0, "cave": 0, "thief": 0, "map": 0}
    final = {name: {"stages": [1, 1], "unused": nothing, "cache_value": 0} for name in ("a", "b")}
    for player, field in (
        ({"stages": [10**6, 1], "unused": nothing, "cache_value": 0}, "players.a.stages.0"),
        ({"stages": [1, 1], "unused": nothing, "cache_value": 10**6}, "players.a.cache_value"),
    ):
        with pytest.raises(InputError) as caught:
            answer("tuareg", "final", json.dumps({"players": {**final, "a": player}}))
        assert caught.value.message.startswith(f"{field}: ")
    counts = {"water": 0, "gold": 0, "salt": 0, "millet": 0}
    body = {"values": {"water": 21}, "players": {"a": counts, "b": counts}}
    with pytest.raises(InputError) as caught:
        answer("tuareg", "majorities", json.dumps(body))
    assert caught.value.message.startswith("values.water: ")
    camels = {str(n): {"pen": "p", "pitch": 1, "goods": []} for n in range(26)}
    with pytest.raises(InputError) as caught:
        answer("timbuktu", "theft", json.dumps({"camels": camels, "thieves": []}))
    assert caught.value.message.startswith("camels: ")


@pytest.mark.parametrize(
    ("data", "code"),
    [
        (b"\xff\xfe{}", "malformed_json"),
        (b'{"round": "\xc3"}', "malformed_json"),
        (bytes(range(256)), "malformed_json"),
        ("[" * 5000, "too_deep"),
        ("nope", "malformed_json"),
    ],
)
def test_random_bytes_on_standard_input_are_named(data: bytes | str, code: str) -> None:
    with pytest.raises(InputError) as caught:
        read_json(data, "(input)")
    assert caught.value.code == code
    assert caught.value.message.startswith("(input): ")


def test_a_game_id_that_is_not_utf8_is_named(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    for verb in ("show", "legal", "log", "sheet"):
        done = subprocess.run(
            [sys.executable, "-m", "companion", "--db", str(db), "game", verb, b"\xff\xfe"],
            capture_output=True,
            timeout=60,
            check=False,
        )
        assert done.returncode == 2 and b"Traceback" not in done.stderr, done.stderr
        error = json.loads(done.stdout)["error"]
        assert error["code"] == "invalid_value" and error["message"].startswith("game_id: ")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("tuareg", "--player", "A:red", "--player", "B:blue", "--start", "3"),
         "start_player: there are 2 players"),
        (("tuareg", "--player", "A:red", "--player", "A:blue"),
         "players: every player needs a different name"),
        (("targi", "--player", "A:red", "--player", "B:blue", "--start", "one"),
         "start: expected a whole number, got 'one'"),
    ],
)  # fmt: skip
def test_new_game_errors_read_cleanly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: tuple[str, ...], message: str
) -> None:
    code, report = in_process(capsys, tmp_path / "g.sqlite3", "game", "new", *args)
    assert (code, report["error"]["message"]) == (2, message)


# --- old logs replay exactly --------------------------------------------------------------------


def record(monkeypatch: pytest.MonkeyPatch, rules: GameRules[Any, Any, Any]) -> list[Any]:
    """Every action the table helpers apply, in order."""
    applied: list[Any] = []
    apply = rules.apply

    def recording(state: Any, action: Any) -> Any:
        applied.append(action)
        return apply(state, action)

    monkeypatch.setattr(rules, "apply", recording)
    return applied


def random_playout(rules: GameRules[Any, Any, Any], state: Any, steps: int, seed: int) -> list[Any]:
    chooser = random.Random(seed)
    actions = []
    for _ in range(steps):
        choices = rules.legal_actions(state)
        if not choices or rules.is_over(state):
            break
        action = chooser.choice(choices)
        actions.append(action)
        state = rules.apply(state, action)
    return actions


def games(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, Any, list[Any]]]:
    """(rules, options, actions) of one game of each kind, played far into the game."""
    targi = targi_table.RULES
    targi_options = targi.parse_options(
        {"players": [{"name": "Amal", "colour": "blue"}, {"name": "Bilal", "colour": "white"}]}
    )
    tuareg_options = TUAREG.parse_options(
        {"players": [{"name": "A", "colour": "red"}, {"name": "B", "colour": "blue"}]}
    )
    timbuktu = timbuktu_table.RULES
    applied = record(monkeypatch, timbuktu)
    started = timbuktu_table.started(3)
    monkeypatch.undo()
    timbuktu_actions = applied + random_playout(timbuktu, started, 300, seed=3)
    return [
        (
            targi,
            targi_options,
            random_playout(targi, targi.setup(targi_options), 400, seed=1)
            + corrections(
                targi,
                {"kind": "set_stock", "player": 1, "dates": 3, "salt": 0, "pepper": 1, "gold": 2,
                 "vp": 9},
                {"kind": "card_bonus", "player": 0, "points": -2, "note": "a card's text"},
            ),
        ),
        (
            TUAREG,
            tuareg_options,
            random_playout(TUAREG, TUAREG.setup(tuareg_options), 300, 2)
            + corrections(
                TUAREG,
                {"kind": "set_market", "water": 0, "millet": 0},
                {"kind": "set_hand", "player": 1, "count": 3},
            ),
        ),
        (
            timbuktu,
            timbuktu.parse_options(timbuktu_table.options(3)),
            timbuktu_actions
            + corrections(
                timbuktu,
                {"kind": "set_removed", "gold": 1, "coffee": 0, "pepper": 2, "salt": 0,
                 "water": 0},
                {"kind": "set_swap_fields", "place": 1, "fields": [[2, 1], [4, 3]]},
                {"kind": "set_arrows", "place": 0, "pen": 2, "to": [1, 3]},
            ),
        ),
    ]  # fmt: skip


def corrections(rules: GameRules[Any, Any, Any], *payloads: dict[str, Any]) -> list[Any]:
    """Corrections as the lenient reader of earlier versions read them into the log."""
    return [rules.action_adapter.validate_python(payload) for payload in payloads]


def test_logs_hold_only_what_the_strict_reader_reads_the_same(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each payload a log holds reads the same strictly as the lenient reader read it, and a game
    written entry by entry (undo and redo included) resumes to the same state."""
    kinds: set[str] = set()
    with Store.open(tmp_path / "games.sqlite3") as store:
        for rules, options, actions in games(monkeypatch):
            session = Session.create(store, rules, options)
            for number, action in enumerate(actions):
                outcome = session.submit(action, seq=session.seq, game_id=session.game_id)
                assert outcome.verdict.ok, (action, outcome.verdict)
                if number % 25 == 5:
                    assert session.undo(seq=session.seq, game_id=session.game_id).verdict.ok
                    assert session.redo(seq=session.seq, game_id=session.game_id).verdict.ok
            for entry in store.load(session.game_id).entries:
                if entry.kind in ("action", "correction"):
                    lenient = rules.action_adapter.validate_python(entry.payload)
                    assert rules.parse_action(entry.payload) == lenient
                    kinds.add(f"{rules.name}:{entry.payload['kind']}")
            resumed = Session.resume(store, session.game_id)
            assert (resumed.seq, resumed.state) == (session.seq, session.state)
    assert len(kinds) >= 35, sorted(kinds)


def test_a_refused_input_is_logged(caplog: pytest.LogCaptureFixture) -> None:
    with (
        caplog.at_level("INFO", logger="companion.installation.json_input"),
        pytest.raises(InputError),
    ):
        read_json("[" * 100 + "]" * 100, "action")
    assert "too_deep" in caplog.text and "action: nested deeper than 16 levels" in caplog.text
