"""What a finished (or abandoned) game leaves behind: one :class:`Play` per stored game, and the
history of them, filtered by game and player.

A play is read from the game's stored record: its options (seats, colours, start player), its log
(the times: the play starts when the game was created and ends at the entry that ended it) and the final
score sheet (the rules' sheet of the state the log leaves). A seat's name is its player record's
(:mod:`companion.after.players`): a renamed or merged player shows under the new name in every game.

"Abandoned": a game not over whose last change is at least :data:`ABANDONED_AFTER` old. Nothing
marks it in the store, so it becomes "active" again if someone plays on.
"""

from __future__ import annotations

import json
import logging
import weakref
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from functools import cached_property, partial
from operator import attrgetter
from typing import Any, NamedTuple, TypeGuard

from companion.after import players as player_records
from companion.after import shown
from companion.after.bulk import collection_paused
from companion.after.shown import Seating, Shown
from companion.installation.errors import InputError, LogCorruptionError
from companion.installation.i18n import _
from companion.rules.registry import GAMES
from companion.rules.results import GameResult
from companion.rules.scoresheet import ScoreSheet
from companion.storage.base import at_once, decoded, loads
from companion.store import (
    HistoryGame,
    PlayerRecord,
    Seated,
    Store,
    StoreError,
    UnknownGameError,
)

_log = logging.getLogger(__name__)

ABANDONED_AFTER = timedelta(days=7)
"""A game not over and untouched this long is listed as abandoned."""
SHOWN = ("finished", "abandoned")
"""The statuses the history lists."""


class Seat(NamedTuple):
    """A seat of a play, as the history shows it (a named tuple: a listing makes thousands, and a
    frozen dataclass's fields cost a call each to set)."""

    seat: int
    player_id: int | None
    name: str
    """The player record's name now (the game's own name if the seat has no record)."""
    colour: str
    start_player: bool
    score: int
    rank: int
    winner: bool
    points: dict[str, int]
    player_uid: str | None = None
    """The player record's stable id (the same in every copy of the database), if seated."""


@dataclass(frozen=True)
class Play:
    game_id: str
    game: str
    status: str
    """``finished``, ``abandoned`` or ``active``."""
    started_at: datetime
    ended_at: datetime
    location: str
    seats: tuple[Seat, ...]
    corrections: int
    """How many log entries are corrections (the table overruled the app)."""
    made_sheet: Callable[[], ScoreSheet] = field(repr=False, compare=False)
    """Makes :attr:`sheet` (from the kept result, once asked for: a listing shows the seats'
    scores, and few of its plays' sheets are ever opened)."""

    @cached_property
    def sheet(self) -> ScoreSheet:
        """The final score sheet."""
        return self.made_sheet()

    @property
    def finished(self) -> bool:
        return self.status == "finished"

    @cached_property
    def started_stamp(self) -> str:
        """When it started, as its JSON (:meth:`as_dict`) says it (made once: the statistics
        date every seat's score with it)."""
        return _iso(self.started_at)

    @property
    def duration_min(self) -> int:
        return round((self.ended_at - self.started_at).total_seconds() / 60)

    def winners(self) -> list[str]:
        return [seat.name for seat in self.seats if seat.winner]

    def as_dict(self) -> dict[str, Any]:
        return {
            "game_id": self.game_id,
            "game": self.game,
            "status": self.status,
            "started_at": self.started_stamp,
            "ended_at": _iso(self.ended_at),
            "duration_min": self.duration_min,
            "location": self.location,
            "players": [
                {
                    "seat": s.seat,
                    "player_id": s.player_id,
                    "player_uid": s.player_uid,
                    "name": s.name,
                    "colour": s.colour,
                    "start_player": s.start_player,
                    "score": s.score,
                    "rank": s.rank,
                    "winner": s.winner,
                    "points": s.points,
                }
                for s in self.seats
            ],
            "winners": self.winners(),
            "tiebreak": self.sheet.tiebreak,
            "corrections": self.corrections,
        }


def load_play(store: Store, game_id: str, now: datetime | None = None) -> Play:
    """The play of stored game ``game_id`` (replayed, its chain checked); :class:`InputError`
    ``unknown_game`` if there is none or it cannot be replayed."""
    try:
        result = _replayed(store, game_id)
    except (UnknownGameError, LogCorruptionError) as error:
        raise InputError("unknown_game", _("game_id: {error}").format(error=error)) from None
    options, created_at = store.game_info(game_id)
    seats = seated(player_records.seats(store, game_id))
    return _play(game_id, _seating(options), created_at, result, seats,
                 store.location_of(game_id), now or datetime.now(UTC))  # fmt: skip


