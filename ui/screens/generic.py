"""Any game without a dedicated screen yet: what the app believes, and every legal action as a
button (narrowed field by field when there are many), plus the shared undo / redo / correct."""

from __future__ import annotations

import json
from typing import Any

from pydantic import TypeAdapter

from companion.installation.i18n import _
from ui.choices import naming
from ui.kv import load_kv
from ui.prompt import ChoicePanel
from ui.screens.base import GameScreen


def state_summary(state: Any) -> str:
    """The state as indented JSON (the same view ``table-companion game show`` prints)."""
    dumped = TypeAdapter(type(state)).dump_python(state, mode="json")
    return json.dumps(dumped, indent=1, ensure_ascii=False)


class GenericGameScreen(GameScreen[Any]):
    """The table of a game without a screen of its own (its state whatever its rules make)."""

    def render(self) -> None:
        if self.table is None:
            return
        self.render_bar()
        self.ids.summary.text = state_summary(self.table.state)
        title = _("The game is over.") if self.table.over else _("Legal actions")
        extra = [(_("Score sheet"), self.score)] if self.table.over else []
        self.prompt.offer(title, self.table.legal_actions(), self.submit, extra=extra)

    def on_scan(self, card: str) -> bool:
        named = naming(self.prompt.remaining, card)
        if named:
            self.prompt.narrow(named)
        return bool(named)

    @property
    def prompt(self) -> ChoicePanel:
        """The legal actions, narrowed field by field."""
        prompt: ChoicePanel = self.ids.prompt
        return prompt


load_kv(__file__)
