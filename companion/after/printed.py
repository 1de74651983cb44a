"""The CLI's ``history`` and ``stats`` as the text they print, kept beside the games
(:mod:`companion.storage.outputs`): a call with nothing changed since prints what an earlier call
made, instead of making a thousand plays and 2 MB of JSON again (five times a CLI command's budget
on a Pi).

What is kept, under a digest of exactly what it is made of:

- each finished play's text as it stands in the history's list. Its inputs (:meth:`_Moment.read`):
  the game's id, options and creation time, its chain head, its kept result's row and whether that
  checks against the head, who sits in each seat now (player id, stable id, name), where it was
  played, and the code that writes it (:func:`code_version`). A finished play's text does not depend on
  the time nor on the language. A play that is not finished (its status turns with time) or that
  was replayed (not made from a kept result) is made at every call, as the history makes it.
- the whole text of the history and of the statistics, per arguments, under the digest of the
  arguments, the code and the count of rows written to the tables the texts are made of
  (:meth:`Store.change_count`: the schema's triggers count every write, whoever makes it), with the
  window of time within which no game's place in it changes with time alone (a game hidden while
  it is played shown once a week has passed). A call with nothing written since, within that
  window, prints it having read two rows. It is kept only when every game could be made (one
  left out is logged at every call) and every play it counts is made of a kept result: every
  play the history lists is a finished one (one made at every call is so at every call), every
  finished play the statistics count.

Everything a call uses is read in one snapshot of the database (:meth:`Store.one_moment`), and a
text not kept (or kept for other inputs, or damaged) is made from the rows of that same snapshot,
by the history's own code (:func:`history.play_of`): what is kept is always what those inputs
make. The results replayed and the outputs made are kept after the snapshot; a store that cannot
be written keeps nothing.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import logging
import marshal
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cache
from typing import Any, NamedTuple

from companion.after import history, stats
from companion.after import players as player_records
from companion.after.bulk import collection_paused
from companion.cli import output
from companion.installation.errors import LogCorruptionError
from companion.rules.results import GameResult
from companion.storage.base import dumps, listed
from companion.storage.outputs import KeptOutput, Made
from companion.storage.side_tables import ResultRow
from companion.store import Store, StoreError

_log = logging.getLogger(__name__)

PLAY = "play:"
"""The key of a play's kept text: this and its game's id."""
HISTORY = "history:"
"""The key of the history's whole kept text: this and its arguments."""
STATS = "stats:"
"""The key of the statistics' kept text: this and its arguments."""
INDENT = "\n    "
"""A play's line break in the history's list (``{"plays": [...]}`` with an indent of 2)."""
SHAPING = (
    "companion.after.printed",
    "companion.after.history",
    "companion.after.stats",
    "companion.cli.output",
    "companion.rules.results",
    "companion.rules.scoresheet",
    "companion.storage.outputs",
    "companion.storage.side_tables",
)
"""The modules whose code makes the texts kept or reads what they are made of: a change in any
makes every kept text stale."""


@cache
def code_version() -> bytes:
    """A digest of the source of :data:`SHAPING`: an update that changes how a text is made
    never prints one kept by the code before."""
    version = hashlib.sha256(b"table-companion printed 1")
    for name in SHAPING:
        spec = importlib.util.find_spec(name)
        origin = None if spec is None else spec.origin
        if origin is None:
            version.update(f"{name}: no source".encode())
            continue
        with open(origin, "rb") as source:
            version.update(hashlib.sha256(source.read()).digest())
    return version.digest()


class _Game(NamedTuple):
    """A game the history does not leave out at the moment read: its id, its inputs' digest,
    the output kept for it, if any (unchecked), and its creation time (the history's order)."""

    id: str
    inputs: bytes
    kept: KeptOutput | None
    created: str


Listed = tuple[str, str, str]
"""A play as the history's text lists it: its game's creation time and id, and its text."""


