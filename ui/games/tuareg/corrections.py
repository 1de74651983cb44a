"""Where the belief a Tuareg correction overrules is found, so its form starts from it."""

from __future__ import annotations

from typing import Any

from companion.installation.i18n import N_
from ui.corrections import Belief, Form, counts_of, goods_of, picked_player


def _stack(state: Any, form: Form) -> dict[str, Any]:
    player = picked_player(state, form)
    if player is None:
        return {}
    for ref, stack in player.animals():
        if (ref.animal.value, ref.number) == (form.get("animal.animal"), form.get("animal.number")):
            return {"goods": goods_of(stack)}
    return {}


def _hand(state: Any, form: Form) -> dict[str, Any]:
    player = picked_player(state, form)
    return {"count": player.hand} if player is not None else {}


BELIEFS: dict[str, Belief] = {
    "set_stack": Belief(("player", "animal.animal", "animal.number"), _stack),
    "set_hand": Belief(("player",), _hand),
    "set_deck": Belief((), lambda state, _form: {"count": state.deck}),
    "set_market": Belief((), lambda state, _form: counts_of(state.market)),
}
"""Correction kind -> where its belief is found."""

WORDS = (
    N_("set hand"),
    N_("set stack"),
    N_("set market"),
    N_("set deck"),
    N_("set turn"),
    N_("player"),
    N_("animal"),
    N_("animal number"),
    N_("count"),
)
"""The words the Correct screen computes from the corrections' schemas (kinds, field names),
listed so that the catalogs carry their translations."""
