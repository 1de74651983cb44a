"""The full check begun ahead of an open (companion.storage.ahead, the app's start after an unclean
shutdown): the open decides on it exactly as on its own check. One byte flipped at seeded offsets of
a database left unclean: the open with the check ahead and the open without it find, move aside,
restore and replay the very same; and a check ahead that did not check the file as it is leaves the
check to the open."""

from __future__ import annotations

import random
import shutil
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
from played_games import Clock
from stored_games import play_games

from companion.cli.games import describe
from companion.play.session import LogCorruptionError, Session
from companion.storage import integrity
from companion.storage.ahead import CheckAhead
from companion.store import NewerSchemaError, Store, StoreError

CASES = 40
SEED = 20261129
PLAYERS = {"players": [{"name": name, "colour": "red"} for name in ("Ann", "Bo", "Cy")]}
DEAD = "0123456789abcdef.1.deadbeef"
"""An open marker of an earlier boot (a power cut): the next open checks the file whole."""


def left_unclean(path: Path) -> None:
    (path.parent / f"{path.name}.open.{DEAD}").touch()


def opened(path: Path, ahead: CheckAhead | None) -> tuple[str, Any]:
    """Open ``path`` as the app does (with the check begun ``ahead``, or without it) and replay
    every game: what the table would be shown, with the folder's name taken out."""
    try:
        store = Store.open(path, clock=Clock(), ahead=ahead)
    except (NewerSchemaError, StoreError) as error:
        return "refused", f"{type(error).__name__}: {error}".replace(str(path.parent), "<dir>")
    with store:
        shown: dict[str, str] = {}
        for summary in store.list_games():
            try:
                shown[summary.id] = describe(Session.resume(store, summary.id))
            except LogCorruptionError as error:
                shown[summary.id] = f"damaged: {error}"
        notice = (store.notice or "").replace(str(path.parent), "<dir>")
        return ("quarantined" if store.quarantined is not None else "opened"), (notice, shown)


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Three games, a backup taken after the first two, the file closed cleanly."""
    path = tmp_path_factory.mktemp("ahead") / "companion.sqlite3"
    play_games(path, games=2, entries=40, seed=SEED)
    Store.open(path, clock=Clock()).close()  # the daily backup, then a clean close
    play_games(path, games=1, entries=40, seed=SEED + 1)
    return path


def test_one_byte_flips_are_decided_the_same_with_the_check_ahead(
    template: Path, tmp_path: Path
) -> None:
    size = template.stat().st_size
    rng = random.Random(SEED)
    outcomes = set()
    begun = 0
    for case in range(CASES):
        offset, mask = rng.randrange(size), rng.randrange(1, 256)
        results = []
        for ahead in (False, True):
            folder = tmp_path / f"case-{case}-{ahead}"
            shutil.copytree(template.parent, folder)
            db = folder / template.name
            with db.open("r+b") as file:
                file.seek(offset)
                byte = file.read(1)[0]
                file.seek(offset)
                file.write(bytes([byte ^ mask]))
            left_unclean(db)
            check = Store.check_ahead(db) if ahead else None
            begun += check is not None and check.begun
            results.append(opened(db, check))
            shutil.rmtree(folder)
        assert results[0] == results[1], (offset, mask)
        outcomes.add(results[0][0])
    assert "quarantined" in outcomes  # the seeded flips do reach damage the check finds
    assert begun >= CASES * 0.9  # only a damaged header is the open's alone to find


def test_a_sound_file_left_unclean_is_checked_ahead_and_then_clean(template: Path) -> None:
    db = template.parent / "sound" / template.name
    shutil.copytree(template.parent, db.parent)
    left_unclean(db)
    ahead = Store.check_ahead(db)
    assert ahead.begun
    with Store.open(db, ahead=ahead) as store:
        assert store.quarantined is None
        assert store.check_in_background() is None  # checked whole at this open already
    assert not (db.parent / f"{db.name}.open.{DEAD}").exists()
    assert not Store.check_ahead(db).begun  # closed cleanly: no reason to check it whole


def test_a_file_replaced_after_its_check_ahead_is_checked_as_it_now_is(tmp_path: Path) -> None:
    """The check ahead found damage; the file was then replaced by a sound one: the open checks
    the file at the path, and finds it sound."""
    sound = tmp_path / "sound.sqlite3"
    with Store.open(sound) as store:
        for _ in range(2):
            store.create_game("counter", PLAYERS)
    db = tmp_path / "companion.sqlite3"
    shutil.copy(sound, db)
    damage_an_index(db)
    left_unclean(db)
    ahead = CheckAhead(db)
    assert ahead.begun and ahead.problems()  # it found the damage
    db.unlink()
    shutil.copy(sound, db)  # a new file (another inode) at the path
    assert ahead.problems() is None
    with Store.open(db, ahead=ahead) as store:
        assert store.quarantined is None
    with closing(sqlite3.connect(db)) as connection:
        assert integrity.problems(connection) == []


def test_damage_found_ahead_is_moved_aside_as_the_open_would(tmp_path: Path) -> None:
    db = tmp_path / "companion.sqlite3"
    with Store.open(db) as store:
        for _ in range(2):
            store.create_game("counter", PLAYERS)
    damage_an_index(db)
    left_unclean(db)
    with Store.open(db, ahead=Store.check_ahead(db)) as store:
        assert store.quarantined is not None and store.notice is not None
        assert "integrity check" in store.notice


def damage_an_index(db: Path) -> None:
    """Give an index a definition its entries do not follow: damage only the full check finds."""
    with closing(sqlite3.connect(db, isolation_level=None)) as connection:
        connection.execute("PRAGMA writable_schema = ON")
        connection.execute(
            "UPDATE sqlite_master SET sql = 'CREATE INDEX seats_by_player ON seats (seat DESC)' "
            "WHERE name = 'seats_by_player'"
        )
