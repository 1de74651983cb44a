"""A command that names its game loads only what that game needs (issue 27): a ``game act`` on a
Targi game imports no other game's package and never lists the installed packages' games or
commands (reading every package's metadata), while ``--help`` still names every game."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from played_games import record

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
pydantic = "pydantic" in sys.modules
print(json.dumps({"code": code, "groups": groups, "games": loaded, "pydantic": pydantic}),
      file=sys.stderr)
"""


def _probe(*arguments: str, env: dict[str, str] | None = None) -> tuple[str, dict[str, object]]:
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *arguments],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env=env,
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


def test_history_and_stats_load_no_rules_machinery_when_the_results_are_kept(
    tmp_path: Path,
) -> None:
    """``history`` and ``stats`` read the results each game's last entry kept: they load neither
    the games' rules nor pydantic (without a config file there is no schema to check), and print
    the same history as before."""
    db = tmp_path / "table.sqlite3"
    record(db, [("targi", ["Amal", "Bilal"], 0), ("tuareg", ["Amal", "Bilal", "Cleo"], 1)])
    env = {**os.environ, "TABLE_COMPANION_CONFIG": "", "XDG_CONFIG_HOME": str(tmp_path / "none")}
    for command in ("history", "stats"):
        out, seen = _probe("--db", str(db), command, env=env)
        assert seen["code"] == 0, out
        assert seen["pydantic"] is False, command
        assert seen["games"] == [], command
        printed = json.loads(out)
        assert out == json.dumps(printed, indent=2, ensure_ascii=False) + "\n"
        assert (len(printed["plays"]) if command == "history" else printed["plays"]) == 2


def test_a_config_file_is_still_checked_whole_before_a_history(tmp_path: Path) -> None:
    """A config file there is still checked against its schema first (exit 2 naming the key)."""
    config = tmp_path / "config.toml"
    config.write_text("[buttons.confirm]\npin = 99\n")
    done = subprocess.run(
        [sys.executable, "-m", "companion", "--config", str(config), "--db", str(tmp_path / "t.db"),
         "history"],
        capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert done.returncode == 2
    assert "config key buttons.confirm.pin must be between 0 and 27, not 99" in done.stderr
