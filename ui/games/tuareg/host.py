"""What Tuareg's prompts may use of the screen that shows them (:class:`TuaregScreen`), typed: the
objects the screen holds (its ``turn``, ``stage`` and ``values``) hold it as their ``host``; the
scans, mixed into the screen like every game's (:class:`ui.scans.ScanSteps`), derive from
:class:`TuaregHost` for the type checker only."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from kivy.uix.widget import Widget

from companion.games.tuareg.model import Good
from companion.games.tuareg.state import TuaregState
from companion.play.table import TableGame
from companion.rules.verdict import Verdict
from ui.games.tuareg.drafts import LoadDraft, Payment
from ui.games.tuareg.view import MajorityTable
from ui.prompt import Prompt
from ui.screens.base import Navigator

if TYPE_CHECKING:
    from ui.games.tuareg.stage import TuaregStage
    from ui.games.tuareg.turn import TuaregTurn


class TuaregHost(Protocol):
    nav: Navigator
    table: TableGame[TuaregState, Any] | None
    primary: Callable[[], None] | None
    """What the hardware confirm button does now (None: nothing)."""
    prompt: Prompt
    """The side panel's prompt, one at a time."""

    @property
    def state(self) -> TuaregState: ...

    def show_body(self, *widgets: Widget) -> None: ...

    def show_majority(self, table: MajorityTable | None) -> None:
        """The majority table above the prompt's answers (None: none)."""

    def submit(self, action: Any) -> Verdict: ...

    def refuse(self, code: str, message: str) -> None: ...

    def render(self) -> None: ...

    def score(self) -> None:
        """Open the score sheet."""

    # the turn's drafts and steps
    mode: str | None
    """The action being built (``load``, ``buy`` ...; ``reveal_hand`` at the game's end)."""
    load: LoadDraft | None
    payment: Payment | None
    picked: list[Good]
    """The goods picked one by one for the step (a draw's market cards, a hand shown)."""
    reveal_seat: int | None
    """The seat showing the hand for the tie-break."""
    scored_stage: int | None
    """The stage just scored, whose result shows until the table moves on."""

    def legal(self) -> list[Any]: ...

    def blocked(self) -> dict[str, Verdict]: ...

    def begin(self, mode: str | None) -> None: ...

    def reset_drafts(self) -> None: ...

    def scanned_take(self) -> dict[str, Any] | None:
        """The market cards scanned onto the animal chosen, as a move (None: none scanned)."""

    # the prompt objects (for the scans)
    turn: TuaregTurn
    stage: TuaregStage
