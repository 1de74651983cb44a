"""Recovery (issues 24 and 25): a player's stable id across backup, restore, rename and merge;
restoring live copies, settings and hostile files; salvage after damage."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
import time
from contextlib import closing
from datetime import UTC, datetime
from pathlib import Path

import pytest
from cli_process import run
from played_games import Clock, play_to_end
from storage_faults import mount_tmpfs
from stored_games import uncount

from companion.after import players, transfer
from companion.installation.errors import InputError
from companion.play.session import Session
from companion.storage import backup
from companion.storage.chain import chain_existing_logs
from companion.store import LOCATION, Store


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """A table where a merge left a gap in the players' row numbers: Zed (1) merged into Amal (3)."""
    path = tmp_path_factory.mktemp("table") / "games.sqlite3"
    with Store.open(path, clock=Clock()) as store:
        seats = [{"name": "Zed", "colour": "red"}, {"name": "Yan", "colour": "blue"}]
        store.create_game("targi", {"players": seats})
        finished = play_to_end(store, "targi", ["Amal", "Bilal"], seed=3)
        players.merge(store, "Zed", "Amal")
    return path, finished


@pytest.fixture
def table(recorded: tuple[Path, str], tmp_path: Path) -> tuple[Path, str]:
    path = tmp_path / "games.sqlite3"
    shutil.copyfile(recorded[0], path)
    return path, recorded[1]


def source_ids(path: Path, game_id: str) -> dict[str, str]:
    code, exported = run("export", game_id, "--format", "bgstats", db=path)
    assert code == 0, exported
    return {p["name"]: p["sourcePlayerId"] for p in exported["players"]}


def uids(path: Path) -> dict[str, str]:
    code, listed = run("players", "list", db=path)
    assert code == 0, listed
    return {p["name"]: p["uid"] for p in listed["players"]}


def test_source_player_id_is_the_same_after_restore_elsewhere_rename_and_merge(table, tmp_path):
    path, game_id = table
    before = source_ids(path, game_id)
    assert len(set(before.values())) == 2 and all(len(uid) == 36 for uid in before.values())
    assert run("backup", str(tmp_path / "usb.backup"), db=path)[0] == 0
    fresh = tmp_path / "other" / "games.sqlite3"
    code, answer = run("restore", str(tmp_path / "usb.backup"), db=fresh)
    assert code == 0 and len(answer["restored"]) == 2
    assert source_ids(fresh, game_id) == before
    assert uids(fresh) == uids(path)

    assert run("players", "rename", "Amal", "Amalia", db=fresh)[0] == 0
    assert source_ids(fresh, game_id) == {"Amalia": before["Amal"], "Bilal": before["Bilal"]}
    with Store.open(fresh) as store:
        store.create_game("targi", {"players": [{"name": "Eve", "colour": "red"}]})
    eve = uids(fresh)["Eve"]
    assert run("players", "merge", "Eve", "Amalia", db=fresh)[0] == 0
    kept = uids(fresh)
    assert kept["Amalia"] == before["Amal"] and eve not in kept.values()

    # a later backup of the first table seats its Amal on the renamed record, by her id
    with Store.open(path, clock=Clock()) as store:
        later = play_to_end(store, "targi", ["Amal", "Bilal"], seed=5)
    assert run("backup", str(tmp_path / "later.backup"), db=path)[0] == 0
    code, answer = run("restore", str(tmp_path / "later.backup"), db=fresh)
    assert code == 0 and answer["restored"] == [later]
    assert source_ids(fresh, later) == {"Amalia": before["Amal"], "Bilal": before["Bilal"]}
    assert "Amal" not in uids(fresh)


