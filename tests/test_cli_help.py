"""The command line as a person reads it: help for every argument, each form of ``rules`` on its
own, an error shown with the usage of the command it was given to, ``--version``, ``--db`` and
``--config`` after the command, UTF-8 JSON, and input errors in the table's language."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

import pytest
from cli_process import run

from companion.cli import commands as installed_commands
from companion.cli import dispatch
from companion.cli import main as cli_main


def _parsers() -> list[tuple[str, argparse.ArgumentParser]]:
    root = dispatch._parser(installed_commands.installed())
    return [(parser.prog, parser) for parser in dispatch.every_parser(root)]


def test_every_positional_argument_of_every_command_has_help() -> None:
    parsers = _parsers()
    assert len(parsers) > 30  # every command and sub-command, rules' forms and added ones too
    silent = [
        f"{prog} {action.dest}"
        for prog, parser in parsers
        for action in parser._actions
        if not action.option_strings
        and not isinstance(action, argparse._SubParsersAction)
        and not action.help
    ]
    assert silent == []


@pytest.mark.parametrize(
    ("form", "expected"),
    [
        ("explain", "a verdict's code"),
        ("rulings", "how the app rules"),
        ("reference", "--section"),
        ("targi", "the question's name"),
    ],
)
def test_each_form_of_rules_has_its_own_help(
    form: str, expected: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        cli_main(["rules", form, "--help"])
    out = capsys.readouterr().out
    assert stopped.value.code == 0
    assert out.startswith("usage: table-companion rules ")
    assert expected in out


def test_an_unknown_option_after_a_command_shows_that_commands_usage(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as stopped:
        cli_main(["game", "show", "abc", "--bogus"])
    err = capsys.readouterr().err
    assert stopped.value.code == 2
    assert err.startswith("usage: table-companion game show ")
    assert "unrecognized arguments: --bogus" in err


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        cli_main(["--version"])
    assert stopped.value.code == 0
    assert capsys.readouterr().out.startswith("table-companion ")


def test_db_after_the_command_is_the_database_used(tmp_path: Path) -> None:
    after = tmp_path / "after.sqlite3"
    code, new = run(
        "game", "new", "targi", "--player", "A:red", "--player", "B:blue", "--db", str(after)
    )
    assert code == 0 and after.exists()
    code, listed = run("game", "list", "--db", str(after))
    assert [game["game_id"] for game in listed] == [new["game_id"]]
    code, listed = run("--db", str(tmp_path / "other.sqlite3"), "game", "list", "--db", str(after))
    assert [game["game_id"] for game in listed] == [new["game_id"]]  # given after it, it wins


@pytest.mark.parametrize("encoding", [None, "ascii", "latin-1"])  # the locale's, or another
def test_json_is_printed_as_utf8_and_reads_the_same(encoding: str | None) -> None:
    env = {"PATH": "/usr/bin:/bin", "LANG": "C", "PYTHONPATH": str(Path(__file__).parents[1])}
    if encoding is not None:
        env["PYTHONIOENCODING"] = encoding
    done = subprocess.run(
        [sys.executable, "-m", "companion", "--lang", "pl", "rules", "explain", "targi", "robber"],
        capture_output=True,
        timeout=60,
        env=env,
    )
    assert done.returncode == 0, done.stderr
    assert "złodzieja".encode() in done.stdout
    assert b"\\u0142" not in done.stdout
    assert "złodzieja" in json.loads(done.stdout)["title"]


def test_input_errors_speak_the_tables_language_and_keep_code_and_path(tmp_path: Path) -> None:
    db = tmp_path / "g.sqlite3"
    _, new = run("game", "new", "targi", "--player", "A:red", "--player", "B:blue", db=db)
    action = '{"kind": "place", "player": 0, "card": 5, "x": 1}'
    code, out = run("--lang", "de", "game", "act", new["game_id"], "0", action, db=db)
    assert code == 2
    assert out["error"] == {"code": "unknown_field", "message": "place.x: Hier unbekanntes Feld"}
    code, out = run(
        "game",
        "act",
        new["game_id"],
        "0",
        '{"kind": "place", "player": "0", "card": 5}',
        "--lang",
        "pl",
        db=db,
    )
    assert (code, out["error"]["code"]) == (2, "invalid_value")
    assert out["error"]["message"] == "place.player: Wartość powinna być liczbą całkowitą"


def test_a_malformed_with_is_exit_2_naming_its_field(tmp_path: Path) -> None:
    db = tmp_path / "g.sqlite3"
    _, new = run("game", "new", "tuareg", "--player", "A:red", "--player", "B:blue", db=db)
    gid = new["game_id"]
    code, _ = run("game", "scan", gid, "0", "TUAREG-GOOD-WATER", "TUAREG-GOOD-GOLD", db=db)
    assert code == 0
    for given, expected in (
        ('{"kind": "load", "onto": "camel-1"}', ("invalid_value", "with.onto: ")),
        ('{"onto": "camel-1"}', ("invalid_value", "with.onto: ")),
        ('{"kind": "take_market", "pen": 3}', ("unknown_field", "with.pen: ")),
        ('{"kind": "fly"}', ("invalid_value", "with.kind: ")),
    ):
        code, out = run("game", "scan", gid, "1", "TUAREG-GOOD-WATER", "--with", given, db=db)
        assert code == 2, (given, out)
        assert out["error"]["code"] == expected[0]
        assert out["error"]["message"].startswith(expected[1])
    onto = '{"kind": "take_market", "onto": {"animal": "camel", "number": 1}}'
    code, out = run("game", "scan", gid, "1", "TUAREG-GOOD-WATER", "--with", onto, db=db)
    assert code == 0 and out["action"]["onto"] == {"animal": "camel", "number": 1}


def test_export_without_an_id_or_history_says_what_is_missing(tmp_path: Path) -> None:
    code, out = run("export", "--format", "csv", db=tmp_path / "g.sqlite3")
    assert code == 2
    assert out["error"]["message"] == "export: name a GAME_ID (game list shows them) or --history"


def test_a_bare_word_setting_hints_at_quotes(tmp_path: Path) -> None:
    code, out = run("settings", "set", "timbuktu", "variant", "dealt", db=tmp_path / "g.sqlite3")
    assert (code, out["error"]["code"]) == (2, "malformed_json")
    assert "a string is JSON in double quotes: '\"dealt\"'" in out["error"]["message"]


def test_settings_help_names_every_key(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli_main(["settings", "get", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "tuareg: dinars, values" in out
    assert "timbuktu: caravans, layouts, leftovers_removed, variant" in out