def _replayed(store: Store, game_id: str) -> GameResult:
    from companion.play.session import Session  # the rules' machinery: for a game not yet kept only

    session = Session.resume(store, game_id)
    entries = session.entries
    last = session.ended_by() or len(entries)
    return GameResult(
        game=session.rules.name,
        sheet=session.rules.score_sheet(session.state),
        over=session.rules.is_over(session.state),
        ended_at=entries[last - 1].created_at if entries else None,
        corrections=sum(1 for entry in entries if entry.kind == "correction"),
    )


def _play(
    game_id: str,
    seating: Seating,
    created_at: str,
    result: GameResult | _KeptText | dict[str, Any],
    seated_now: tuple[Seated, ...],
    location: str,
    now: datetime,
) -> Play:
    """The play of a game's ``result``: replayed, or as kept (:meth:`GameResult.as_cached`'s dict,
    or what the list shows of its kept text, with how its sheet is made once asked for), its
    game's seats as its options say them, who sits in them now (``seated_now``, as
    :func:`seated` says it) and where it was played."""
    made_sheet: Callable[[], ScoreSheet]
    fresh = False  # whether the points were decoded for this play alone: a seat's not copied
    if isinstance(result, _KeptText):  # a listing's most of them: first
        fields, made_sheet, fresh = result.shown, partial(_sheet_of_text, result.text), True
    elif isinstance(result, GameResult):
        sheet = result.sheet
        fields = Shown(result.game, result.over, result.ended_at, result.corrections,
                       sheet.ranking, sheet.totals, sheet.points)  # fmt: skip
        made_sheet = partial(_replayed_sheet, result)
    else:
        fields, made_sheet = Shown.of_cached(result), partial(_kept_sheet, result)
    game, over, ended_at, corrections, ranking, totals, points = fields
    created = _parse(created_at)
    ended = created if ended_at is None else _parse(ended_at)
    status = _status(over, ended, now)
    ranks = {p: place for place, group in enumerate(ranking, 1) for p in group}
    records = {record[0]: record for record in seated_now}
    start = seating.start_player
    no_points: dict[str, int] = {}
    seats = []
    for index, in_options in enumerate(seating.players):
        name = in_options["name"]
        record = records.get(index)
        rank = ranks.get(name, 0)
        kept_points = points.get(name, no_points)
        seat_points = (
            kept_points  # its own: decoded for this play, held by no other object
            if fresh and type(kept_points) is dict and kept_points is not no_points
            else dict(kept_points)
        )
        seats.append(  # by position (its fields' order): a listing makes thousands
            Seat(
                index,
                None if record is None else record[1],
                name if record is None else record[3],
                in_options["colour"],
                index == start,
                totals.get(name, 0),
                rank,
                over and rank == 1,
                seat_points,
                None if record is None else record[2],
            )
        )
    return Play(
        game_id=game_id,
        game=game,
        status=status,
        started_at=created,
        ended_at=ended,
        location=location,
        seats=tuple(seats),
        corrections=corrections,
        made_sheet=made_sheet,
    )


def _replayed_sheet(result: GameResult) -> ScoreSheet:
    return result.sheet


def _kept_sheet(kept: dict[str, Any]) -> ScoreSheet:
    return GameResult.from_cached(kept).sheet


def _sheet_of_text(text: str) -> ScoreSheet:
    return GameResult.from_cached(json.loads(text)).sheet


class _KeptText(NamedTuple):
    """A game's kept result as the list reads it: what a play shows of it, and its text (the
    sheet is made of it once asked for)."""

    shown: Shown
    text: str


def _kept_of_text(game_id: str, text: bytes) -> _KeptText | dict[str, Any] | None:
    """The kept result ``text`` (its row checked): what the list shows of it, read from the text
    (:func:`companion.after.shown.read`), or the result decoded whole if it is laid out otherwise;
    None (logged) if it is not JSON: the game is replayed."""
    try:
        as_text = decoded(text, "it")
    except StoreError as error:
        _log.warning("%s; it is computed again", error)
        return None
    read = shown.read(as_text)
    if read is not None:
        return _KeptText(read, as_text)
    try:
        whole: dict[str, Any] = loads(as_text, f"the result of game {game_id}")
    except StoreError as error:
        _log.warning("%s; it is computed again", error)
        return None
    return whole