def test_a_backup_whose_player_text_is_not_utf8_restores_its_games_as_played(
    table, tmp_path, caplog
):
    """A flipped high bit in a player's name in the backup (no page damaged): the restore brings
    every game, leaves that seat unlinked (logged) and the game shows the name it was played
    under; before, a traceback and nothing restored."""
    path, game_id = table
    backup_file = tmp_path / "usb.backup"
    assert run("backup", str(backup_file), db=path)[0] == 0
    with closing(sqlite3.connect(backup_file, isolation_level=None)) as connection:
        connection.execute(
            "UPDATE players SET name = CAST(x'c1' || substr(CAST(name AS BLOB), 2) AS TEXT) "
            "WHERE name = 'Amal'"
        )
    fresh = tmp_path / "fresh" / "games.sqlite3"
    code, answer = run("restore", str(backup_file), db=fresh)
    assert code == 0 and len(answer["restored"]) == 2, answer
    assert "the player record of seat 0" in caplog.text and "is damaged" in caplog.text
    assert set(uids(fresh)) == {"Bilal", "Yan"}  # Amal's record was not copied
    code, exported = run("export", game_id, "--format", "bgstats", db=fresh)
    assert code == 0 and [p["name"] for p in exported["players"]] == ["Amal", "Bilal"]


def test_the_migration_gives_every_existing_player_a_distinct_id(table):
    path, _game_id = table
    with closing(sqlite3.connect(path, isolation_level=None)) as connection:
        uncount(connection)
        connection.execute("DROP INDEX players_by_uid")
        connection.execute("ALTER TABLE players DROP COLUMN uid")
        connection.execute("DROP TABLE refusals")  # a database of schema version 4 had none
        connection.execute("DROP TABLE outputs")
        connection.execute("PRAGMA user_version = 4")
    with Store.open(path) as store:
        found = {p.name: p.uid for p in store.players()}
    assert sorted(found) == ["Amal", "Bilal", "Yan"]
    assert len(set(found.values())) == 3 and all(len(uid) == 36 for uid in found.values())


def test_a_live_copy_restores_the_games_only_in_its_wal(tmp_path):
    path = tmp_path / "live" / "games.sqlite3"
    stick = tmp_path / "stick"
    stick.mkdir()
    with Store.open(path, clock=Clock()) as store:
        writer = store.connection_for_backup()
        writer.execute("PRAGMA wal_autocheckpoint = 0")  # what a busy table may well leave
        first = play_to_end(store, "targi", ["Amal", "Bilal"], seed=1)
        writer.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        in_wal = [play_to_end(store, "targi", ["Amal", "Cleo"], seed=s) for s in (2, 4)]
        for suffix in ("", "-wal"):  # copied the way a file manager copies a live database
            shutil.copyfile(f"{path}{suffix}", stick / f"games.sqlite3{suffix}")
    assert (stick / "games.sqlite3-wal").stat().st_size > 0
    copy = stick / "games.sqlite3"
    with closing(sqlite3.connect(f"file:{copy}?immutable=1", uri=True)) as without_wal:
        assert without_wal.execute("SELECT count(*) FROM games").fetchone() == (1,)
    fresh = tmp_path / "fresh" / "games.sqlite3"
    code, answer = run("restore", str(copy), db=fresh)
    assert code == 0, answer
    assert sorted(answer["restored"]) == sorted([first, *in_wal])
    assert (answer["in_file"], answer["wal"], answer["already_present"]) == (3, True, 0)
    assert sorted((stick).iterdir()) == [copy, stick / "games.sqlite3-wal"]  # left as it was


def test_a_restore_into_a_new_database_brings_the_tables_settings(table, tmp_path):
    path, game_id = table
    values = '{"water": 4, "salt": 3, "millet": 2}'
    for args in (
        ("settings", "set", "tuareg", "values", values),
        ("settings", "set", "timbuktu", "variant", '"dealt"'),
        ("location", "Kraków, u Ani"),
    ):
        assert run(*args, db=path)[0] == 0
    with Store.open(path) as store:
        store.enrol_tag("04A1B2C3", "TARGI-GOODS-2DATES")
    assert run("backup", str(tmp_path / "usb.backup"), db=path)[0] == 0
    fresh = tmp_path / "fresh" / "games.sqlite3"
    code, answer = run("restore", str(tmp_path / "usb.backup"), db=fresh)
    assert code == 0 and answer["settings_restored"] == [
        "app/location",
        "timbuktu/variant",
        "tuareg/values",
    ]
    assert answer["tags_restored"] == ["04A1B2C3"]
    with Store.open(fresh) as store:
        assert store.enrolled_tags() == {"04A1B2C3": "TARGI-GOODS-2DATES"}
    assert run("settings", "get", "tuareg", "values", db=fresh)[1]["value"] == json.loads(values)
    assert run("settings", "get", "timbuktu", "variant", db=fresh)[1]["value"] == "dealt"
    assert run("location", db=fresh) == (0, {"location": "Kraków, u Ani"})
    assert source_ids(fresh, game_id) == source_ids(path, game_id)  # the same table

    # a table with its own value keeps it: a restore never overwrites what the table set
    other = tmp_path / "other" / "games.sqlite3"
    assert run("location", "Berlin", db=other)[0] == 0
    code, answer = run("restore", str(tmp_path / "usb.backup"), db=other)
    assert code == 0 and "app/location" not in answer["settings_restored"]
    assert run("location", db=other) == (0, {"location": "Berlin"})


