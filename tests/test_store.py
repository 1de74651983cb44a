"""The SQLite game store and the config loader, on real files."""

from __future__ import annotations

import os
import random
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from contextlib import closing
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from companion.installation.config import ConfigError, load_config, read_config
from companion.storage import schema
from companion.storage.chain import LogDamage, chain_existing_logs
from companion.store import (
    SCHEMA_VERSION,
    Clock,
    DamagedGameError,
    DuplicateEntryError,
    LogEntry,
    NewerSchemaError,
    Store,
    StoreError,
    UnknownGameError,
)

T0 = datetime(2024, 1, 2, 3, 4, 5, tzinfo=UTC)


def ticking_clock(start: datetime = T0) -> Iterator[datetime]:
    """A clock that moves on by one second per reading."""
    now = start
    while True:
        yield now
        now += timedelta(seconds=1)


def clock_from(ticks: Iterator[datetime]) -> Clock:
    return lambda: next(ticks)


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "data" / "companion.sqlite3"


@pytest.fixture
def store(db: Path) -> Iterator[Store]:
    with Store.open(db, clock=clock_from(ticking_clock())) as opened:
        yield opened


def sql(path: Path, statement: str, *params: object) -> list[tuple[Any, ...]]:
    """Run one statement on its own autocommit connection, closed afterwards."""
    with closing(sqlite3.connect(path, isolation_level=None)) as connection:
        return connection.execute(statement, params).fetchall()


def user_version(path: Path) -> int:
    return sql(path, "PRAGMA user_version")[0][0]


def damaged_files(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir() if ".damaged-" in p.name)


# --- opening, schema, migrations --------------------------------------------------------------


def test_new_database_is_created_with_current_schema_in_wal_mode(store: Store, db: Path) -> None:
    assert db.exists()
    assert store.quarantined is None and store.notice is None
    assert user_version(db) == SCHEMA_VERSION
    connection = store._conn  # the store's own connection carries the per-connection pragmas
    assert connection.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    assert connection.execute("PRAGMA synchronous").fetchone() == (2,)  # FULL
    assert connection.execute("PRAGMA foreign_keys").fetchone() == (1,)


def test_reopening_keeps_games(db: Path) -> None:
    with Store.open(db) as first:
        game_id = first.create_game("counter", {"target": 3})
        first.append(game_id, 1, "action", {"kind": "add", "n": 1})
    with Store.open(db) as second:
        assert second.quarantined is None
        stored = second.load(game_id)
    assert stored.options == {"target": 3}
    assert [entry.payload for entry in stored.entries] == [{"kind": "add", "n": 1}]


def test_empty_version_0_file_is_migrated(db: Path) -> None:
    db.parent.mkdir()
    sqlite3.connect(db).close()
    with Store.open(db) as store:
        assert store.quarantined is None
        store.create_game("counter", {})
    assert user_version(db) == SCHEMA_VERSION


