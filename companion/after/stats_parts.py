"""The statistics' text kept in parts, so that the first ``stats`` after a game ended adds that
play to what is kept instead of counting a thousand plays and writing 700 KB of JSON again (what
:mod:`companion.after.printed` keeps whole is the text; this is what it is made of).

A :class:`Parts` is, for one whole text of the statistics (and the arguments it was made for):

- each play it counts: its game's id, the digest of what its play is made of (the same inputs as
  the history's kept play texts) and its place in time (the statistics' order);
- running sums, one play at a time: per title, per player and title, per pair of players (whole
  numbers only: counts, sums of scores, minutes and points, the best score), from which
  :mod:`companion.after.stats`' own functions make each title's and player's figures;
- where each shown player's part of the text lies, and each line of their ``score_over_time``
  (a play's game id and its text's length), in the statistics' order.

A play that ended is added: its title's and its players' figures are made anew from the sums, its
lines put in their place among the player's, and every other player's part is the same text as
before, taken from the whole text kept. Nothing is ever taken away: a play counted that changed or
went (a correction, a player renamed, a game deleted) makes the statistics whole again, as does a
score or a point that is not a whole number (a sum of floats depends on its order). Parts are
kept only when the text they make is, character for character, the one the whole computation
printed (:func:`made`); parts kept beside another whole text than the one read, or damaged, are
not used (:func:`kept`).
"""

from __future__ import annotations

import base64
import bisect
import hashlib
import json
import logging
from collections.abc import Iterable
from datetime import UTC, datetime, timedelta
from typing import Any

from companion.after import stats
from companion.after.history import Play, Seat
from companion.cli import output
from companion.storage import outputs
from companion.storage.outputs import KeptOutput

_log = logging.getLogger(__name__)

PARTS = outputs.PARTS
"""The key of a whole text's parts: this and the whole text's key."""
_LINE = "\n        "
"""A ``score_over_time`` line's break and indent (its list is at the fourth level)."""
_NEXT = "," + _LINE
_SECTION_END = "\n    }"
"""How a player's figures end (at the second level)."""
_GAME_ID = '{\n          "game_id": '
"""How a line of ``score_over_time`` begins."""


NONE = "null"
"""What is kept in place of a whole text's parts that could not be made: parts kept beside an
earlier text of the same digest (the same text, made again of plays that changed) are not used
(:func:`kept`)."""


class Unusual(Exception):
    """A play the parts cannot add exactly (a score or a point not a whole number, a time with no
    zone): the statistics are made whole."""


def inputs_of(key: str, whole_digest: bytes, version: bytes) -> bytes:
    """The inputs of the parts kept for the whole text under ``key`` whose row's digest is
    ``whole_digest``, made by the code ``version``: parts are read only beside that very text."""
    return hashlib.sha256(version + key.encode() + b"\0parts\0" + whole_digest).digest()


def _order(play: Play) -> int:
    """``play``'s place in the statistics' order (by start, then game id): its start in
    microseconds since 1970 (a start with no time zone cannot be placed so)."""
    started = play.started_at
    if started.tzinfo is None:
        raise Unusual
    return (started - _EPOCH) // _MICROSECOND


_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_MICROSECOND = timedelta(microseconds=1)


def _b64(inputs: bytes) -> str:
    """A play's inputs as kept."""
    return base64.b64encode(inputs).decode()


def _whole(value: Any) -> int:
    """``value`` if it is a whole number (not a bool); else :class:`Unusual`."""
    if type(value) is not int:
        raise Unusual
    return value


