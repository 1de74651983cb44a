"""Kill a writing process at random moments: every acknowledged entry must survive, intact.

SIGKILL ends the writer mid-commit as a crash would. The OS keeps what was written, so this checks
that commits are atomic and acknowledged only once committed; power loss is ``synchronous=FULL``'s
part.
"""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from contextlib import closing
from pathlib import Path

import counter_game  # noqa: F401  (registers the counter game for Session.resume)

from companion.play.session import Session
from companion.store import Store

TESTS = Path(__file__).parent
CHILD = TESTS / "crash_child.py"
KILLS = 55
SEED = 20240615


def run_and_kill(database: Path, seed: int, rng: random.Random) -> tuple[list[list[str]], str]:
    """Start the child, SIGKILL it at a random moment; return what it printed and its stderr.

    Most kills come a random time after the game is open; some during start-up (open, migrate,
    resume) without waiting for it.
    """
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(TESTS.parent), str(TESTS)])}
    child = subprocess.Popen(
        [sys.executable, str(CHILD), str(database), str(seed)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    printed = []
    try:
        if rng.random() < 0.2:
            time.sleep(rng.uniform(0.0, 0.3))
        else:
            printed.append(child.stdout.readline())  # READY: the game is open
            time.sleep(rng.uniform(0.0, 0.04))
        child.send_signal(signal.SIGKILL)
    finally:
        child.wait(timeout=10)
    with child.stdout, child.stderr:
        printed.extend(child.stdout)
        return [line.split() for line in printed], child.stderr.read()


def check_survivors(database: Path, acked: int) -> int:
    """Reopen as after a power-up: sound, not quarantined, every ACKed entry there; the last seq."""
    assert sql(database, "PRAGMA quick_check") == [("ok",)]
    with Store.open(database) as store:
        assert store.quarantined is None, store.notice
        games = store.list_games()
        if not games:
            assert acked == 0
            return 0
        (summary,) = games
        seqs = [entry.seq for entry in store.load(summary.id).entries]
        assert seqs == list(range(1, len(seqs) + 1))
        # At most the one entry being committed when the kill came is there but unacknowledged.
        assert acked <= len(seqs) <= acked + 1
        session = Session.resume(store, summary.id)
        assert session.seq == len(seqs)
        return session.seq


def test_acknowledged_entries_survive_sigkill(tmp_path: Path) -> None:
    database = tmp_path / "companion.sqlite3"
    rng = random.Random(SEED)
    last = 0
    for run in range(KILLS):
        lines, errors = run_and_kill(database, SEED + run, rng)
        assert "Traceback" not in errors, errors
        assert lines[:1] in ([], [["READY", str(last)]]), lines[:1]
        assert all(word == "ACK" for word, _ in lines[1:]), lines
        acks = [int(seq) for _, seq in lines[1:]]
        assert acks == list(range(last + 1, last + 1 + len(acks)))
        last = check_survivors(database, max(acks, default=last))
    assert last > KILLS
    assert sql(database, "PRAGMA integrity_check") == [("ok",)]


def sql(path: Path, statement: str) -> list[tuple[object, ...]]:
    with closing(sqlite3.connect(path, isolation_level=None)) as connection:
        return connection.execute(statement).fetchall()
