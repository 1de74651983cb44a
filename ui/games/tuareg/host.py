"""What Tuareg's prompts may use of the screen that shows them (:class:`TuaregScreen`), typed: the
prompt classes derive from :class:`TuaregHost` for the type checker only."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from kivy.uix.widget import Widget

from companion.games.tuareg.model import Good, SpecialCard
from companion.games.tuareg.state import TuaregState
from companion.play.table import TableGame
from companion.rules.verdict import Verdict
from ui.games.tuareg.drafts import LoadDraft, Payment
from ui.screens.base import Navigator


class TuaregHost(Protocol):
    nav: Navigator
    table: TableGame[Any, Any] | None
    primary: Callable[[], None] | None
    """What the hardware confirm button does now (None: nothing)."""

    @property
    def state(self) -> TuaregState: ...

    def show_body(self, *widgets: Widget) -> None: ...

    def submit(self, action: Any) -> Verdict: ...

    def render(self) -> None: ...

    # the turn's drafts and steps (:class:`ui.games.tuareg.turn.TurnPrompts`), for the scans
    mode: str | None
    load: LoadDraft | None
    payment: Payment | None
    picked: list[Good]
    reveal_seat: int | None

    def legal(self) -> list[Any]: ...

    def blocked(self) -> dict[str, Verdict]: ...

    def begin(self, mode: str | None) -> None: ...

    def choose_card(self, card: SpecialCard) -> None: ...

    def pay(self, step: Any) -> None: ...

    def hand_to_reveal(self) -> int: ...
