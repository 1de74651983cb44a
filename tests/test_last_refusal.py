"""The last refusal a game's table was told is kept beside the game, outside its log: a refused
``game act`` changes nothing in the game (its log, chain and seq; the CLI's JSON and exit code as
before) and is kept for the phones while the game stays at that moment; an accepted act moves the
game on and the refusal is no longer current; a read-only store (the phones') never writes."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from web_server import cli, legal_move, targi_table

from companion.cli import games
from companion.play import last_refusal
from companion.store import Store

OCCUPIED = {"kind": "place", "player": 1, "card": 2}
"""Bilal's Targi on the card Amal's stands on, once Amal has placed on card 2."""


def the_game(db: Path, game_id: str) -> tuple[Any, ...]:
    """Everything the game is: its row (seq, digests, status, times) and every log entry."""
    with sqlite3.connect(db) as connection:
        row = connection.execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchall()
        log = connection.execute(
            "SELECT * FROM log WHERE game_id = ? ORDER BY seq", (game_id,)
        ).fetchall()
    return (row, log)


def kept(db: Path, game_id: str) -> last_refusal.LastRefusal | None:
    with Store.open(db) as store:
        seq = games.open_session(store, game_id).seq
        return last_refusal.current(store, game_id, seq)


def test_a_refused_act_changes_nothing_in_the_game_and_is_kept_until_an_act_is_accepted(
    tmp_path: Path,
) -> None:
    db = tmp_path / "games.sqlite3"
    game_id = targi_table(db)
    first = legal_move(db, game_id)
    assert first == {"kind": "place", "player": 0, "card": 2}
    done = cli(db, tmp_path, "game", "act", game_id, "latest", json.dumps(first), "--compact")
    assert done.returncode == 0
    before = the_game(db, game_id)
    seq = len(before[1])

    refused = cli(db, tmp_path, "game", "act", game_id, str(seq), json.dumps(OCCUPIED), "--compact")
    assert refused.returncode == 1, refused.stderr
    report = json.loads(refused.stdout)
    assert report["verdict"]["ok"] is False and report["verdict"]["code"] == "occupied"
    assert set(report) == {"verdict", "game_id", "game", "seq", "to_move", "over"}
    assert set(report["verdict"]) == {"ok", "code", "message"}
    assert report["seq"] == seq
    assert the_game(db, game_id) == before  # log, chain, seq, status and times as they were

    found = kept(db, game_id)
    assert found is not None
    assert (found.game_id, found.seq, found.code) == (game_id, seq, "occupied")
    assert found.message == report["verdict"]["message"] and found.lang == "en"

    again = cli(db, tmp_path, "game", "act", game_id, "latest", json.dumps(legal_move(db, game_id)))
    assert again.returncode == 0, again.stdout + again.stderr
    assert kept(db, game_id) is None  # the game moved on: the refusal is no longer its moment


def test_a_stale_input_is_kept_for_the_moment_it_was_answered_at_only(
    tmp_path: Path,
) -> None:
    db = tmp_path / "games.sqlite3"
    game_id = targi_table(db)
    with Store.open(db) as store:
        session = games.open_session(store, game_id)
        stale = session.seq - 1
        outcome = session.submit(
            session.rules.parse_action(legal_move(db, game_id)), seq=stale, game_id=game_id
        )
        assert outcome.verdict.code == "stale"
        found = last_refusal.current(store, game_id, session.seq)
        assert found is not None and found.code == "stale"
        assert last_refusal.current(store, game_id, session.seq + 1) is None


def test_a_read_only_store_never_writes_a_refusal(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    game_id = targi_table(db)
    with sqlite3.connect(db) as watching:
        version = watching.execute("PRAGMA data_version").fetchone()[0]
        with Store.open_read_only(db) as store:
            assert store.read_only
            session = games.open_session(store, game_id)
            bilal = session.rules.parse_action({"kind": "place", "player": 1, "card": 2})
            outcome = session.submit(bilal, seq=session.seq, game_id=game_id)
            assert outcome.verdict.code == "not_your_turn"
            assert last_refusal.current(store, game_id, session.seq) is None
        assert watching.execute("PRAGMA data_version").fetchone()[0] == version  # no commit
        assert watching.execute("SELECT count(*) FROM refusals").fetchone()[0] == 0


def test_keeping_a_refusal_waits_for_no_disk_and_leaves_every_append_durable(
    tmp_path: Path,
) -> None:
    """The refusal is written with ``synchronous=NORMAL`` (no fsync on a refused tap); the
    store's connection is back at ``FULL`` for the log's next entry."""
    db = tmp_path / "games.sqlite3"
    game_id = targi_table(db)
    with Store.open(db) as store:
        connection = store.connection_for_backup()
        assert connection.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
        session = games.open_session(store, game_id)
        bilal = session.rules.parse_action({"kind": "place", "player": 1, "card": 2})
        outcome = session.submit(bilal, seq=session.seq, game_id=game_id)
        assert outcome.verdict.code == "not_your_turn"
        assert last_refusal.current(store, game_id, session.seq) is not None
        assert connection.execute("PRAGMA synchronous").fetchone()[0] == 2
