"""Timbuktu: a whole random 5-player game applied and persisted, and a finished game's score sheet."""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path

from benchmarks.timing import Row, median_seconds
from companion.games.timbuktu import actions as a
from companion.games.timbuktu.model import CAMELS, Good, TimbuktuState
from companion.games.timbuktu.rules import TimbuktuRules
from companion.play.session import Session
from companion.store import Store

RULES = TimbuktuRules()
PLAYERS = 5
OPTIONS = RULES.parse_options(
    {"players": [{"name": f"P{seat}", "colour": f"c{seat}"} for seat in range(PLAYERS)]}
)


def random_game(rng: random.Random) -> list[a.TimbuktuAction]:
    """The actions of one random legal 5-player game: loads from the box, then legal choices."""
    box = [good for good in Good for _ in range(21)]
    rng.shuffle(box)
    camels = len(CAMELS[PLAYERS])
    played: list[a.TimbuktuAction] = [
        a.LoadCaravan(
            player=seat,
            camels=tuple(
                tuple(box[(seat * camels + c) * 4 : (seat * camels + c) * 4 + 4])
                for c in range(camels)
            ),
        )
        for seat in range(PLAYERS)
    ]
    state: TimbuktuState = RULES.setup(OPTIONS)
    for action in played:
        state = RULES.apply(state, action)
    while not RULES.is_over(state):
        action = rng.choice(RULES.legal_actions(state))
        state = RULES.apply(state, action)
        played.append(action)
    return played


def persist_game(folder: Path, game: list[a.TimbuktuAction]) -> tuple[float, TimbuktuState]:
    """Seconds to create a session and submit (check, apply, commit) every action of ``game``."""
    with Store.open(folder / "bench-timbuktu.sqlite3") as store:
        start = time.perf_counter()
        session = Session.create(store, RULES, OPTIONS)
        for action in game:
            session.submit(action, seq=session.seq, game_id=session.game_id)
        elapsed = time.perf_counter() - start
        assert RULES.is_over(session.state)
        return elapsed, session.state


def apply_only(game: list[a.TimbuktuAction]) -> None:
    """The same game applied in memory, nothing persisted (the rules' share of the time)."""
    state = RULES.setup(OPTIONS)
    for action in game:
        state = RULES.apply(state, action)


def figures(args: argparse.Namespace) -> list[Row]:
    rng = random.Random(args.seed)
    games = [random_game(rng) for _ in range(5)]
    with tempfile.TemporaryDirectory() as tmp:
        runs = [persist_game(Path(tmp), game) for game in games]
    whole = statistics.median(seconds for seconds, _state in runs)
    final = runs[0][1]
    sheet = median_seconds(lambda: RULES.score_sheet(final), 2000)
    rules_only = median_seconds(lambda: apply_only(games[0]), 20)
    actions = statistics.median(len(game) for game in games)
    return [
        (
            "whole random 5-player game applied + persisted (median of 5)",
            f"{whole * 1e3:.0f} ms",
            f"{actions:.0f} log entries/game",
        ),
        ("  per entry", f"{whole / actions * 1e6:.0f} µs", "mostly the durable commit"),
        ("the same game applied in memory (rules only)", f"{rules_only * 1e3:.1f} ms", ""),
        ("score sheet of a finished game", f"{sheet * 1e6:.1f} µs", ""),
    ]
