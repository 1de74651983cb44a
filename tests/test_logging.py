"""What the journal gets: the decisions and the I/O worth a line, through stdlib logging, and
nothing on a command's stderr at the default level."""

from __future__ import annotations

import json
import logging
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import main
from companion.installation.config import load_config
from hardware.buttons import ButtonGesture
from hardware.events import EventQueue
from hardware.scanner.parser import ScanParser
from hardware.scanner.protocols import rdm6300_frame

PLAYERS = ("--player", "Amal:blue", "--player", "Bilal:white")


def messages(caplog: pytest.LogCaptureFixture, logger: str) -> list[str]:
    return [record.getMessage() for record in caplog.records if record.name == logger]


def test_cli_commits_and_refusals_are_logged(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="companion.cli.games")
    db = str(tmp_path / "games.sqlite3")
    assert main(["--db", db, "game", "new", "targi", *PLAYERS]) == 0
    game_id = json.loads(capsys.readouterr().out)["game_id"]
    reveal = '{"kind": "reveal", "cell": [1, 1], "card": "TARGI-GOODS-DATES-1"}'
    assert main(["--db", db, "game", "act", game_id, "0", reveal]) == 0
    assert main(["--db", db, "game", "act", game_id, "0", reveal]) == 1  # stale now
    assert main(["--db", db, "game", "undo", game_id, "1"]) == 0
    assert messages(caplog, "companion.cli.games") == [
        f"game {game_id}: new targi game, 2 players",
        f"game {game_id}: reveal committed as seq 1",
        f"game {game_id}: reveal refused (stale)",
        f"game {game_id}: undo committed as seq 2",
    ]


def test_a_command_prints_no_log_lines_at_the_default_level(tmp_path: Path) -> None:
    db = str(tmp_path / "g.sqlite3")
    argv = [sys.executable, "-m", "companion", "--db", db, "game", "new", "targi", *PLAYERS]
    done = subprocess.run(argv, capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0
    assert done.stderr == ""


def test_the_config_in_effect_is_logged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.delenv("TABLE_COMPANION_DB", raising=False)
    caplog.set_level(logging.DEBUG, logger="companion.installation.config")
    path = tmp_path / "config.toml"
    path.write_text('[storage]\ndatabase = "g.sqlite3"\n[buttons.confirm]\npin = 4\n')
    load_config(path)
    assert messages(caplog, "companion.installation.config") == [
        f"config: {path}; database {tmp_path / 'g.sqlite3'}; 1 buttons; scanner none"
    ]


def test_scanner_resyncs_and_rejections_are_logged_at_debug(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.DEBUG, logger="hardware.scanner")
    parser = ScanParser("rdm6300", repeat_gap=1.0)
    frame = rdm6300_frame("0400E1A2B3")
    reads = parser.feed(b"junk" + frame + frame[:-1] + b"X", now=0.0)
    assert [read.kind for read in reads] == ["tag", "rejected"]
    logged = " / ".join(record.getMessage() for record in caplog.records)
    assert "rdm6300: resynchronised, 4 bytes before a frame start dropped" in logged
    assert "rdm6300 frame rejected (bad_frame)" in logged
    assert all(record.levelno == logging.DEBUG for record in caplog.records)


def test_button_gestures_are_logged_at_debug(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG, logger="hardware")
    now = [0.0]
    gesture = ButtonGesture(
        "next", EventQueue(), hold_time=2.0, bounce_time=0.02, clock=lambda: now[0]
    )
    gesture.press()
    now[0] = 0.01
    gesture.press()  # contact bounce
    now[0] = 0.5
    gesture.release()
    assert messages(caplog, "hardware.buttons") == [
        "button next: bounce ignored",
        "button next: tapped",
    ]
    assert any(m.startswith("event: ButtonPressed") for m in messages(caplog, "hardware.events"))
