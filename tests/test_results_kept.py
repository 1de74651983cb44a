"""A game's result is kept in the commit of the entry that gives it (companion.rules.results), so the
history lists games without replaying them; a kept result that no longer matches the log's head
(stale, damaged, altered) is computed again. Real games played to the end through sessions, on a
real SQLite file."""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
from played_games import record

from companion.after import history
from companion.play.session import Session
from companion.rules.registry import rules_for
from companion.storage.base import at_once
from companion.store import Store

GAMES = [("targi", ["Amal", "Bilal"], 0), ("tuareg", ["Amal", "Bilal", "Cleo"], 1)]


@pytest.fixture
def played(tmp_path: Path) -> tuple[Path, list[str]]:
    path = tmp_path / "companion.sqlite3"
    return path, record(path, GAMES)


def rows(path: Path) -> dict[str, tuple[int, int]]:
    """Game id -> (its last entry, the entry its kept result is of)."""
    with closing(sqlite3.connect(path)) as connection:
        return {
            game_id: (last, kept)
            for game_id, last, kept in connection.execute(
                "SELECT games.id, games.last_seq, results.last_seq FROM games "
                "JOIN results ON results.game_id = games.id"
            )
        }


def no_replays(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Record every game the history replays (instead of reading its kept result)."""
    replayed: list[str] = []
    real = history._replayed

    def replaying(store: Store, game_id: str) -> Any:
        replayed.append(game_id)
        return real(store, game_id)

    monkeypatch.setattr(history, "_replayed", replaying)
    return replayed


def test_a_finished_games_result_is_kept_as_it_ends_and_listed_without_a_replay(
    played: tuple[Path, list[str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    path, ids = played
    assert {game_id: last == kept for game_id, (last, kept) in rows(path).items()} == {
        game_id: True for game_id in ids
    }
    replayed = no_replays(monkeypatch)
    with Store.open(path) as store:
        listed = {play.game_id: play.as_dict() for play in history.plays(store)}
        assert replayed == []
        assert listed == {game_id: history.load_play(store, game_id).as_dict() for game_id in ids}
        kept = store.cached_results()
        assert all(
            kept[game_id] == history._replayed(store, game_id).as_cached() for game_id in ids
        )


def test_an_altered_kept_result_is_computed_again(
    played: tuple[Path, list[str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    path, ids = played
    with closing(sqlite3.connect(path, isolation_level=None)) as connection:
        (text,) = connection.execute("SELECT result FROM results WHERE game_id = ?", (ids[0],))
        forged = json.loads(text[0])
        winner = forged["sheet"]["players"][0]
        forged["sheet"]["totals"][winner] += 100
        connection.execute(
            "UPDATE results SET result = ? WHERE game_id = ?", (json.dumps(forged), ids[0])
        )
    replayed = no_replays(monkeypatch)
    with Store.open(path) as store:
        listed = {play.game_id: play for play in history.plays(store)}
        assert replayed == [ids[0]]
        true_total = history.load_play(store, ids[0]).seats[0].score
        assert listed[ids[0]].seats[0].score == true_total != forged["sheet"]["totals"][winner]
    replayed.clear()
    with Store.open(path) as store:  # computed again and kept: the next listing reads it
        list(history.plays(store))
    assert replayed == []


def test_an_undo_after_the_end_and_its_redo_change_the_kept_result(
    played: tuple[Path, list[str]],
) -> None:
    path, ids = played
    with Store.open(path) as store:
        ended_at = store.cached_results()[ids[0]]["ended_at"]
        session = Session.resume(store, ids[0])
        assert session.undo(seq=session.seq, game_id=ids[0]).verdict.ok
        undone = store.cached_results()[ids[0]]
        assert undone["over"] is False and rows(path)[ids[0]] == (session.seq, session.seq)
        assert [play.game_id for play in history.plays(store)] == [ids[1]]  # in play again
        assert session.redo(seq=session.seq, game_id=ids[0]).verdict.ok
        redone = store.cached_results()[ids[0]]
        assert redone["over"] is True and redone["ended_at"] == ended_at
        assert redone == history._replayed(store, ids[0]).as_cached()


def test_a_move_in_a_game_not_over_keeps_no_result(tmp_path: Path) -> None:
    """Only the entries that give or change a result pay for computing it."""
    path = tmp_path / "companion.sqlite3"
    with Store.open(path) as store:
        rules = rules_for("targi")
        players = [{"name": "A", "colour": "red"}, {"name": "B", "colour": "blue"}]
        session = Session.create(store, rules, rules.parse_options({"players": players}))
        action = session.rules.legal_actions(session.state)[0]
        assert session.submit(action, seq=0, game_id=session.game_id).verdict.ok
    assert rows(path) == {}


@pytest.mark.parametrize(
    "damage",
    [
        "UPDATE results SET last_digest = x'00' WHERE game_id = ?",  # its digest altered
        "UPDATE results SET result = result || ' ' WHERE game_id = ?",  # its text
        "UPDATE games SET last_digest = hex(last_digest) WHERE id = ?",  # a head not bytes
        "UPDATE results SET last_digest = 'text' WHERE game_id = ?",  # a digest not bytes
    ],
)
def test_a_kept_row_that_does_not_check_against_its_head_is_left_out_and_logged(
    played: tuple[Path, list[str]], damage: str, caplog: pytest.LogCaptureFixture
) -> None:
    path, ids = played
    with Store.open(path) as store:
        sound = at_once(store.kept_texts_in_steps(every=None))
    assert sorted(sound) == sorted(ids)
    with closing(sqlite3.connect(path, isolation_level=None)) as connection:
        connection.execute(damage, (ids[0],))
    with Store.open(path) as store:
        for every in (None, 1):
            caplog.clear()
            texts = at_once(store.kept_texts_in_steps(every=every))
            assert texts == {ids[1]: sound[ids[1]]}
            assert [record.getMessage() for record in caplog.records] == [
                f"the kept result of game {ids[0]} does not match its log"
            ]