def plays(
    store: Store,
    *,
    game: str | None = None,
    player: str | None = None,
    now: datetime | None = None,
    reuse: bool = False,
) -> Iterator[Play]:
    """Every finished and abandoned game, the last started first, of ``game`` and with ``player``
    (a player's current name) if given. A game that cannot be replayed is skipped (logged).
    ``reuse``: the store's last listing made with ``reuse`` serves while nothing was committed
    to the database since and no game's status changed with time (the screens: History, then
    Statistics, list the games once).

    A finished game's result is cached in the store (:meth:`Store.cached_results`) against its
    last log entry: a game replays again only once its log has grown (a correction, an undo)."""
    wanted = wanted_player(store, game, player)
    moment = now or datetime.now(UTC)
    if reuse:
        listing = _listing(store, moment)
    else:
        with collection_paused():
            listing = tuple(_listed(store, at_once(_reading(store)), moment, []))
    for play in listing:
        if game is not None and play.game != game:
            continue
        if wanted is not None and wanted not in {seat.player_id for seat in play.seats}:
            continue
        yield play


def wanted_player(store: Store, game: str | None, player: str | None) -> int | None:
    """The id of player ``player`` (a current name) if given, after checking that ``game`` is
    a game's name if given: :class:`InputError` for an unknown game or player."""
    if game is not None and game not in GAMES:
        raise InputError("unknown_game", _("--game: no game named {game!r}").format(game=game))
    return None if player is None else player_records.find(store, player).id


def hidden(status: str, changed_at: str, moment: datetime) -> bool:
    """Whether the history leaves a game of ``status`` last changed at ``changed_at`` (as
    :class:`GameSummary` says them) out at ``moment`` without making its play: a game marked
    active and changed within :data:`ABANDONED_AFTER`."""
    changed = changed_when(changed_at) if status == "active" else None
    return changed is not None and moment - changed < ABANDONED_AFTER


def changed_when(changed_at: str) -> datetime | None:
    """When a game last changed, as :class:`GameSummary` says it; None (logged) if that text is
    damaged: the game is not hidden, and its play is made (from its checked log or result)."""
    try:
        return datetime.fromisoformat(changed_at)
    except ValueError:
        _log.error("a game's time of its last change is damaged: %r", changed_at)
        return None


def play_of(
    store: Store,
    game_id: str,
    kept: Any,
    infos: dict[str, tuple[str, str]],
    records: dict[int, PlayerRecord],
    location: str,
    moment: datetime,
) -> tuple[Play, GameResult | None]:
    """Game ``game_id``'s play at ``moment``, made from its kept result ``kept`` (if complete),
    else replayed; and the replayed result (None: made from ``kept``), which the caller keeps if
    the game is over (:meth:`Store.cache_result` with the game's last entry, once it has read what
    it reads). :class:`StoreError` or :class:`LogCorruptionError` if it cannot be made."""
    return _play_of(store, game_id, kept, infos, seated(records), location, moment)


def _play_of(
    store: Store,
    game_id: str,
    kept: Any,
    infos: dict[str, tuple[str, str]],
    seats: tuple[Seated, ...],
    location: str,
    moment: datetime,
) -> tuple[Play, GameResult | None]:
    """:func:`play_of`, with who sits where as :func:`seated` says it."""
    if _complete(kept) and game_id in infos:  # its sheet made from it when asked for
        return _made_play(game_id, infos, kept, seats, location, moment), None
    result = _replayed(store, game_id)
    return _made_play(game_id, infos, result, seats, location, moment), result


def _play_of_text(
    store: Store,
    game_id: str,
    text: bytes | None,
    infos: dict[str, tuple[str, str]],
    seats: tuple[Seated, ...],
    location: str,
    moment: datetime,
) -> tuple[Play, GameResult | None]:
    """:func:`play_of` for a kept result's checked text (None: none kept), decoded only as far
    as the list shows it, with who sits where as :func:`seated` says it."""
    kept = None if text is None else _kept_of_text(game_id, text)
    if isinstance(kept, _KeptText) and game_id in infos:
        return _made_play(game_id, infos, kept, seats, location, moment), None
    return _play_of(store, game_id, kept, infos, seats, location, moment)


@dataclass(frozen=True)
class _Listing:
    """Every game the history shows, as listed at ``moment`` while the store's
    :meth:`~Store.changes` were ``changes``; it holds until ``until``, the first moment a game's
    status would change with time alone (a game becomes abandoned)."""

    changes: tuple[int, int]
    moment: datetime
    until: datetime | None
    plays: tuple[Play, ...]

    def holds(self, changes: tuple[int, int], moment: datetime) -> bool:
        return (
            changes == self.changes
            and self.moment <= moment
            and (self.until is None or moment < self.until)
        )


