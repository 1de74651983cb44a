"""BG Stats' documented "push a play" hand-off: the play as JSON, the link that carries it, and
that link as a QR code a phone scans.

The format is BG Stats' own (bgstatsapp.com, "Push plays to BG Stats from other apps or websites"):
``https://app.bgstatsapp.com/createPlay.html?data=<url-encoded JSON>`` (the page documents the
``bgstats://`` scheme as an alternative; the https form also opens the app from a phone's camera
and falls back to the web page when the app is missing).
"""

from __future__ import annotations

import io
import json
from typing import Any
from urllib.parse import quote

import segno

from companion.errors import InputError
from companion.exports.games import info as game_info
from companion.history import Play
from companion.i18n import _

SOURCE_NAME = "Table Companion"
LINK_PREFIX = "https://app.bgstatsapp.com/createPlay.html?data="
QR_SCALE = 4
"""Pixels per QR module: a link of a 5-player game stays under 600 px across."""


def payload(play: Play) -> dict[str, Any]:
    """The play in BG Stats' push-a-play JSON; only a finished game has a result to push."""
    if not play.finished:
        raise InputError(
            "game_not_finished",
            _("game_id: game {game} is not finished; BG Stats records finished plays only").format(
                game=play.game_id
            ),
        )
    info = game_info(play.game)
    return {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": play.game_id,
        "playDate": play.started_at.astimezone().strftime("%Y-%m-%d %H:%M:%S"),
        "durationMin": play.duration_min,
        "location": play.location,
        "comments": comments(play),
        "game": {
            "name": info.title,
            "bggId": info.bgg_id,
            "highestWins": True,
            "noPoints": False,
            "sourceGameId": play.game,
        },
        "players": [
            {
                "name": seat.name,
                "sourcePlayerId": seat.player_uid or seat.name,
                "score": seat.score,
                "rank": seat.rank,
                "winner": seat.winner,
                "startPlayer": seat.start_player,
                "role": "",
            }
            for seat in play.seats
        ],
    }


def comments(play: Play) -> str:
    """Colours, and the tie-break that decided first place if one did."""
    colours = ", ".join(f"{seat.name}: {seat.colour}" for seat in play.seats)
    text = _("Colours: {colours}.").format(colours=colours)
    if play.sheet.tiebreak is not None:
        text += " " + _("Tie-break: {step}.").format(step=play.sheet.tiebreak)
    return text


def link(play: Play) -> str:
    data = json.dumps(payload(play), separators=(",", ":"), ensure_ascii=False)
    return LINK_PREFIX + quote(data, safe="")


def qr_png(play: Play) -> bytes:
    """The link as a QR code (PNG, error correction M, its quiet zone included)."""
    out = io.BytesIO()
    segno.make_qr(link(play), error="m").save(out, kind="png", scale=QR_SCALE)
    return out.getvalue()
