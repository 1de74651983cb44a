"""Child process of ``test_crash_safety``: plays the counter game until it is killed.

Usage: ``crash_child.py DATABASE SEED``. Opens the store, resumes its one game (or starts it),
prints ``READY <seq>``, then submits actions, undos, redos and corrections forever, printing
``ACK <seq>`` (flushed) each time one has been committed.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from counter_game import RULES, Add, CounterOptions, SetCount

from companion.play.session import Outcome, Session
from companion.store import Store


def step(session: Session, rng: random.Random) -> Outcome:
    view = {"seq": session.seq, "game_id": session.game_id}
    roll = rng.random()
    if roll < 0.1:
        return session.undo(**view)
    if roll < 0.2:
        return session.redo(**view)
    if roll < 0.25:
        return session.submit(SetCount(count=rng.randint(0, 50), player=1), **view)
    return session.submit(Add(n=rng.randint(0, 5), player=rng.randint(0, 1)), **view)


def main(database: Path, seed: int) -> None:
    rng = random.Random(seed)
    store = Store.open(database)
    games = store.list_games()
    if games:
        session = Session.resume(store, games[0].id)
    else:
        session = Session.create(store, RULES, CounterOptions(target=10**9))
    print(f"READY {session.seq}", flush=True)
    while True:
        outcome = step(session, rng)
        if outcome.verdict.ok:
            print(f"ACK {outcome.seq}", flush=True)


if __name__ == "__main__":
    main(Path(sys.argv[1]), int(sys.argv[2]))
