"""What Timbuktu's prompts may use of the screen that shows them (:class:`TimbuktuScreen`), typed:
the prompt objects the screen holds (:class:`SetupPrompts`, :class:`RoundPrompts`,
:class:`TimbuktuScans`) are each given the screen as a :class:`TimbuktuHost`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from companion.games.timbuktu.model import Theft, TimbuktuState
from companion.rules.verdict import Verdict
from ui.prompt import Prompt
from ui.screens.base import Navigator

if TYPE_CHECKING:
    from companion.play.scan_play import ScanMove
    from ui.games.timbuktu.rounds import RoundPrompts
    from ui.games.timbuktu.scanning import TimbuktuScans
    from ui.games.timbuktu.setup import SetupPrompts


class TimbuktuHost(Protocol):
    nav: Navigator
    prompt: Prompt
    """The side panel's prompt, which the setup's and stages' prompts fill."""

    reported_stage: int | None
    """The stage whose thefts' report is showing, if any."""

    # the prompt objects, for each other (a scanned camel is named as a tap names it)
    setup: SetupPrompts
    rounds: RoundPrompts
    scans: TimbuktuScans

    @property
    def state(self) -> TimbuktuState: ...

    def legal(self) -> list[Any]: ...

    def theft_rows(self, thefts: list[Theft]) -> None: ...

    # entries and their verdicts
    def submit(self, action: Any) -> Verdict: ...

    def submit_payload(self, payload: dict[str, Any]) -> Verdict: ...

    def refuse(self, code: str, message: str) -> None: ...

    def render(self) -> None: ...

    def cancel(self) -> None: ...

    def score(self) -> None: ...

    # the scans, judged as ``game scan`` judges them (:class:`ui.scans.ScanSteps`)
    def scan_move(
        self, cards: Sequence[str], given: Mapping[str, Any] | None = None
    ) -> ScanMove: ...

    def refuse_scan(self, move: ScanMove) -> None: ...

    def play_scan(self, move: ScanMove) -> Verdict: ...

    def scan_joins(
        self, move: ScanMove, before: Verdict | None, *, short: bool = False
    ) -> bool: ...
