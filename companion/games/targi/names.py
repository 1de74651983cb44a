"""Targi's goods by name, translated (gold and victory points are not goods)."""

from __future__ import annotations

from companion.games.targi.model import Good
from companion.i18n import _


def good_name(good: Good) -> str:
    names = {Good.DATES: _("dates"), Good.SALT: _("salt"), Good.PEPPER: _("pepper")}
    return names[good]


def names() -> dict[str, str]:
    """Every good, by its JSON value."""
    return {good.value: good_name(good) for good in Good}
