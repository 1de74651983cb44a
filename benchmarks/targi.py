"""Targi: random games, legal placements, apply + persist against a raw commit, resume."""

from __future__ import annotations

import argparse
import json
import random
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path

from benchmarks.timing import Row, median_seconds
from companion.games.targi import actions as a
from companion.games.targi.board import legal_placements
from companion.games.targi.model import TargiState
from companion.games.targi.rules import TargiRules
from companion.play.session import Session
from companion.store import Store

RULES = TargiRules()
OPTIONS = RULES.parse_options(
    {"players": [{"name": "Amal", "colour": "blue"}, {"name": "Bilal", "colour": "white"}]}
)


def random_game(rng: random.Random) -> list[a.TargiAction]:
    """The actions of one random legal game, from setup to the end."""
    state: TargiState = RULES.setup(OPTIONS)
    played = []
    while not RULES.is_over(state):
        action = rng.choice(RULES.legal_actions(state))
        state = RULES.apply(state, action)
        played.append(action)
    return played


def persist_one_action(folder: Path, games: list[list[a.TargiAction]]) -> tuple[float, float]:
    """Median seconds of Session.submit (check, apply, log) and of a raw one-row commit with the
    same pragmas, taken alternately so that both see the same disk."""
    raw = sqlite3.connect(folder / "bench-raw.sqlite3", isolation_level=None)
    raw.execute("PRAGMA journal_mode=WAL")
    raw.execute("PRAGMA synchronous=FULL")
    raw.execute(
        "CREATE TABLE log (game_id TEXT, seq INTEGER, kind TEXT, payload TEXT, "
        "created_at TEXT, PRIMARY KEY (game_id, seq)) WITHOUT ROWID"
    )
    payload = json.dumps(RULES.dump_action(games[0][-1]))
    samples, raw_samples = [], []
    with Store.open(folder / "bench-session.sqlite3") as store:
        for game in games:
            session = Session.create(store, RULES, OPTIONS)
            for action in game:
                start = time.perf_counter()
                session.submit(action, seq=session.seq, game_id=session.game_id)
                samples.append(time.perf_counter() - start)
                start = time.perf_counter()
                raw.execute(
                    "INSERT INTO log VALUES ('g', ?, 'action', ?, '2026-01-01T00:00:00')",
                    (len(raw_samples), payload),
                )
                raw_samples.append(time.perf_counter() - start)
    raw.close()
    return statistics.median(samples), statistics.median(raw_samples)


def resume_300(folder: Path, game: list[a.TargiAction]) -> float:
    """Median seconds to reopen the store and resume a game of 300 log entries."""
    path = folder / "bench-resume.sqlite3"
    with Store.open(path) as store:
        session = Session.create(store, RULES, OPTIONS)
        for action in game:
            session.submit(action, seq=session.seq, game_id=session.game_id)
        while session.seq < 300:  # card-text bonuses pad a shorter game to 300 entries
            bonus = a.AddCardBonus(player=session.seq % 2, points=1, note="padding")
            session.submit(bonus, seq=session.seq, game_id=session.game_id)
        game_id, final = session.game_id, session.state

    def resume() -> None:
        with Store.open(path) as store:
            assert Session.resume(store, game_id).state == final

    return median_seconds(resume, 20)


def figures(args: argparse.Namespace) -> list[Row]:
    rng = random.Random(args.seed)
    start = time.perf_counter()
    games = [random_game(rng) for _ in range(args.games)]
    games_per_second = args.games / (time.perf_counter() - start)
    actions = sum(map(len, games))

    placements = median_seconds(lambda: legal_placements(5, (1, 14), (6, 10)), 2000)
    with tempfile.TemporaryDirectory() as tmp:
        submit, raw = persist_one_action(Path(tmp), games[:4])
        resume = resume_300(Path(tmp), games[0][:300])

    return [
        (
            "random complete games per second (rules only)",
            f"{games_per_second:.1f}",
            f"{actions / args.games:.0f} actions/game",
        ),
        ("legal placements, one position", f"{placements * 1e6:.1f} µs", "target <= 50 µs"),
        ("apply + persist one action (median)", f"{submit * 1e6:.0f} µs", ""),
        ("raw one-row SQLite commit, same pragmas", f"{raw * 1e6:.0f} µs", ""),
        ("  ratio", f"{submit / raw:.2f}x", "target <= 1.5x"),
        ("resume a 300-entry game from the database", f"{resume * 1e3:.1f} ms", "target <= 50 ms"),
    ]
