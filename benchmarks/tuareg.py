"""Tuareg: one loading verdict, and a whole random 5-player game applied and persisted."""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path

from benchmarks.timing import Row, median_seconds
from companion.games.tuareg import actions as a
from companion.games.tuareg.loading import load_verdict
from companion.games.tuareg.model import Animal, Good
from companion.games.tuareg.rules import TuaregRules
from companion.games.tuareg.state import TuaregState
from companion.play.session import Session
from companion.store import Store

RULES = TuaregRules()
VALUES = {
    "water": {"dinars": 1, "points": 4},
    "salt": {"dinars": 1, "points": 3},
    "millet": {"dinars": 1, "points": 2},
}
OPTIONS = RULES.parse_options(
    {"players": [{"name": f"p{n}", "colour": f"c{n}"} for n in range(5)], "values": VALUES}
)


def random_game(rng: random.Random) -> list[a.TuaregAction]:
    """The actions of one random legal 5-player game (an action kind first, then one of its kind)."""
    state: TuaregState = RULES.setup(OPTIONS)
    played = []
    while not RULES.is_over(state):
        choices = RULES.legal_actions(state)
        kind = rng.choice(sorted({c.kind for c in choices}))
        action = rng.choice([c for c in choices if c.kind == kind])
        state = RULES.apply(state, action)
        played.append(action)
    return played


def persist_game(folder: Path, game: list[a.TuaregAction]) -> float:
    """Seconds to submit every action of ``game`` to a new session (check, apply, commit)."""
    with Store.open(folder / "bench-tuareg.sqlite3") as store:
        start = time.perf_counter()
        session = Session.create(store, RULES, OPTIONS)
        for action in game:
            session.submit(action, seq=session.seq, game_id=session.game_id)
        return time.perf_counter() - start


def figures(args: argparse.Namespace) -> list[Row]:
    rng = random.Random(args.seed)
    verdict = median_seconds(
        lambda: load_verdict(Animal.CAMEL, (Good.GOLD,), (Good.GOLD, Good.SALT, Good.SALT)), 5000
    )
    games = [random_game(rng) for _ in range(5)]
    with tempfile.TemporaryDirectory() as tmp:
        whole = statistics.median(persist_game(Path(tmp), game) for game in games)
    actions = statistics.median(len(game) for game in games)
    return [
        ("loading verdict, one proposal (median)", f"{verdict * 1e6:.1f} µs", ""),
        (
            "random 5-player game applied + persisted (median)",
            f"{whole * 1e3:.0f} ms",
            f"{actions:.0f} actions/game",
        ),
    ]