def _edited_backup(source: Path, target: Path, *statements: str) -> Path:
    """A backup of ``source`` edited with ``statements``, its hash chain computed again: damage
    the chain cannot see, as a hostile file would carry."""
    assert run("backup", str(target), db=source)[0] == 0
    with closing(sqlite3.connect(target, isolation_level=None)) as connection:
        for statement in statements:
            connection.execute(statement)
        chain_existing_logs(connection)
    return target


def hostile_files(path: Path, folder: Path) -> dict[str, Path]:
    fifo = folder / "fifo.backup"
    os.mkfifo(fifo)
    newer = _edited_backup(path, folder / "newer.backup", "PRAGMA user_version = 99")
    long_name = "W" * 10_000
    return {
        "a FIFO": fifo,
        "a folder": folder,
        "a device": Path("/dev/zero"),
        "a newer schema": newer,
        "a 10 kB name in a game's options": _edited_backup(
            path,
            folder / "options.backup",
            f"UPDATE games SET options = replace(options, '\"Amal\"', '\"{long_name}\"')",
        ),
        "a 10 kB name in Players": _edited_backup(
            path,
            folder / "players.backup",
            f"UPDATE players SET name = '{long_name}' WHERE name = 'Bilal'",
        ),
        "an entry that no longer replays": _edited_backup(
            path,
            folder / "replay.backup",
            'UPDATE log SET payload = \'{"kind":"nonsense"}\' WHERE seq = 3',
        ),
        "a tag for no card": _edited_backup(
            path,
            folder / "tag.backup",
            "INSERT INTO tags VALUES ('04A1B2C3', 'CHESS-KING', '2026-01-01')",
        ),
        "a setting out of range": _edited_backup(
            path,
            folder / "setting.backup",
            "INSERT INTO settings VALUES ('tuareg', 'values', '{\"water\": 999}', '2026-01-01')",
        ),
    }


def _table_as_it_is(store: Store) -> object:
    return (
        [(g.id, g.last_seq, g.status) for g in store.list_games()],
        [(p.name, p.uid, p.games) for p in store.players()],
        store.setting_keys(),
    )


def test_every_hostile_file_is_refused_fast_naming_it_and_nothing_changes(table, tmp_path):
    path, _game_id = table
    hostile = hostile_files(path, tmp_path)
    target = tmp_path / "target" / "games.sqlite3"
    with Store.open(target, clock=Clock()) as store:
        play_to_end(store, "targi", ["Dov", "Eve"], seed=9)
        before = _table_as_it_is(store)
        for what, file in hostile.items():
            started, cpu = time.perf_counter(), time.process_time()
            with pytest.raises(InputError) as refused:
                transfer.import_from(store, file)
            took, worked = time.perf_counter() - started, time.process_time() - cpu
            # its work (not the machine's other load) under a second; no wait (a FIFO) at all
            assert worked < 1.0 and took < 10.0, (what, worked, took)
            assert refused.value.code == "not_a_backup", (what, refused.value.message)
            assert str(file) in refused.value.message, (what, refused.value.message)
            assert "restore.sqlite3" not in refused.value.message, what
            assert _table_as_it_is(store) == before, what
    assert "schema version 99" in transfer_message(
        store_path=target, file=hostile["a newer schema"]
    )
    code, answer = run("restore", str(hostile["a FIFO"]), db=target)
    assert code == 2 and "not a regular file" in answer["error"]["message"]


