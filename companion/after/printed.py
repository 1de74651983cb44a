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
  code and the arguments: the statistics' with the facts it is made of (the games shown); the
  history's in pieces of a few dozen plays, each with its plays' games, creation times and
  texts' lengths, under a head that lists their digests (:mod:`companion.after.pieces`: a play
  made anew rewrites its piece, not 2 MB); and apart from it, its stamp
  (:data:`~companion.storage.outputs.STAMP`): the count of rows written to the tables the texts
  are made of at which it holds (:meth:`Store.change_count`: the schema's triggers count every
  write, whoever makes it), the window of time within which no game's place in it changes with
  time alone (a game hidden while it is played is shown once a week has passed) and the
  digest of the text's row (the history's head). A call with nothing written since, within that
  window, prints it having read a few rows. After a few writes, the games written to
  (``touched`` by the same triggers) are read alone: if none is shown, nor was, only the stamp
  moves; else the history makes those games' plays and puts them in place of theirs, in the
  pieces they were or fall in (the statistics count the plays that ended since in their kept
  parts, :mod:`companion.after.stats_parts`, or are made whole). A whole text is kept
  only when every game could be made (one left out is logged at every call) and every play it
  counts is made of a kept result: every play the history lists is a finished one (one made at
  every call is so at every call), every finished play the statistics count.

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
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import cache
from typing import Any, NamedTuple

from companion.after import history, stats, stats_parts
from companion.after import players as player_records
from companion.after.bulk import collection_paused
from companion.after.pieces import INDENT, PIECE, Listed, Pieces, joined
from companion.cli import output
from companion.installation.errors import LogCorruptionError
from companion.rules.results import GameResult
from companion.storage.base import dumps, listed
from companion.storage.outputs import STAMP, KeptOutput, Made, output_digest
from companion.storage.side_tables import ResultRow
from companion.store import Store, StoreError

_log = logging.getLogger(__name__)