_listings: weakref.WeakKeyDictionary[Store, _Listing] = weakref.WeakKeyDictionary()
"""Each open store's last listing made with ``reuse``."""


def listing(store: Store, now: datetime | None = None) -> tuple[Play, ...]:
    """Every finished and abandoned game, the last started first, as :func:`plays` with ``reuse``
    lists them: the same tuple (the same object) while the store's last listing holds, a new one
    once anything was committed or a game's status changed with time."""
    return _listing(store, now or datetime.now(UTC))


def _listing(store: Store, moment: datetime) -> tuple[Play, ...]:
    """Every finished and abandoned game at ``moment``, the last started first: the store's last
    listing while it holds, else listed anew."""
    kept = _listings.get(store)
    if kept is not None and kept.holds(store.changes(), moment):
        return kept.plays
    turns: list[datetime] = []  # the moments a game's status would change with time alone
    with collection_paused():
        found = tuple(_listed(store, at_once(_reading(store)), moment, turns))
    until = min((turn for turn in turns if turn > moment), default=None)
    _listings[store] = _Listing(store.changes(), moment, until, found)
    return found


def listing_in_steps(store: Store, now: datetime | None = None, every: int = 50) -> Iterator[None]:
    """List the games as :func:`listing` does, in steps (it yields between them: the kept results
    checked and decoded a hundred at a time, the store's other facts a read a step, then
    ``every`` games made at a time), and keep the listing as the store's last one, as
    :func:`listing` would; for the app's idle time after its start (:mod:`ui.ready`). A commit
    between two steps leaves the listing to the next :func:`listing`: what is kept is never older
    than the store."""
    moment = now or datetime.now(UTC)
    kept = _listings.get(store)
    if kept is not None and kept.holds(store.changes(), moment):
        return
    reading = _reading(store, every=100)
    while True:
        changes = store.changes()
        try:
            next(reading)
        except StopIteration as done:
            read: _Read = done.value
            break
        yield
        if store.changes() != changes:
            _log.debug("the games changed while read in steps: listed at the next opening")
            return
    turns: list[datetime] = []
    found: list[Play] = []
    for play in _listed(store, read, moment, turns):
        found.append(play)
        if len(found) % every == 0:
            changes = store.changes()  # a result it kept meanwhile (a game replayed) is its own
            yield
            if store.changes() != changes:
                _log.debug("the games changed while listed in steps: listed at the next opening")
                return
    until = min((turn for turn in turns if turn > moment), default=None)
    _listings[store] = _Listing(store.changes(), moment, until, tuple(found))


@dataclass(frozen=True)
class _Read:
    """What a listing reads of the store: the texts of the kept results whose rows check
    (:meth:`Store.kept_texts_in_steps`), every game's seats, options and creation time, and
    place, and the games themselves."""

    cached: dict[str, bytes]
    seats: dict[str, tuple[Seated, ...]]
    infos: dict[str, tuple[str, str]]
    places: dict[str, str]
    games: list[HistoryGame]


def _reading(store: Store, every: int | None = None) -> Generator[None, None, _Read]:
    """Read what a listing needs: at once (``every`` None), or in steps (it yields between reads,
    and between each ``every`` kept results)."""
    cached = yield from store.kept_texts_in_steps(every)
    if every is not None:
        yield
    seats = store.seated_players()
    if every is not None:
        yield
    games, places = store.history_games(), store.all_locations()
    if every is not None:
        yield
    infos = {game.id: (game.options, game.created_at) for game in games}
    return _Read(cached, seats, infos, places, games)


class _Made(NamedTuple):
    """A play made from a game's kept result, with what it was made of: the result's text, as
    kept against the log's head (:meth:`Store.kept_texts_in_steps`), and the game's other facts
    (its options and creation time, who sits where now, where it was played)."""

    text: bytes
    facts: tuple[Any, ...]
    play: Play


_made: weakref.WeakKeyDictionary[Store, dict[str, _Made]] = weakref.WeakKeyDictionary()
"""Each open store's plays made from kept results at its last listing, by game id: a listing
makes anew only the plays whose result or facts changed since (a game finished or corrected, a
player renamed), and restates the others' status at its moment."""


