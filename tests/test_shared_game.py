"""Two processes writing one game and a third reading it, on one real SQLite file (issue 25.1).

A game's row and its log must be read in one snapshot: read in two, a reader that finds the row
before another process's commit and the log after it sees a log longer than the game's record of it
and reports a sound game as damaged. Every call here is the command line's own ``game act`` or
``game show`` (see ``shared_game_child.py``), each opening the database as a separate command does.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import counter_game
from counter_game import CounterOptions

from companion.play.session import Session
from companion.store import Store

TESTS = Path(__file__).parent
CHILD = TESTS / "shared_game_child.py"
WRITER_CALLS = 250
READER_CALLS = 250
SECONDS = 40.0
"""Each child stops after its calls or this long, whichever comes first."""


def start(role: str, database: Path, game_id: str, calls: int) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(TESTS.parent), str(TESTS)])}
    return subprocess.Popen(
        [sys.executable, str(CHILD), role, str(database), game_id, str(calls), str(SECONDS)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )


def report(child: subprocess.Popen[str]) -> dict[str, Any]:
    out, err = child.communicate(timeout=SECONDS + 30)
    assert child.returncode == 0, err
    result: dict[str, Any] = json.loads(out)
    return result


def test_two_writers_and_a_reader_never_see_a_sound_game_damaged(tmp_path: Path) -> None:
    database = tmp_path / "companion.sqlite3"
    with Store.open(database) as store:
        game_id = Session.create(store, counter_game.RULES, CounterOptions(target=10**9)).game_id
    started = time.monotonic()
    children = [
        start("writer", database, game_id, WRITER_CALLS),
        start("writer", database, game_id, WRITER_CALLS),
        start("reader", database, game_id, READER_CALLS),
    ]
    first, second, reader = (report(child) for child in children)
    elapsed = time.monotonic() - started

    acknowledged = first["acknowledged"] + second["acknowledged"]
    print(
        f"{first['calls'] + second['calls']} acts ({len(acknowledged)} acknowledged, "
        f"refused {first['refused']} {second['refused']}), {reader['calls']} shows in {elapsed:.1f} s"
    )
    assert first["damaged"] == second["damaged"] == reader["damaged"] == []
    assert first["calls"] + second["calls"] >= 200, "too few acts to mean anything"
    assert reader["calls"] >= 100
    assert first["acknowledged"] and second["acknowledged"], "both writers got entries in"
    # No entry lost or given twice: the acknowledged ones are exactly the log, in order.
    assert sorted(acknowledged) == list(range(1, len(acknowledged) + 1))
    assert reader["seqs"] == sorted(reader["seqs"])
    with Store.open(database) as store:
        assert store.quarantined is None
        stored = store.load(game_id)
        assert stored.damage is None
        assert [entry.seq for entry in stored.entries] == sorted(acknowledged)
        session = Session.resume(store, game_id)
        assert session.damage is None
        assert session.state.counts[0] == len(acknowledged)
