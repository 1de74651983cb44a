"""What Tuareg's prompts may use of the screen that shows them (:class:`TuaregScreen`), typed: the
prompt classes derive from :class:`TuaregHost` for the type checker only."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from kivy.uix.widget import Widget

from companion.games.tuareg.state import TuaregState
from companion.verdict import Verdict
from ui.screens.base import Navigator
from ui.table import TableGame


class TuaregHost(Protocol):
    nav: Navigator
    table: TableGame | None
    primary: Callable[[], None] | None
    """What the hardware confirm button does now (None: nothing)."""

    @property
    def state(self) -> TuaregState: ...

    def show_body(self, *widgets: Widget) -> None: ...

    def submit(self, action: Any) -> Verdict: ...

    def render(self) -> None: ...
