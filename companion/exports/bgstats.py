"""BG Stats' documented "push a play" hand-off: the play as JSON, the link that carries it, and
that link as a QR code a phone scans at arm's length.

The format is BG Stats' own (bgstatsapp.com, "Push plays to BG Stats from other apps or websites"):
``https://app.bgstatsapp.com/createPlay.html?data=<url-encoded JSON>`` (the page documents the
``bgstats://`` scheme as an alternative; the https form also opens the app from a phone's camera
and falls back to the web page when the app is missing).

:func:`payload` is the whole play (``export --format bgstats``). The link (:func:`push`) carries
the same fields less the empty and default ones (an empty ``location``, ``role`` "", a false
``winner`` or ``startPlayer``), so that its QR code stays at most :data:`MAX_VERSION`: a 7" screen
then draws every module at least 3 px. A play whose link is still too long is pushed shorter, one
step at a time, and :attr:`Push.left_out` says what it leaves out: the comments, then the location,
then the names are shortened (BG Stats still tells the players apart by ``sourcePlayerId``).

``playDate`` is a local time: BG Stats' documented form is ``YYYY-MM-DD HH:MM:SS`` with no offset,
read as the wall-clock time of the play (a UTC time would move an evening game, and east of UTC+12
its date). The export writes the game's start in the table's time zone
(:mod:`companion.exports.table_facts`).
"""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

import segno
from segno.consts import MODE_ALPHANUMERIC, MODE_BYTE
from segno.encoder import DataOverflowError

from companion.errors import InputError
from companion.exports.games import info as game_info
from companion.exports.table_facts import TableFacts
from companion.history import Play
from companion.i18n import _

_log = logging.getLogger(__name__)

SOURCE_NAME = "Table Companion"
LINK_PREFIX = "https://app.bgstatsapp.com/createPlay.html?data="
QR_SCALE = 4
"""Pixels per QR module in the exported PNG (a version 25 code: 500 px across, quiet zone included)."""
MAX_VERSION = 25
"""The largest QR version the link may take: 117 modules, 3 px each on 480 px of screen height."""
ERROR_LEVEL = "l"
"""Error correction L: a screen is not a worn label, and every byte saved is a larger module."""
LINK_SAFE = ":,@!'()*"
"""Characters the link's data keeps as they are: ``:,@`` (allowed in a URL's query) and those
JavaScript's ``encodeURIComponent`` leaves, as BG Stats' documentation builds its example links."""
ALPHANUMERIC = frozenset("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:")
"""The characters QR's alphanumeric mode holds in 5.5 bits instead of 8: percent-encoded letters
(``%C5%BB``) are made of them."""
MIN_ALPHANUMERIC_RUN = 12
"""A shorter run of such characters stays in the byte segment around it (a new segment costs
about 20 bits)."""
SHORTEST_NAME = 3


class PushTooLargeError(InputError):
    """No shortened form of the play fits a QR code a phone reads from the screen."""


@dataclass(frozen=True)
class Push:
    """The play as BG Stats' link, and what the link leaves out to fit its QR code."""

    data: dict[str, Any]
    link: str
    version: int
    """The QR code's version (1 to 40): its side is ``17 + 4 * version`` modules."""
    left_out: tuple[str, ...]
    """What the link does not carry, in words (translated); empty: the whole play."""

    @property
    def modules(self) -> int:
        return 17 + 4 * self.version

    def notice(self) -> str:
        """What the table should know before scanning; empty when nothing is left out."""
        if not self.left_out:
            return ""
        return _("To fit the code, it leaves out: {what}.").format(what="; ".join(self.left_out))


