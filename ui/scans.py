"""Scanned cards on a game screen, judged by :mod:`companion.play.scan_play` as ``game scan`` judges them.

A screen knows which step a scan is for and what a tap chose for it (``given``: the animal a load
goes onto, the cave revealed) and which cards of the step it gathered so far; the scan module says
what those cards and the new one make with the rules' own reasons. The screen then makes that move,
keeps the card in its draft (a move of several cards, confirmed as a tap confirms it), or shows the
refusal like a tap's refusal, and nothing changes. Another game's card never gets this far: the
router refuses it, naming its game (:meth:`ui.routing.Router.scan`).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from companion.rules.refusals import SCAN_INCOMPLETE
from companion.rules.verdict import Verdict

if TYPE_CHECKING:  # the scan module loads the session (and pydantic) with the first scan
    from companion.play.scan_play import ScanMove
    from companion.play.table import TableGame

logger = logging.getLogger(__name__)


class ScanSteps:
    """Mixed into a game screen: uses its ``table`` and ``submit_payload``."""

    if TYPE_CHECKING:
        table: TableGame[Any, Any] | None

        def submit_payload(self, payload: dict[str, Any]) -> Verdict: ...

    def scan_move(self, cards: Sequence[str], given: Mapping[str, Any] | None = None) -> ScanMove:
        """What ``cards`` (the step's cards so far, then the one just scanned) make now."""
        from companion.play.scan_play import scan_move

        assert self.table is not None
        move = scan_move(self.table.session, cards, given)
        logger.debug("scan of %s given %s: %s", cards, given, move.action or move.verdict.code)
        return move

    def refuse_scan(self, move: ScanMove) -> None:
        """Show why the scanned cards make no move now; nothing changes."""
        assert self.table is not None
        self.table.refuse(move.verdict)

    def play_scan(self, move: ScanMove) -> Verdict:
        """Make the move the scans make, or show their refusal."""
        if move.action is None:
            self.refuse_scan(move)
            return move.verdict
        return self.submit_payload(move.action)

    def scan_joins(self, move: ScanMove, before: Verdict | None, *, short: bool = False) -> bool:
        """Whether the card just scanned belongs in the step's draft: its cards make the move, or
        are still short of one (the scans say a card is missing; ``short``: fewer cards than the
        step shows, e.g. a cave's; or the same refusal as the cards ``before`` it, e.g. a payment
        still below the price), rather than a card the rules refuse for a reason of its own."""
        verdict = move.verdict
        if move.action is not None or verdict.code == SCAN_INCOMPLETE.code or short:
            return True
        return before is not None and not before.ok and before.code == verdict.code
