"""Statistics over the history: per game and per player, plays, wins, win rate, average and best
score, per-category averages, head-to-head records and score over time, as JSON.

Only finished plays count (an abandoned game has no result). Scores are compared within a title
only: a player's averages are given per game. A shared first place is a win for each player in
it. Averages are rounded to 2 decimals; lists are ordered so that the output is deterministic.
"""

from __future__ import annotations

import weakref
from collections import defaultdict
from collections.abc import Generator, Iterable, Iterator
from typing import Any

from companion.after import history
from companion.after.bulk import collection_paused
from companion.after.history import Play, Seat
from companion.storage.base import at_once
from companion.store import Store


def mean(total: int, count: int) -> float | None:
    """The average of ``count`` values summing to ``total``, as the statistics round it."""
    return round(total / count, 2) if count else None


def _summary(seats: list[Seat], sums: dict[str, int]) -> dict[str, Any]:
    """Plays, wins, win rate, average and best score of ``seats``, and the average of each
    category of ``sums`` (their points summed, :func:`_sums`)."""
    scores = [seat.score for seat in seats]
    wins = sum(seat.winner for seat in seats)
    return summary(len(seats), wins, sum(scores), max(scores, default=None), sums)


def summary(
    seats: int, wins: int, total: int, best: int | None, sums: dict[str, int]
) -> dict[str, Any]:
    """:func:`_summary` of ``seats`` seats of which ``wins`` won, their scores summing to
    ``total``, the best ``best``, their points summed by category ``sums``."""
    return {
        **record(seats, wins),
        "average_score": mean(total, seats),
        "best_score": best,
        "categories": _categories(sums, seats),
    }


def _record(seats: list[Seat]) -> dict[str, Any]:
    """Plays, wins and win rate of ``seats``."""
    return record(len(seats), sum(seat.winner for seat in seats))


def record(seats: int, wins: int) -> dict[str, Any]:
    """Plays, wins and win rate of ``seats`` seats of which ``wins`` won."""
    return {"plays": seats, "wins": wins, "win_rate": round(wins / seats, 4) if seats else None}


def game_figures(
    plays: int,
    minutes: int,
    winning: tuple[int, int],
    best: int | None,
    seats: int,
    totals: dict[str, int],
    players: dict[str, Any],
) -> dict[str, Any]:
    """A title's figures: of ``plays`` plays lasting ``minutes`` in all, ``winning``: the
    winners' scores summed and how many winners, ``best``: the best score of its ``seats``
    seats, ``totals``: their points summed by category, ``players``: each player's summary."""
    return {
        "plays": plays,
        "average_duration_min": mean(minutes, plays),
        "average_winning_score": mean(*winning),
        "best_score": best,
        "categories": _categories(totals, seats),
        "players": players,
    }


def player_figures(
    overall: dict[str, Any],
    by_game: dict[str, Any],
    duels: dict[str, list[int]],
    timeline: list[dict[str, Any]],
) -> dict[str, Any]:
    """A player's figures: ``overall`` (:func:`record`), ``by_game`` (their summary of each
    title), ``duels`` (won, lost, drawn against each opponent) and their ``timeline``."""
    return {
        "plays": overall["plays"],
        "wins": overall["wins"],
        "win_rate": overall["win_rate"],
        "by_game": by_game,
        "head_to_head": {
            other: {"played": won + lost + drawn, "won": won, "lost": lost, "drawn": drawn}
            for other, (won, lost, drawn) in sorted(duels.items())
        },
        "score_over_time": timeline,
    }


def moment(game_id: str, game: str, date: str, seat: Seat) -> dict[str, Any]:
    """A seat's score in a player's timeline (``score_over_time``)."""
    return {"game_id": game_id, "game": game, "date": date, "score": seat.score, "rank": seat.rank}


def _sums(seats: list[Seat]) -> dict[str, int]:
    """Each category's points summed over ``seats``, by key. The seats whose points name the same
    categories in the same order (a title's sheets do) are summed a column at a time: the
    additions run in ``sum``, not one key at a time in Python."""
    columns: dict[tuple[str, ...], list[Iterable[int]]] = {}
    for seat in seats:
        points = seat.points
        columns.setdefault(tuple(points), []).append(points.values())
    sums: dict[str, int] = {}
    for keys, rows in columns.items():
        for key, total in zip(keys, map(sum, zip(*rows, strict=True)), strict=True):
            sums[key] = sums.get(key, 0) + total
    return sums


def _categories(sums: dict[str, int], seats: int) -> dict[str, float | None]:
    """Each category's average over ``seats`` seats (a seat without it counts 0), by key."""
    return {key: round(sums[key] / seats, 2) for key in sorted(sums)}


