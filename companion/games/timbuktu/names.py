"""Timbuktu's goods and phases by name, translated (literal msgids)."""

from __future__ import annotations

from companion.games.timbuktu.model import Good, Phase
from companion.i18n import _


def good_name(good: Good) -> str:
    names = {
        Good.GOLD: _("gold"),
        Good.COFFEE: _("coffee"),
        Good.PEPPER: _("pepper"),
        Good.SALT: _("salt"),
        Good.WATER: _("water"),
    }
    return names[good]


def phase_name(phase: Phase) -> str:
    names = {
        Phase.LOADING: _("loading"),
        Phase.PLACEMENT: _("placement"),
        Phase.MOVES: _("moves"),
        Phase.SWAP: _("swap"),
        Phase.THEFTS: _("thefts"),
        Phase.GAME_OVER: _("game over"),
    }
    return names[phase]


def names() -> dict[str, str]:
    """Every good, by its JSON value."""
    return {good.value: good_name(good) for good in Good}
