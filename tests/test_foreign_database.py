"""Another program's SQLite file at the database's path (issue 25.11): refused, left as it is and
named, never moved aside and replaced, unless the table asks (``--take-over-database``). Real
SQLite files, the command line as a real process."""

from __future__ import annotations

import hashlib
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest
from cli_process import run

from companion.store import StorageUnavailableError, Store

FOREIGN = {
    "a photo catalogue": (
        ["CREATE TABLE photos (id INTEGER PRIMARY KEY, path TEXT)", "CREATE TABLE albums (x)"],
        "tables albums, photos",
    ),
    "a GeoPackage": (
        ["PRAGMA application_id = 1196444487", "CREATE TABLE gpkg_contents (table_name TEXT)"],
        "application id 0x47504b47: a GeoPackage; tables gpkg_contents",
    ),
    "an app with its own settings and log tables and id": (
        ["PRAGMA application_id = 305419896", "CREATE TABLE log (x)", "CREATE TABLE settings (y)"],
        "application id 0x12345678; tables log, settings",
    ),
    "an empty file of a versioned app": (["PRAGMA user_version = 7"], "user version 7"),
    "many tables": (
        [f"CREATE TABLE t{n} (x)" for n in range(8)],
        "tables t0, t1, t2, t3, t4 and 3 more",
    ),
}


def _make(path: Path, statements: list[str]) -> str:
    with closing(sqlite3.connect(path, isolation_level=None)) as connection:
        for statement in statements:
            connection.execute(statement)
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _beside(path: Path) -> list[str]:
    return sorted(p.name for p in path.parent.iterdir())


@pytest.mark.parametrize("what", FOREIGN)
def test_another_program_s_database_is_refused_and_left_as_it_is(tmp_path: Path, what: str) -> None:
    statements, owner = FOREIGN[what]
    db = tmp_path / "companion.sqlite3"
    digest = _make(db, statements)

    with pytest.raises(StorageUnavailableError) as refused:
        Store.open(db)
    assert refused.value.cause == "foreign_database"
    assert owner in refused.value.message and str(db) in refused.value.message
    assert "--take-over-database" in refused.value.message
    assert _beside(db) == ["companion.sqlite3"]
    assert hashlib.sha256(db.read_bytes()).hexdigest() == digest


def test_the_command_line_exits_3_and_takes_over_only_when_asked(tmp_path: Path) -> None:
    db = tmp_path / "companion.sqlite3"
    digest = _make(db, FOREIGN["a GeoPackage"][0])

    code, answer = run("game", "list", db=db)
    assert code == 3, answer
    assert (answer["error"]["code"], answer["error"]["cause"]) == (
        "storage_unavailable",
        "foreign_database",
    )
    assert "a GeoPackage" in answer["error"]["message"]
    code, answer = run("game", "new", "targi", "--player", "A:blue", "--player", "B:white", db=db)
    assert (code, answer["error"]["cause"]) == (3, "foreign_database")
    assert _beside(db) == ["companion.sqlite3"]
    assert hashlib.sha256(db.read_bytes()).hexdigest() == digest

    assert run("--take-over-database", "game", "list", db=db) == (0, [])
    (aside,) = [p for p in tmp_path.iterdir() if p.name.startswith("companion.sqlite3.damaged-")]
    assert hashlib.sha256(aside.read_bytes()).hexdigest() == digest  # moved, not changed
    assert run("game", "list", db=db) == (0, [])  # ours now: no flag needed


def test_our_own_damaged_database_is_still_moved_aside_and_restored(tmp_path: Path) -> None:
    """A database with our tables whose schema is wrong is damage, as before: not refused."""
    db = tmp_path / "companion.sqlite3"
    with Store.open(db) as store:
        store.create_game("counter", {})
    with closing(sqlite3.connect(db, isolation_level=None)) as connection:
        connection.execute("DROP TABLE settings")
        connection.execute("CREATE TABLE photos (x)")
    with Store.open(db) as store:
        assert store.quarantined is not None
