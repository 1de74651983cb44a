"""A fourth game plugs in through its spec alone: ``tests/wells_game`` is installed for a process by
an entry point (a ``*.dist-info`` directory on the path, as ``pip install`` would leave it), and then
the command line tracks it, answers its rules questions and keeps its settings, and the app starts it
from Home on the generic screen, where the seat and next buttons mean what its spec says. No module
of the app names it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

TESTS = Path(__file__).resolve().parent


@pytest.fixture
def plugin_env(tmp_path: Path) -> dict[str, str]:
    """An environment whose Python finds the game as an installed plug-in."""
    site = tmp_path / "site"
    info = site / "wells_game-0.1.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: wells-game\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(
        "[table_companion.games]\nwells = wells_game.spec:SPEC\n"
    )
    paths = [str(site), str(TESTS), os.environ.get("PYTHONPATH", "")]
    return {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in paths if p)}


def cli(env: dict[str, str], db: Path, *args: str, stdin: str = "") -> tuple[int, Any]:
    done = subprocess.run(
        [sys.executable, "-m", "companion", "--db", str(db), *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
        check=False,
    )
    try:
        return done.returncode, json.loads(done.stdout)
    except json.JSONDecodeError:
        return done.returncode, done.stdout + done.stderr


def test_the_cli_tracks_asks_and_keeps_settings_for_a_plugged_in_game(
    tmp_path: Path, plugin_env: dict[str, str]
) -> None:
    db = tmp_path / "games.sqlite3"
    players = ("--player", "Ada:red", "--player", "Ben:blue")
    code, game = cli(plugin_env, db, "game", "new", "wells", *players)
    assert code == 0 and game["game"] == "wells", game
    game_id, seq = game["game_id"], game["seq"]
    code, legal = cli(plugin_env, db, "game", "legal", game_id)
    assert code == 0 and [x["buckets"] for x in legal] == [1, 2, 3]

    draw = {"kind": "draw", "player": 0, "buckets": 5}
    code, refused = cli(plugin_env, db, "game", "act", game_id, str(seq), json.dumps(draw))
    assert code == 1 and refused["verdict"]["code"] == "too_many"
    draw["buckets"] = 3
    code, done = cli(plugin_env, db, "game", "act", game_id, str(seq), json.dumps(draw))
    assert code == 0 and done["state"]["players"][0]["buckets"] == 3
    end = json.dumps({"kind": "end_turn", "player": 0})
    code, done = cli(plugin_env, db, "game", "act", game_id, "latest", end, "--compact")
    assert code == 0 and (done["seq"], done["to_move"]) == (seq + 2, 1)
    code, shown = cli(plugin_env, db, "game", "show", game_id)
    assert code == 0 and shown["state"]["to_move"] == 1
    code, sheet = cli(plugin_env, db, "game", "sheet", game_id, "--format", "csv")
    assert code == 0 and "Buckets" in sheet and "Ada" in sheet

    code, answer = cli(plugin_env, db, "rules", "wells", "needed", stdin='{"buckets": 4}')
    assert (code, answer) == (0, {"turns": 2, "target": 10})
    code, stored = cli(plugin_env, db, "settings", "set", "wells", "target", "7")
    assert (code, stored) == (0, {"game": "wells", "key": "target", "value": 7})
    code, answer = cli(plugin_env, db, "rules", "wells", "needed", stdin='{"buckets": 4}')
    assert (code, answer) == (0, {"turns": 1, "target": 7})
    code, refused = cli(plugin_env, db, "settings", "set", "wells", "target", '"7"')
    assert code == 2 and refused["error"]["message"].startswith("target: ")
    code, listed = cli(plugin_env, db, "settings", "list")
    assert code == 0 and listed["wells"] == {"target": 7}
    code, later = cli(plugin_env, db, "game", "new", "wells", *players)
    assert code == 0 and later["state"]["target"] == 7

    # The same command without the plug-in installed knows no such game, and says so.
    code, unknown = cli(dict(os.environ), db, "game", "new", "wells", *players)
    assert code == 2 and unknown["error"]["code"] == "unknown_game"


def test_the_app_starts_a_plugged_in_game_on_the_generic_screen(tmp_path: Path) -> None:
    from ui_harness import running_app
    from wells_game.spec import SPEC

    from companion.registry import GAMES, register
    from hardware.events import ButtonHeld, ButtonPressed
    from ui.screens.generic import GenericGameScreen

    if "wells" not in GAMES:
        register(SPEC)
    with running_app(tmp_path / "games.sqlite3") as h:
        assert "wells" in h.screen.ids.game.values
        h.screen.ids.game.text = "wells"
        assert len(h.screen.seats()) == SPEC.min_players
        for _ in range(SPEC.max_players - SPEC.min_players):
            h.screen.add_player()
        h.screen.add_player()  # one too many: the spec's most
        assert "at most 4 players" in h.screen.message
        h.screen.start()
        h.frames()
        screen = h.screen
        assert isinstance(screen, GenericGameScreen) and screen.name == "game-wells"
        table = screen.table
        assert table is not None and table.rules.name == "wells"

        h.app.handle(ButtonPressed(button="seat1"))  # no draw yet: the rules refuse
        assert table.refusal is not None and table.refusal.code == "no_draw"
        table.submit(table.legal_actions()[1], seq=table.seq)
        h.app.handle(ButtonPressed(button="seat1"))  # the spec's turn end, for seat 1
        assert table.refusal is None and table.state.to_move == 1
        h.app.handle(ButtonHeld(button="next"))
        assert table.refusal is not None and table.refusal.code == "no_stage_end"
        assert "Wells has no stage to end" in table.refusal.message
