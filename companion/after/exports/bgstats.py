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
(:mod:`companion.after.exports.table_facts`).
"""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any, cast
from urllib.parse import quote

import segno
from segno.consts import MODE_ALPHANUMERIC, MODE_BYTE
from segno.encoder import DataOverflowError, find_version, normalize_errorlevel, prepare_data

from companion.after.exports.drawings import Drawings
from companion.after.exports.games import info as game_info
from companion.after.exports.table_facts import TableFacts
from companion.after.history import Play
from companion.installation.errors import InputError
from companion.installation.i18n import _

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
    """The colours in seat order (the players' order), and the tie-break that decided first
    place if one did."""
    colours = ", ".join(seat.colour for seat in play.seats)
    text = _("Colours: {colours}.").format(colours=colours)
    if play.sheet.tiebreak is not None:
        text += " " + _("Tie-break: {step}.").format(step=play.sheet.tiebreak)
    return text


def compact(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` without its empty and default fields (BG Stats takes them as absent)."""
    short = {key: value for key, value in data.items() if not _default(value)}
    short["game"] = {key: value for key, value in data["game"].items() if value is not None}
    short["players"] = [
        {key: value for key, value in player.items() if not _default(value) and value is not False}
        for player in data["players"]
    ]
    return short


def _default(value: object) -> bool:
    """An empty or absent value (a score of 0 is a score: it stays)."""
    return value is None or value == ""


def _without(data: dict[str, Any], key: str) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k != key}


def _names_cut(data: dict[str, Any], length: int) -> dict[str, Any]:
    return {**data, "players": [{**p, "name": p["name"][:length]} for p in data["players"]]}


def push(play: Play, table: TableFacts | None = None) -> Push:
    """The link of the fullest form of the play whose QR code fits :data:`MAX_VERSION`: the whole
    play, else without the comments, else without the location too, else with the names cut to
    the longest length that fits (found by bisection: each try encodes a code)."""
    data = compact(payload(play, table))
    notes = _("the colours and tie-break note")
    place = _("the location")
    for form, left_out in (
        (data, ()),
        (_without(data, "comments"), (notes,)),
        (_without(_without(data, "comments"), "location"), (notes, place)),
    ):
        fitted = _fitted(form, left_out)
        if fitted is not None:
            return _told(play, fitted)
    best: Push | None = None
    low = SHORTEST_NAME
    high = max((len(p["name"]) for p in form["players"]), default=0) - 1
    while low <= high:
        length = (low + high) // 2
        names = _("the players' full names (cut to {count} characters)").format(count=length)
        fitted = _fitted(_names_cut(form, length), (*left_out, names))
        if fitted is None:
            high = length - 1
        else:
            best, low = fitted, length + 1
    if best is not None:
        return _told(play, best)
    raise PushTooLargeError(
        "qr_too_large",
        _("game_id: game {game} does not fit a BG Stats code a phone can read").format(
            game=play.game_id
        ),
    )


def _fitted(data: dict[str, Any], left_out: tuple[str, ...]) -> Push | None:
    """``data`` as a push, if its code is at most :data:`MAX_VERSION`."""
    text = link_of(data)
    version = _version(text)
    if version is None or version > MAX_VERSION:
        return None
    return Push(data, text, version, left_out)


def _told(play: Play, pushed: Push) -> Push:
    if pushed.left_out:
        _log.info("game %s: the BG Stats link leaves out %s", play.game_id, pushed.left_out)
    return pushed


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


def code(text: str, version: int | None = None) -> segno.QRCode:
    parts: Any = segments(text)  # segno takes segments, though its stubs say one str only
    return segno.make_qr(parts, error=ERROR_LEVEL, version=version)


def _version(text: str) -> int | None:
    """The version ``text`` needs (segno's own choice, without drawing the code); ``None``: too
    long for any."""
    # segno's encoder functions (the ones make_qr calls) carry no type hints
    parts = prepare_data(segments(text), None, None)  # type: ignore[no-untyped-call]
    level = normalize_errorlevel(ERROR_LEVEL)  # type: ignore[no-untyped-call]
    try:
        return int(find_version(parts, level, eci=False, micro=False))  # type: ignore[no-untyped-call]
    except (DataOverflowError, ValueError):
        return None


def qr_png(play: Play, table: TableFacts | None = None, scale: int = QR_SCALE) -> bytes:
    """The link as a QR code (PNG, its quiet zone included)."""
    return png(push(play, table), scale)


def png(pushed: Push, scale: int = QR_SCALE) -> bytes:
    out = io.BytesIO()
    qr(pushed).save(out, kind="png", scale=scale)
    return out.getvalue()


def qr(pushed: Push) -> segno.QRCode:
    """``pushed``'s QR code, made once per link and version (:data:`_CODES`): shared, read it
    only."""
    return _CODES.get((pushed.link, pushed.version))


def make_ahead(pushed: Push) -> None:
    """Make :func:`qr` of ``pushed`` in a thread of its own, for a :func:`qr` asked for soon."""
    _CODES.ahead((pushed.link, pushed.version))


def _made(key: Hashable) -> segno.QRCode:
    link, version = cast(tuple[str, int], key)
    return code(link, version)


_CODES: Drawings[segno.QRCode] = Drawings(_made)
"""The codes of the last few links drawn (the same link, the same code)."""
