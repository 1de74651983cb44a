"""A game in progress: its rules, its initial state and its append-only log in the store.

Every accepted action, correction, undo and redo is committed as a log entry before it is
acknowledged; the state is the fold of the rules over the *effective* actions (those not undone).
Replaying the log therefore resumes a game exactly, undo/redo included, and history is never
rewritten. Input decided on an older view of the game (stale sequence number, another game) is
refused.

Every way into a game (a tap, a button, a scan, ``game act``) ends in :meth:`Session.submit` (or
:meth:`Session.submit_payload` for an action given as JSON, read once), and the session does what
follows a commit, the same for all: it stores what the action taught the table (the game's
:attr:`~companion.rules.spec.TableSettings.remember_accepted`), and the log's undo/redo is read by the one
fold of :mod:`companion.play.log_fold`. The screens observe it through :mod:`companion.play.table`.

A game whose log is damaged (:attr:`Session.damage`: an entry altered, missing or no longer
replaying) opens read-only at its last sound entry: every change is refused as ``log_damaged``.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, replace
from typing import Any

from companion.installation.errors import InputError
from companion.installation.errors import LogCorruptionError as LogCorruptionError  # its old place
from companion.play import last_refusal
from companion.play.log_fold import ACTION_KINDS, LogFold
from companion.play.standing import standing_of
from companion.rules.game import GameRules, PlayerOptions
from companion.rules.refusals import (
    LOG_DAMAGED,
    NOTHING_TO_REDO,
    NOTHING_TO_UNDO,
    STALE,
    STALE_WRITTEN,
    WRONG_GAME,
    input_refusal,
)
from companion.rules.registry import GAMES, rules_for
from companion.rules.results import GameResult
from companion.rules.rulings import chosen, house_rules_note
from companion.rules.scoresheet import ScoreSheet
from companion.rules.verdict import RuleViolation, Verdict
from companion.storage import game_repair
from companion.storage.chain import LogDamage
from companion.store import DamagedGameError, DuplicateEntryError, LogEntry, Store, utc_now

logger = logging.getLogger(__name__)

Rules = GameRules[Any, Any, Any]


@dataclass(frozen=True, slots=True)
class Outcome:
    """The answer to a submit/undo/redo: the verdict, and the sequence number and state after it."""

    verdict: Verdict
    seq: int
    state: Any
    not_kept: str | None = None
    """Why what the accepted action taught the table could not be stored (the action stands)."""


@dataclass(frozen=True, slots=True)
class _Step:
    """An effective (or undone) action: the seq of the entry holding it and the state after it."""

    seq: int
    action: Any
    state: Any


class Session:
    """Create with :meth:`create` or :meth:`resume`; callers pass back the ``seq`` they last saw."""

    def __init__(
        self,
        store: Store,
        rules: Rules,
        game_id: str,
        options: Any,
        status: str,
        initial: Any = None,
    ) -> None:
        """``initial``: the state ``rules.setup(options)`` gives, if the caller has it already."""
        self._store = store
        self.rules = rules
        self.game_id = game_id
        self._initial = rules.setup(options) if initial is None else initial
        self._colours = {
            p.name: p.colour
            for p in getattr(options, "players", ())
            if isinstance(p, PlayerOptions)
        }
        """Each player's colour, where the options name players as :class:`PlayerOptions`."""
        self.house_rules = chosen(rules.name, rules.dump_options(options))
        """The house rules the game chose (ruling id -> alternative id), from its options."""
        self._status = status
        self._entries: list[LogEntry] = []
        self._fold: LogFold[_Step] = LogFold()
        """The effective steps and the redo stack (undone steps, the next one to redo last)."""
        self.damage: LogDamage | None = None
        """Set when the log is damaged: the game stops at the entry before ``damage.at_seq``."""
        self.repaired: game_repair.Repaired | None = None
        """Set when :meth:`resume` rebuilt a damaged log from a backup: what came back."""
        self.resumed_head: bytes | None = None
        """The chain's head :meth:`resume` found the sound log ending at (None: created, or the log
        is damaged); it does not follow the entries committed since."""
        self._legal: tuple[Any, tuple[Any, ...]] | None = None
        """The last state asked about and the actions its rules allow (:meth:`legal_actions`)."""

    @classmethod
    def create(cls, store: Store, rules: Rules, options: Any) -> Session:
        """Start a new game with ``options`` as parsed by ``rules.parse_options`` (where it stands
        kept with it, for Home: :mod:`companion.play.standing`)."""
        initial = rules.setup(options)
        dumped = rules.dump_options(options)
        game_id = store.create_game(rules.name, dumped, standing=standing_of(initial))
        return cls(store, rules, game_id, options, "active", initial)

    @classmethod
    def resume(cls, store: Store, game_id: str, *, repair: bool = False) -> Session:
        """The game as its log leaves it, read-only at the last sound entry if the log is damaged.

        ``repair``: a damaged log is first rebuilt from the newest backup that holds the game
        (:mod:`companion.storage.game_repair`; :attr:`repaired` says what came back and what was lost).
        :class:`LogCorruptionError` if the game cannot be set up at all.
        """
        repaired = None
        try:
            stored = store.load(game_id)
            if repair and stored.damage is not None:
                repaired = game_repair.repair(store, game_id, stored.damage, utc_now())
                stored = stored if repaired is None else store.load(game_id)
            rules = rules_for(stored.game)
            options = rules.parse_options(stored.options, stored=True)
        except (DamagedGameError, KeyError, InputError) as error:
            reason = f"unknown game {error}" if isinstance(error, KeyError) else str(error)
            logger.error("game %r cannot be opened: %r", game_id, reason)
            raise LogCorruptionError(f"game {game_id} cannot be opened: {reason}") from None
        session = cls(store, rules, game_id, options, stored.status)
        session.damage = stored.damage
        session.repaired = repaired
        session.resumed_head = stored.head
        for entry in stored.entries:
            try:
                session._replay(entry)
            except LogCorruptionError as error:
                logger.error("%s; the game opens read-only at entry %d", error, session.seq)
                session.damage = LogDamage(entry.seq, str(error))
                session.resumed_head = None
                break
        if session.damage is not None:  # History (Home) must not show what the log cannot prove
            store.forget_result(game_id)
            store.forget_standing(game_id)
        if repaired is not None:  # where the log ends now says whether the game is over
            status = "finished" if rules.is_over(session.state) else "active"
            if status != session._status:
                store.set_status(game_id, status)
                session._status = status
        return session

    def damage_verdict(self) -> Verdict | None:
        """Why this game refuses every change, if its log is damaged."""
        if self.damage is None:
            return None
        return LOG_DAMAGED.verdict(at=self.damage.at_seq, reason=self.damage.reason, seq=self.seq)

    @property
    def state(self) -> Any:
        return self._fold.in_force[-1].state if self._fold.in_force else self._initial

    def legal_actions(self) -> list[Any]:
        """Every action the rules allow now. Worked out once per state (states and actions are
        frozen): a scan, the game bar and the prompt of one frame ask about the same state."""
        state = self.state
        if self._legal is None or self._legal[0] is not state:
            self._legal = (state, tuple(self.rules.legal_actions(state)))
        return list(self._legal[1])

    def legal_iter(self) -> Iterator[Any]:
        """:meth:`legal_actions` one at a time, as far as the caller reads (whose turn it is needs
        the first ones only): from those worked out for this state, else from the rules."""
        state = self.state
        if self._legal is not None and self._legal[0] is state:
            return iter(self._legal[1])
        return self.rules.legal_iter(state)

    def legal_where(self, keep: Callable[[Any], bool]) -> list[Any]:
        """The legal actions ``keep`` keeps, in :meth:`legal_actions`' order: from those worked out
        for this state, else the rules check only the actions ``keep`` keeps (a scanned card's)."""
        state = self.state
        if self._legal is not None and self._legal[0] is state:
            return [action for action in self._legal[1] if keep(action)]
        return self.rules.legal_where(state, keep)

    @property
    def last_action(self) -> Any:
        """The last effective action (what an undo takes back, what a redo put back), or None."""
        return self._fold.in_force[-1].action if self._fold.in_force else None

    @property
    def redo_action(self) -> Any:
        """The action a redo would put back (the last one undone), or None."""
        return self._fold.undone[-1].action if self._fold.undone else None

    @property
    def store(self) -> Store:
        """Where the game is logged (to reopen it after another device wrote to it)."""
        return self._store

    @property
    def seq(self) -> int:
        """The sequence number of the last log entry (0 before the first)."""
        return len(self._entries)

    @property
    def entries(self) -> tuple[LogEntry, ...]:
        """Every log entry, the first first."""
        return tuple(self._entries)

    # --- changing the game ----------------------------------------------------------------

    def submit(self, action: Any, *, seq: int, game_id: str | None = None) -> Outcome:
        """Check ``action`` and, if legal, log it; ``seq`` is the last one the caller saw
        (``game_id``: the game the caller saw, when it may have been another)."""
        return self._submit(action, None, seq, game_id)

    def submit_payload(
        self, payload: Mapping[str, Any], *, seq: int, game_id: str | None = None
    ) -> Outcome:
        """:meth:`submit` the action ``payload`` is the JSON of (as ``game act`` and a scan give
        it), read once; :class:`InputError` naming the field if it is no action of the game."""
        action = self.rules.parse_action(dict(payload))
        return self._submit(action, payload, seq, game_id)

    def _submit(
        self, action: Any, given: Mapping[str, Any] | None, seq: int, game_id: str | None
    ) -> Outcome:
        """``given``: the JSON ``action`` was read from (its dump needs no reading back then)."""
        refusal = self._view_refusal(seq, game_id)
        if refusal is not None:
            return self._refused(refusal)
        payload = self.rules.dump_action(action)
        try:
            if payload != given:  # what the log could not read back is never logged
                self.rules.parse_action(payload)
        except InputError as error:
            return self._refused(input_refusal(error))
        try:
            state = self.rules.apply(self.state, action)
        except RuleViolation as violation:
            return self._refused(violation.verdict)
        kind = "correction" if self.rules.is_correction(action) else "action"
        step = _Step(self.seq + 1, action, state)
        return self._commit(kind, payload, state, step)

    def refuse(self, verdict: Verdict, *, seq: int, game_id: str | None = None) -> Outcome:
        """Answer ``verdict`` (a refusal found before any action), unless the view is stale or the
        game damaged, which is said first as :meth:`submit` says it. Nothing is logged."""
        return self._refused(self._view_refusal(seq, game_id) or verdict)

    def undo(self, *, seq: int, game_id: str | None = None) -> Outcome:
        """Take back the last effective action (logged as an ``undo`` entry)."""
        refusal = self._view_refusal(seq, game_id)
        if refusal is None and not self._fold.can("undo"):
            refusal = NOTHING_TO_UNDO.verdict()
        if refusal is not None:
            return self._refused(refusal)
        before = self._fold.in_force[-2].state if len(self._fold.in_force) > 1 else self._initial
        return self._commit("undo", {}, before)

    def redo(self, *, seq: int, game_id: str | None = None) -> Outcome:
        """Put back the last undone action, unless a new action came since (logged as ``redo``)."""
        refusal = self._view_refusal(seq, game_id)
        if refusal is None and not self._fold.can("redo"):
            refusal = NOTHING_TO_REDO.verdict()
        if refusal is not None:
            return self._refused(refusal)
        return self._commit("redo", {}, self._fold.undone[-1].state)

    def score_sheet(self) -> ScoreSheet:
        """The current sheet, its trace naming for each cell the log entries that changed it.

        A redone action is traced to the entry that first recorded it.
        """
        states = [self._initial, *(step.state for step in self._fold.in_force)]
        sheets = [self.rules.score_sheet(state) for state in states]
        final = sheets[-1]
        trace: dict[str, dict[str, list[int]]] = {
            p: {c.key: [] for c in final.categories} for p in final.players
        }
        for step, before, after in zip(self._fold.in_force, sheets[:-1], sheets[1:], strict=True):
            for player, cells in trace.items():
                for key, seqs in cells.items():
                    if _cell(after, player, key) != _cell(before, player, key):
                        seqs.append(step.seq)
        note = house_rules_note(self.rules.name, self.house_rules)
        return replace(
            final,
            trace={p: {k: tuple(seqs) for k, seqs in cells.items()} for p, cells in trace.items()},
            colours={p: self._colours[p] for p in final.players if p in self._colours},
            house_rules=dict(self.house_rules),
            notes=final.notes if note is None else (*final.notes, note),
        )

    def ended_by(self) -> int | None:
        """The seq of the entry whose action ended the game (the first effective one after which
        it is over; a redo puts back the original entry's), or ``None`` while it is not over."""
        for step in self._fold.in_force:
            if self.rules.is_over(step.state):
                return step.seq
        return None

    # --- internals ------------------------------------------------------------------------

    def _view_refusal(self, seq: int, game_id: str | None) -> Verdict | None:
        if self.damage is not None:
            return self.damage_verdict()
        if game_id is not None and game_id != self.game_id:
            return WRONG_GAME.verdict()
        if seq != self.seq:
            return STALE.verdict(seen=seq, now=self.seq)
        return None

    def _refused(self, verdict: Verdict) -> Outcome:
        last_refusal.keep(
            self._store, self.game_id, self.seq, verdict
        )  # beside the log, for phones
        return Outcome(verdict=verdict, seq=self.seq, state=self.state)

    def _commit(
        self, kind: str, payload: dict[str, Any], after: Any, step: _Step | None = None
    ) -> Outcome:
        """Append the entry durably, and only then update the in-memory game to state ``after``."""
        over = self.rules.is_over(after)
        status = "finished" if over else "active"
        try:
            entry = self._store.append(
                self.game_id,
                self.seq + 1,
                kind,
                payload,
                status=None if status == self._status else status,
                result=self._result_after(kind, after, over, step),
                standing=None if over else standing_of(after),
            )
        except DuplicateEntryError:  # another session wrote this seq: this one must be reopened
            return self._refused(STALE_WRITTEN.verdict())
        self._status = status
        self._record(entry, step)
        not_kept = self._teach(self.redo_action if kind == "undo" else self.last_action)
        return Outcome(verdict=Verdict.legal(), seq=entry.seq, state=after, not_kept=not_kept)

    def _teach(self, action: Any) -> str | None:
        """Store what ``action`` (just put in force, or taken back by an undo) taught the app about
        this table, by the game's :attr:`~companion.rules.spec.TableSettings.remember_accepted` with the
        game as it now is, whichever device or command logged the entry; why it could not be
        stored, if it could not (the entry stands)."""
        spec = GAMES.get(self.rules.name)
        settings = None if spec is None or spec.settings is None else spec.settings()
        if settings is None or settings.remember_accepted is None:
            return None
        try:
            settings.remember_accepted(self._store, action, self.state)
        except InputError as error:
            logger.warning(
                "game %s entry %d: not kept for the table: %s", self.game_id, self.seq, error
            )
            return error.message
        return None

    def _result_after(
        self, kind: str, after: Any, over: bool, step: _Step | None
    ) -> Callable[[str], dict[str, Any]] | None:
        """The game's result once entry ``kind`` is logged, given that entry's time, for the store
        to keep in the entry's own commit (:mod:`companion.rules.results`): when the game is over after
        it, or was before it (an undo of the last move changes the result too); else None."""
        if not over and self._status != "finished":
            return None
        in_force, undone = self._fold.in_force, self._fold.undone
        if kind == "undo":
            effective = in_force[:-1]
        elif kind == "redo":
            effective = [*in_force, undone[-1]]
        else:
            assert step is not None, "an action entry needs its step"
            effective = [*in_force, step]
        ended = next((s.seq for s in effective if self.rules.is_over(s.state)), None)
        corrections = sum(e.kind == "correction" for e in self._entries) + (kind == "correction")
        entries, new_seq, rules = tuple(self._entries), self.seq + 1, self.rules

        def result(now: str) -> dict[str, Any]:
            ended_at = now if ended is None or ended == new_seq else entries[ended - 1].created_at
            sheet = rules.score_sheet(after)
            return GameResult(rules.name, sheet, over, ended_at, corrections).as_cached()

        return result

    def _record(self, entry: LogEntry, step: _Step | None) -> None:
        """Move the in-memory game past a committed entry (``step`` is an action entry's)."""
        self._fold.push(entry.kind, step)
        self._entries.append(entry)

    def _replay(self, entry: LogEntry) -> None:
        """Re-apply a stored entry; one that no longer fits is log corruption, never skipped."""
        where = f"game {self.game_id}, log entry {entry.seq} ({entry.kind})"
        if entry.seq != self.seq + 1:
            raise LogCorruptionError(f"{where}: expected entry {self.seq + 1}")
        step = None
        if entry.kind in ACTION_KINDS:
            try:
                action = self.rules.parse_action(entry.payload)
                step = _Step(entry.seq, action, self.rules.apply(self.state, action))
            except (InputError, RuleViolation) as error:
                raise LogCorruptionError(f"{where} no longer applies: {error}") from error
            except Exception as error:  # a damaged entry the rules did not foresee
                logger.exception("%s: the rules failed on it", where)
                raise LogCorruptionError(f"{where} no longer applies: {error!r}") from error
        elif entry.kind not in ("undo", "redo"):
            raise LogCorruptionError(f"{where}: unknown kind of entry")
        elif not self._fold.can(entry.kind):
            raise LogCorruptionError(f"{where}: there is nothing to {entry.kind}")
        self._record(entry, step)


def _cell(sheet: ScoreSheet, player: str, key: str) -> int | None:
    return sheet.points.get(player, {}).get(key)
