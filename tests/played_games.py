"""Games played to the end through real sessions, with the tables' helpers' rules and names: a
recorded history for the history, statistics and export tests."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import targi_table
import timbuktu_table
import tuareg_table

from companion.play.session import Session
from companion.store import Store


class Clock:
    """A store clock that moves one minute per reading: a game of N entries lasts about N min."""

    def __init__(self, start: datetime = datetime(2026, 3, 1, 18, 0, tzinfo=UTC)) -> None:
        self.now = start

    def __call__(self) -> datetime:
        self.now += timedelta(minutes=1)
        return self.now


def _tuareg_options(names: list[str], start: int, stored: bool = False) -> Any:
    return tuareg_table.RULES.parse_options(
        {
            "players": [{"name": n, "colour": c} for n, c in zip(names, COLOURS, strict=False)],
            "start_player": start,
            "values": tuareg_table.TABLE_VALUES,
        },
        stored=stored,
    )


COLOURS = ("red", "blue", "green", "yellow", "white")


def play_to_end(
    store: Store,
    game: str,
    names: list[str],
    seed: int,
    start: int = 0,
    rulings: dict[str, str] | None = None,
    stored: bool = False,
) -> str:
    """One game of ``game`` (targi, tuareg or timbuktu) with ``names`` in seat order and the house
    ``rulings`` given, played with seeded random legal actions to its end through a session; the
    game id. ``stored``: the names taken as a game stored before the one rule for names may hold
    them (a carriage return, a tab), unchecked."""
    rng = random.Random(seed)
    seats = [{"name": n, "colour": c} for n, c in zip(names, COLOURS, strict=False)]
    if game == "targi":
        rules: Any = targi_table.RULES
        options = rules.parse_options(
            {"players": seats, "start_player": start, "rulings": rulings or {}}, stored=stored
        )
    elif game == "tuareg":
        rules = tuareg_table.RULES
        options = _tuareg_options(names, start, stored)
    else:
        rules = timbuktu_table.RULES
        options = rules.parse_options({"players": seats, "start_player": start}, stored=stored)
    session = Session.create(store, rules, options)
    if game == "timbuktu":
        loads = timbuktu_table.pool_loads(len(names), rng)
        for seat, camels in enumerate(loads):
            action = timbuktu_table.a.LoadCaravan(
                player=seat, camels=tuple(tuple(c) for c in camels)
            )
            assert session.submit(action, seq=session.seq, game_id=session.game_id).verdict.ok
    while not rules.is_over(session.state):
        choices = rules.legal_actions(session.state)
        kind = rng.choice(sorted({c.kind for c in choices}))
        action = rng.choice([c for c in choices if c.kind == kind])
        outcome = session.submit(action, seq=session.seq, game_id=session.game_id)
        assert outcome.verdict.ok, outcome.verdict
    return session.game_id


def record(path: Path, games: list[tuple[str, list[str], int]]) -> list[str]:
    """Play ``games`` (title, names, start seat) into the database at ``path``; their ids."""
    with Store.open(path, clock=Clock()) as store:
        return [
            play_to_end(store, game, names, seed, start)
            for seed, (game, names, start) in enumerate(games)
        ]
