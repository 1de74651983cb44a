"""The phones' read-only store keeps the results of finished games the app has not cached yet in
memory: the history replays each game once, again only once its log grows, and the file is never
written."""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

import pytest
from played_games import record

from companion.after import history
from web.reading import ReadingStore


def test_the_history_replays_each_game_once_and_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "games.sqlite3"
    ids = record(db, [("tuareg", ["Amal", "Bilal"], 0), ("timbuktu", ["Amal", "Bilal", "Cleo"], 1)])
    with sqlite3.connect(db) as written:  # as a database whose results no app has kept yet
        written.execute("DELETE FROM results")
    written.close()
    before = hashlib.sha256(db.read_bytes()).hexdigest()
    replayed: list[str] = []
    replay = history._replayed
    monkeypatch.setattr(
        history,
        "_replayed",
        lambda store, game_id: replayed.append(game_id) or replay(store, game_id),
    )
    with ReadingStore.open_read_only(db) as store:
        first = [play.as_dict() for play in history.plays(store)]
        assert sorted(replayed) == sorted(ids)
        again = [play.as_dict() for play in history.plays(store)]
        assert again == first and sorted(replayed) == sorted(ids)  # nothing replayed again
        seq, result = store._kept[ids[0]]
        store._kept[ids[0]] = (seq - 1, result)  # as if its log had grown since
        list(history.plays(store))
        assert replayed.count(ids[0]) == 2
    assert hashlib.sha256(db.read_bytes()).hexdigest() == before