@dataclass
class _Moment:
    """What a call reads of the database, in one snapshot (:meth:`read`; what a play is made of
    is read only if one is made), and the results it replayed, to keep."""

    store: Store
    moment: datetime
    games: list[_Game]
    rows: dict[str, ResultRow]
    sound: set[str]
    replayed: list[tuple[str, int, GameResult]]
    turns: list[datetime]
    """The moments a game's place in the texts would change with time alone: a game hidden now
    shown, a play not finished abandoned."""
    failed: bool = False
    """Whether a play could not be made (its game left out, logged)."""
    _facts: tuple[Any, ...] | None = None

    @classmethod
    def read(
        cls, store: Store, moment: datetime, prefix: str | None, ids: list[str] | None = None
    ) -> _Moment:
        """The games (those of ``ids`` only, if given), newest first, as the history lists them
        at ``moment``, with the outputs kept under ``prefix`` and their ids (none if None);
        inside a snapshot."""
        version, sha256, serial = code_version(), hashlib.sha256, marshal.dumps
        kept: dict[str, KeptOutput] = {}
        if prefix is not None and ids is None:
            kept = store.kept_outputs(prefix)
        elif prefix is not None and ids is not None:
            kept = {prefix + i: one for i in ids if (one := store.kept_output(prefix + i))}
        rows: dict[str, ResultRow] = {}
        sound: set[str] = set()
        found = []
        turns = []
        facts: dict[str, tuple[tuple[str, str], str]] = {}
        for row in store.game_rows(ids):
            raw_id, created, status, changed, options, *head, location, seated = row
            game_id = listed(raw_id)
            result = rows[game_id] = ResultRow(*head)
            if result.sound(game_id):
                sound.add(game_id)
            if status == b"active" and history.hidden("active", listed(changed), moment):
                turns.append(datetime.fromisoformat(listed(changed)) + history.ABANDONED_AFTER)
                continue
            made_of = (raw_id, created, options, head[:4], game_id in sound, location, seated)
            inputs = sha256(version + serial(made_of)).digest()
            game = _Game(game_id, inputs, kept.get(f"{prefix}{game_id}"), listed(created))
            found.append((game.created, game_id, game))
            if ids is not None:  # what its play is made of beside its result, from its row
                place = "" if location is None else listed(location)
                facts[game_id] = ((listed(options), game.created), place)
        found.sort(key=lambda item: item[:2], reverse=True)
        read = cls(store, moment, [game for *_key, game in found], rows, sound, [], turns)
        if ids is not None:
            infos = {game_id: info for game_id, (info, _place) in facts.items()}
            seats = {game_id: store.seats_of(game_id) for game_id in facts}
            places = {game_id: place for game_id, (_info, place) in facts.items()}
            read._facts = (infos, seats, places)
        return read

    def play(self, game_id: str) -> tuple[history.Play, bool] | None:
        """The game's play, and whether it was made from its kept result (not replayed); None
        if it cannot be made (logged, as the history leaves it out)."""
        if self._facts is None:  # the history's own reads, in the same snapshot
            store = self.store
            self._facts = (store.all_game_infos(), store.all_seats(),
                           store.all_locations())  # fmt: skip
        infos, seats, places = self._facts
        kept = self.rows[game_id].decoded(game_id) if game_id in self.sound else None
        try:
            play, replayed = history.play_of(
                self.store,
                game_id,
                kept,
                infos,
                seats.get(game_id, {}),
                places.get(game_id, ""),
                self.moment,
            )
        except (StoreError, LogCorruptionError) as error:
            _log.error("game %s left out of the history: %s", game_id, error)
            self.failed = True
            return None
        if replayed is not None and replayed.over:  # kept against its log's last entry
            self.replayed.append((game_id, self.store.last_logged(game_id), replayed))
        if not play.finished:
            self.turns.append(play.ended_at + history.ABANDONED_AFTER)
        return play, replayed is None

    def about(self, count: int, plays: list[Listed], until: datetime | None = None) -> str:
        """What a whole text made of this moment's reads at ``count`` writes holds as
        ``about``: from when until when (exclusive; None: for ever, or ``until`` if earlier) it
        is what they make, the count, and each of ``plays`` (creation time, id, text's length)."""
        turns = [turn for turn in self.turns if turn > self.moment]
        until = min(turns if until is None else [*turns, until], default=None)
        return json.dumps(
            [
                self.moment.isoformat(),
                None if until is None else until.isoformat(),
                count,
                [(created, game_id, len(text)) for created, game_id, text in plays],
            ]
        )

    def keep(self, made: list[Made]) -> None:
        """Keep the results replayed (as the history does) and the outputs ``made``."""
        for game_id, last_seq, result in self.replayed:
            self.store.cache_result(game_id, last_seq, result.as_cached())
        self.store.keep_outputs(made)