class Parts:
    """What a whole text of the statistics is made of (the module's docstring), as kept."""

    def __init__(self, state: dict[str, Any], shown: str | None) -> None:
        self.ids: list[str] = state["ids"]
        """The game id of each play counted."""
        self.inputs: list[str] = state["inputs"]
        """What each play counted (as :attr:`ids`) is made of (base64)."""
        self.orders: list[int] = state["orders"]
        """Each play's order (as :attr:`ids`; :func:`_order`)."""
        self.index = {game_id: at for at, game_id in enumerate(self.ids)}
        if not len(self.index) == len(self.ids) == len(self.inputs) == len(self.orders):
            raise ValueError("the plays counted do not match their ids")
        self.titles: dict[str, list[Any]] = state["titles"]
        """Title -> [plays, minutes, winners' scores, winners, best score, seats, points by
        category]."""
        self.pairs: dict[str, dict[str, list[Any]]] = state["pairs"]
        """Name -> title -> [seats, wins, scores, best score, points by category]."""
        self.duels: dict[str, dict[str, list[int]]] = state["duels"]
        """Name -> opponent's name -> [won, lost, drawn]."""
        self.lines: dict[str, list[int]] = state["lines"]
        """Shown name -> their timeline's lines, two numbers each: the play's place in
        :attr:`ids` and the length of the line's text."""
        self.layout: dict[str, list[int]] = state["layout"]
        """Shown name -> [where their part of the text starts, its length, where its first
        line starts]."""
        self.shown = shown
        """The one player whose figures are shown (None: every player)."""
        self._texts: dict[str, tuple[list[list[int]], list[str]]] = {}
        """Shown name -> their lines (pairs of :attr:`lines`) and the lines' texts, for the
        players a play added sits with."""

    @classmethod
    def empty(cls, shown: str | None) -> Parts:
        return cls(
            {
                "ids": [],
                "inputs": [],
                "orders": [],
                "titles": {},
                "pairs": {},
                "duels": {},
                "lines": {},
                "layout": {},
            },
            shown,
        )

    def state(self) -> str:
        """The parts as kept (compact JSON)."""
        state = {
            "ids": self.ids,
            "inputs": self.inputs,
            "orders": self.orders,
            "titles": self.titles,
            "pairs": self.pairs,
            "duels": self.duels,
            "lines": self.lines,
            "layout": self.layout,
        }
        return json.dumps(state, ensure_ascii=False, separators=(",", ":"))

    def changed(self, game_id: str, inputs: bytes | None) -> bool | None:
        """Whether ``game_id``'s play, counted, is no longer made of the same inputs (``inputs``
        now; None: not shown now); None if it is not counted."""
        at = self.index.get(game_id)
        return None if at is None else inputs is None or self.inputs[at] != _b64(inputs)

    def _is_shown(self, name: str) -> bool:
        return self.shown is None or name == self.shown

    def add(self, play: Play, inputs: bytes, text: str | None) -> None:
        """Count the finished play ``play`` (made of ``inputs``), not counted yet; ``text`` is
        the whole text the parts were made of until now (their lines' texts are read from it;
        None: its lines are not put in place, :meth:`find_lines` finds them)."""
        order = _order(play)
        game, seats = play.game, play.seats
        title = self.titles.setdefault(game, [0, 0, 0, 0, None, 0, {}])
        title[0] += 1
        title[1] += _whole(play.duration_min)
        for seat in seats:
            name, score = seat.name, _whole(seat.score)
            if type(seat.winner) is not bool:
                raise Unusual
            _whole(seat.rank)
            title[5] += 1
            if seat.winner:
                title[2] += score
                title[3] += 1
            title[4] = score if title[4] is None else max(title[4], score)
            pair = self.pairs.setdefault(name, {}).setdefault(game, [0, 0, 0, None, {}])
            pair[0] += 1
            pair[1] += seat.winner
            pair[2] += score
            pair[3] = score if pair[3] is None else max(pair[3], score)
            for key, points in seat.points.items():
                _whole(points)
                title[6][key] = title[6].get(key, 0) + points
                pair[4][key] = pair[4].get(key, 0) + points
            against = self.duels.setdefault(name, {})
            for other in seats:
                if other is not seat:
                    duel = against.setdefault(other.name, [0, 0, 0])
                    rank = other.rank
                    duel[0 if seat.rank < rank else 1 if seat.rank > rank else 2] += 1
        self.index[play.game_id] = len(self.ids)
        self.ids.append(play.game_id)
        self.inputs.append(_b64(inputs))
        self.orders.append(order)
        if text is None:
            return
        for name in {seat.name for seat in seats if self._is_shown(seat.name)}:
            self._put(name, play, order, [seat for seat in seats if seat.name == name], text)

    def find_lines(self, finished: list[Play], text: str) -> bool:
        """Find each shown player's part and lines in ``text``, the statistics of ``finished``
        (each added without its lines, in the statistics' order): whether each is where and
        what these parts say (each line the game's it should be, in its order). A line's text
        holds no line break but its own (JSON writes none in a string), so a line ends where a
        line break and the list's indent are followed by the next line's ``{``."""
        expected: dict[str, list[int]] = {}
        for play in finished:
            at = self.index[play.game_id]
            for seat in play.seats:
                if self._is_shown(seat.name):
                    expected.setdefault(seat.name, []).append(at)
        at, separator = text.find(',\n  "players": ') + len(',\n  "players": '), "{\n    "
        for name in sorted(expected):
            head = separator + output.dumps(name) + ": "
            if not text.startswith(head, at):
                return False
            start = at + len(head)
            opening = self._opening(name)
            if not text.startswith(opening, start):  # their figures, made of these parts
                return False
            first = start + len(opening)
            end = text.find("\n      ]" + _SECTION_END, first)
            texts = text[first:end].split(_NEXT + "{") if end >= 0 else []
            ids = [self.ids[line] for line in expected[name]]
            if len(texts) != len(ids) or not all(
                line.startswith((_GAME_ID + output.dumps(game_id) + ",")[n > 0 :])
                for n, (line, game_id) in enumerate(zip(texts, ids, strict=True))
            ):  # each line but the first begins after its "{"
                return False
            lengths = [len(line) + (n > 0) for n, line in enumerate(texts)]
            self.lines[name] = [
                n for pair in zip(expected[name], lengths, strict=True) for n in pair
            ]
            at = end + len("\n      ]" + _SECTION_END)
            self.layout[name] = [start, at - start, first]
            separator = ",\n    "
        return True

    def _put(self, name: str, play: Play, order: int, seats: list[Seat], text: str) -> None:
        """Put ``play``'s lines of ``seats`` (``name``'s, in seat order) among ``name``'s, by
        ``order`` (its :func:`_order`)."""
        work = self._texts.get(name)
        if work is None:
            flat = self.lines.get(name, [])
            lines = [flat[at : at + 2] for at in range(0, len(flat), 2)]
            work = self._texts[name] = (
                lines,
                list(_line_texts(text, self.layout.get(name), lines)),
            )
        lines, texts = work
        orders, ids = self.orders, self.ids
        at = bisect.bisect_right(lines, (order, play.game_id),
                                 key=lambda line: (orders[line[0]], ids[line[0]]))  # fmt: skip
        made = [
            output.dumps(stats.moment(play.game_id, play.game, play.started_stamp, seat)).replace(
                "\n", _LINE
            )
            for seat in seats
        ]
        lines[at:at] = [[self.index[play.game_id], len(line)] for line in made]
        texts[at:at] = made

    def text(self, before: str) -> str:
        """The statistics' text the parts make (the players no play added sits with: their part
        of ``before``, the text they were made of), and where its parts now lie."""
        names = sorted(name for name in self.pairs if self._is_shown(name))
        games = {
            game: stats.game_figures(
                plays, minutes, (won, winners), best, seats, totals,
                {name: self._summary(name, game) for name in sorted(self.pairs)
                 if game in self.pairs[name]},
            )
            for game, (plays, minutes, won, winners, best, seats, totals) in sorted(
                self.titles.items()
            )
        }  # fmt: skip
        pieces = ['{\n  "plays": ', int.__repr__(len(self.ids)), ',\n  "games": ',
                  output.dumps(games).replace("\n", "\n  "), ',\n  "players": ']  # fmt: skip
        at = sum(map(len, pieces))
        layout: dict[str, list[int]] = {}
        separator = "{\n    "
        for name in names:
            head = separator + output.dumps(name) + ": "
            pieces.append(head)
            at += len(head)
            work = self._texts.get(name)
            if work is None:  # no play added sits with them: their part as it was
                start, length, first = self.layout[name]
                part = before[start : start + length]
                layout[name] = [at, length, first - start + at]
            else:
                lines, texts = work
                opening = self._opening(name)
                part = opening + _NEXT.join(texts) + "\n      ]" + _SECTION_END
                self.lines[name] = [number for line in lines for number in line]
                layout[name] = [at, len(part), at + len(opening)]
            pieces.append(part)
            at += len(part)
            separator = ",\n    "
        pieces.append("\n  }\n}" if names else "{}\n}")
        self.layout = layout
        self._texts = {}
        return "".join(pieces)

    def _opening(self, name: str) -> str:
        """``name``'s part of the text up to their first line (at the second level)."""
        figures = output.dumps(self._figures(name)).replace("\n", "\n    ")
        if not figures.endswith(_SECTION_END):
            raise Unusual
        return figures[: -len(_SECTION_END)] + ',\n      "score_over_time": [' + _LINE

    def _summary(self, name: str, game: str) -> dict[str, Any]:
        seats, wins, total, best, sums = self.pairs[name][game]
        return stats.summary(seats, wins, total, best, sums)

    def _figures(self, name: str) -> dict[str, Any]:
        """``name``'s figures but their timeline (an empty list in its place, last)."""
        by_game = self.pairs[name]
        seats = sum(pair[0] for pair in by_game.values())
        wins = sum(pair[1] for pair in by_game.values())
        summaries = {game: self._summary(name, game) for game in sorted(by_game)}
        figures = stats.player_figures(
            stats.record(seats, wins), summaries, self.duels.get(name, {}), []
        )
        del figures["score_over_time"]
        return figures