def _listed(store: Store, read: _Read, moment: datetime, turns: list[datetime]) -> Iterator[Play]:
    cached, seats, infos, places = read.cached, read.seats, read.infos, read.places
    newest_first = sorted(read.games, key=attrgetter("created_at", "id"), reverse=True)
    made_before = _made.get(store, {})
    made: dict[str, _Made] = {}
    _made[store] = made
    for summary in newest_first:
        if summary.status == "active" and (changed := changed_when(summary.updated_at)) is not None:
            turns.append(changed + ABANDONED_AFTER)
            if hidden(summary.status, summary.updated_at, moment):
                continue
        seated_now = seats.get(summary.id, ())
        location = places.get(summary.id, "")
        kept = cached.get(summary.id)
        try:
            earlier = made_before.get(summary.id)
            facts = (infos.get(summary.id), seated_now, location)
            if earlier is not None and earlier.text == kept and earlier.facts == facts:
                play = _restated(earlier.play, moment)
                made[summary.id] = _Made(earlier.text, facts, play)
            else:
                play, replayed = _play_of_text(
                    store, summary.id, kept, infos, seated_now, location, moment
                )
                if replayed is None and kept is not None:
                    made[summary.id] = _Made(kept, facts, play)
                elif replayed is not None and replayed.over:
                    store.cache_result(
                        summary.id, store.last_logged(summary.id), replayed.as_cached()
                    )
        except (StoreError, LogCorruptionError) as error:
            _log.error("game %r left out of the history: %r", summary.id, str(error))
            continue
        if not play.finished:
            turns.append(play.ended_at + ABANDONED_AFTER)
        if play.status in SHOWN:
            yield play


def _made_play(
    game_id: str,
    infos: dict[str, tuple[str, str]],
    result: GameResult | _KeptText | dict[str, Any],
    seats: tuple[Seated, ...],
    location: str,
    moment: datetime,
) -> Play:
    seating, created_at = _info(infos, game_id)
    return _play(game_id, seating, created_at, result, seats, location, moment)


def seated(records: dict[int, PlayerRecord]) -> tuple[Seated, ...]:
    """What a play shows of its seats' player records: each seat's player id, stable id and name
    (not their counts of games, which change as other games are played)."""
    return tuple((seat, r.id, r.uid, r.name) for seat, r in sorted(records.items()))


def _restated(play: Play, moment: datetime) -> Play:
    """``play`` at ``moment``: the same play, unless a game not over became abandoned since."""
    status = _status(play.finished, play.ended_at, moment)
    return play if status == play.status else replace(play, status=status)


def _status(over: bool, ended: datetime, moment: datetime) -> str:
    return "finished" if over else "abandoned" if moment - ended >= ABANDONED_AFTER else "active"


def _info(infos: dict[str, tuple[str, str]], game_id: str) -> tuple[Seating, str]:
    """A game's seats as its options say them (read as far as they go,
    :func:`companion.after.shown.seating`, else decoded whole as :meth:`Store.game_info` decodes
    them) and its creation time."""
    if game_id not in infos:
        raise UnknownGameError(f"no game with id {game_id!r}")
    text, created_at = infos[game_id]
    read = shown.seating(text) if isinstance(text, str) else None
    if read is not None:
        return read, created_at
    try:
        options = json.loads(text)
    except (ValueError, TypeError) as error:
        raise StoreError(f"the options of game {game_id} are not valid JSON: {error}") from None
    return _seating(options), created_at


def _seating(options: dict[str, Any]) -> Seating:
    """The seats and start player of a game's decoded ``options``."""
    return Seating(options.get("players", []), options.get("start_player", 0))


def _complete(cached: Any) -> TypeGuard[dict[str, Any]]:
    """A cached result that holds the sheet's tie-break steps: one cached before sheets kept them
    is computed again (and cached anew)."""
    return isinstance(cached, dict) and "tiebreaks" in cached.get("sheet", {})


def _parse(stamp: str) -> datetime:
    """A time a game's record or kept result holds; :class:`StoreError` if it is damaged."""
    try:
        return datetime.fromisoformat(stamp)
    except (ValueError, TypeError):
        raise StoreError(f"the time {stamp!r} is damaged") from None


def _iso(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat(timespec="seconds")


def first_plays(store: Store, play: Play) -> frozenset[int]:
    """The ids of ``play``'s players for whom it was their first game of its title."""
    created = {s.id: (s.game, s.created_at) for s in store.list_games()}
    first = set()
    for seat in play.seats:
        if seat.player_id is None:
            continue
        earlier = [
            game_id
            for game_id in store.games_of(seat.player_id)
            if created.get(game_id, ("", ""))[0] == play.game
            and created[game_id][1] < created[play.game_id][1]
        ]
        if not earlier:
            first.add(seat.player_id)
    return frozenset(first)
