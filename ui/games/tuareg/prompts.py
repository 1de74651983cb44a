"""What every Tuareg prompt object (:class:`ui.games.tuareg.turn.TuaregTurn`,
:class:`ui.games.tuareg.stage.TuaregStage`) does alike: it asks on the screen's side panel (the
shared :class:`ui.prompt.Prompt`, with the majority table above its answers when there is one) and
picks goods one by one into the step's cards (a draw's market cards, a hand shown)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from companion.games.tuareg import actions as a
from companion.games.tuareg.model import Good
from companion.games.tuareg.state import TuaregState
from companion.installation.i18n import _
from companion.rules.verdict import Verdict
from ui.games.tuareg.host import TuaregHost
from ui.games.tuareg.view import MajorityTable, good_markup, goods_markup
from ui.prompt import PromptButton


class TuaregPrompts:
    """The screen's prompts of one kind; ``host`` is the screen that shows them."""

    def __init__(self, host: TuaregHost) -> None:
        self.host = host

    @property
    def state(self) -> TuaregState:
        return self.host.state

    def panel(self, title: str, note: str = "", table: MajorityTable | None = None) -> None:
        """A new prompt: ``title``, ``note``, and the majority ``table`` above the answers."""
        self.host.prompt.start(title, note)
        self.host.show_majority(table)

    def button(
        self,
        text: str,
        callback: Callable[[], Any],
        *,
        primary: bool = False,
        fixed: bool = False,
        refused: Verdict | None = None,
    ) -> PromptButton:
        """An answer; ``refused`` (the core's reason the action is impossible now) shows it greyed
        out with that reason, and a tap does nothing."""
        reason = refused.message if refused is not None else None
        return self.host.prompt.button(text, callback, primary=primary, fixed=fixed, refused=reason)

    def cancel(self) -> None:
        self.host.begin(None)

    def player_name(self, seat: int | None = None) -> str:
        return self.state.players[self.state.to_move if seat is None else seat].name

    # --- goods picked one by one (a draw's market cards, a hand shown) -------------------------

    def goods_buttons(self, callback: Callable[[Good], None]) -> None:
        for good in Good:
            self.button(good_markup(good), partial(callback, good))

    def picked_controls(self) -> None:
        if self.host.picked:
            self.button(_("Take the last card back"), self.unpick, fixed=True)

    def pick(self, good: Good) -> None:
        """One more card into the market (a draw) or into the hand shown (the game's end)."""
        host = self.host
        limit = a.TO_MARKET_MOST if host.mode == "draw" else hand_to_reveal(host)
        if len(host.picked) < limit:
            host.picked.append(good)
        host.render()

    def unpick(self) -> None:
        if self.host.picked:
            self.host.picked.pop()
        self.host.render()

    def scanned_note(self) -> str:
        """The cards scanned for the step so far (none: nothing)."""
        if not self.host.picked:
            return ""
        return _("Scanned: {goods}").format(goods=goods_markup(self.host.picked))


def hand_to_reveal(host: TuaregHost) -> int:
    """How many cards the hand being shown for the tie-break holds (none shown: 0)."""
    seat = host.reveal_seat
    return host.state.players[seat].hand if seat is not None else 0
