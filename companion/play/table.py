"""The game on the table as the screens see it: one session, its last refusal, and who to tell.

In the core (no Kivy), typed by the game's state and action: screens call :meth:`TableGame.submit`
/ :meth:`undo` / :meth:`redo` with the
sequence number they rendered, and re-render when a listener is called. Input refused as ``stale``
(another device, the CLI or another screen, wrote to the game since) reloads the game from the store
before the listeners are told, so the screen shows the refusal over the game as it now is. A write
the storage refuses
(full disk, read-only, ...) is a refusal like a rule's: the game stays as it was, half-made choices
are kept, and :attr:`TableGame.on_fault` is told so that the app can say what to do.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Generic, TypeVar, cast

from companion.play.describe import redone, undone
from companion.rules.refusals import STALE, storage_refusal
from companion.rules.verdict import Verdict
from companion.store import StorageUnavailableError

if TYPE_CHECKING:  # the session (and pydantic behind it) loads with the first game opened
    from companion.play.session import Outcome, Session
    from companion.rules.game import GameRules
    from companion.rules.scoresheet import ScoreSheet
    from companion.store import Store

logger = logging.getLogger(__name__)

StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT")
Listener = Callable[["TableGame[Any, Any]"], None]
FaultListener = Callable[[StorageUnavailableError], None]


class TableGame(Generic[StateT, ActionT]):
    """A :class:`Session` plus what the screen shows beside the state: the last refusal.

    Typed by the game's state and action (``TableGame[TargiState, TargiAction]``); the session
    under it holds them as its rules make them."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.refusal: Verdict | None = session.damage_verdict()
        """The last refused input, until the next accepted one (a damaged game's notice at first:
        it accepts none)."""
        self.notice = ""
        """What the last accepted undo or redo took back or put back (``Undone: ...``); empty
        after any other input."""
        self._listeners: list[Listener] = []
        self.on_fault: FaultListener | None = None
        """Told when the storage refused a write (after the refusal is shown)."""

    @classmethod
    def resume(cls, store: Store, game_id: str) -> TableGame[Any, Any]:
        from companion.play.session import Session

        table = cls(Session.resume(store, game_id, repair=True))
        if table.session.repaired is not None:  # shown as the game opens
            table.notice = table.session.repaired.sentence()
        return table

    @property
    def rules(self) -> GameRules[Any, StateT, ActionT]:
        return self.session.rules

    @property
    def state(self) -> StateT:
        return cast(StateT, self.session.state)

    @property
    def seq(self) -> int:
        return self.session.seq

    @property
    def game_id(self) -> str:
        return self.session.game_id

    @property
    def over(self) -> bool:
        return bool(self.rules.is_over(self.state))

    def legal_actions(self) -> list[ActionT]:
        return self.session.legal_actions()

    def check(self, action: ActionT) -> Verdict:
        return self.rules.check(self.state, action)

    def score_sheet(self) -> ScoreSheet:
        return self.session.score_sheet()

    def listen(self, listener: Listener) -> None:
        self._listeners.append(listener)

    def forget(self, listener: Listener) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)

    def submit(self, action: ActionT, *, seq: int) -> Verdict:
        """Log ``action`` if legal; ``seq`` is the log entry the screen rendered."""
        return self._write(lambda: self.session.submit(action, seq=seq))

    def undo(self, *, seq: int) -> Verdict:
        return self._write(
            lambda: self.session.undo(seq=seq),
            lambda: undone(self.rules.name, self.state, self.session.redo_action),
        )

    def redo(self, *, seq: int) -> Verdict:
        return self._write(
            lambda: self.session.redo(seq=seq),
            lambda: redone(self.rules.name, self.state, self.session.last_action),
        )

    def accepted(self) -> None:
        """The screen took an input without logging it (a half-made choice): the last refusal is
        over, and whoever shows it is told."""
        if self.refusal is None or self.session.damage_verdict() is not None:
            return
        self.refusal = None
        self._tell()

    def refuse(self, verdict: Verdict) -> None:
        """Show a refusal that never reached the session (e.g. a malformed correction)."""
        self.refusal = verdict
        self.notice = ""
        self._tell()

    def _write(
        self, write: Callable[[], Outcome], notice: Callable[[], str] | None = None
    ) -> Verdict:
        """Run ``write``; ``notice`` words what an accepted one did (undo / redo)."""
        self.notice = ""
        try:
            outcome = write()
        except StorageUnavailableError as error:  # not acknowledged: the session is unchanged
            verdict = storage_refusal(error)
            self.refuse(verdict)
            if self.on_fault is not None:
                self.on_fault(error)
            return verdict
        return self._settle(outcome, notice)

    def _settle(self, outcome: Outcome, notice: Callable[[], str] | None = None) -> Verdict:
        self.refusal = None if outcome.verdict.ok else outcome.verdict
        if outcome.verdict.ok and notice is not None:
            self.notice = notice()
        if outcome.verdict.code == STALE.code:
            self._reload()
        self._tell()
        return outcome.verdict

    def _reload(self) -> None:
        """Reopen the game from the store: another device has written to it since it was read."""
        from companion.play.session import Session

        try:
            session = Session.resume(self.session.store, self.game_id)
        except StorageUnavailableError as error:  # the refusal stands; the next input retries
            logger.warning("game %s could not be reloaded: %s", self.game_id, error)
            return
        logger.info("game %s reloaded at entry %d (was %d)", self.game_id, session.seq, self.seq)
        self.session = session
        self.refusal = session.damage_verdict() or self.refusal

    def _tell(self) -> None:
        for listener in list(self._listeners):
            listener(self)
