"""The game commands at a table: help that names every game, SEQ errors as JSON, ``latest``,
compact reports, the game log, a CSV sheet that says whether it is final, and a reader that
leaves early (``| head``) without a traceback. Real processes where the process matters."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from cli_process import run

from companion.cli import main

PLAYERS = ("--player", "Amal:blue", "--player", "Bilal:white")
REVEALS = [
    {"kind": "reveal", "cell": [1, 1], "card": "TARGI-GOODS-DATES-1"},
    {"kind": "reveal", "cell": [1, 2], "card": "TARGI-TRIBE-WELL-1"},
]


def cli(capsys: pytest.CaptureFixture[str], db: Path, *args: str) -> tuple[int, Any]:
    code = main(["--db", str(db), *args])
    out = capsys.readouterr().out
    try:
        return code, json.loads(out)
    except json.JSONDecodeError:
        return code, out


@pytest.fixture
def game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[Path, str]:
    db = tmp_path / "games.sqlite3"
    code, created = cli(capsys, db, "game", "new", "targi", *PLAYERS)
    assert code == 0
    return db, created["game_id"]


def test_help_names_every_game_and_any_start_seat() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "companion", "--help"], capture_output=True, text=True, timeout=60
    )
    assert all(name in done.stdout for name in ("Targi", "Tuareg", "Timbuktu"))
    assert "Targi (and Tuareg rules questions)" not in done.stdout
    done = subprocess.run(
        [sys.executable, "-m", "companion", "game", "new", "--help"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert "0 or 1" not in done.stdout and "counted from 0" in done.stdout


@pytest.mark.parametrize("seq", ["x", "1.0", "-1", "", "٣", "9" * 50, "LATEST"])
@pytest.mark.parametrize("verb", ["act", "undo", "redo"])
def test_a_seq_that_is_not_a_number_is_a_json_error_naming_seq(
    game: tuple[Path, str], capsys: pytest.CaptureFixture[str], verb: str, seq: str
) -> None:
    db, game_id = game
    action = [json.dumps(REVEALS[0])] if verb == "act" else []
    code, report = cli(capsys, db, "game", verb, game_id, seq, *action)
    assert code == 2 and report["error"]["code"] == "invalid_value", report
    assert report["error"]["message"].startswith("seq: ")
    assert cli(capsys, db, "game", "show", game_id)[1]["seq"] == 0


def test_a_bad_seq_through_a_real_process_is_json_not_usage_text(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    _code, created = run("game", "new", "targi", *PLAYERS, db=db)
    code, report = run("game", "undo", created["game_id"], "seven", db=db)
    assert code == 2 and report["error"]["message"].startswith("seq: ")


def test_latest_acts_on_the_game_as_the_command_reads_it(
    game: tuple[Path, str], capsys: pytest.CaptureFixture[str]
) -> None:
    db, game_id = game
    for number, reveal in enumerate(REVEALS, 1):
        code, report = cli(capsys, db, "game", "act", game_id, "latest", json.dumps(reveal))
        assert (code, report["seq"]) == (0, number)
    assert cli(capsys, db, "game", "undo", game_id, "latest")[1]["seq"] == 3
    assert cli(capsys, db, "game", "redo", game_id, "latest")[1]["seq"] == 4
    # a number still guards against a stale view
    code, report = cli(capsys, db, "game", "undo", game_id, "3")
    assert (code, report["verdict"]["code"]) == (1, "stale")


def test_compact_reports_leave_the_state_out(
    game: tuple[Path, str], capsys: pytest.CaptureFixture[str]
) -> None:
    db, game_id = game
    code, report = cli(capsys, db, "game", "act", game_id, "0", json.dumps(REVEALS[0]), "--compact")
    assert code == 0
    assert report == {
        "verdict": {"ok": True, "code": "ok", "message": ""},
        "game_id": game_id,
        "game": "targi",
        "seq": 1,
        "over": False,
        "to_move": None,
    }
    code, report = cli(capsys, db, "game", "act", game_id, "0", json.dumps(REVEALS[1]), "--compact")
    assert (code, report["verdict"]["code"], "state" in report) == (1, "stale", False)
    code, report = cli(capsys, db, "game", "undo", game_id, "1", "--compact")
    assert (code, report["seq"], "state" in report) == (0, 2, False)
    full = cli(capsys, db, "game", "redo", game_id, "2")[1]
    assert "state" in full  # without the option, the report is as before


def test_the_log_lists_every_entry_and_what_each_undo_undid(
    game: tuple[Path, str], capsys: pytest.CaptureFixture[str]
) -> None:
    db, game_id = game
    steps: list[tuple[str, ...]] = [
        ("act", json.dumps(REVEALS[0])),
        ("act", json.dumps(REVEALS[1])),
        ("undo",),
        ("undo",),
        ("redo",),
        ("act", json.dumps({"kind": "set_stock", "player": 1, "dates": 3, "salt": 2,
                            "pepper": 2, "gold": 1, "vp": 4})),
    ]  # fmt: skip
    for seq, (verb, *rest) in enumerate(steps):
        assert cli(capsys, db, "game", verb, game_id, str(seq), *rest)[0] == 0
    code, log = cli(capsys, db, "game", "log", game_id)
    assert code == 0 and (log["game_id"], log["game"], log["seq"]) == (game_id, "targi", 6)
    entries = log["entries"]
    assert [e["seq"] for e in entries] == [1, 2, 3, 4, 5, 6]
    assert all(e["time"].startswith("20") for e in entries)
    assert [e["kind"] for e in entries] == [
        "action",
        "action",
        "undo",
        "undo",
        "redo",
        "correction",
    ]
    assert entries[0]["action"] == REVEALS[0] and entries[0]["player"] is None
    assert (entries[2]["undoes"], entries[3]["undoes"], entries[4]["redoes"]) == (2, 1, 1)
    assert [e.get("in_effect") for e in entries] == [True, False, None, None, None, True]
    assert [e.get("correction") for e in entries] == [False, False, None, None, None, True]
    assert entries[5]["player"] == 1
    assert cli(capsys, db, "game", "log", game_id) == (code, log)  # deterministic


def test_the_csv_sheet_says_whether_it_is_final(
    game: tuple[Path, str], capsys: pytest.CaptureFixture[str]
) -> None:
    db, game_id = game
    code, text = cli(capsys, db, "game", "sheet", game_id, "--format", "csv")
    assert code == 0 and "Status,provisional" in text.splitlines()


def test_a_finished_games_csv_sheet_is_final(tmp_path: Path) -> None:
    from companion.rules.scoresheet import Category, build_sheet

    sheet = build_sheet("x", [Category("vp", "VP")], {"a": {"vp": 1}}, [], final=True)
    assert sheet.to_csv().splitlines()[-1] == "Status,final"


def test_a_reader_that_leaves_early_gets_no_traceback(tmp_path: Path) -> None:
    """``table-companion game legal ID | head -1``: the pipe closes before the output is written."""
    db = tmp_path / "games.sqlite3"
    _code, created = run("game", "new", "targi", *PLAYERS, db=db)
    for args in (("game", "legal", created["game_id"]), ("game", "show", created["game_id"])):
        child = subprocess.Popen(
            [sys.executable, "-m", "companion", "--db", str(db), *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        assert child.stdout is not None and child.stderr is not None
        child.stdout.close()  # the reader is gone before the command prints anything
        stderr = child.stderr.read()
        assert child.wait(timeout=60) == 141
        assert stderr == b"", stderr.decode()


def test_a_pipe_through_head_prints_no_traceback(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    _code, created = run("game", "new", "targi", *PLAYERS, db=db)
    command = [sys.executable, "-m", "companion", "--db", str(db), "game", "legal"]
    done = subprocess.run(
        f"{' '.join(command)} {created['game_id']} | head -1",
        shell=True,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.stdout == "[\n" and "Traceback" not in done.stderr, done.stderr


def test_latest_still_refuses_a_change_between_the_commands_read_and_its_write(
    game: tuple[Path, str],
) -> None:
    from companion.cli import games
    from companion.play.session import Session
    from companion.store import Store

    db, game_id = game
    with Store.open(db) as mine, Store.open(db) as theirs:
        reading = Session.resume(mine, game_id)  # the command has read the game ...
        other = Session.resume(theirs, game_id)  # ... when another device logs a move
        assert other.submit(other.rules.parse_action(REVEALS[0]), seq=0, game_id=game_id).verdict.ok
        outcome = games.act(reading, "latest", json.dumps(REVEALS[1]))
        assert (outcome.verdict.ok, outcome.verdict.code) == (False, "stale")
        assert len(mine.load(game_id).entries) == 1
