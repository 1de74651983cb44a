"""A fourth game plugs in through its spec alone: ``tests/wells_game`` is installed as its own
distribution into a folder on a process's path (:mod:`plugin_game`: as ``pip install`` would leave
it, with the entry points its ``pyproject.toml`` declares), and then the command line tracks it,
answers its rules questions, keeps its settings and gives its own rulings, explanations and
reference; the app starts it from Home on its own screen (or, without its UI entry, the generic
one), where the seat and next buttons mean what its spec says; Settings shows its own section
beside Tuareg's; and the layout audit tours it, its Rules, its cards and its section in Settings.
No module of the app names it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import plugin_game
import pytest
from registered_games import plugged_in


@pytest.fixture(scope="module")
def plugin_env(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """An environment whose Python finds the game as an installed plug-in (and not in tests/)."""
    return plugin_game.environment(plugin_game.install(tmp_path_factory.mktemp("site")))


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

    from hardware.events import ButtonHeld, ButtonPressed
    from ui.screens.generic import GenericGameScreen

    with plugged_in("wells"), running_app(tmp_path / "games.sqlite3") as h:
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


def test_the_cli_gives_a_plugged_in_games_own_rulings_explanations_and_reference(
    tmp_path: Path, plugin_env: dict[str, str]
) -> None:
    db = tmp_path / "games.sqlite3"
    code, rulings = cli(plugin_env, db, "rules", "rulings", "wells")
    assert code == 0 and [r["id"] for r in rulings["rulings"]] == ["first_to_target"]
    assert rulings["rulings"][0]["source"]["book"] == "Wells rule sheet"
    code, why = cli(plugin_env, db, "rules", "explain", "wells", "too_many")
    assert code == 0 and why["title"] == "Three buckets at most"
    assert why["source"] == {"book": "Wells rule sheet", "section": "A turn at the well", "page": 1}
    code, why = cli(plugin_env, db, "rules", "explain", "wells", "not_your_turn")  # a shared code
    assert code == 0 and why["title"] == "Not your turn"
    code, reference = cli(plugin_env, db, "rules", "reference", "wells")
    assert code == 0
    sections = {s["id"]: s["codes"] for s in reference["sections"]}
    assert list(sections) == ["setup", "turn", "end", "app"]
    assert sections["turn"] == ["drawn", "no_draw", "too_many"]
    assert "not_your_turn" in sections["app"]
    code, refused = cli(plugin_env, db, "rules", "explain", "wells", "opposite")
    assert code == 2 and refused["error"]["code"] == "unknown_code"


def test_the_app_shows_a_plugged_in_games_own_screen_rules_and_cards(tmp_path: Path) -> None:
    from ui_harness import running_app
    from wells_game.screen import WellsScreen

    with plugged_in("wells"), running_app(tmp_path / "games.sqlite3") as h:
        h.screen.ids.game.text = "wells"
        h.screen.start()
        h.frames()
        screen = h.screen
        assert isinstance(screen, WellsScreen) and screen.name == "game-wells"
        assert screen.ids.summary.text == "Player 1: 0 of 10 buckets\nPlayer 2: 0 of 10 buckets"
        table = screen.table
        assert table is not None
        table.submit(table.legal_actions()[2], seq=table.seq)
        h.frames()
        assert screen.ids.summary.text.startswith("Player 1: 3 of 10 buckets")

        screen.ids.bar.ids.rules.dispatch("on_release")
        h.frames()
        rules = h.screen
        assert rules.name == "rules" and rules.heading == "Rules: Wells"
        assert [b.text for b in rules.ids.sections.children[::-1]] == [
            "Setting up",
            "A turn at the well",
            "The end of the game",
            "The app's own rules",
        ]
        assert rules.section == "turn"  # the moment's: Ada has drawn

        h.app.unknown_tag("0A1B2C3D4E")
        h.frames()
        settings = h.screen
        assert settings.name == "settings" and "Wells" in settings.ids.enrol_game.values
        settings.ask_enrol("0A1B2C3D4E", "wells")
        h.frames()
        assert settings.ids.enrol_game.text == "Wells"
        chips = sorted(b.payload for b in settings.ids.enrol_cards.children)
        assert chips == ["WELLS-BUCKET-1", "WELLS-BUCKET-2"]


def test_the_layout_audit_tours_a_plugged_in_game(
    plugin_env: dict[str, str], tmp_path: Path
) -> None:
    states = "wells_turn,rules_wells,settings_wells_cards,settings_wells_target"
    command = [sys.executable, "-m", "ui.audit.run", "--size", "800x480", "--states", states]
    done = subprocess.run(
        [*command, "--out", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=300,
        env=plugin_env,
        check=False,
    )
    report = json.loads((tmp_path / "report.json").read_text())
    assert report["states"] == states.split(",") and report["skipped"] == []
    assert report["problems"] == [], report["problems"]
    assert done.returncode == 0, done.stderr[-2000:]
    assert sorted(p.stem for p in tmp_path.glob("*.png")) == sorted(states.split(","))
    # without the game installed the audit knows no such states
    done = subprocess.run(
        [*command, "--out", str(tmp_path / "none")],
        capture_output=True,
        text=True,
        timeout=300,
        env=dict(os.environ),
        check=False,
    )
    assert done.returncode == 2 and "unknown wells_turn" in done.stderr


def test_a_plugged_in_screen_that_does_not_load_leaves_the_game_on_the_generic_screen(
    caplog: pytest.LogCaptureFixture,
) -> None:
    import ui.games
    from ui.screens.generic import GenericGameScreen

    for target in ("wells_game.nowhere:WellsScreen", "wells_game.spec:SPEC"):
        ui.games.register(ui.games.GameUI(game="wells", screen=target))
        try:
            assert ui.games.screen_class("wells") is GenericGameScreen
        finally:
            ui.games.unregister("wells")
        assert f"wells's screen {target} does not load" in caplog.text


def test_settings_show_a_plugged_in_games_own_section_one_at_a_time(tmp_path: Path) -> None:
    """The game's UI entry contributes a section (its target): Settings shows one section at a
    time, chosen by its game's chip, and the section saves under the game's own check."""
    from ui_harness import running_app, tap_text

    with plugged_in("wells"), running_app(tmp_path / "games.sqlite3") as h:
        tap_text(h, "Settings")
        screen = h.screen
        assert list(screen.sections) == ["tuareg", "wells"]
        chips, wells = screen.section_chips, screen.sections["wells"]
        assert [c.text for c in chips.values()] == ["Tuareg", "Wells"]
        assert chips["tuareg"].chosen and list(screen.ids.sections.children) == [
            screen.sections["tuareg"]
        ]
        h.tap(chips["wells"])
        assert chips["wells"].chosen and not chips["tuareg"].chosen
        assert list(screen.ids.sections.children) == [wells] and wells.target.value == 10
        h.tap(wells.target.ids.up)
        h.tap(wells.save)
        assert screen.message == "Saved."
        assert h.app.store.get_setting("wells", "target") == 11


def test_a_plugged_in_section_that_does_not_load_leaves_the_rest_of_settings(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    import ui.games
    from companion.store import Store
    from ui.screens.settings import game_sections

    with Store.open(tmp_path / "games.sqlite3") as store:
        for target in ("wells_game.nowhere:WellsSettings", "wells_game.spec:SPEC"):
            entry = ui.games.GameUI(game="wells", screen="x:Y", settings=target)
            ui.games.register(entry)
            try:
                assert list(game_sections(store, print)) == ["tuareg"]
            finally:
                ui.games.unregister("wells")
            assert f"wells's section of Settings {target} does not load" in caplog.text
