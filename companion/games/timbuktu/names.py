"""Timbuktu's goods by name, translated."""

from __future__ import annotations

from companion.games.timbuktu.model import Good
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


def names() -> dict[str, str]:
    """Every good, by its JSON value."""
    return {good.value: good_name(good) for good in Good}
