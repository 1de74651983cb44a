"""Rotating, verified backups beside the database, and restoring one when the database is damaged."""

from __future__ import annotations

import logging
import sqlite3
from contextlib import closing
from datetime import UTC, datetime, timedelta
from pathlib import Path

import counter_game  # noqa: F401  (registers the counter game for Session.resume)
import pytest
from counter_game import RULES, Add, CounterOptions

from companion.play.session import Session
from companion.storage import backup
from companion.store import Clock, Store

T0 = datetime(2024, 1, 2, 3, 4, 5, tzinfo=UTC)


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "data" / "companion.sqlite3"


def at(moment: datetime) -> Clock:
    return lambda: moment


def play(store: Store, adds: int, target: int = 100) -> Session:
    session = Session.create(store, RULES, CounterOptions(target=target))
    for _ in range(adds):
        session.submit(Add(n=1), seq=session.seq, game_id=session.game_id)
    return session


def sql(path: Path, statement: str) -> list[tuple[object, ...]]:
    with closing(sqlite3.connect(path, isolation_level=None)) as connection:
        return connection.execute(statement).fetchall()


def test_a_game_end_writes_a_verified_backup(db: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="companion.storage.backup")
    with Store.open(db, clock=at(T0)) as store:
        play(store, 2)  # an unfinished game: no backup
        assert backup.backups(db) == []
        finished = play(store, 3, target=3)
    (made,) = backup.backups(db)
    assert made.parent == db.parent / "backups"
    assert made.name == "companion.sqlite3.20240102T030405000000Z.backup"
    assert sql(made, "PRAGMA integrity_check") == [("ok",)]
    assert sql(made, "PRAGMA journal_mode") == [("delete",)]
    assert sql(made, f"SELECT max(seq) FROM log WHERE game_id = '{finished.game_id}'") == [(3,)]
    assert "backup of" in caplog.text and "written to" in caplog.text


def test_the_daily_backup_is_made_at_open(db: Path) -> None:
    with Store.open(db, clock=at(T0)):
        pass  # no games: nothing to back up
    assert backup.backups(db) == []
    with Store.open(db, clock=at(T0)) as store:
        play(store, 1)
    for hours in (0, 23):  # the first open with games backs up; then not within the day
        Store.open(db, clock=at(T0 + timedelta(hours=hours))).close()
    assert len(backup.backups(db)) == 1
    Store.open(db, clock=at(T0 + timedelta(hours=24))).close()
    assert [backup._taken_at(b) for b in backup.backups(db)] == [T0 + timedelta(hours=24), T0]


def test_only_the_newest_are_kept(db: Path) -> None:
    with Store.open(db, clock=at(T0)) as store:
        play(store, 1)
        source = store._conn
        for day in range(backup.KEPT + 3):
            backup.make(source, db, T0 + timedelta(days=day, seconds=1))
    kept = [backup._taken_at(b) for b in backup.backups(db)]
    assert kept == [T0 + timedelta(days=d, seconds=1) for d in range(backup.KEPT + 2, 2, -1)]


