"""Where the belief a Timbuktu correction overrules is found, so its form starts from it."""

from __future__ import annotations

from typing import Any

from ui.corrections import Belief, Form, counts_of, goods_of, picked_player


def _camel(state: Any, form: Form) -> dict[str, Any]:
    player = picked_player(state, form)
    camel = player.camel(form.get("camel")) if player is not None else None
    if camel is None:
        return {}
    return {"goods": goods_of(camel.goods), "pen": camel.pen, "pitch": camel.pitch}


BELIEFS: dict[str, Belief] = {
    "set_goods": Belief(("player", "camel"), _camel),
    "set_pitch": Belief(("player", "camel"), _camel),
    "set_removed": Belief((), lambda state, _form: counts_of(state.removed)),
}
"""Correction kind -> where its belief is found."""