def whole_inputs(key: str, count: int) -> bytes:
    """The inputs of a whole text kept under ``key`` (its command and arguments): the code that
    made it and the count of writes to what it is made of (:meth:`Store.change_count`)."""
    return hashlib.sha256(code_version() + b"%b\0%d" % (key.encode(), count)).digest()


HEAD = '{\n  "plays": [' + INDENT
"""The history's text before its first play (with one or more)."""
BETWEEN = "," + INDENT
TAIL = "\n  ]\n}"


class _Whole(NamedTuple):
    """A whole text kept, sound, and what its ``about`` says: the count of writes it was made
    at, when it was made, until when it holds, and the plays it lists, if it is the history's."""

    text: str
    writes: int
    made: datetime
    until: datetime | None
    plays: list[tuple[str, str, int]]

    @classmethod
    def kept(cls, store: Store, key: str, moment: datetime) -> _Whole | None:
        """The whole text kept under ``key`` by this code, if its row is sound (damage logged)
        and the window of time it holds in holds ``moment``; else None."""
        found = store.kept_output(key)
        text = None if found is None else found.text_if_sound()
        if found is None or text is None:
            return None
        try:
            made, until, count, plays = json.loads(found.about)
            whole = cls(text, count, datetime.fromisoformat(made),
                        None if until is None else datetime.fromisoformat(until), plays)  # fmt: skip
        except (ValueError, TypeError):  # a sound row of another shape: not one this code kept
            return None
        if found.inputs != whole_inputs(key, count):  # another key's or another code's
            return None
        held = whole.made <= moment and (whole.until is None or moment < whole.until)
        return whole if held else None

    def listed(self) -> Iterator[Listed]:
        """The history's plays, as its text lists them."""
        at = len(HEAD)
        for created, game_id, length in self.plays:
            yield created, game_id, self.text[at : at + length]
            at += length + len(BETWEEN)


def _joined(plays: list[Listed]) -> str:
    """The history's text of ``plays``."""
    if not plays:
        return output.dumps({"plays": []})
    return HEAD + BETWEEN.join(text for _created, _id, text in plays) + TAIL


FEW = 20
"""At most this many games written to since the history's whole text was kept: the plays of
those are made (or taken from their kept texts) and put in its place, the others' kept."""


def history_text(
    store: Store, *, game: str | None = None, player: str | None = None, now: datetime | None = None
) -> str:
    """``output.dumps({"plays": [play.as_dict() for play in history.plays(...)]})`` for the same
    arguments: the whole text kept while nothing it is made of was written since; else that text
    with the plays of the few games written to since made anew; else from the plays' kept texts
    where their inputs are unchanged."""
    made: list[Made] = []
    moment = now or datetime.now(UTC)
    with collection_paused(), store.one_moment():
        wanted = history.wanted_player(store, game, player)
        key = HISTORY + repr((game, wanted))
        count = store.change_count()
        whole = None if count is None else _Whole.kept(store, key, moment)
        if whole is not None and whole.writes == count:
            return whole.text
        spliced = None
        if whole is not None and count is not None and count > whole.writes:
            spliced = _spliced(store, whole, moment, made, game, wanted)
        if spliced is None:
            read = _Moment.read(store, moment, PLAY)
            unkept: list[str] = []
            plays = list(_play_texts(read, made, game, wanted, unkept))
            keepable = not (unkept or read.failed or read.replayed)
        else:
            read, plays = spliced
            keepable = True
    text = _joined(plays)
    if count is not None and keepable:
        until = None if spliced is None or whole is None else whole.until
        made.append((key, whole_inputs(key, count), read.about(count, plays, until), text))
    read.keep(made)
    return text


