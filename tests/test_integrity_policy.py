"""When the whole database file is checked (companion.storage.integrity): not at every open, whose cost
would grow with the history, but after an unclean shutdown, a change behind the store's back or a
suspicion, and in the background at the app's start. On real files, with damage only SQLite's full
check finds: an index that no longer matches its table (no read of a game touches it)."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import textwrap
from contextlib import closing
from datetime import UTC, datetime
from pathlib import Path

import pytest

from companion.storage import backup, integrity
from companion.store import Store

PLAYERS = {"players": [{"name": name, "colour": "red"} for name in ("Ann", "Bo", "Cy")]}


@pytest.fixture
def db(tmp_path: Path) -> Path:
    """A cleanly closed database of two games with seats (so the seats' index has entries)."""
    path = tmp_path / "companion.sqlite3"
    with Store.open(path) as store:
        for _ in range(2):
            game_id = store.create_game("counter", PLAYERS)
            store.append(game_id, 1, "action", {"kind": "add", "n": 1})
    return path


def damage_an_index(path: Path, *, reseal: bool = True) -> None:
    """Make the seats' index disagree with its table; ``reseal``: leave the file's seal matching,
    as damage on the card itself would (its size and time unchanged)."""
    with closing(sqlite3.connect(path, isolation_level=None)) as connection:
        connection.execute("PRAGMA writable_schema = ON")
        connection.execute(
            "UPDATE sqlite_master SET sql = 'CREATE INDEX seats_by_player ON seats (seat DESC)' "
            "WHERE name = 'seats_by_player'"
        )
    with closing(sqlite3.connect(path)) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchall() != [("ok",)]
    if reseal:
        integrity.seal(path)


def markers(path: Path) -> list[str]:
    return sorted(p.name for p in path.parent.iterdir() if p.name != "backups")


def test_a_store_leaves_nothing_beside_the_file_once_closed(db: Path) -> None:
    with Store.open(db) as store:
        assert store.list_games()
        assert len([name for name in markers(db) if ".open." in name]) == 1  # while open
    assert markers(db) == ["companion.sqlite3"]


def test_a_cleanly_closed_file_opens_without_the_whole_check_and_its_backup_finds_it(
    db: Path,
) -> None:
    damage_an_index(db)
    with Store.open(db) as store:  # the games read sound: what is read is checked
        assert store.quarantined is None
        assert [store.load(g.id).damage for g in store.list_games()] == [None, None]
    # the daily backup, made at that open, checked its copy whole: it found the damage
    assert integrity.suspect_marker(db).exists()
    with Store.open(db) as store:
        assert store.quarantined is not None


def fresh_backup(path: Path) -> None:
    """A backup made now, so that the next open makes none (and does not check a copy)."""
    with Store.open(path) as store:
        assert backup.make(store.connection_for_backup(), path, datetime.now(UTC)) is not None


def test_the_apps_background_check_has_the_next_open_restore(db: Path) -> None:
    fresh_backup(db)
    damage_an_index(db)
    with Store.open(db) as store:
        thread = store.check_in_background()
        assert thread is not None
        thread.join(timeout=60)
        assert not thread.is_alive()
    assert integrity.suspect_marker(db).exists()
    with Store.open(db) as store:
        assert store.quarantined is not None and store.notice is not None
        assert "integrity check" in store.notice
    assert not integrity.suspect_marker(db).exists()


def test_a_file_changed_behind_the_stores_back_is_checked_whole(db: Path) -> None:
    fresh_backup(db)
    damage_an_index(db, reseal=False)
    with Store.open(db) as store:
        assert store.quarantined is not None


def test_a_process_that_died_with_the_store_open_has_the_next_open_check_it(db: Path) -> None:
    fresh_backup(db)
    child = textwrap.dedent(
        """
        import os, sys
        from pathlib import Path
        from companion.store import Store
        Store.open(Path(sys.argv[1]))
        os._exit(0)  # killed, in effect: the store is never closed
        """
    )
    subprocess.run([sys.executable, "-c", child, str(db)], check=True, timeout=60)
    left = [name for name in markers(db) if ".open." in name]
    assert len(left) == 1
    damage_an_index(db)
    with Store.open(db) as store:
        assert store.quarantined is not None
    assert not (db.parent / left[0]).exists()


def test_an_open_of_an_earlier_boot_has_the_next_open_check_it(db: Path) -> None:
    fresh_backup(db)
    damage_an_index(db)
    (db.parent / f"{db.name}.open.0123456789abcdef.{1}.deadbeef").touch()  # pid 1 is alive
    with Store.open(db) as store:
        assert store.quarantined is not None


def test_a_live_open_elsewhere_is_no_reason_to_check(db: Path) -> None:
    fresh_backup(db)
    damage_an_index(db)
    with Store.open(db) as first, Store.open(db) as second:
        assert first.quarantined is None and second.quarantined is None


def test_damage_a_game_read_finds_has_the_whole_file_checked(db: Path) -> None:
    """An entry altered in a page SQLite still reads (the chain's to report): the whole check runs
    and finds it sound, so nothing is restored; index damage beside it marks the file suspect."""
    with Store.open(db) as store:
        game_id = store.list_games()[0].id
    with closing(sqlite3.connect(db, isolation_level=None)) as connection:
        connection.execute('UPDATE log SET payload = \'{"kind":"add","n":9}\' WHERE seq = 1')
    integrity.seal(db)
    with Store.open(db) as store:
        assert store.load(game_id).damage is not None
    assert not integrity.suspect_marker(db).exists()
    damage_an_index(db)
    with Store.open(db) as store:
        assert store.load(game_id).damage is not None
    assert integrity.suspect_marker(db).exists()
    with Store.open(db) as store:
        assert store.quarantined is not None
