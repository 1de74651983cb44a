"""Where the belief a Timbuktu correction overrules is found, so its form starts from it."""

from __future__ import annotations

from typing import Any

from companion.installation.i18n import N_
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

WORDS = (
    N_("set goods"),
    N_("set pitch"),
    N_("set removed"),
    N_("set arrows"),
    N_("set swap fields"),
    N_("player"),
    N_("camel"),
    N_("pen"),
    N_("pitch"),
    N_("place"),
    N_("to"),
    N_("fields"),
)
"""The words the Correct screen computes from the corrections' schemas (kinds, field names),
listed so that the catalogs carry their translations."""