def compute(plays: Iterable[Play], player: str | None = None) -> dict[str, Any]:
    """Statistics of ``plays`` (finished ones only); ``player`` (a name) keeps that player only in
    the ``players`` part."""
    with collection_paused():
        return at_once(_computing(plays, player))


def _computing(
    plays: Iterable[Play], player: str | None, per_step: int | None = None
) -> Generator[None, None, dict[str, Any]]:
    """:func:`compute`'s figures, at once (``per_step`` None) or in steps: it yields after each
    ``per_step`` plays counted, and between its summaries."""
    finished = sorted((p for p in plays if p.finished), key=lambda p: (p.started_at, p.game_id))
    by_game: dict[str, list[Play]] = defaultdict(list)
    seats_of: dict[str, dict[str, list[Seat]]] = defaultdict(lambda: defaultdict(list))
    timeline: dict[str, list[dict[str, Any]]] = defaultdict(list)
    duels: dict[str, dict[str, list[int]]] = defaultdict(dict)  # [won, lost, drawn] by opponent
    for index, play in enumerate(finished, 1):
        if per_step is not None and index % per_step == 0:
            yield
        game, seats = play.game, play.seats
        by_game[game].append(play)
        date = play.started_stamp
        for seat in seats:
            name, rank = seat.name, seat.rank
            seats_of[name][game].append(seat)
            timeline[name].append(moment(play.game_id, game, date, seat))
            against = duels[name]
            for other in seats:
                if other is seat:
                    continue
                record = against.get(other.name)
                if record is None:
                    record = against[other.name] = [0, 0, 0]
                record[0 if rank < other.rank else 1 if rank > other.rank else 2] += 1
    # (player, game) -> their points summed by category, once; a game's are its players' summed
    sums = {
        (name, game): _sums(seats) for name, by in seats_of.items() for game, seats in by.items()
    }
    if per_step is not None:
        yield
    summaries = {pair: _summary(seats_of[pair[0]][pair[1]], sums[pair]) for pair in sorted(sums)}
    games = {}
    for game, played in sorted(by_game.items()):
        every_seat = [s for p in played for s in p.seats]
        totals: dict[str, int] = {}
        for (_name, of_game), points in sums.items():
            if of_game == game:
                for key, total in points.items():
                    totals[key] = totals.get(key, 0) + total
        winning = [s.score for s in every_seat if s.winner]
        games[game] = game_figures(
            len(played),
            sum(p.duration_min for p in played),
            (sum(winning), len(winning)),
            max((s.score for s in every_seat), default=None),
            len(every_seat),
            totals,
            {name: summaries[name, game] for name in sorted(seats_of) if (name, game) in sums},
        )
    if per_step is not None:
        yield
    names = sorted(seats_of) if player is None else [n for n in sorted(seats_of) if n == player]
    players = {}
    for name in names:
        every = [seat for seats in seats_of[name].values() for seat in seats]
        own = {
            game: {**summaries[name, game], "categories": dict(summaries[name, game]["categories"])}
            for game in sorted(seats_of[name])
        }
        players[name] = player_figures(_record(every), own, duels[name], timeline[name])
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
    kept = _kept_for(store, listing)
    figures = kept.get(game)
    if figures is None:
        figures = compute(p for p in listing if game is None or p.game == game)
        kept[game] = figures
    return figures


def of_history_in_steps(store: Store, game: str | None = None, every: int = 250) -> Iterator[None]:
    """What :func:`of_history` computes, in steps (it yields after each ``every`` plays counted,
    and between the summaries), kept as it keeps it: for the app's idle time (:mod:`ui.ready`),
    after :func:`history.listing_in_steps`. Figures computed of a listing that a commit meanwhile
    made stale are not kept."""
    listing = history.listing(store)
    if game in _kept_for(store, listing):
        return
    figures = yield from _computing(
        (p for p in listing if game is None or p.game == game), None, every
    )
    kept = _kept.get(store)
    if kept is not None and kept[0] is listing:
        kept[1].setdefault(game, figures)


def _kept_for(store: Store, listing: tuple[Play, ...]) -> dict[str | None, dict[str, Any]]:
    """The figures kept of ``listing`` (of the one before, if it held the very same plays), by
    game; none yet if it is new."""
    kept = _kept.get(store)
    if kept is not None and kept[0] is not listing and _same_plays(kept[0], listing):
        kept = (listing, kept[1])  # listed anew after a commit that changed no game shown
        _kept[store] = kept
    if kept is None or kept[0] is not listing:
        kept = (listing, {})
        _kept[store] = kept
    return kept[1]


def _same_plays(before: tuple[Play, ...], now: tuple[Play, ...]) -> bool:
    """Whether two listings hold the very same plays in the same order (the history reuses the
    play of a game whose result and facts did not change): then their figures are the same."""
    return len(before) == len(now) and all(a is b for a, b in zip(before, now, strict=True))
