"""Targi's corrections as the Correct screen says them.

The screen builds its form from each correction's schema (:mod:`ui.corrections`), so the words it
shows (a correction's kind, a field's name) are computed; they are listed here so that the
catalogs carry their translations. A card is chosen by tapping its chip (``CARD_FIELDS``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.games.targi.model import CardKind, TargiState
from companion.games.targi.names import card_hints, card_name, symbol_name, upper_first
from companion.games.targi.naming import card_faces
from companion.installation.i18n import N_, _
from ui.corrections import CardGroup
from ui.games.targi.gamescreen import chip_text

WORDS = (
    N_("set stock"),
    N_("move robber"),
    N_("move targi"),
    N_("move marker"),
    N_("fix card"),
    N_("set hand"),
    N_("fix displayed"),
    N_("card bonus"),
    N_("add displayed"),
    N_("fix swap displayed"),
    N_("excuse raid"),
    N_("player"),
    N_("vp"),
    N_("cell"),
    N_("to"),
    N_("card"),
    N_("taken this round"),
    N_("row"),
    N_("index"),
    N_("points"),
    N_("note"),
    N_("first"),
    N_("second"),
)

CARD_FIELDS = {
    "fix_card": "card",
    "set_hand": "card",
    "fix_displayed": "card",
    "add_displayed": "card",
}
"""The corrections whose field names a physical card: chosen by tapping a chip, never typed."""


def card_groups(state: TargiState, kind: str, values: Mapping[str, Any]) -> list[CardGroup]:
    """The chips correction ``kind`` offers for its card, by group: the goods cards, or the tribe
    cards of each symbol (the group of the card named now first). One chip per face (copies
    merged), naming a copy still in the draw pile if there is one (the core refuses a card it
    cannot be), or the copy named now."""
    cell = values.get("cell")
    goods = (
        kind == "fix_card"
        and isinstance(cell, list | tuple)
        and (state.slot((cell[0], cell[1])).kind is CardKind.GOODS)
    )
    current = values.get("card")
    found = card_faces(state, CardKind.GOODS if goods else CardKind.TRIBE, current)
    hints = card_hints()
    groups: dict[str, list[tuple[str, str]]] = {}
    for face in found:
        title = upper_first(symbol_name(face.symbol)) if face.symbol else upper_first(_("goods"))
        groups.setdefault(title, []).append((chip_text(face, hints), face.card))
    ordered = sorted(groups.items(), key=lambda group: current not in [c for _t, c in group[1]])
    return [CardGroup(title, chips) for title, chips in ordered]


def card_label(card: str) -> str:
    """How a card field shows the card chosen."""
    return card_name(card)
