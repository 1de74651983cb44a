"""What Timbuktu's prompts may use of the screen that shows them (:class:`TimbuktuScreen`), typed:
the prompt classes derive from :class:`TimbuktuHost` for the type checker only."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from companion.games.timbuktu.model import TimbuktuState
from companion.rules.verdict import Verdict
from ui.games.timbuktu.drafts import CaravanDraft
from ui.screens.base import Navigator


class TimbuktuHost(Protocol):
    nav: Navigator
    ids: Any
    """The widgets of the screen's ``.kv`` by id (Kivy's, untyped)."""

    @property
    def caravan(self) -> CaravanDraft | None:
        """The caravan board being filled, if any."""

    @caravan.setter
    def caravan(self, draft: CaravanDraft | None) -> None: ...

    placing: str | None
    """The letter of the camel being placed in the start area, if chosen."""

    @property
    def state(self) -> TimbuktuState: ...

    def legal(self) -> list[Any]: ...

    def panel(
        self, title: str, note: str = "", cols: int = 2, *, scrolls: bool = False
    ) -> None: ...

    def group(self, cols: int) -> None: ...

    def button(
        self,
        text: str,
        callback: Callable[[], Any],
        *,
        primary: bool = False,
        chosen: bool = False,
        option: bool = False,
        action: bool = False,
    ) -> Any: ...

    def submit(self, action: Any) -> Verdict: ...

    def submit_payload(self, payload: dict[str, Any]) -> Verdict: ...

    def render(self) -> None: ...

    # for the scans (:class:`ui.games.timbuktu.scanning.TimbuktuScans`)
    reported_stage: int | None
    """The stage whose thefts' report is showing, if any."""

    def name_camel(self, letter: str) -> None: ...

    def pick_placing(self, letter: str) -> None: ...
