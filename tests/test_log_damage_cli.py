"""A damaged game log through the real ``table-companion`` process: the game shows its last sound
entry with a ``damaged`` notice and refuses changes (exit 1, ``log_damaged``); the other games on the
same database are untouched; no traceback ever."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from stored_games import play_games, rechain, sql

ENTRIES = 12


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    path = tmp_path_factory.mktemp("template") / "companion.sqlite3"
    return path, play_games(path, games=2, entries=ENTRIES, seed=13)


def cli(db: Path, *args: str) -> tuple[int, Any, str]:
    """Exit code, the JSON printed, and stderr, of one real process."""
    done = subprocess.run(
        [sys.executable, "-m", "companion", "--db", str(db), *args],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert "Traceback" not in done.stdout + done.stderr, done.stderr
    return done.returncode, json.loads(done.stdout), done.stderr


CASES = {
    # name: (statements, rechained, the first entry not used, words of the reason)
    "parse failure": (
        ["UPDATE log SET payload = '{\"kind\":\"jump\"}' WHERE game_id = :g AND seq = 5"],
        True, 5, "no longer applies",
    ),
    "apply failure": (
        ["UPDATE log SET payload = (SELECT payload FROM log WHERE game_id = :g AND seq = 3) "
         "WHERE game_id = :g AND seq = 4"],
        True, 4, "no longer applies",
    ),
    "seq gap": (["DELETE FROM log WHERE game_id = :g AND seq = 6"], True, 6, "entry 6 is missing"),
    "undo with nothing to undo": (
        ["UPDATE log SET kind = 'undo', payload = '{}' WHERE game_id = :g AND seq = 1"],
        True, 1, "nothing to undo",
    ),
    "invalid UTF-8 payload": (
        ["UPDATE log SET payload = CAST(x'7b226b696e64223a22ff227d' AS TEXT) "
         "WHERE game_id = :g AND seq = 7"],
        True, 7, "not valid UTF-8",
    ),
    "altered entry (hash chain)": (
        ["UPDATE log SET created_at = '2020-01-01' WHERE game_id = :g AND seq = 8"],
        False, 8, "altered",
    ),
    "lost last entries (tail)": (
        [f"DELETE FROM log WHERE game_id = :g AND seq > {ENTRIES - 3}"],
        False, ENTRIES - 2, f"entries {ENTRIES - 2} to {ENTRIES} are missing",
    ),
}  # fmt: skip


@pytest.mark.parametrize("case", CASES)
def test_damaged_log_shows_last_sound_entry_and_refuses_changes(
    template: tuple[Path, list[str]], tmp_path: Path, case: str
) -> None:
    statements, rechained, at_seq, reason = CASES[case]
    source, (damaged, sound) = template
    db = tmp_path / "companion.sqlite3"
    shutil.copy(source, db)
    for statement in statements:
        sql(db, statement.replace(":g", f"'{damaged}'"))
    if rechained:
        rechain(db)

    code, shown, _err = cli(db, "game", "show", damaged)
    assert code == 0
    assert shown["seq"] == at_seq - 1
    assert shown["damaged"]["at_seq"] == at_seq and reason in shown["damaged"]["reason"]

    action = json.dumps({"kind": "place", "player": 0, "card": 5})  # well-formed
    code, refused, _err = cli(db, "game", "act", damaged, str(at_seq - 1), action)
    assert code == 1
    assert refused["verdict"]["code"] == "log_damaged"
    assert f"from entry {at_seq} on" in refused["verdict"]["message"]
    assert refused["seq"] == at_seq - 1 and refused["damaged"] == shown["damaged"]
    assert cli(db, "game", "undo", damaged, str(at_seq - 1))[:2][0] == 1
    assert cli(db, "game", "legal", damaged)[:2] == (0, [])
    assert cli(db, "game", "sheet", damaged)[0] == 0

    code, other, _err = cli(db, "game", "show", sound)
    assert code == 0 and "damaged" not in other and other["seq"] == ENTRIES
    code, legal, _err = cli(db, "game", "legal", sound)
    code, accepted, _err = cli(db, "game", "act", sound, str(ENTRIES), json.dumps(legal[0]))
    assert code == 0 and accepted["seq"] == ENTRIES + 1
    code, listed, _err = cli(db, "game", "list")
    assert code == 0 and {g["game_id"] for g in listed} == {damaged, sound}


@pytest.mark.parametrize(
    ("statement", "words"),
    [
        ("UPDATE games SET game = 'chess' WHERE id = :g", "unknown game 'chess'"),
        ("UPDATE games SET options = '{\"players\": 3}' WHERE id = :g", "players"),
    ],
)
def test_game_that_cannot_be_set_up_is_refused_with_log_damaged(
    template: tuple[Path, list[str]], tmp_path: Path, statement: str, words: str
) -> None:
    source, (damaged, sound) = template
    db = tmp_path / "companion.sqlite3"
    shutil.copy(source, db)
    sql(db, statement.replace(":g", f"'{damaged}'"))
    rechain(db)  # damage from before the hash chain: only setting the game up finds it
    for verb in ("show", "legal", "sheet"):
        code, answer, _err = cli(db, "game", verb, damaged)
        assert code == 1
        assert answer["error"]["code"] == "log_damaged"
        assert words in answer["error"]["message"] and damaged in answer["error"]["message"]
    assert cli(db, "game", "show", sound)[0] == 0


def test_game_record_altered_after_the_chain_is_refused(
    template: tuple[Path, list[str]], tmp_path: Path
) -> None:
    source, (damaged, sound) = template
    db = tmp_path / "companion.sqlite3"
    shutil.copy(source, db)
    sql(db, f"UPDATE games SET game = 'tuareg' WHERE id = '{damaged}'")
    code, answer, _err = cli(db, "game", "show", damaged)
    assert code == 1 and answer["error"]["code"] == "log_damaged"
    assert "its kind and options" in answer["error"]["message"]
    assert cli(db, "game", "show", sound)[0] == 0
