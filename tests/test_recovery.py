"""Recovery (issues 24 and 25): a player's stable id across backup, restore, rename and merge;
restoring live copies, settings and hostile files; salvage after damage."""

from __future__ import annotations

import shutil
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest
from cli_process import run
from played_games import Clock, play_to_end

from companion import players
from companion.store import Store


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


def test_the_migration_gives_every_existing_player_a_distinct_id(table):
    path, _game_id = table
    with closing(sqlite3.connect(path, isolation_level=None)) as connection:
        connection.execute("DROP INDEX players_by_uid")
        connection.execute("ALTER TABLE players DROP COLUMN uid")
        connection.execute("PRAGMA user_version = 4")
    with Store.open(path) as store:
        found = {p.name: p.uid for p in store.players()}
    assert sorted(found) == ["Amal", "Bilal", "Yan"]
    assert len(set(found.values())) == 3 and all(len(uid) == 36 for uid in found.values())
