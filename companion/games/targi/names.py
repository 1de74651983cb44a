"""Targi's goods by name, translated (gold and victory points are not goods)."""

from __future__ import annotations

from companion.games.targi.catalog import catalog
from companion.games.targi.model import Good, Stock
from companion.i18n import _


def good_name(good: Good) -> str:
    names = {Good.DATES: _("dates"), Good.SALT: _("salt"), Good.PEPPER: _("pepper")}
    return names[good]


def names() -> dict[str, str]:
    """Every good, by its JSON value."""
    return {good.value: good_name(good) for good in Good}


def _amounts(stock: Stock) -> str:
    """``2 dates, 1 salt, 1 gold`` (the non-zero amounts of a stock, translated)."""
    words = {
        "dates": _("dates"),
        "salt": _("salt"),
        "pepper": _("pepper"),
        "gold": _("gold"),
        "vp": _("VP"),
    }
    return ", ".join(
        f"{getattr(stock, field)} {word}" for field, word in words.items() if getattr(stock, field)
    )


def card_hints() -> dict[str, str]:
    """What tells each physical card apart, for its label: a tribe card's points and cost, what a
    goods card gives."""
    cards = catalog()
    hints = {
        card.id: _("{vp} VP; costs {cost}").format(vp=card.vp, cost=_amounts(card.cost))
        for card in cards.tribe.values()
    }
    for card in cards.goods.values():
        hints[card.id] = (
            _("one good of your choice")
            if card.choice
            else _("gives {goods}").format(goods=_amounts(card.gives))
        )
    return hints