def test_a_backup_of_a_damaged_database_is_not_kept(
    db: Path, caplog: pytest.LogCaptureFixture
) -> None:
    with Store.open(db, clock=at(T0)) as store:
        play(store, 300)
    pages = sql(db, "PRAGMA page_count")[0][0]
    with db.open("r+b") as file:  # a page in the middle, zeroed
        file.seek(4096 * (pages // 2))
        file.write(bytes(4096))
    with closing(sqlite3.connect(db)) as source:
        assert backup.make(source, db, T0 + timedelta(days=2)) is None
    assert [backup._taken_at(b) for b in backup.backups(db)] == [T0]  # the earlier one stays
    assert "integrity check" in caplog.text or "malformed" in caplog.text
    assert list((db.parent / "backups").glob("*.partial")) == []


def make_then_damage(db: Path, damage: str) -> tuple[str, str]:
    """Two games backed up at T0 and a day later, then more entries and a third game; then the
    file damaged (``schema``: still readable; else overwritten with garbage)."""
    with Store.open(db, clock=at(T0)) as store:
        play(store, 4)
        grown = play(store, 2)
    for day in (0, 1):  # the daily backups
        Store.open(db, clock=at(T0 + timedelta(days=day))).close()
    with Store.open(db, clock=at(T0 + timedelta(days=1, hours=1))) as store:
        resumed = Session.resume(store, grown.game_id)
        for _ in range(3):
            resumed.submit(Add(n=1), seq=resumed.seq, game_id=resumed.game_id)
        late = play(store, 2).game_id
    if damage == "schema":
        sql(db, "DROP TABLE settings")
    else:
        db.write_bytes(b"garbage" * 1000)
    return grown.game_id, late


def test_damaged_database_is_restored_and_later_entries_salvaged(
    db: Path, caplog: pytest.LogCaptureFixture
) -> None:
    grown, late = make_then_damage(db, "schema")
    with Store.open(db, clock=at(T0 + timedelta(days=2))) as store:
        assert store.quarantined is not None and store.restored is not None
        assert store.restored.taken_at == T0 + timedelta(days=1)
        assert (store.restored.lost, store.restored.salvaged) == ((), 5)
        assert "the backup of 2024-01-03 03:04:05 UTC was restored" in store.notice
        assert "5 later entries were recovered from the damaged file. No entries were lost." in (
            store.notice
        )
        assert (Session.resume(store, grown).seq, Session.resume(store, late).seq) == (5, 2)
        session = Session.resume(store, grown)
        assert session.damage is None
        assert session.submit(Add(n=1), seq=5, game_id=grown).verdict.ok
    assert "and 5 later entries from the damaged file" in caplog.text


def test_entries_after_damage_in_the_file_are_named_as_lost(db: Path) -> None:
    grown, late = make_then_damage(db, "schema")
    sql(db, f"UPDATE log SET created_at = 'x' WHERE game_id = '{grown}' AND seq = 4")
    with Store.open(db, clock=at(T0 + timedelta(days=2))) as store:
        assert store.restored is not None
        assert store.restored.lost == (backup.LostEntries(grown, 4, 5, "counter"),)
        assert store.restored.salvaged == 3  # grown's entry 3 and late's two
        # The game named by its title (the test game's is "Counter"), not only by its id.
        assert f"Lost: Counter (game {grown}), entries 4 to 5." in store.notice
        assert (Session.resume(store, grown).seq, Session.resume(store, late).seq) == (3, 2)


def test_a_game_whose_id_was_altered_is_not_named_as_another_game(db: Path) -> None:
    """The damaged file's record of a game no longer matches its digest (its id itself may be
    what changed): the restore cannot say which game lost what, and says so."""
    grown, late = make_then_damage(db, "schema")
    sql(db, f"UPDATE games SET id = 'x{late[1:]}' WHERE id = '{late}'")
    sql(db, f"UPDATE log SET game_id = 'x{late[1:]}' WHERE game_id = '{late}'")
    with Store.open(db, clock=at(T0 + timedelta(days=2))) as store:
        assert store.restored is not None and store.restored.lost is None
        assert "Any other entry made after that time is lost." in store.notice
        assert f"x{late[1:]}" not in store.notice
        assert Session.resume(store, grown).seq == 5


def test_schema_text_that_is_no_longer_utf8_is_damage_not_a_crash(db: Path) -> None:
    """SQLite's error then quotes bytes that are not UTF-8 (found by the one-byte flips)."""
    with Store.open(db, clock=at(T0)) as store:
        play(store, 2)
    Store.open(db, clock=at(T0)).close()  # the daily backup
    raw = bytearray(db.read_bytes())
    raw[raw.index(b"REFERENCES") + 2] ^= 0xCD
    db.write_bytes(bytes(raw))
    with Store.open(db, clock=at(T0 + timedelta(days=2))) as store:
        assert store.quarantined is not None and store.restored is not None
        assert "its schema is malformed" in (store.notice or "")


def test_unreadable_damaged_file_says_what_is_known(db: Path) -> None:
    make_then_damage(db, "garbage")
    with Store.open(db, clock=at(T0 + timedelta(days=2))) as store:
        assert store.restored is not None and store.restored.lost is None
        assert "Entries made after that time are lost." in store.notice
        assert len(store.list_games()) == 2


def test_a_damaged_backup_is_passed_over_for_an_older_one(db: Path) -> None:
    make_then_damage(db, "garbage")
    newest, older = backup.backups(db)
    newest.write_bytes(b"also garbage" * 500)
    with Store.open(db, clock=at(T0 + timedelta(days=2))) as store:
        assert store.restored is not None and store.restored.backup == older
        assert store.restored.taken_at == T0


def test_without_a_backup_a_new_database_is_started(db: Path) -> None:
    db.parent.mkdir()
    db.write_bytes(b"garbage" * 1000)
    with Store.open(db, clock=at(T0)) as store:
        assert store.restored is None and store.list_games() == []
        assert "a new, empty database was started" in store.notice


@pytest.mark.filterwarnings("error::pytest.PytestUnhandledThreadExceptionWarning")
def test_a_backup_that_cannot_be_written_never_stops_the_game(
    db: Path, caplog: pytest.LogCaptureFixture
) -> None:
    db.parent.mkdir()
    (db.parent / "backups").write_text("a file where the folder should be")
    with Store.open(db, clock=at(T0)) as store:
        session = play(store, 3, target=3)
        assert session.seq == 3 and store.load(session.game_id).status == "finished"
    Store.open(db, clock=at(T0)).close()
    assert backup.backups(db) == []
    assert "backup of" in caplog.text and "failed" in caplog.text