def transfer_message(store_path: Path, file: Path) -> str:
    with Store.open(store_path) as store, pytest.raises(InputError) as refused:
        transfer.import_from(store, file)
    return refused.value.message


def test_no_room_in_the_temporary_folder_is_a_clear_error(table, tmp_path):
    path, _game_id = table
    assert run("backup", str(tmp_path / "usb.backup"), db=path)[0] == 0
    assert (tmp_path / "usb.backup").stat().st_size > 64 * 1024
    small = tmp_path / "small"
    mount_tmpfs(small, size="64k")
    try:
        target = tmp_path / "target" / "games.sqlite3"
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "companion",
                "--db",
                str(target),
                "restore",
                str(tmp_path / "usb.backup"),
            ],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
            env={**os.environ, "TMPDIR": str(small)},
        )
    finally:
        subprocess.run(["umount", "-l", str(small)], check=False)
    assert done.returncode == 2, done.stderr
    error = json.loads(done.stdout)["error"]
    assert error["code"] == "restore_failed"
    assert "temporary folder" in error["message"] and "No space left" in error["message"]
    assert "Traceback" not in done.stderr


@pytest.fixture(scope="module")
def damaged_later(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, object]]:
    """A table whose only backup holds the first game; then the location set, a game with a new
    player played to its end and another begun: what a salvage must bring back."""
    path = tmp_path_factory.mktemp("later") / "games.sqlite3"
    with Store.open(path, clock=Clock()) as store:
        first = play_to_end(store, "targi", ["Amal", "Bilal"], seed=1)
    kept = backup.backups(path)[-1]
    with Store.open(path, clock=Clock(datetime(2026, 3, 2, 18, 0, tzinfo=UTC))) as store:
        store.set_setting(*LOCATION, "Kraków, u Ani")
        later = play_to_end(store, "targi", ["Amal", "Zoe"], seed=2)
        begun = store.create_game(
            "targi",
            {"players": [{"name": "Zoe", "colour": "red"}, {"name": "Bilal", "colour": "blue"}]},
        )
        facts = {
            "first": first,
            "later": later,
            "begun": begun,
            "seq": Session.resume(store, later).seq,
            "uids": {p.name: p.uid for p in store.players()},
        }
    for newer in backup.backups(path):
        if newer != kept:
            newer.unlink()
    return path, facts


def _damaged_copy(source: Path, folder: Path) -> Path:
    path = folder / "games.sqlite3"
    shutil.copyfile(source, path)
    (folder / "backups").mkdir()
    for kept in backup.backups(source):
        shutil.copyfile(kept, folder / "backups" / kept.name)
    return path


def test_salvaged_games_keep_their_players_ids_and_location(damaged_later, tmp_path):
    source, facts = damaged_later
    path = _damaged_copy(source, tmp_path)
    with closing(sqlite3.connect(path, isolation_level=None)) as connection:
        connection.execute("DROP TABLE tags")  # damage SQLite still reads past
    with Store.open(path) as store:
        assert store.restored is not None and store.restored.salvaged == facts["seq"]
        assert {p.name: (p.uid, p.games) for p in store.players()} == {
            name: (uid, {"Amal": 2, "Bilal": 2, "Zoe": 2}[name])
            for name, uid in facts["uids"].items()
        }
        assert store.location_of(facts["later"]) == "Kraków, u Ani"
        assert store.location_of(facts["first"]) == ""
        players.rename(store, "Zoe", "Zoë")
        assert [s.name for s in store.seats_of(facts["begun"]).values()] == ["Zoë", "Bilal"]


