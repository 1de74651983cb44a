"""Statistics over the history: per game and per player, plays, wins, win rate, average and best
score, per-category averages, head-to-head records and score over time, as JSON.

Only finished plays count (an abandoned game has no result). Scores are compared within a title
only: a player's averages are given per game. A shared first place is a win for each player in
it. Averages are rounded to 2 decimals; lists are ordered so that the output is deterministic.
"""

from __future__ import annotations

import weakref
from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from companion.after import history
from companion.after.bulk import collection_paused
from companion.after.history import Play, Seat
from companion.store import Store


def _average(values: list[int]) -> float | None:
    return round(sum(values) / len(values), 2) if values else None


def _summary(seats: list[Seat]) -> dict[str, Any]:
    scores = [seat.score for seat in seats]
    return {
        **_record(seats),
        "average_score": _average(scores),
        "best_score": max(scores, default=None),
        "categories": _categories(seats),
    }


def _record(seats: list[Seat]) -> dict[str, Any]:
    """Plays, wins and win rate of ``seats``."""
    wins = sum(seat.winner for seat in seats)
    return {
        "plays": len(seats),
        "wins": wins,
        "win_rate": round(wins / len(seats), 4) if seats else None,
    }


def _categories(seats: list[Seat]) -> dict[str, float | None]:
    """Each category's average over ``seats`` (a seat without it counts 0), by key: one pass
    over the seats' points."""
    sums: dict[str, int] = {}
    for seat in seats:
        for key, points in seat.points.items():
            sums[key] = sums.get(key, 0) + points
    return {key: round(sums[key] / len(seats), 2) for key in sorted(sums)}


def compute(plays: Iterable[Play], player: str | None = None) -> dict[str, Any]:
    """Statistics of ``plays`` (finished ones only); ``player`` (a name) keeps that player only in
    the ``players`` part."""
    with collection_paused():
        return _computed(plays, player)


def _computed(plays: Iterable[Play], player: str | None) -> dict[str, Any]:
    finished = sorted((p for p in plays if p.finished), key=lambda p: (p.started_at, p.game_id))
    by_game: dict[str, list[Play]] = defaultdict(list)
    seats_of: dict[str, dict[str, list[Seat]]] = defaultdict(lambda: defaultdict(list))
    timeline: dict[str, list[dict[str, Any]]] = defaultdict(list)
    duels: dict[str, dict[str, dict[str, int]]] = defaultdict(
        lambda: defaultdict(lambda: {"played": 0, "won": 0, "lost": 0, "drawn": 0})
    )
    for play in finished:
        by_game[play.game].append(play)
        date = play.started_stamp
        for seat in play.seats:
            seats_of[seat.name][play.game].append(seat)
            timeline[seat.name].append(
                {
                    "game_id": play.game_id,
                    "game": play.game,
                    "date": date,
                    "score": seat.score,
                    "rank": seat.rank,
                }
            )
            for other in play.seats:
                if other is seat:
                    continue
                record = duels[seat.name][other.name]
                record["played"] += 1
                outcome = (
                    "won"
                    if seat.rank < other.rank
                    else "lost"
                    if seat.rank > other.rank
                    else "drawn"
                )
                record[outcome] += 1
    games = {
        game: {
            "plays": len(played),
            "average_duration_min": _average([p.duration_min for p in played]),
            "average_winning_score": _average(
                [s.score for p in played for s in p.seats if s.winner]
            ),
            "best_score": max((s.score for p in played for s in p.seats), default=None),
            "categories": _categories([s for p in played for s in p.seats]),
            "players": {
                name: _summary(seats_of[name][game])
                for name in sorted(seats_of)
                if seats_of[name].get(game)
            },
        }
        for game, played in sorted(by_game.items())
    }
    names = sorted(seats_of) if player is None else [n for n in sorted(seats_of) if n == player]
    players = {}
    for name in names:
        every = [seat for seats in seats_of[name].values() for seat in seats]
        overall = _record(every)
        players[name] = {
            "plays": overall["plays"],
            "wins": overall["wins"],
            "win_rate": overall["win_rate"],
            "by_game": {game: _summary(seats) for game, seats in sorted(seats_of[name].items())},
            "head_to_head": {other: dict(record) for other, record in sorted(duels[name].items())},
            "score_over_time": timeline[name],
        }
    return {"plays": len(finished), "games": games, "players": players}


_kept: weakref.WeakKeyDictionary[Store, tuple[tuple[Play, ...], dict[str | None, dict[str, Any]]]]
_kept = weakref.WeakKeyDictionary()
"""Each open store's statistics, per game (``None``: every game), of its last listing."""


def of_history(store: Store, game: str | None = None) -> dict[str, Any]:
    """:func:`compute` of the history's finished plays of ``game`` (every game if ``None``), as
    :func:`companion.after.history.listing` lists them: computed once per listing (a screen opened again
    with nothing committed since reads the figures kept; so does a listing made anew that holds the
    very same plays), never of a stale one, for a commit or a game becoming abandoned lists the
    games anew. The figures are shared: read them, never change
    them."""
    listing = history.listing(store)
    kept = _kept.get(store)
    if kept is not None and kept[0] is not listing and _same_plays(kept[0], listing):
        kept = (listing, kept[1])  # listed anew after a commit that changed no game shown
        _kept[store] = kept
    if kept is None or kept[0] is not listing:
        kept = (listing, {})
        _kept[store] = kept
    figures = kept[1].get(game)
    if figures is None:
        figures = compute(p for p in listing if game is None or p.game == game)
        kept[1][game] = figures
    return figures


def _same_plays(before: tuple[Play, ...], now: tuple[Play, ...]) -> bool:
    """Whether two listings hold the very same plays in the same order (the history reuses the
    play of a game whose result and facts did not change): then their figures are the same."""
    return len(before) == len(now) and all(a is b for a, b in zip(before, now, strict=True))