def _spliced(
    store: Store, whole: _Whole, moment: datetime, made: list[Made], game: str | None, wanted: Any
) -> tuple[_Moment, list[Listed]] | None:
    """The history's plays at ``moment``: ``whole``'s, those of the games written to since it
    was kept made again; None if too many were, or one of them cannot be kept (the history is
    then made whole)."""
    touched = store.touched_since(whole.writes)
    if touched is None or len(touched) > FEW:
        return None
    read = _Moment.read(store, moment, PLAY, touched)
    unkept: list[str] = []
    making: list[Made] = []
    new = list(_play_texts(read, making, game, wanted, unkept))
    if unkept or read.failed or read.replayed:
        return None
    made += making
    gone = set(touched)
    plays = [play for play in whole.listed() if play[1] not in gone] + new
    plays.sort(key=lambda play: play[:2], reverse=True)
    return read, plays


def _play_texts(
    read: _Moment, made: list[Made], game: str | None, wanted: Any, unkept: list[str]
) -> Iterator[Listed]:
    """Each listed play, its text kept or made (what is made to keep added to ``made``; the ids
    of the plays shown that cannot be kept, made at every call, to ``unkept``)."""
    for entry in read.games:
        found = entry.kept
        text = None if found is None else found.text_for(entry.inputs)
        if found is not None and text is not None:
            if (game is None and wanted is None) or _chosen(*_facts_of(found.about), game, wanted):
                yield entry.created, entry.id, text
            continue
        played = _shown(read, entry.id)
        if played is None:
            continue
        play, from_kept = played
        player_ids = [seat.player_id for seat in play.seats]
        text = output.dumps(play.as_dict()).replace("\n", INDENT)
        if play.finished and from_kept:
            made.append((PLAY + entry.id, entry.inputs, dumps([play.game, player_ids]), text))
        else:
            unkept.append(entry.id)
        if _chosen(play.game, player_ids, game, wanted):
            yield entry.created, entry.id, text


def _shown(read: _Moment, game_id: str) -> tuple[history.Play, bool] | None:
    """The game's play and whether it was made from its kept result, if the history shows it."""
    played = read.play(game_id)
    return None if played is None or played[0].status not in history.SHOWN else played


def _chosen(shown_game: Any, player_ids: list[Any], game: str | None, wanted: Any) -> bool:
    """Whether a play of ``shown_game`` with those players is one the arguments ask for."""
    return (game is None or shown_game == game) and (wanted is None or wanted in player_ids)


def _facts_of(about: bytes) -> tuple[Any, list[Any]]:
    """A kept play's game and its seats' player ids, as its row's ``about`` says them."""
    shown_game, player_ids = json.loads(about)
    return shown_game, player_ids


def stats_text(store: Store, *, game: str | None = None, player: str | None = None) -> str:
    """``output.dumps(stats.compute(history.plays(...), player=name))`` for the same arguments
    (``name``: the player's current name), kept whole while the games' inputs are unchanged."""
    moment = datetime.now(UTC)
    with collection_paused(), store.one_moment():
        wanted = history.wanted_player(store, game, player)
        name = None if player is None else player_records.find(store, player).name
        key = STATS + repr((game, wanted, name))
        count = store.change_count()
        whole = None if count is None else _Whole.kept(store, key, moment)
        if whole is not None and whole.writes == count:
            return whole.text
        read = _Moment.read(store, moment, None)
        plays = []
        every_finished_kept = True
        for entry in read.games:
            played = _shown(read, entry.id)
            if played is None:
                continue
            play, from_kept = played
            if play.finished and not from_kept:
                every_finished_kept = False  # its log, not its inputs, made it: not kept
            if _chosen(play.game, [seat.player_id for seat in play.seats], game, wanted):
                plays.append(play)
        text = output.dumps(stats.compute(plays, player=name))
    if count is not None and every_finished_kept and not read.failed:
        read.keep([(key, whole_inputs(key, count), read.about(count, []), text)])
    else:
        read.keep([])
    return text