def test_a_damaged_schema_page_still_salvages_what_the_log_holds(damaged_later, tmp_path):
    source, facts = damaged_later
    path = _damaged_copy(source, tmp_path)
    data = bytearray(path.read_bytes())
    at = data.index(b"CREATE TABLE log")  # in the schema (page 1 and the pages it spills to)
    data[at] ^= 0x01  # one flipped bit: "BREATE TABLE log"
    path.write_bytes(bytes(data))
    with closing(sqlite3.connect(path)) as connection, pytest.raises(sqlite3.DatabaseError):
        connection.execute("SELECT count(*) FROM log").fetchone()
    with Store.open(path) as store:
        assert store.restored is not None and store.restored.salvaged == facts["seq"]
        assert store.restored.lost == ()  # read from the pages too: said precisely
        assert "No entries were lost." in (store.notice or "")
        later = Session.resume(store, facts["later"])
        assert (later.seq, later.damage) == (facts["seq"], None)
        assert store.load(facts["later"]).status == "finished"
        begun = Session.resume(store, facts["begun"])
        assert begun.damage is None
        assert {p.name for p in store.players()} == {"Amal", "Bilal", "Zoe"}


@pytest.fixture(scope="module")
def finished_then_more(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str, int]:
    """A finished game whose end was backed up; then an undo and a redo after that backup."""
    path = tmp_path_factory.mktemp("finished") / "games.sqlite3"
    with Store.open(path, clock=Clock()) as store:
        game_id = play_to_end(store, "targi", ["Amal", "Bilal"], seed=6)
    assert len(backup.backups(path)) == 1
    with Store.open(path, clock=Clock(datetime(2026, 3, 1, 23, 0, tzinfo=UTC))) as store:
        session = Session.resume(store, game_id)
        ended = session.seq
        assert session.undo(seq=ended, game_id=game_id).verdict.ok
        assert session.redo(seq=ended + 1, game_id=game_id).verdict.ok
    for newer in backup.backups(path)[:-1]:  # the redo ended the game again: a backup of that
        newer.unlink()
    return path, game_id, ended


def _flipped(source: Path, folder: Path, game_id: str, seq: int) -> Path:
    """A copy of the table with one byte of entry ``seq``'s payload flipped (SQLite sees nothing)."""
    path = _damaged_copy(source, folder)
    with closing(sqlite3.connect(path, isolation_level=None)) as connection:
        (payload,) = connection.execute(
            "SELECT payload FROM log WHERE game_id = ? AND seq = ?", (game_id, seq)
        ).fetchone()
        flipped = payload[:-1] + chr(ord(payload[-1]) ^ 1)  # its closing brace now "|"
        connection.execute(
            "UPDATE log SET payload = ? WHERE game_id = ? AND seq = ?", (flipped, game_id, seq)
        )
    return path


def test_a_flipped_byte_in_a_finished_game_is_restored_from_the_backup(
    finished_then_more, tmp_path
):
    source, game_id, ended = finished_then_more
    path = _flipped(source, tmp_path, game_id, 5)
    code, shown = run("history", db=path)
    assert code == 0
    code, shown = run("game", "show", game_id, db=path)
    assert code == 0, shown
    assert "damaged" not in shown and shown["seq"] == ended + 2 and shown["over"]
    assert shown["repaired"]["lost"] is None and shown["repaired"]["entries"] == ended + 2
    assert "Nothing was lost." in shown["repaired"]["message"]
    assert Path(shown["repaired"]["copy_before_repair"]).exists()  # nothing deleted
    code, again = run("game", "show", game_id, db=path)
    assert code == 0 and "repaired" not in again and "damaged" not in again
    code, exported = run("export", game_id, "--format", "bgstats", db=path)
    assert code == 0 and exported["sourcePlayId"] == game_id
    code, plays = run("history", db=path)
    code, sheet = run("game", "sheet", game_id, db=path)
    assert sheet["final"] and [p["score"] for p in plays["plays"][0]["players"]] == [
        sheet["players"][name]["total"] for name in ("Amal", "Bilal")
    ]