PLAY = "play:"
"""The key of a play's kept text: this and its game's id."""
HISTORY = "history:"
"""The key of the history's whole kept text: this and its arguments."""
STATS = "stats:"
"""The key of the statistics' kept text: this and its arguments."""
SHAPING = (
    "companion.after.printed",
    "companion.after.pieces",
    "companion.after.history",
    "companion.after.stats",
    "companion.after.stats_parts",
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
    digests: dict[str, bytes] = field(default_factory=dict)
    """Key -> the digest of the row made to keep under it, where it was worked out already (for
    its stamp, or its head): :meth:`keep` does not hash those texts again."""

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
            _log.error("game %r left out of the history: %r", game_id, str(error))
            self.failed = True
            return None
        if replayed is not None and replayed.over:  # kept against its log's last entry
            self.replayed.append((game_id, self.store.last_logged(game_id), replayed))
        if not play.finished:
            self.turns.append(play.ended_at + history.ABANDONED_AFTER)
        return play, replayed is None

    def stamp(
        self, key: str, count: int, text: str, facts: Any, whole: _Whole | None = None
    ) -> list[Made]:
        """The rows that keep ``text`` as the whole text under ``key`` made of this moment's
        reads at ``count`` writes: the text's, with ``facts`` (unless it is ``whole``'s), and its
        stamp: the count, the text's digest and the window of time it holds in (from now until
        the first moment a game's place in it would change with time alone, or ``whole``'s end
        if earlier)."""
        rows: list[Made] = []
        if whole is not None and whole.text == text:
            digest = whole.digest
        else:
            about, inputs = json.dumps(facts), whole_inputs(key)
            digest = output_digest(key.encode(), inputs, about.encode(), text.encode())
            rows.append((key, inputs, about, text))
            self.digests[key] = digest
        return [*rows, self.stamped(key, count, digest, None if whole is None else whole.until)]

    def stamped(self, key: str, count: int, digest: bytes, until: datetime | None) -> Made:
        """The stamp of the whole text kept under ``key`` whose row's digest is ``digest``, made
        of this moment's reads at ``count`` writes: the count, the digest and the window of time
        it holds in (from now until the first moment a game's place in it would change with time
        alone, or ``until`` if earlier)."""
        turns = [turn for turn in self.turns if turn > self.moment]
        if until is not None:
            turns.append(until)
        end = min(turns, default=None)
        window = [self.moment.isoformat(), None if end is None else end.isoformat()]
        stamp = json.dumps([*window, count, digest.hex()])
        return STAMP + key, whole_inputs(key, count), stamp, ""

    def keep(self, made: list[Made], dropping: tuple[str, set[str]] | None = None) -> None:
        """Keep the results replayed (as the history does) and the outputs ``made`` (and drop
        the others kept under ``dropping``'s prefix but its keys, if given)."""
        for game_id, last_seq, result in self.replayed:
            self.store.cache_result(game_id, last_seq, result.as_cached())
        if dropping is None:
            self.store.keep_outputs(made, self.digests)
        else:
            self.store.replace_outputs(made, *dropping, self.digests)


def whole_inputs(key: str, count: int | None = None) -> bytes:
    """The inputs of a whole text kept under ``key`` (its command and arguments): the code that
    made it and its key; and of its stamp, the count of writes to what it is made of that it
    holds at (:meth:`Store.change_count`)."""
    tail = b"" if count is None else b"\0%d" % count
    return hashlib.sha256(code_version() + key.encode() + tail).digest()


class _Stamp(NamedTuple):
    """What a whole text's stamp says: the count of writes it holds at, from when until when,
    and the digest (hex) of the row it holds for."""

    writes: int
    made: datetime
    until: datetime | None
    digest: str

    @classmethod
    def kept(cls, store: Store, key: str, moment: datetime) -> _Stamp | None:
        """The stamp of the whole text kept under ``key`` by this code, if its row is sound
        (damage logged) and its window of time holds ``moment``; else None."""
        stamp = store.kept_output(STAMP + key)
        if stamp is None or stamp.text_if_sound() is None:
            return None
        try:
            made, until, writes, digest = json.loads(stamp.about)
            read = cls(writes, datetime.fromisoformat(made),
                       None if until is None else datetime.fromisoformat(until), digest)  # fmt: skip
        except (ValueError, TypeError):  # a sound row of another shape: not one this code kept
            return None
        held = read.made <= moment and (read.until is None or moment < read.until)
        return read if held and stamp.inputs == whole_inputs(key, writes) else None


class _Whole(NamedTuple):
    """A whole text kept (the statistics'), sound, its row's digest and facts (the ids of the
    games shown), and what its stamp says: the count of writes it holds at, from when until
    when."""

    text: str
    digest: bytes
    facts: Any
    writes: int
    made: datetime
    until: datetime | None

    @classmethod
    def kept(cls, store: Store, key: str, moment: datetime) -> _Whole | None:
        """The whole text kept under ``key`` by this code, if its stamp's window of time holds
        ``moment`` and both rows are sound (damage logged); else None."""
        stamp = _Stamp.kept(store, key, moment)
        found = None if stamp is None else store.kept_output(key)
        text = None if found is None else found.text_if_sound()
        if stamp is None or found is None or text is None or found.digest.hex() != stamp.digest:
            return None
        if found.inputs != whole_inputs(key):
            return None
        try:
            facts = json.loads(found.about)
        except ValueError:  # a sound row of another shape: not one this code kept
            return None
        return cls(text, found.digest, facts, stamp.writes, stamp.made, stamp.until)


FEW = 20
"""At most this many games written to since the history's whole text was kept: the plays of
those are made (or taken from their kept texts) and put in its place, the others' kept."""


def history_text(
    store: Store, *, game: str | None = None, player: str | None = None, now: datetime | None = None
) -> str:
    """``output.dumps({"plays": [play.as_dict() for play in history.plays(...)]})`` for the same
    arguments (:func:`history_printed`'s text)."""
    text = history_printed(store, game=game, player=player, now=now)
    return text if isinstance(text, str) else text.decode()


def history_printed(
    store: Store, *, game: str | None = None, player: str | None = None, now: datetime | None = None
) -> str | bytes:
    """:func:`history_text`: the whole text kept (in pieces: :mod:`companion.after.pieces`)
    while nothing it is made of was written since; else that text with the plays of the few
    games written to since made anew (only their pieces kept anew); else from the plays' kept
    texts where their inputs are unchanged. The whole text kept (as it is, or with plays made
    anew) is given as its pieces' UTF-8 joined, never decoded nor encoded again (2 MB for a
    thousand plays: :func:`companion.cli.printing.print_text` prints it as it is)."""
    made: list[Made] = []
    moment = now or datetime.now(UTC)
    with collection_paused(), store.one_moment():
        wanted = history.wanted_player(store, game, player)
        key = HISTORY + repr((game, wanted))
        inputs = whole_inputs(key)
        count = store.change_count()
        stamp = None if count is None else _Stamp.kept(store, key, moment)
        whole = None if stamp is None else Pieces.read(store, key, stamp.digest, inputs)
        if stamp is not None and whole is not None and stamp.writes == count:
            return whole.utf8()
        spliced = None
        if stamp is not None and whole is not None and count is not None and count > stamp.writes:
            spliced = _spliced(
                store, whole, stamp.writes, moment, made, (key, inputs), game, wanted
            )
        kept: Pieces | None = None
        if spliced is None:
            read = _Moment.read(store, moment, PLAY)
            unkept: list[str] = []
            plays = list(_play_texts(read, made, game, wanted, unkept))
            if count is not None and not (unkept or read.failed or read.replayed):
                kept = Pieces.made(key, inputs, plays)
            text: str | bytes = joined(play for _created, _id, play in plays)
        else:
            read, kept = spliced
            text = kept.utf8()
    if count is not None and kept is not None:
        made += kept.rows(key, inputs)
        read.digests.update(kept.digests(key))
        made.append(read.stamped(key, count, kept.digest, None if spliced is None or stamp is None
                                 else stamp.until))  # fmt: skip
    if kept is not None and kept.stale:
        read.keep(made, (key + PIECE, kept.keys(key)))
    else:
        read.keep(made)
    return text


def _spliced(
    store: Store,
    whole: Pieces,
    writes: int,
    moment: datetime,
    made: list[Made],
    kept_as: tuple[str, bytes],
    game: str | None,
    wanted: Any,
) -> tuple[_Moment, Pieces] | None:
    """What is read of the games written to since ``whole`` was kept at ``writes`` writes, and
    the history's pieces at ``moment``: ``whole``'s, with the plays of those games made again
    in the pieces they were or are in; None if too many were written to, or one of them cannot
    be kept (the history is then made whole)."""
    touched = store.touched_since(writes)
    if touched is None or len(touched) > FEW:
        return None
    read = _Moment.read(store, moment, PLAY, touched)
    unkept: list[str] = []
    making: list[Made] = []
    new = list(_play_texts(read, making, game, wanted, unkept))
    if unkept or read.failed or read.replayed:
        return None
    spliced = whole.spliced(*kept_as, set(touched), new)
    if spliced is None:
        return None
    made += making
    return read, spliced


def _since(store: Store, whole: _Whole, moment: datetime) -> tuple[list[str], _Moment] | None:
    """The few games written to since the statistics ``whole`` were kept, and what is read of
    them at ``moment``; None if too many were written to (or their record is damaged)."""
    touched = store.touched_since(whole.writes)
    if touched is None or len(touched) > FEW:
        return None
    return touched, _Moment.read(store, moment, None, touched)


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
    (``name``: the player's current name): the whole text kept while nothing it is made of was
    written since, or only games that neither are nor were shown (its stamp then moved); with the
    plays that ended since added to its parts (:mod:`companion.after.stats_parts`) if only a few
    games were written to and no play it counts changed."""
    moment = datetime.now(UTC)
    with collection_paused(), store.one_moment():
        wanted = history.wanted_player(store, game, player)
        name = None if player is None else player_records.find(store, player).name
        key = STATS + repr((game, wanted, name))
        count = store.change_count()
        whole = None if count is None else _Whole.kept(store, key, moment)
        if whole is not None and whole.writes == count:
            return whole.text
        since = None
        if whole is not None and count is not None and count > whole.writes:
            since = _since(store, whole, moment)
        rows: list[Made] = []
        if since is not None and whole is not None and count is not None:
            touched, read = since
            if not read.games and not set(touched) & set(whole.facts):  # none shown, nor was
                rows = read.stamp(key, count, whole.text, whole.facts, whole)
                text = whole.text
            else:
                added = _added(store, key, whole, touched, read, game, wanted, name)
                if added is not None:
                    text, parts = added
                    shown = [i for i in whole.facts if i not in touched] + [
                        entry.id for entry in read.games
                    ]
                    rows = read.stamp(key, count, text, shown, whole)
                    rows.append(_parts_row(key, rows, parts))
                else:
                    since = None
        if since is None:
            read, text, plays = _statistics(store, moment, game, wanted, name)
            shown = [entry.id for entry in read.games]
            if count is not None and plays is not None:
                rows = read.stamp(key, count, text, shown)
                inputs = {entry.id: entry.inputs for entry in read.games}
                made = stats_parts.made(plays, inputs, name, text)
                rows.append(_parts_row(key, rows, stats_parts.NONE if made is None else made))
    read.keep(rows)
    return text


def _parts_row(key: str, rows: list[Made], parts: str) -> Made:
    """The row that keeps the statistics' ``parts`` beside the whole text whose stamp is the
    last of ``rows``."""
    digest = bytes.fromhex(json.loads(rows[-1][2])[3])
    return (stats_parts.PARTS + key, stats_parts.inputs_of(key, digest, code_version()), "", parts)


def _added(
    store: Store,
    key: str,
    whole: _Whole,
    touched: list[str],
    read: _Moment,
    game: str | None,
    wanted: Any,
    name: str | None,
) -> tuple[str, str] | None:
    """The statistics' text and parts with the plays of the games ``touched`` since ``whole``
    (``read``) that ended counted, if none it counts changed or went, each was made of its kept
    result and the parts kept beside ``whole`` are sound; else None (made whole)."""
    inputs = stats_parts.inputs_of(key, whole.digest, code_version())
    parts = stats_parts.kept(store.kept_output(stats_parts.PARTS + key), inputs, name)
    if parts is None or not set(parts.ids) <= set(whole.facts):
        return None
    now = {entry.id: entry for entry in read.games}
    plays = []
    for game_id in touched:
        entry = now.get(game_id)
        changed = parts.changed(game_id, None if entry is None else entry.inputs)
        if changed:  # a play counted changed or went: the statistics are made whole
            return None
        if changed is not None:  # counted, unchanged
            continue
        played = None if entry is None else _shown(read, game_id)
        if entry is None or played is None or not played[0].finished:
            continue
        play, from_kept = played
        if not from_kept:
            return None
        if _chosen(play.game, [seat.player_id for seat in play.seats], game, wanted):
            plays.append((play, entry.inputs))
    if read.failed or read.replayed:
        return None
    return stats_parts.added(parts, plays, whole.text)


def _statistics(
    store: Store, moment: datetime, game: str | None, wanted: Any, name: str | None
) -> tuple[_Moment, str, list[history.Play] | None]:
    """What the statistics are made of at ``moment``, their text, and the plays they count if
    it can be kept (every finished play made of its kept result, every game made; else None)."""
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
    return read, text, plays if every_finished_kept and not read.failed else None
