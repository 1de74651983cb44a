"""One flipped bit can leave a value's bytes whole and change what SQLite says they are (a BLOB
read back as TEXT or the other way round: the low bit of the record header's serial type), or
make a text's bytes stop being UTF-8 (a high bit set), which Python's sqlite3 refuses to read as
text. Neither is a damaged page, so SQLite's own check finds neither.

For each text and blob column of each table of a database of finished and unfinished games of
the three titles: a digest read back as text changes no answer; any other such value never
crashes a command (no traceback, an exit code the CLI documents, JSON on a success) nor the
reads the screens make. The database is built from seeded games and ids, so a failure replays."""

from __future__ import annotations

import contextlib
import json
import shutil
import sqlite3
from collections.abc import Callable
from contextlib import closing
from pathlib import Path

import pytest
import targi_table
from cli_process import invoke
from played_games import Clock, record
from stored_games import seeded_game_ids

from companion.after import history, stats
from companion.play.session import Session
from companion.store import LOCATION, Store, StoreError

FINISHED = [
    ("targi", ["Amal", "Bilal"], 1),
    ("tuareg", ["Ania", "Jürgen", "Łucja"], 2),
    ("timbuktu", ["Begoña", "Zoë", "Ania"], 0),
]
EXIT_CODES = {0, 1, 2, 3}
"""The CLI's exit codes: done, refused, bad input (an unknown game, a damaged one), storage."""


def _unfinished(path: Path) -> str:
    rules = targi_table.RULES
    seats = [{"name": "Amal", "colour": "red"}, {"name": "Ewa", "colour": "blue"}]
    with Store.open(path, clock=Clock()) as store:
        session = Session.create(store, rules, rules.parse_options({"players": seats}))
        for _ in range(6):
            action = rules.legal_actions(session.state)[0]
            assert session.submit(action, seq=session.seq, game_id=session.game_id).verdict.ok
        return session.game_id


def _commands(games: list[str]) -> list[list[str]]:
    return [
        ["history"],
        ["stats"],
        ["game", "list"],
        ["players", "list"],
        ["settings", "list"],
        ["location"],
        ["tags", "list"],
        *(["game", "show", game] for game in games),
        *(["export", game, "--format", "json"] for game in games[:2]),
    ]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    """The database, every table with a row, each command run once (its outputs kept)."""
    path = tmp_path_factory.mktemp("built") / "games.sqlite3"
    with Store.open(path, clock=Clock()) as store:
        store.set_setting(*LOCATION, "Kraków, u Ani")
        store.enrol_tag("0A1B2C3D4E", "TARGI-TRIBE-CAMEL-RIDER-5")
    with seeded_game_ids(20261129):
        games = [*record(path, FINISHED), _unfinished(path)]
    with Store.open(path, clock=Clock()) as store:
        store.keep_refusal(games[-1], 6, "not_your_turn", '{"ok": false}', "en")
    for command in _commands(games):
        assert invoke("--db", str(path), *command)[0] == 0, command
    return path, games


def _columns(path: Path) -> list[tuple[str, str, str, list[str]]]:
    """Every text and blob column: (table, column, declared type, the table's key columns)."""
    with closing(sqlite3.connect(path)) as connection:
        tables = [
            name
            for (name,) in connection.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            )
        ]
        found = []
        for table in tables:
            info = connection.execute(f"PRAGMA table_info({table})").fetchall()
            key = [row[1] for row in sorted(info, key=lambda row: row[5]) if row[5]] or ["rowid"]
            found += [(table, row[1], row[2], key) for row in info if row[2] in ("TEXT", "BLOB")]
        return found


def _damage(
    path: Path, table: str, column: str, key: list[str], kind: str, change: Callable[[bytes], bytes]
) -> int:
    """Put ``change(value)`` in ``column`` of every row of ``table``, as ``kind`` (TEXT or BLOB),
    as flipped bits would: no trigger runs, no constraint is checked. The rows changed."""
    keys = ", ".join(key)
    with closing(sqlite3.connect(path, isolation_level=None)) as connection:
        rows = connection.execute(f"SELECT {keys}, CAST({column} AS BLOB) FROM {table}").fetchall()
        triggers = connection.execute(
            "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = ?", (table,)
        ).fetchall()
        connection.execute("PRAGMA ignore_check_constraints = ON")
        connection.execute("BEGIN")
        for name, _sql in triggers:
            connection.execute(f"DROP TRIGGER {name}")
        where = " AND ".join(f"{name} IS ?" for name in key)
        for *at, value in rows:
            if value is not None:
                connection.execute(
                    f"UPDATE {table} SET {column} = CAST(? AS {kind}) WHERE {where}",
                    (change(value), *at),
                )
        for _name, sql in triggers:
            connection.execute(sql)
        connection.execute("COMMIT")
    return len(rows)


def _same(value: bytes) -> bytes:
    return value


def _not_utf8(value: bytes) -> bytes:
    """``value`` with its first byte's high bit flipped (an ASCII byte becomes one UTF-8 never
    starts a character with)."""
    return bytes([value[0] ^ 0x80]) + value[1:] if value else value


def _answers(path: Path, games: list[str]) -> dict[str, tuple[int, str]]:
    """Each command's exit code and output; a traceback or an exit code the CLI does not
    document is an AssertionError naming the command."""
    found = {}
    for command in _commands(games):
        code, out, err = invoke("--db", str(path), *command)
        assert "Traceback" not in err and code in EXIT_CODES, (command, code, err[-2000:])
        if code == 0 and command[0] != "export":
            json.loads(out)  # a success prints its JSON whole
        found[" ".join(command[:3])] = (code, out)
    return found


def _screens(path: Path) -> None:
    """What the screens read (Home's lists and standings, players, History, Statistics)."""
    with Store.open(path) as store:
        unfinished, finished = store.latest_games(20)
        store.standings((game.id, game.last_seq) for game in unfinished)
        for game in (*unfinished, *finished):  # the players Home names, as Home reads them
            with contextlib.suppress(StoreError):  # a damaged record: listed without them
                store.game_info(game.id)
        store.recent_players()
        history.listing(store)
        stats.of_history(store)


def test_damaged_text_and_blobs_never_crash_and_a_digest_read_as_text_changes_nothing(
    built: tuple[Path, list[str]], tmp_path: Path
) -> None:
    source, games = built
    original = _answers(source, games)
    failures = []
    cases = 0
    for table, column, declared, key in _columns(source):
        kinds = [("TEXT", _same)] if declared == "BLOB" else [("BLOB", _same), ("TEXT", _not_utf8)]
        for kind, change in kinds:
            case = tmp_path / f"{table}-{column}-{kind}-{change.__name__}"
            shutil.copytree(source.parent, case)
            path = case / source.name
            if not _damage(path, table, column, key, kind, change):
                continue
            cases += 1
            where = f"{table}.{column} as {kind}{change.__name__}"
            try:
                answers = _answers(path, games)
                _screens(path)
            except Exception as error:  # each one is a failure, reported
                failures.append(f"{where}: {error!r}"[:600])
                continue
            if declared == "BLOB" and answers != original:
                changed = sorted(name for name in answers if answers[name] != original[name])
                failures.append(f"{where}: the same bytes changed {changed}")
    print(f"\n{cases} damaged values")
    assert cases > 40
    assert not failures, "\n".join(failures)
