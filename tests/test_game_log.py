"""A stored game's log for people (companion.play.game_log), read from real SQLite files: each entry's
time and words, corrections and taken-back moves marked, and a damaged log read to where it
stops."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from datetime import datetime
from pathlib import Path

import pytest
from played_games import record

from companion.games.targi.actions import SetStock
from companion.installation.errors import InputError
from companion.play import describe, game_log
from companion.play.session import Session
from companion.store import Store


@pytest.fixture
def targi(tmp_path: Path) -> tuple[Path, str]:
    path = tmp_path / "games.sqlite3"
    (game_id,) = record(path, [("targi", ["Amal", "Bilal"], 0)])
    return path, game_id


def correct(session: Session, vp: int) -> None:
    action = SetStock(player=1, dates=0, salt=0, pepper=0, gold=0, vp=vp)
    assert session.submit(action, seq=session.seq, game_id=session.game_id).verdict.ok


def test_every_entry_is_worded_at_its_time_in_order(targi: tuple[Path, str]) -> None:
    path, game_id = targi
    with Store.open(path) as store:
        entries = store.load(game_id).entries
        log = game_log.read(store, game_id)
    assert log.game == "targi" and log.damage is None
    assert [line.seq for line in log.lines] == [e.seq for e in entries]
    assert [line.at for line in log.lines] == [
        datetime.fromisoformat(e.created_at) for e in entries
    ]
    assert all(line.kind == "action" and not line.undone for line in log.lines)
    assert all(line.text for line in log.lines)
    assert not any(line.correction for line in log.lines)


def test_corrections_and_taken_back_moves_are_marked(targi: tuple[Path, str]) -> None:
    path, game_id = targi
    with Store.open(path) as store:
        session = Session.resume(store, game_id)
        before = session.state
        correct(session, 5)  # kept
        correct(session, 9)  # undone, redone: kept
        assert session.undo(seq=session.seq, game_id=game_id).verdict.ok
        assert session.redo(seq=session.seq, game_id=game_id).verdict.ok
        correct(session, 11)  # undone for good
        assert session.undo(seq=session.seq, game_id=game_id).verdict.ok
        log = game_log.read(store, game_id)
    *_played, kept, redone_one, undo, redo, dropped, undo_again = log.lines
    assert kept.correction and not kept.undone
    assert kept.text == describe.describe(
        "targi", before, SetStock(player=1, dates=0, salt=0, pepper=0, gold=0, vp=5)
    )
    assert kept.text == "Bilal's goods and points set"  # the log marks it as a correction
    assert redone_one.correction and not redone_one.undone
    assert undo.kind == "undo" and undo.text.startswith("Undone: ")
    assert redo.kind == "redo" and redo.text.startswith("Redone: ")
    assert dropped.correction and dropped.undone
    assert undo_again.kind == "undo" and not undo_again.undone


def test_a_damaged_log_is_read_to_where_it_stops(targi: tuple[Path, str]) -> None:
    path, game_id = targi
    with closing(sqlite3.connect(path)) as db, db:
        db.execute(
            'UPDATE log SET payload = \'{"kind":"jump"}\' WHERE game_id = ? AND seq = 5',
            (game_id,),
        )
    with Store.open(path) as store:
        log = game_log.read(store, game_id)
    assert [line.seq for line in log.lines] == [1, 2, 3, 4]
    assert log.damage


def test_an_unknown_game_is_refused_by_name(tmp_path: Path) -> None:
    with Store.open(tmp_path / "games.sqlite3") as store, pytest.raises(InputError) as raised:
        game_log.read(store, "0" * 32)
    assert raised.value.code == "unknown_game"