def test_older_schema_is_migrated_in_place(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with Store.open(db) as store:
        game_id = store.create_game("counter", {})
    newer = (*schema.MIGRATIONS, ("ALTER TABLE games ADD COLUMN note TEXT",))
    monkeypatch.setattr(schema, "MIGRATIONS", newer)
    monkeypatch.setattr(schema, "SCHEMA_VERSION", len(newer))
    with Store.open(db) as store:
        assert store.quarantined is None
        assert store.load(game_id).game == "counter"
    assert user_version(db) == SCHEMA_VERSION + 1
    assert "note" in [row[1] for row in sql(db, "PRAGMA table_info(games)")]


def test_newer_schema_is_refused_and_left_alone(db: Path) -> None:
    with Store.open(db) as store:
        store.create_game("counter", {})
    sql(db, f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    before = db.read_bytes()
    with pytest.raises(NewerSchemaError, match=f"schema version {SCHEMA_VERSION + 1}"):
        Store.open(db)
    assert db.read_bytes() == before
    assert damaged_files(db.parent) == []


# --- damaged files ----------------------------------------------------------------------------


def test_garbage_file_is_moved_aside_with_its_wal_and_reported(db: Path) -> None:
    db.parent.mkdir()
    garbage = random.Random(1).randbytes(8192)
    db.write_bytes(garbage)
    Path(f"{db}-wal").write_bytes(b"not a wal")
    with Store.open(db, clock=lambda: T0) as store:
        moved = db.parent / "companion.sqlite3.damaged-20240102T030405Z"
        assert store.quarantined == moved
        assert moved.read_bytes() == garbage
        assert Path(f"{moved}-wal").read_bytes() == b"not a wal"
        assert str(db) in store.notice and str(moved) in store.notice
        game_id = store.create_game("counter", {})
        store.append(game_id, 1, "action", {})
    with Store.open(db) as reopened:
        assert reopened.quarantined is None
        assert [game.id for game in reopened.list_games()] == [game_id]


def test_second_quarantine_in_the_same_second_keeps_the_first(db: Path) -> None:
    db.parent.mkdir()
    for content in (b"first garbage", b"second garbage"):
        db.write_bytes(content)
        Store.open(db, clock=lambda: T0).close()
    assert damaged_files(db.parent) == [
        "companion.sqlite3.damaged-20240102T030405Z",
        "companion.sqlite3.damaged-20240102T030405Z-2",
    ]
    assert (db.parent / "companion.sqlite3.damaged-20240102T030405Z").read_bytes() == (
        b"first garbage"
    )


@pytest.fixture
def multi_page_db(tmp_path: Path) -> Path:
    """A closed, checkpointed database of several dozen pages."""
    path = tmp_path / "template.sqlite3"
    with Store.open(path) as store:
        game_id = store.create_game("counter", {})
        for seq in range(1, 400):
            store.append(game_id, seq, "action", {"kind": "add", "n": seq, "pad": "x" * 50})
    assert not Path(f"{path}-wal").exists()
    return path


def page_count(path: Path) -> int:
    return sql(path, "PRAGMA page_count")[0][0]


@pytest.mark.parametrize(
    "damage",
    ["random page in the middle", "truncated to half", "every page zeroed in turn"],
)
def test_corrupted_database_is_moved_aside(
    multi_page_db: Path, tmp_path: Path, damage: str
) -> None:
    pages = page_count(multi_page_db)
    page_size = multi_page_db.stat().st_size // pages
    assert pages > 10
    targets = range(pages) if damage.startswith("every") else [pages // 2]
    for target in targets:
        db = tmp_path / f"case-{target}" / "companion.sqlite3"
        db.parent.mkdir()
        shutil.copy(multi_page_db, db)
        with db.open("r+b") as file:
            if damage.startswith("truncated"):
                file.truncate(target * page_size)
            else:
                file.seek(target * page_size)
                filler = random.Random(target).randbytes(page_size)
                file.write(filler if damage.startswith("random") else bytes(page_size))
        with Store.open(db) as store:
            assert store.quarantined is not None, f"page {target} damage went unnoticed"
            assert store.quarantined.exists()
            assert store.list_games() == []
            store.create_game("counter", {})
        assert sql(db, "PRAGMA integrity_check") == [("ok",)]


def test_foreign_database_is_not_reused(db: Path) -> None:
    """Only when the table asks: else it is refused (tests/test_foreign_database.py)."""
    db.parent.mkdir()
    sql(db, "CREATE TABLE photos (id INTEGER PRIMARY KEY)")
    with Store.open(db, take_over=True) as store:
        assert store.quarantined is not None
        assert "not a Table Companion database" in store.notice


def test_each_kept_schema_digest_is_the_schema_its_migrations_make() -> None:
    """An open compares a file's schema with the digest kept for its version (not the schema built
    from every migration): each kept digest is true, and the current version has one."""
    current = schema.schema_digest(schema.expected_schema(SCHEMA_VERSION))
    assert SCHEMA_VERSION in schema.SCHEMA_DIGESTS, f"keep {SCHEMA_VERSION}: {current!r}"
    for version, digest in schema.SCHEMA_DIGESTS.items():
        assert schema.schema_digest(schema.expected_schema(version)) == digest, version
    assert len(set(schema.SCHEMA_DIGESTS.values())) == len(schema.SCHEMA_DIGESTS)


def test_a_schema_worded_otherwise_than_its_kept_digest_is_compared_whole(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another SQLite may report a column or a trigger worded otherwise (its digest then differs
    from the one kept): the file is compared with the schema its migrations make here, and opens
    as sound."""
    with Store.open(db) as store:
        store.create_game("counter", {})
    monkeypatch.setitem(schema.SCHEMA_DIGESTS, SCHEMA_VERSION, "0" * 64)
    with Store.open(db) as store:
        assert store.quarantined is None
        assert len(store.list_games()) == 1
    sql(db, "DROP TABLE settings")
    with Store.open(db) as store:
        assert store.quarantined is not None


def test_schema_that_does_not_match_its_version_is_not_reused(db: Path) -> None:
    with Store.open(db) as store:
        store.create_game("counter", {})
    sql(db, "DROP TABLE settings")
    with Store.open(db) as store:
        assert store.quarantined is not None
        assert f"schema version {SCHEMA_VERSION}" in store.notice


# --- games and logs ---------------------------------------------------------------------------


def test_append_and_load_round_trip(store: Store) -> None:
    game_id = store.create_game("counter", {"players": ["ann", "bob"]})
    assert len(game_id) == 32 and int(game_id, 16) >= 0
    first = store.append(game_id, 1, "action", {"kind": "add", "n": 2, "note": "café"})
    store.append(game_id, 2, "undo", {})
    stored = store.load(game_id)
    assert (stored.id, stored.game, stored.status) == (game_id, "counter", "active")
    assert stored.options == {"players": ["ann", "bob"]}
    assert stored.entries == [
        first,
        LogEntry(2, "undo", {}, "2024-01-02T03:04:07.000000+00:00"),
    ]
    assert first.created_at == "2024-01-02T03:04:06.000000+00:00"


def test_duplicate_seq_is_refused_and_the_store_stays_usable(store: Store) -> None:
    game_id = store.create_game("counter", {})
    store.append(game_id, 1, "action", {"n": 1})
    with pytest.raises(DuplicateEntryError, match="already has log entry 1"):
        store.append(game_id, 1, "action", {"n": 2}, status="finished")
    assert store.load(game_id).status == "active"
    store.append(game_id, 2, "action", {"n": 3})
    assert [entry.payload for entry in store.load(game_id).entries] == [{"n": 1}, {"n": 3}]


def test_second_writer_with_a_stale_view_is_refused(db: Path) -> None:
    with Store.open(db) as first, Store.open(db) as second:
        game_id = first.create_game("counter", {})
        first.append(game_id, 1, "action", {"by": "first"})
        with pytest.raises(DuplicateEntryError):
            second.append(game_id, 1, "action", {"by": "second"})
        assert [entry.payload for entry in second.load(game_id).entries] == [{"by": "first"}]


def rechain(path: Path) -> None:
    """Recompute every digest, as the hash-chain migration did: damage done before it is chained
    in, so only a replay can find it."""
    with closing(sqlite3.connect(path, isolation_level=None)) as connection:
        connection.execute("BEGIN")
        chain_existing_logs(connection)
        connection.execute("COMMIT")


def game_with_entries(store: Store, count: int) -> str:
    game_id = store.create_game("counter", {})
    for seq in range(1, count + 1):
        store.append(game_id, seq, "action", {"kind": "add", "n": seq})
    return game_id


def test_a_sound_log_has_no_damage(store: Store) -> None:
    game_id = game_with_entries(store, 3)
    stored = store.load(game_id)
    assert stored.damage is None and [e.seq for e in stored.entries] == [1, 2, 3]


@pytest.mark.parametrize(
    ("damage", "rechained", "at_seq", "reason"),
    [
        (
            'UPDATE log SET payload = \'{"kind":"add","n":9}\' WHERE seq = 2',
            False,
            2,
            "it was altered",
        ),
        ("UPDATE log SET created_at = 'yesterday' WHERE seq = 3", False, 3, "it was altered"),
        ("UPDATE log SET kind = 'undo' WHERE seq = 2", False, 2, "it was altered"),
        ("UPDATE log SET digest = x'00' WHERE seq = 1", False, 1, "it was altered"),
        ("DELETE FROM log WHERE seq = 2", False, 2, "entry 2 is missing"),
        ("DELETE FROM log WHERE seq >= 3", False, 3, "entries 3 to 4 are missing"),
        ("UPDATE games SET last_seq = 3", False, 4, "record ends at entry 3"),
        ("UPDATE games SET last_digest = x'00'", False, 4, "does not match the log"),
        (
            'UPDATE log SET payload = \'{"kind": "add", "n"\' WHERE seq = 2',
            True,
            2,
            "log entry 2 is not valid JSON",
        ),
        (
            "UPDATE log SET payload = CAST(x'7b22ff227d' AS TEXT) WHERE seq = 3",
            True,
            3,
            "log entry 3 is not valid UTF-8",
        ),
        (
            "UPDATE log SET payload = CAST(x'7b22ff227d' AS TEXT) WHERE seq = 3",
            False,
            3,
            "it was altered",
        ),
    ],
)
def test_damaged_log_is_reported_at_its_first_damaged_entry(
    store: Store, db: Path, damage: str, rechained: bool, at_seq: int, reason: str
) -> None:
    game_id = game_with_entries(store, 4)
    other = game_with_entries(store, 2)
    sql(
        db,
        damage.replace("WHERE", f"WHERE game_id = '{game_id}' AND")
        if "WHERE" in damage
        else f"{damage} WHERE id = '{game_id}'",
    )
    if rechained:
        rechain(db)
    stored = store.load(game_id)
    assert stored.damage is not None
    assert stored.damage.at_seq == at_seq and reason in stored.damage.reason
    assert [e.seq for e in stored.entries] == list(range(1, at_seq))
    assert store.load(other).damage is None


@pytest.mark.parametrize(
    "damage",
    [
        "UPDATE games SET options = '{\"target\":1}'",
        "UPDATE games SET game = 'chess'",
        "UPDATE games SET digest = x''",
    ],
)
def test_damaged_game_record_is_refused(store: Store, db: Path, damage: str) -> None:
    game_id = game_with_entries(store, 2)
    sql(db, damage)
    with pytest.raises(DamagedGameError, match=f"record of game {game_id}"):
        store.load(game_id)


def test_options_damaged_before_the_chain_are_refused(store: Store, db: Path) -> None:
    game_id = game_with_entries(store, 1)
    sql(db, "UPDATE games SET options = '{\"target\"'")
    rechain(db)
    with pytest.raises(DamagedGameError, match="is not valid JSON"):
        store.load(game_id)


def test_an_append_after_a_gap_is_refused(store: Store) -> None:
    game_id = game_with_entries(store, 1)
    with pytest.raises(StoreError, match="the log ends at 1"):
        store.append(game_id, 3, "action", {})
    assert [e.seq for e in store.load(game_id).entries] == [1]


def test_version_2_database_gets_its_chain_at_migration(db: Path) -> None:
    """Games stored before the hash chain are chained as they are; damage after it is found."""
    db.parent.mkdir()
    with closing(sqlite3.connect(db, isolation_level=None)) as connection:
        for migration in schema.MIGRATIONS[:2]:
            for statement in migration:
                connection.execute(statement)
        connection.execute("PRAGMA user_version = 2")
        connection.execute(
            "INSERT INTO games (id, game, options, created_at, updated_at) "
            "VALUES ('g', 'counter', '{}', 't0', 't0'), ('empty', 'counter', '{}', 't0', 't0')"
        )
        for seq in (1, 2, 3):
            connection.execute(
                "INSERT INTO log VALUES ('g', ?, 'action', ?, 't')", (seq, f'{{"n":{seq}}}')
            )
    with Store.open(db) as store:
        assert store.quarantined is None
        stored = store.load("g")
        assert stored.damage is None and [e.payload for e in stored.entries] == [
            {"n": 1},
            {"n": 2},
            {"n": 3},
        ]
        assert store.load("empty").damage is None
        store.append("g", 4, "action", {"n": 4})
        store.append("empty", 1, "action", {"n": 1})
    assert user_version(db) == SCHEMA_VERSION
    sql(db, "UPDATE log SET payload = '{\"n\":5}' WHERE game_id = 'g' AND seq = 2")
    with Store.open(db) as store:
        assert store.load("g").damage == LogDamage(2, "it was altered (its digest does not match)")
        assert store.load("empty").damage is None


def test_unknown_game(store: Store) -> None:
    with pytest.raises(UnknownGameError):
        store.load("nope")
    with pytest.raises(UnknownGameError):
        store.append("nope", 1, "action", {})


def test_invalid_kind_or_status_is_refused(store: Store) -> None:
    game_id = store.create_game("counter", {})
    with pytest.raises(StoreError):
        store.append(game_id, 1, "teleport", {})
    with pytest.raises(ValueError, match="status"):
        store.append(game_id, 1, "action", {}, status="paused")
    assert store.load(game_id).entries == []


def test_status_and_list_games(store: Store) -> None:
    older = store.create_game("counter", {})
    newer = store.create_game("targi", {})
    store.append(older, 1, "action", {})
    store.append(older, 2, "action", {}, status="finished")
    summaries = store.list_games()
    assert [(s.id, s.game, s.status, s.last_seq) for s in summaries] == [
        (older, "counter", "finished", 2),
        (newer, "targi", "active", 0),
    ]
    assert summaries[0].updated_at > summaries[0].created_at
    assert store.load(older).status == "finished"


# --- settings ---------------------------------------------------------------------------------


def test_settings_round_trip_and_survive_reopening(db: Path) -> None:
    with Store.open(db) as store:
        assert store.get_setting("targi", "raid_4_vp") is None
        assert store.get_setting("targi", "raid_4_vp", 1) == 1
        store.set_setting("targi", "raid_4_vp", 2)
        store.set_setting("targi", "raid_4_vp", 3)
        store.set_setting("targi", "display", {"rows": [1, 2], "confirmed": True})
        store.set_setting("tuareg", "raid_4_vp", 9)
    with Store.open(db) as store:
        assert store.get_setting("targi", "raid_4_vp") == 3
        assert store.list_settings("targi") == {
            "display": {"rows": [1, 2], "confirmed": True},
            "raid_4_vp": 3,
        }
        assert store.list_settings("timbuktu") == {}


# --- config -----------------------------------------------------------------------------------


@pytest.fixture
def clean_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """No config or database variables; platformdirs pointed into ``tmp_path``."""
    for name in ("TABLE_COMPANION_CONFIG", "TABLE_COMPANION_DB"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config-home"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data-home"))
    return tmp_path


def write_config(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_defaults_without_a_config_file(clean_env: Path) -> None:
    config = load_config()
    assert config.database == clean_env / "data-home/table-companion/companion.sqlite3"


def test_config_file_in_the_user_config_dir(clean_env: Path) -> None:
    write_config(
        clean_env / "config-home/table-companion/config.toml",
        '[storage]\ndatabase = "/srv/games.sqlite3"\n',
    )
    assert load_config().database == Path("/srv/games.sqlite3")


def test_a_named_config_naming_its_database_reads_no_platform_folders(clean_env: Path) -> None:
    """The kiosk's service names its config file, and the file names the database: the start
    looks up no platform folder (:mod:`platformdirs` is not even imported)."""
    path = write_config(clean_env / "etc/config.toml", '[storage]\ndatabase = "/srv/games.db"\n')
    probe = (
        "import sys\n"
        "from companion.installation.config import read_config\n"
        "print(read_config().database, 'platformdirs' in sys.modules)\n"
    )
    env = {**os.environ, "TABLE_COMPANION_CONFIG": str(path)}
    done = subprocess.run(
        [sys.executable, "-c", probe], env=env, capture_output=True, text=True, timeout=60
    )
    assert done.stdout.split() == ["/srv/games.db", "False"], done.stderr


def test_explicit_config_relative_database_path(clean_env: Path) -> None:
    path = write_config(clean_env / "etc/companion.toml", '[storage]\ndatabase = "games.db"\n')
    assert load_config(path).database == clean_env / "etc/games.db"


def test_config_from_env_and_database_override(
    clean_env: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = write_config(clean_env / "c.toml", '[storage]\ndatabase = "/a.sqlite3"\n')
    monkeypatch.setenv("TABLE_COMPANION_CONFIG", str(path))
    assert load_config().database == Path("/a.sqlite3")
    monkeypatch.setenv("TABLE_COMPANION_DB", str(clean_env / "b.sqlite3"))
    assert load_config().database == clean_env / "b.sqlite3"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[storage]\ndatabse = "x"\n', "unknown config key storage.databse"),
        ("[screen]\nwidth = 800\n", r"unknown config section \[screen\]"),
        ("[storage]\ndatabase = 3\n", "storage.database must be a string, not int"),
        ('storage = "x"\n', "expected a \\[storage\\] table"),
        ("[storage\n", "not valid TOML"),
    ],
)
def test_bad_config_names_the_problem(clean_env: Path, text: str, message: str) -> None:
    path = write_config(clean_env / "c.toml", text)
    with pytest.raises(ConfigError, match=message):
        load_config(path)


@pytest.mark.parametrize(
    "text", ["", '[storage]\ndatabase = "games.db"\n', '[storage]\ndatabase = "/srv/g.sqlite3"\n']
)
def test_the_database_read_before_the_check_is_the_checked_ones(
    clean_env: Path, monkeypatch: pytest.MonkeyPatch, text: str
) -> None:
    """The app opens the database the file names before it checks the file (pydantic loads
    after the first frame): both readings agree, ``$TABLE_COMPANION_DB`` first."""
    path = write_config(clean_env / "etc/c.toml", text)
    assert read_config(path).database == load_config(path).database
    monkeypatch.setenv("TABLE_COMPANION_DB", str(clean_env / "b.sqlite3"))
    assert read_config(path).database == load_config(path).database == clean_env / "b.sqlite3"


def test_the_database_is_read_even_when_the_rest_of_the_file_has_a_problem(
    clean_env: Path,
) -> None:
    path = write_config(
        clean_env / "c.toml", '[storage]\ndatabase = "/srv/g.sqlite3"\n[buttons.undo]\npin = 99\n'
    )
    read = read_config(path)
    assert read.database == Path("/srv/g.sqlite3")
    with pytest.raises(ConfigError, match=r"buttons\.undo\.pin must be between 0 and 27, not 99"):
        read.checked()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[storage]\ndatabase = 3\n", "storage.database must be a string, not int"),
        ('storage = "x"\n', "expected a \\[storage\\] table"),
    ],
)
def test_a_database_the_schema_refuses_is_refused_before_the_check_too(
    clean_env: Path, text: str, message: str
) -> None:
    path = write_config(clean_env / "c.toml", text)
    with pytest.raises(ConfigError, match=message):
        read_config(path).database  # noqa: B018  (the property raises)


def test_missing_explicit_config_is_an_error(clean_env: Path) -> None:
    with pytest.raises(ConfigError, match="does not exist"):
        load_config(clean_env / "missing.toml")


def test_damage_quick_check_misses_is_found_at_open(tmp_path: Path) -> None:
    """A game's id altered in its table row but not in the index: quick_check says ok."""
    template = tmp_path / "template.sqlite3"
    with Store.open(template) as store:
        game_ids = [game_with_entries(store, 3) for _ in range(3)]
    data = template.read_bytes()
    cases = 0
    for game_id in game_ids:
        start = -1
        while (start := data.find(game_id.encode(), start + 1)) >= 0:
            db = tmp_path / f"case-{game_id}-{start}" / "companion.sqlite3"
            db.parent.mkdir()
            damaged = bytearray(data)
            damaged[start + 5] ^= 0x01  # another hex digit (or not one)
            db.write_bytes(damaged)
            quick_ok = sql(db, "PRAGMA quick_check") == [("ok",)]
            if quick_ok and sql(db, "PRAGMA integrity_check") != [("ok",)]:
                cases += 1
                with Store.open(db) as store:
                    assert store.quarantined is not None
                    assert "integrity check" in store.notice
    assert cases >= 1