def _line_texts(text: str, layout: list[int] | None, lines: list[list[int]]) -> Iterable[str]:
    """The texts of a player's ``lines`` in ``text``, their first at ``layout``'s."""
    if layout is None:
        if lines:
            raise Unusual
        return
    at = layout[2]
    for _game_id, length in lines:
        yield text[at : at + length]
        at += length + len(_NEXT)


def made(
    plays: Iterable[Play], inputs: dict[str, bytes], shown: str | None, text: str
) -> str | None:
    """The parts of the statistics ``text`` of ``plays`` (finished ones counted; ``inputs``:
    what each is made of) with ``shown``'s figures only (None: everyone's), kept; None if a play
    cannot be added exactly, or if the parts do not make ``text`` exactly (logged)."""
    parts = Parts.empty(shown)
    finished = sorted((p for p in plays if p.finished), key=lambda p: (p.started_at, p.game_id))
    try:
        for play in finished:
            parts.add(play, inputs[play.game_id], None)
        if not parts.find_lines(finished, text) or parts.text(text) != text:
            _log.warning("the statistics' parts do not make their text: none kept")
            return None
    except Unusual:
        return None
    except (ValueError, TypeError, KeyError, IndexError, AttributeError) as error:
        _log.warning("the statistics' parts could not be made (%r): none kept", error)
        return None
    return parts.state()


def kept(row: KeptOutput | None, inputs: bytes, shown: str | None) -> Parts | None:
    """The parts kept in ``row`` if they were made for ``inputs`` (:func:`inputs_of`) and the row
    is sound (damage logged); else None."""
    state = None if row is None else row.text_for(inputs)
    if state is None or state == NONE:
        return None
    try:
        return Parts(json.loads(state), shown)
    except (ValueError, TypeError, KeyError):
        _log.warning("the statistics' parts kept are not of this code's shape: made whole")
        return None


def added(parts: Parts, plays: Iterable[tuple[Play, bytes]], before: str) -> tuple[str, str] | None:
    """The statistics' text with ``plays`` (each finished, not counted yet, with what it is made
    of) counted, and the parts as kept; None if one cannot be added exactly, or the parts kept
    do not fit ``before`` (logged)."""
    try:
        for play, inputs in plays:
            parts.add(play, inputs, before)
        return parts.text(before), parts.state()
    except Unusual:
        return None
    except (ValueError, TypeError, KeyError, IndexError, AttributeError) as error:
        _log.warning("the statistics' parts kept do not fit their text (%r): made whole", error)
        return None