def payload(play: Play, table: TableFacts | None = None) -> dict[str, Any]:
    """The play in BG Stats' push-a-play JSON, every field; only a finished game has a result."""
    if not play.finished:
        raise InputError(
            "game_not_finished",
            _("game_id: game {game} is not finished; BG Stats records finished plays only").format(
                game=play.game_id
            ),
        )
    table = table or TableFacts()
    info = game_info(play.game)
    return {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": play.game_id,
        "playDate": table.local(play.started_at).strftime("%Y-%m-%d %H:%M:%S"),
        "durationMin": play.duration_min,
        "location": play.location,
        "comments": comments(play),
        "game": {
            "name": info.title,
            "bggId": table.bgg_id(play.game),
            "highestWins": True,
            "noPoints": False,
            "sourceGameId": play.game,
        },
        "players": [
            {
                "name": seat.name,
                "sourcePlayerId": str(seat.player_id if seat.player_id is not None else seat.name),
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
    """The colours in seat order (the players' order), and the tie-break that decided first
    place if one did."""
    colours = ", ".join(seat.colour for seat in play.seats)
    text = _("Colours: {colours}.").format(colours=colours)
    if play.sheet.tiebreak is not None:
        text += " " + _("Tie-break: {step}.").format(step=play.sheet.tiebreak)
    return text


def compact(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` without its empty and default fields (BG Stats takes them as absent)."""
    short = {key: value for key, value in data.items() if value not in ("", None)}
    short["game"] = {key: value for key, value in data["game"].items() if value is not None}
    short["players"] = [
        {key: value for key, value in player.items() if value not in ("", None, False)}
        for player in data["players"]
    ]
    return short


def _shorter_forms(data: dict[str, Any]) -> Iterator[tuple[dict[str, Any], tuple[str, ...]]]:
    """``data``, then ever shorter forms of it, each with what it leaves out in words."""
    yield data, ()
    data = {k: v for k, v in data.items() if k != "comments"}
    left_out: tuple[str, ...] = (_("the colours and tie-break note"),)
    yield data, left_out
    data = {k: v for k, v in data.items() if k != "location"}
    left_out += (_("the location"),)
    yield data, left_out
    longest = max((len(p["name"]) for p in data["players"]), default=0)
    for length in range(longest - 1, SHORTEST_NAME - 1, -1):
        players = [{**p, "name": p["name"][:length]} for p in data["players"]]
        names = _("the players' full names (cut to {count} characters)").format(count=length)
        yield {**data, "players": players}, (*left_out, names)


def push(play: Play, table: TableFacts | None = None) -> Push:
    """The link of the fullest form of the play whose QR code fits :data:`MAX_VERSION`."""
    for data, left_out in _shorter_forms(compact(payload(play, table))):
        text = link_of(data)
        version = _version(text)
        if version is not None and version <= MAX_VERSION:
            if left_out:
                _log.info("game %s: the BG Stats link leaves out %s", play.game_id, left_out)
            return Push(data, text, version, left_out)
    raise PushTooLargeError(
        "qr_too_large",
        _("game_id: game {game} does not fit a BG Stats code a phone can read").format(
            game=play.game_id
        ),
    )


def link_of(data: dict[str, Any]) -> str:
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    return LINK_PREFIX + quote(text, safe=LINK_SAFE)


def link(play: Play, table: TableFacts | None = None) -> str:
    """The link a phone opens (as :func:`push` shortens it)."""
    return push(play, table).link


def segments(text: str) -> list[tuple[str, int]]:
    """``text`` as QR segments: long runs of :data:`ALPHANUMERIC` characters in alphanumeric
    mode, the rest in byte mode (the decoded text is ``text`` itself)."""
    parts: list[tuple[str, int]] = []
    start = 0
    index = 0
    while index < len(text):
        if text[index] not in ALPHANUMERIC:
            index += 1
            continue
        end = index
        while end < len(text) and text[end] in ALPHANUMERIC:
            end += 1
        if end - index >= MIN_ALPHANUMERIC_RUN:
            if start < index:
                parts.append((text[start:index], MODE_BYTE))
            parts.append((text[index:end], MODE_ALPHANUMERIC))
            start = end
        index = end
    if start < len(text):
        parts.append((text[start:], MODE_BYTE))
    return parts


def code(text: str, version: int | None = None, mask: int | None = None) -> segno.QRCode:
    parts: Any = segments(text)  # segno takes segments, though its stubs say one str only
    return segno.make_qr(parts, error=ERROR_LEVEL, version=version, mask=mask)


def _version(text: str) -> int | None:
    """The version ``text`` needs (mask 0: the choice of mask, the slow part, changes no size);
    ``None``: too long for any."""
    try:
        return int(code(text, mask=0).version)
    except DataOverflowError:
        return None


def qr_png(play: Play, table: TableFacts | None = None, scale: int = QR_SCALE) -> bytes:
    """The link as a QR code (PNG, its quiet zone included)."""
    return png(push(play, table), scale)


def png(pushed: Push, scale: int = QR_SCALE) -> bytes:
    out = io.BytesIO()
    code(pushed.link, pushed.version).save(out, kind="png", scale=scale)
    return out.getvalue()
