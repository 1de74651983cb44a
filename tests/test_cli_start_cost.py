"""A command that names its game loads only what that game needs (issue 27): a ``game act`` on a
Targi game imports no other game's package and never lists the installed packages' games or
commands (reading every package's metadata), while ``--help`` still names every game."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

PROBE = """
import importlib.metadata, json, sys
groups = []
listing = importlib.metadata.entry_points
def recorded(**params):
    groups.append(params.get("group"))
    return listing(**params)
importlib.metadata.entry_points = recorded
from companion.cli import main
code = main(sys.argv[1:])
loaded = sorted({m.split(".")[2] for m in sys.modules if m.startswith("companion.games.")})
print(json.dumps({"code": code, "groups": groups, "games": loaded}), file=sys.stderr)
"""


def _probe(*arguments: str) -> tuple[str, dict[str, object]]:
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *arguments],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    return done.stdout, json.loads(done.stderr.strip().splitlines()[-1])


def test_a_game_act_loads_its_own_game_only_and_lists_no_installed_package(tmp_path: Path) -> None:
    db = str(tmp_path / "table.sqlite3")
    out, seen = _probe(
        "--db", db, "game", "new", "targi", "--player", "Amal:red", "--player", "Bilal:blue"
    )
    game_id = json.loads(out)["game_id"]
    action = '{"kind": "reveal", "cell": [1, 1], "card": "TARGI-GOODS-2DATES"}'
    out, seen = _probe("--db", db, "game", "act", game_id, "0", action, "--compact")
    assert seen["code"] == 0
    assert json.loads(out) == {
        "verdict": {"ok": True, "code": "ok", "message": ""},
        "game_id": game_id,
        "game": "targi",
        "seq": 1,
        "over": False,
        "to_move": None,
    }
    assert seen["games"] == ["targi"]
    assert "table_companion.games" not in seen["groups"]
    assert "table_companion.commands" not in seen["groups"]


def test_the_help_of_a_command_still_names_every_game() -> None:
    for command in (["labels"], ["history"], ["settings", "get"], ["game", "new"]):
        done = subprocess.run(
            [sys.executable, "-m", "companion", *command, "--help"],
            capture_output=True,
            text=True,
            timeout=60,
            check=True,
        )
        assert "targi, timbuktu, tuareg" in " ".join(done.stdout.split()), command
