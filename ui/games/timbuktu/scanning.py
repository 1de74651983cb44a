"""Scanned Timbuktu cards on :class:`ui.games.timbuktu.gamescreen.TimbuktuScreen`, read as
:mod:`companion.play.scan_play` (``game scan``) reads them: a camel card turned over names the camel
placed in the start area or moved (the pen is a tap, unless the rules leave one), and at a stage's
end a thief pile's three cards (pen, pitches, goods), scanned in any order, are its theft. The
caravans are loaded with goods, not cards: nothing there is scanned.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.games.timbuktu.model import Phase, TimbuktuState
from companion.games.timbuktu.names import card_name
from companion.games.timbuktu.scans import CAMEL
from companion.installation.i18n import _
from companion.rules.refusals import SCAN_AMBIGUOUS
from ui.spacing import tied

if TYPE_CHECKING:
    from ui.games.timbuktu.host import TimbuktuHost


class TimbuktuScans:
    """A scanned card put into the step at hand, with the thief pile's cards scanned so far; the
    screen (``host``) judges the scans (:class:`ui.scans.ScanSteps`) and plays them."""

    def __init__(self, host: TimbuktuHost) -> None:
        self.host = host
        self.thief_cards: list[str] = []
        """The cards of the thief pile scanned so far (a pile is whole with its three)."""

    @property
    def state(self) -> TimbuktuState:
        return self.host.state

    def reset(self) -> None:
        """Forget the thief pile's cards scanned so far."""
        self.thief_cards = []

    def on_scan(self, card: str) -> bool:
        """A scanned card goes into the step at hand, or is refused with the reason."""
        phase = self.state.phase
        if phase is Phase.THEFTS and self.host.reported_stage is None:
            self.scan_thief(card)
        elif phase in (Phase.PLACEMENT, Phase.MOVES) and card.startswith(CAMEL):
            self.scan_camel(card, "place" if phase is Phase.PLACEMENT else "move")
        else:
            self.host.play_scan(self.host.scan_move([card]))
        return True

    def scan_camel(self, card: str, kind: str) -> None:
        """The camel named: moved or placed at once when the rules leave it one pen, else chosen
        as a tap on it chooses it (the pen is tapped next)."""
        move = self.host.scan_move([card], {"kind": kind})
        if move.action is None and move.verdict.code != SCAN_AMBIGUOUS.code:
            self.host.refuse_scan(move)
            return
        letter = card.removeprefix(CAMEL)
        if kind == "move":
            self.host.rounds.name_camel(
                letter
            )  # its pen and the questions the board leaves open, as a tap
        elif move.action is not None:
            self.host.play_scan(move)
        else:
            self.host.setup.pick_placing(letter)

    def scan_thief(self, card: str) -> None:
        """One more card of the thief pile revealed; the third makes the theft."""
        cards = [*self.thief_cards, card]
        move = self.host.scan_move(cards, {"kind": "thief"})
        if move.action is not None:
            self.host.play_scan(move)
        elif self.host.scan_joins(move, None):
            self.thief_cards.append(card)
            self.host.render()
        else:
            self.host.refuse_scan(move)

    def thief_scanned_note(self) -> str:
        """The thief pile's cards scanned so far (none: nothing)."""
        if not self.thief_cards:
            return ""
        names = ", ".join(tied(card_name(card)) for card in self.thief_cards)
        return _("Scanned: {cards}").format(cards=names)
