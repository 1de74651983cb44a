"""The store opened read-only (``mode=ro``) for the phones' web view: it reads what the app
wrote, sees the app's later commits, refuses every write without touching the file, and opens
nothing that is missing or not at this app's schema."""

from __future__ import annotations

import hashlib
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from companion.store import SCHEMA_VERSION, StorageUnavailableError, Store


def test_it_reads_the_apps_games_and_sees_later_commits(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    with Store.open(db) as writer:
        first = writer.create_game("targi", {"players": []})
        with Store.open_read_only(db) as reader:
            assert [g.id for g in reader.list_games()] == [first]
            second = writer.create_game("tuareg", {"players": []})
            assert {g.id for g in reader.list_games()} == {first, second}


def test_every_write_is_refused_and_the_file_is_untouched(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    with Store.open(db) as writer:
        writer.create_game("targi", {"players": []})
    before = hashlib.sha256(db.read_bytes()).hexdigest()
    with Store.open_read_only(db) as reader:
        with pytest.raises(StorageUnavailableError):
            reader.create_game("targi", {"players": []})
        with pytest.raises(StorageUnavailableError):
            reader.set_setting("targi", "anything", 1)
    assert hashlib.sha256(db.read_bytes()).hexdigest() == before


def test_a_missing_or_older_database_is_not_opened_nor_made(tmp_path: Path) -> None:
    missing = tmp_path / "missing.sqlite3"
    with pytest.raises(StorageUnavailableError):
        Store.open_read_only(missing)
    assert not missing.exists()
    older = tmp_path / "older.sqlite3"
    Store.open(older).close()
    with closing(sqlite3.connect(older)) as connection:
        connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION - 1}")
    with pytest.raises(StorageUnavailableError, match="schema version"):
        Store.open_read_only(older)
