"""Targi's score sheet: VP tokens, printed card VP, card-text bonuses and row bonuses.

Ties are broken by more gold, then more goods, then the game is drawn.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from companion.games.targi.model import ROW_LENGTH, Symbol
from companion.installation.i18n import _
from companion.rules.scoresheet import Category, ScoreSheet, TieBreak, build_sheet

SAME_SYMBOL_ROW = 4
FOUR_SYMBOLS_ROW = 2


def categories() -> tuple[Category, ...]:
    return (
        Category("vp_tokens", _("VP tokens")),
        Category("card_vp", _("Printed card VP")),
        Category("card_bonus", _("Card-text bonuses")),
        Category("rows", _("Row bonuses")),
    )


@dataclass(frozen=True)
class Tally:
    """What one player's score is made of."""

    vp_tokens: int
    card_vp: int
    card_bonus: int
    gold: int
    goods: int
    display: Sequence[Sequence[Symbol]]


def row_bonus(row: Sequence[Symbol]) -> int:
    """+4 for a full row of one symbol, +2 for a full row of four different symbols, else 0."""
    if len(row) != ROW_LENGTH:
        return 0
    kinds = len(set(row))
    if kinds == 1:
        return SAME_SYMBOL_ROW
    if kinds == ROW_LENGTH:
        return FOUR_SYMBOLS_ROW
    return 0


def sheet(
    tallies: Mapping[str, Tally], *, final: bool = False, notes: Sequence[str] = ()
) -> ScoreSheet:
    points = {
        name: {
            "vp_tokens": t.vp_tokens,
            "card_vp": t.card_vp,
            "card_bonus": t.card_bonus,
            "rows": sum(row_bonus(row) for row in t.display),
        }
        for name, t in tallies.items()
    }
    tiebreaks = (
        TieBreak("gold", {name: t.gold for name, t in tallies.items()}, _("gold")),
        TieBreak("goods", {name: t.goods for name, t in tallies.items()}, _("number of goods")),
    )
    return build_sheet("targi", categories(), points, tiebreaks, final=final, notes=notes)
