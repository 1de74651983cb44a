"""``table-companion serve`` as a person types it: listed in the help, a port out of range or a
database that is not there named with exit 2 or 3 and no traceback; by hand it turns phones on
(writes a token) and prints the join link first."""

from __future__ import annotations

import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from stored_games import not_utf8_table
from web_server import cli, environment, served

from companion.installation import phones
from companion.store import Store


def test_serve_is_a_command_of_table_companion(tmp_path: Path) -> None:
    done = cli(tmp_path / "games.sqlite3", tmp_path, "--help")
    assert done.returncode == 0 and "serve" in done.stdout
    done = cli(tmp_path / "games.sqlite3", tmp_path, "serve", "--help")
    assert done.returncode == 0 and "--port" in done.stdout and "--host" in done.stdout


def test_a_bad_port_or_no_database_is_named_and_nothing_is_written(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    done = cli(db, tmp_path, "serve", "--port", "70000")
    assert done.returncode == 2 and "--port" in done.stderr and "Traceback" not in done.stderr
    done = cli(db, tmp_path, "serve", "--port", "eighty")
    assert done.returncode == 2 and "--port" in done.stderr
    done = cli(db, tmp_path, "serve", "--port", "0")
    assert done.returncode == 3 and "no game database" in done.stderr
    assert "Traceback" not in done.stderr
    assert not db.exists() and phones.read_token(db) is None


def test_by_hand_serve_turns_phones_on_and_prints_the_join_link_first(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    Store.open(db).close()
    assert phones.read_token(db) is None
    with served(db, tmp_path) as server:
        assert server.link == phones.join_link("127.0.0.1", server.port, server.token)
        assert phones.read_token(db) == server.token


def test_serve_starts_without_the_rest_of_the_command_line(tmp_path: Path) -> None:
    """The web process does not carry every command's parser and module, nor the config's schema
    (its memory budget): ``serve`` is parsed on its own parser, the table's options before or
    after it, ``--lang`` too."""
    db = tmp_path / "games.sqlite3"
    probe = (
        "import sys\n"
        "from companion.cli import start\n"
        "code = start.main(sys.argv[1:])\n"
        "loaded = [m for m in ('companion.cli.dispatch', 'companion.installation.config_schema') "
        "if m in sys.modules]\n"
        "print(code, loaded, file=sys.stderr)\n"
    )
    for args in (
        ["--db", str(db), "serve", "--port", "70000"],
        ["serve", "--port", "70000", "--db", str(db), "--lang", "de"],
    ):
        done = subprocess.run(
            [sys.executable, "-c", probe, *args],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
            env=environment(tmp_path),
        )
        assert done.stderr.splitlines()[-1] == "2 []", done.stderr
        assert "--port: expected 0 to 65535, got 70000" in done.stderr
    assert not db.exists()


def test_text_that_is_not_utf8_is_shown_replaced_and_every_page_still_answers(
    tmp_path: Path,
) -> None:
    """Flipped high bits (no page damaged) in the newest game's title and time of change,
    another game's id and a player's name: the join link falls back to the games list, which
    shows them with U+FFFD; ``/api/games`` gives the bytes ``game list`` prints; no traceback.
    Before: 404 for the join link, 500 for the list and the API."""
    db = tmp_path / "games.sqlite3"
    finished, named, titled = not_utf8_table(db)
    with served(db, tmp_path) as server:
        pages = {}
        for path in ("/", "/games", "/history", "/stats", f"/game/{finished}", "/api/games"):
            with urllib.request.urlopen(f"{server.base}{path}?t={server.token}", timeout=10) as got:
                pages[path] = got.read()
        with pytest.raises(urllib.error.HTTPError) as missing:
            urllib.request.urlopen(f"{server.base}/game/{titled}?t={server.token}", timeout=10)
        assert missing.value.code == 404
        server.process.terminate()
        _out, err = server.process.communicate(timeout=10)
    assert "Traceback" not in err, err
    for listed in (pages["/"].decode(), pages["/games"].decode()):
        assert "\ufffdargi" in listed and f"\ufffd{named[1:]}" in listed
    assert b'"game_id": "\xc1' + named[1:].encode() in pages["/api/games"]  # as game list prints
    assert "Amal" in pages["/history"].decode() and "\ufffd" not in pages["/history"].decode()