def test_entries_past_the_backup_and_the_damage_are_named_lost_and_the_game_goes_on(
    finished_then_more, tmp_path
):
    source, game_id, ended = finished_then_more
    path = _flipped(source, tmp_path, game_id, ended + 1)  # the undo, made after the backup
    done = subprocess.run(
        [sys.executable, "-m", "companion", "--db", str(path), "game", "show", game_id],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    shown = json.loads(done.stdout)
    assert shown["seq"] == ended and "damaged" not in shown
    assert shown["repaired"]["lost"] == {"first": ended + 1, "last": ended + 2}
    assert f"Lost: entries {ended + 1} to {ended + 2}; play them again." in done.stderr
    code, undone = run("game", "undo", game_id, str(ended), db=path)  # playable again
    assert code == 0 and undone["seq"] == ended + 1


@pytest.mark.parametrize("how", ["missing", "empty"])
def test_a_lost_database_says_so_offers_the_backup_and_never_prunes_it(
    finished_then_more, tmp_path, how
):
    source, game_id, _ended = finished_then_more
    path = _damaged_copy(source, tmp_path)
    if how == "missing":
        path.unlink()
    else:
        path.write_bytes(b"")
    (kept,) = backup.backups(path)
    done = subprocess.run(
        [sys.executable, "-m", "companion", "--db", str(path), "game", "list"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0 and json.loads(done.stdout) == []
    assert "holds no game, but its backup of 2026-03-01 " in done.stderr
    assert f"table-companion restore {kept}" in done.stderr
    with Store.open(path, clock=Clock(datetime(2026, 4, 1, tzinfo=UTC))) as store:
        assert store.notice is not None and str(kept) in store.notice
        store.create_game("targi", {"players": [{"name": "Eve", "colour": "red"}]})
        for day in range(backup.KEPT + 2):  # a week and more of new backups
            backup.make(store.connection_for_backup(), path, datetime(2026, 4, 2 + day, tzinfo=UTC))
    assert kept in backup.backups(path) and len(backup.backups(path)) == backup.KEPT + 1
    code, answer = run("restore", str(kept), db=path)
    assert code == 0 and answer["restored"] == [game_id]


def test_a_damaged_finished_game_without_a_backup_no_longer_shows_its_cached_result(
    finished_then_more, tmp_path
):
    source, game_id, _ended = finished_then_more
    path = _damaged_copy(source, tmp_path)
    code, plays = run("history", db=path)  # caches the final result
    assert code == 0 and [p["game_id"] for p in plays["plays"]] == [game_id]
    shutil.rmtree(tmp_path / "backups")
    with closing(sqlite3.connect(path, isolation_level=None)) as connection:
        connection.execute(
            "UPDATE log SET payload = replace(payload, '\"kind\"', '\"kinD\"') "
            "WHERE game_id = ? AND seq = 5",
            (game_id,),
        )
    code, sheet = run("game", "sheet", game_id, db=path)
    assert code == 0 and not sheet["final"]  # the log proves only entries 1 to 4
    code, plays = run("history", db=path)
    assert code == 0 and [p for p in plays["plays"] if p["status"] == "finished"] == []


def test_the_last_sound_backup_outlives_a_week_of_backups_of_a_damaged_game(
    finished_then_more, tmp_path
):
    source, game_id, ended = finished_then_more
    path = _flipped(source, tmp_path, game_id, 5)
    (sound,) = backup.backups(path)
    with Store.open(path, clock=Clock(datetime(2026, 4, 1, tzinfo=UTC))) as store:
        for day in range(backup.KEPT + 2):  # daily backups, each holding the damaged game
            backup.make(store.connection_for_backup(), path, datetime(2026, 4, 2 + day, tzinfo=UTC))
        assert sound in backup.backups(path) and len(backup.backups(path)) == backup.KEPT + 1
        repaired = Session.resume(store, game_id, repair=True)
        assert repaired.repaired is not None and repaired.repaired.backup == sound
        assert repaired.damage is None and repaired.seq == ended + 2


def test_the_bg_stats_export_of_a_damaged_finished_game_repairs_it_first(
    finished_then_more, tmp_path
):
    source, game_id, _ended = finished_then_more
    path = _flipped(source, tmp_path, game_id, 5)
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "companion",
            "--db",
            str(path),
            "export",
            game_id,
            "--format",
            "bgstats",
        ],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert json.loads(done.stdout)["sourcePlayId"] == game_id
    assert "restored from the backup" in done.stderr and "Nothing was lost." in done.stderr
