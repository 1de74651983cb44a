"""Timbuktu's score: each good that reaches Timbuktu is worth as many points as goods of its kind
were removed from the game (stolen, or paid for moves). A tie goes to the player with more goods;
equal goods share the victory."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from companion.games.timbuktu.model import Good, Goods, TimbuktuState
from companion.games.timbuktu.rulings import sheet_notes
from companion.installation.i18n import N_, _
from companion.rules.scoresheet import Category, ScoreSheet, TieBreak, build_sheet

SHARED = "shared"
"""The tie-break when points and goods are equal: the rulebook's players "share the victory" (one
word for the tracked game's sheet and the ``score`` question; other games' sheets say "draw")."""

LABELS = {
    Good.GOLD: N_("Gold"),
    Good.COFFEE: N_("Coffee"),
    Good.PEPPER: N_("Pepper"),
    Good.SALT: N_("Salt"),
    Good.WATER: N_("Water"),
}


def values(state: TimbuktuState) -> dict[Good, int]:
    """What each good is worth now: the removed tally (shown live, final at the end)."""
    return state.removed.as_dict()


def categories() -> tuple[Category, ...]:
    return tuple(Category(good.value, _(LABELS[good])) for good in Good)


def sheet(
    worth: Mapping[Good, int],
    hauls: Mapping[str, Goods],
    *,
    final: bool = False,
    notes: Sequence[str] = (),
) -> ScoreSheet:
    """Each player's goods of each kind times that kind's value, ranked, ties by number of goods."""
    points = {
        name: {good.value: haul.count(good) * worth[good] for good in Good}
        for name, haul in hauls.items()
    }
    goods = TieBreak(
        "goods", {name: haul.total for name, haul in hauls.items()}, _("number of goods")
    )
    built = build_sheet("timbuktu", categories(), points, (goods,), final=final, notes=notes)
    return replace(built, tiebreak=SHARED) if built.tiebreak == "draw" else built


def state_sheet(state: TimbuktuState, *, final: bool) -> ScoreSheet:
    """The sheet of a game: what the camels carry at the current values (provisional until the
    last thefts in Timbuktu, since goods may still be lost and values still rise)."""
    worth = values(state)
    shown = ", ".join(f"{_(LABELS[good])} {worth[good]}" for good in Good)
    notes = [_("Values (goods removed of each kind): {values}.").format(values=shown)]
    notes += sheet_notes(state)  # the rulings this game chose (the leftovers of the variant)
    if not final:
        notes.append(
            _(
                "Provisional: the goods the camels carry now, at the current values; thefts may still "
                "take goods and raise the values."
            )
        )
    hauls = {p.name: p.goods for p in state.players}
    return sheet(worth, hauls, final=final, notes=notes)
