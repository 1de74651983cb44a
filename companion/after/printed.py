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
    """A game the history does not leave out at the moment read: its id, its inputs' digest and
    the output kept for it, if any (unchecked)."""

    id: str
    inputs: bytes
    kept: KeptOutput | None


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
    def read(cls, store: Store, moment: datetime, prefix: str | None) -> _Moment:
        """The games, newest first, as the history lists them at ``moment``, with the outputs
        kept under ``prefix`` and their ids (none if None); inside a snapshot."""
        version, sha256, serial = code_version(), hashlib.sha256, marshal.dumps
        kept = {} if prefix is None else store.kept_outputs(prefix)
        rows: dict[str, ResultRow] = {}
        sound: set[str] = set()
        found = []
        turns = []
        for row in store.game_rows():
            raw_id, created, status, changed, options, *head, location, seated = row
            game_id = listed(raw_id)
            result = rows[game_id] = ResultRow(*head)
            if result.sound(game_id):
                sound.add(game_id)
            if status == b"active" and history.hidden("active", listed(changed), moment):
                turns.append(datetime.fromisoformat(listed(changed)) + history.ABANDONED_AFTER)
                continue
            facts = (raw_id, created, options, head[:4], game_id in sound, location, seated)
            inputs = sha256(version + serial(facts)).digest()
            game = _Game(game_id, inputs, kept.get(f"{prefix}{game_id}"))
            found.append((listed(created), game_id, game))
        found.sort(key=lambda item: item[:2], reverse=True)
        return cls(store, moment, [game for *_key, game in found], rows, sound, [], turns)

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

    def window(self) -> str:
        """What a whole text made of this moment's reads holds as ``about``: from when until
        when (exclusive; None: for ever) it is what they make, the writes counted aside."""
        until = min((turn for turn in self.turns if turn > self.moment), default=None)
        return json.dumps([self.moment.isoformat(), None if until is None else until.isoformat()])

    def keep(self, made: list[Made]) -> None:
        """Keep the results replayed (as the history does) and the outputs ``made``."""
        for game_id, last_seq, result in self.replayed:
            self.store.cache_result(game_id, last_seq, result.as_cached())
        self.store.keep_outputs(made)


def whole_inputs(key: str, count: int | None) -> bytes | None:
    """The inputs of a whole text kept under ``key`` (its command and arguments): the code that
    made it and the count of writes to what it is made of (:meth:`Store.change_count`); None
    if that count is damaged (nothing is then kept whole, nor printed from a text kept whole)."""
    if count is None:
        return None
    return hashlib.sha256(code_version() + b"%b\0%d" % (key.encode(), count)).digest()


def _kept_whole(store: Store, key: str, inputs: bytes | None, moment: datetime) -> str | None:
    """The whole text kept under ``key`` if it was made of ``inputs`` for a window of time that
    holds ``moment``, and its row is sound; else None."""
    if inputs is None:
        return None
    found = store.kept_output(key)
    text = None if found is None else found.text_for(inputs)
    if found is None or text is None:
        return None
    try:
        made, until = json.loads(found.about)
        held = datetime.fromisoformat(made) <= moment and (
            until is None or moment < datetime.fromisoformat(until)
        )
    except (ValueError, TypeError):  # a sound row of another shape: not one this code kept
        return None
    return text if held else None


def history_text(
    store: Store, *, game: str | None = None, player: str | None = None, now: datetime | None = None
) -> str:
    """``output.dumps({"plays": [play.as_dict() for play in history.plays(...)]})`` for the same
    arguments: the whole text kept while nothing it is made of was written since, else from the
    plays' kept texts where their inputs are unchanged."""
    made: list[Made] = []
    moment = now or datetime.now(UTC)
    with collection_paused(), store.one_moment():
        wanted = history.wanted_player(store, game, player)
        key = HISTORY + repr((game, wanted))
        inputs = whole_inputs(key, store.change_count())
        kept = _kept_whole(store, key, inputs, moment)
        if kept is not None:
            return kept
        read = _Moment.read(store, moment, PLAY)
        unkept: list[str] = []
        texts = list(_play_texts(read, made, game, wanted, unkept))
    if not texts:
        text = output.dumps({"plays": []})
    else:
        text = '{\n  "plays": [' + INDENT + ("," + INDENT).join(texts) + "\n  ]\n}"
    if inputs is not None and not (unkept or read.failed or read.replayed):
        made.append((key, inputs, read.window(), text))
    read.keep(made)
    return text


def _play_texts(
    read: _Moment, made: list[Made], game: str | None, wanted: Any, unkept: list[str]
) -> Iterator[str]:
    """Each listed play's text, kept or made (what is made to keep added to ``made``; the ids
    of the plays shown that cannot be kept, made at every call, to ``unkept``)."""
    for entry in read.games:
        found = entry.kept
        text = None if found is None else found.text_for(entry.inputs)
        if found is not None and text is not None:
            if (game is None and wanted is None) or _chosen(*_facts_of(found.about), game, wanted):
                yield text
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
            yield text


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
        inputs = whole_inputs(key, store.change_count())
        kept = _kept_whole(store, key, inputs, moment)
        if kept is not None:
            return kept
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
    if inputs is not None and every_finished_kept and not read.failed:
        read.keep([(key, inputs, read.window(), text)])
    else:
        read.keep([])
    return text
