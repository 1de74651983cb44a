"""CSV of one game (the play's facts, then its score sheet) and of the whole history (one row per
player per game)."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable

from companion.history import Play

HISTORY_COLUMNS = (
    "game_id",
    "game",
    "status",
    "started_at",
    "duration_min",
    "location",
    "seat",
    "player",
    "colour",
    "start_player",
    "score",
    "rank",
    "winner",
    "tiebreak",
)


def one_game(play: Play) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    facts = play.as_dict()
    for key in ("game_id", "game", "status", "started_at", "duration_min", "location"):
        writer.writerow([key, facts[key]])
    writer.writerow(["colour", *(seat.colour for seat in play.seats)])
    writer.writerow(["start_player", *(seat.name for seat in play.seats if seat.start_player)])
    return out.getvalue() + "\n" + play.sheet.to_csv()


def history(plays: Iterable[Play]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(HISTORY_COLUMNS)
    for play in plays:
        facts = play.as_dict()
        for seat in play.seats:
            writer.writerow(
                [
                    play.game_id,
                    play.game,
                    play.status,
                    facts["started_at"],
                    play.duration_min,
                    play.location,
                    seat.seat,
                    seat.name,
                    seat.colour,
                    int(seat.start_player),
                    seat.score,
                    seat.rank,
                    int(seat.winner),
                    play.sheet.tiebreak or "",
                ]
            )
    return out.getvalue()
