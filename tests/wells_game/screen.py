"""The fourth game's own screen: the generic buttons, beside each player's buckets against the
target instead of the state as JSON."""

from __future__ import annotations

from ui.screens.generic import GenericGameScreen
from wells_game import WellsState


def well_text(state: WellsState) -> str:
    return "\n".join(f"{p.name}: {p.buckets} of {state.target} buckets" for p in state.players)


class WellsScreen(GenericGameScreen):
    def render(self) -> None:
        super().render()
        if self.table is not None:
            self.ids.summary.text = well_text(self.table.state)
