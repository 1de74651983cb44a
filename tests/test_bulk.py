"""A listing of the games and their statistics are made with the garbage collector paused
(companion.after.bulk): every object they make lives on, and the collector's passes over them cost
time for nothing. It is restored after, also when the listing fails, and a collector that was
off stays off."""

from __future__ import annotations

import gc
from pathlib import Path
from typing import Any

import pytest
from played_games import record

from companion.after import history, stats
from companion.after.bulk import collection_paused
from companion.store import Store


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "games.sqlite3"
    record(path, [("targi", ["Amal", "Bilal"], 0), ("tuareg", ["Amal", "Cleo", "Dov"], 1)])
    return path


def test_the_collector_is_paused_while_the_games_are_listed_and_counted(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    collecting: list[bool] = []
    made, summary = history._made_play, stats._summary

    def making(*args: Any) -> Any:
        collecting.append(gc.isenabled())
        return made(*args)

    def summing(*args: Any) -> Any:
        collecting.append(gc.isenabled())
        return summary(*args)

    monkeypatch.setattr(history, "_made_play", making)
    monkeypatch.setattr(stats, "_summary", summing)
    assert gc.isenabled()
    with Store.open(db) as store:
        plays = list(history.plays(store))
        assert len(collecting) == 2 and gc.isenabled()
        with Store.open(db) as other:  # a store of its own: nothing made before is reused
            listed = history.listing(other)
        assert len(collecting) == 4 and [p.game_id for p in listed] == [p.game_id for p in plays]
        stats.compute(plays)
    assert len(collecting) > 4 and not any(collecting) and gc.isenabled()


def test_the_collector_is_restored_after_a_failure_and_left_off_if_it_was() -> None:
    with pytest.raises(RuntimeError), collection_paused():
        assert not gc.isenabled()
        raise RuntimeError("a listing failed")
    assert gc.isenabled()
    gc.disable()
    try:
        with collection_paused():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()
