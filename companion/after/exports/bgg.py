"""The fields of a BoardGameGeek play (as BGG's "log a play" form and its play XML name them), so
that a BGG export is a mapping of these keys."""

from __future__ import annotations

from typing import Any

from companion.after.exports.games import info
from companion.after.exports.table_facts import TableFacts
from companion.after.history import Play


def fields(
    play: Play, new_players: frozenset[int] = frozenset(), table: TableFacts | None = None
) -> dict[str, Any]:
    """``new_players``: ids of the players for whom this was their first game of this title;
    ``table``: its time zone (the play's date) and BoardGameGeek ids."""
    table = table or TableFacts()
    return {
        "objectid": table.bgg_id(play.game),
        "name": info(play.game).title,
        "playdate": table.local(play.started_at).strftime("%Y-%m-%d"),
        "length": play.duration_min,
        "location": play.location,
        "incomplete": not play.finished,
        "quantity": 1,
        "players": [
            {
                "name": seat.name,
                "startposition": str(seat.seat + 1),
                "color": seat.colour,
                "score": str(seat.score),
                "new": seat.player_id in new_players,
                "win": seat.winner,
            }
            for seat in play.seats
        ],
    }
