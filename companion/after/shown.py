"""What the history's list shows of a game's result (:class:`Shown`), and how it is read from the
result's kept text (:meth:`Store.kept_texts_in_steps`) without decoding the rest: the result's
own fields and its sheet's points, totals and ranking, not its tie-break steps nor its notes (the
score sheet is made from the whole text once opened). Decoding a thousand kept results whole was
the larger part of a first listing of a thousand games (issue 27). So, of a game's options, the
list reads its seats (:class:`Seating`), not its house rules.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

_log = logging.getLogger(__name__)

_SCAN: Callable[[str, int], tuple[Any, int]] = vars(json.JSONDecoder())["scan_once"]
"""json's own scanner (its C one, :func:`json.scanner.make_scanner`; typeshed does not name the
decoder's attribute): the value that begins at a position of a text, and where it ends, decoded
exactly as :func:`json.loads` decodes it."""

_HEAD = ('{"game":', ',"over":', ',"ended_at":', ',"corrections":')
"""A kept result's own keys, as :meth:`GameResult.as_cached` lays them out and the store writes
them (compact JSON), each followed by its value."""
_SHEET = ',"sheet":{"game":'
"""What follows them: the sheet, whose name, players and categories' keys and labels (strings and
arrays of them: no object, so no key either) come before its points."""
_SHOWN = (',"points":', ',"totals":', ',"ranking":', ',"tiebreak":')
"""The sheet's keys the list shows, and the one after them, each followed by its value."""
_COMPLETE = ',"tiebreaks":'
"""What follows the tie-break in a result kept with its sheet's tie-break steps (one kept by an
older app, without them, is computed again: :func:`companion.after.history.play_of`)."""


_PLAIN = r'"([^"\\\x00-\x1f]*)"'
"""A JSON string with no escape and no control character: its text between the quotes is its
value (one with either is read by json's scanner)."""
_PLAIN_HEAD = re.compile(
    r'\{"game":' + _PLAIN + r',"over":(true|false),"ended_at":(?:null|' + _PLAIN + r"),"
    r'"corrections":(0|[1-9][0-9]{0,17}),"sheet":\{"game":'
)
"""A kept result's own fields (:data:`_HEAD`) and the sheet's first key (:data:`_SHEET`) as
this app writes them, each value plain: a string (:data:`_PLAIN`), a boolean, null or a
non-negative integer; a head with any other value is read value by value."""
_NO_TIEBREAK = _SHOWN[3] + "null" + _COMPLETE
"""A sheet with no tie-break, and its tie-break steps after it."""


class Shown(NamedTuple):
    """What a play shows of its game's result."""

    game: str
    over: bool
    ended_at: str | None
    corrections: int
    ranking: Sequence[Sequence[str]]
    totals: Mapping[str, int]
    points: Mapping[str, Mapping[str, int]]

    @classmethod
    def of_cached(cls, kept: dict[str, Any]) -> Shown:
        """The fields of a result decoded whole (:meth:`GameResult.as_cached`'s dict)."""
        sheet = kept["sheet"]
        return cls(
            kept["game"],
            kept["over"],
            kept["ended_at"],
            kept["corrections"],
            sheet["ranking"],
            sheet["totals"],
            sheet["points"],
        )


def read(text: str) -> Shown | None:
    """What a play shows of the kept result ``text``: its own fields and its sheet's points,
    totals and ranking, decoded and no more (the sheet's name, players and categories are passed
    over, its tie-break steps and notes not reached); None if the text is not laid out as this
    app keeps a complete result (kept by an older app, or not JSON where it is read): the caller
    decodes it whole."""
    try:
        head = _PLAIN_HEAD.match(text)
        if head is not None:  # the result's own fields in one match: as decoding gives them
            game, over, ended_at, corrections = head[1], head[2] == "true", head[3], int(head[4])
            at = head.end()
        else:
            values = []
            at = 0
            for key in _HEAD:
                if not text.startswith(key, at):
                    return None
                value, at = _SCAN(text, at + len(key))
                values.append(value)
            if not text.startswith(_SHEET, at):
                return None
            game, over, ended_at, corrections = values
            at += len(_SHEET)
        start = text.find(_SHOWN[0], at)
        if start < 0 or text.find("{", at, start) >= 0:
            return None  # an object before the points: laid out otherwise
        points, at = _SCAN(text, start + len(_SHOWN[0]))
        if not text.startswith(_SHOWN[1], at):
            return None
        totals, at = _SCAN(text, at + len(_SHOWN[1]))
        if not text.startswith(_SHOWN[2], at):
            return None
        ranking, at = _SCAN(text, at + len(_SHOWN[2]))
        if not text.startswith(_NO_TIEBREAK, at):  # a tie-break said: read as any value
            if not text.startswith(_SHOWN[3], at):
                return None
            _tiebreak, at = _SCAN(text, at + len(_SHOWN[3]))
            if not text.startswith(_COMPLETE, at):
                return None
    except (StopIteration, ValueError):  # not JSON there: decoded whole, its error logged
        return None
    return Shown(game, over, ended_at, corrections, ranking, totals, points)


class Seating(NamedTuple):
    """What a play shows of its game's options: each seat's name and colour, and who started."""

    players: Sequence[Mapping[str, Any]]
    start_player: int


_SEATING = ('{"players":', ',"start_player":')
"""The options' first keys, as the store writes a game's options (compact JSON), each followed by
its value."""


def seating(options: str) -> Seating | None:
    """The seats and start player of a game's ``options`` (its JSON text), decoded and no more
    (its house rules not reached: their decoding cost as much as the rest of a play's making);
    None if the text is laid out otherwise (another key first, either key again later, or not JSON
    where it is read): the caller decodes it whole."""
    try:
        if not options.startswith(_SEATING[0]):
            return None
        players, at = _SCAN(options, len(_SEATING[0]))
        if not options.startswith(_SEATING[1], at):
            return None
        start, at = _SCAN(options, at + len(_SEATING[1]))
    except (StopIteration, ValueError):
        return None
    if options.find('"players"', at) >= 0 or options.find('"start_player"', at) >= 0:
        return None  # a key again (its last value is the one decoded whole), or a value naming it
    if not isinstance(players, list) or type(start) is not int:
        return None
    return Seating(players, start)
