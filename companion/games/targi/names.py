"""Targi's goods, card kinds, border cards and phases by name, translated (literal msgids)."""

from __future__ import annotations

from companion.games.targi.board import BorderCard
from companion.games.targi.catalog import catalog
from companion.games.targi.model import CardKind, Good, Phase, Stock, Symbol
from companion.i18n import _


def good_name(good: Good) -> str:
    names = {Good.DATES: _("dates"), Good.SALT: _("salt"), Good.PEPPER: _("pepper")}
    return names[good]


def kind_name(kind: CardKind) -> str:
    """A central card's kind: goods card or tribe card."""
    names = {CardKind.GOODS: _("goods"), CardKind.TRIBE: _("tribe")}
    return names[kind]


def symbol_name(symbol: Symbol) -> str:
    """A tribe card's symbol, as the cards' names say it."""
    names = {
        Symbol.WELL: _("well"),
        Symbol.CAMEL_RIDER: _("camel rider"),
        Symbol.OASIS: _("oasis"),
        Symbol.TARGIA: _("targia"),
        Symbol.TENT: _("tent"),
    }
    return names[symbol]


def border_name(card: BorderCard) -> str:
    """A border card's name as the rulebook prints it."""
    names = {
        BorderCard.NOBLE: _("noble"),
        BorderCard.DATES: _("dates"),
        BorderCard.SALT: _("salt"),
        BorderCard.PEPPER: _("pepper"),
        BorderCard.MERCHANT: _("merchant"),
        BorderCard.FATA_MORGANA: _("fata morgana"),
        BorderCard.SILVERSMITH: _("silversmith"),
        BorderCard.CARAVAN: _("caravan"),
        BorderCard.TRIBAL_EXPANSION: _("tribal expansion"),
        BorderCard.RAID: _("raid"),
    }
    return names[card]


def phase_name(phase: Phase) -> str:
    names = {
        Phase.REVEAL: _("reveal"),
        Phase.RAID: _("raid"),
        Phase.PLACEMENT: _("placement"),
        Phase.ACTIONS: _("actions"),
        Phase.LIMITS: _("limits"),
        Phase.GAME_OVER: _("game over"),
    }
    return names[phase]


def resource_name(resource: str) -> str:
    """What a raid takes: ``goods``, ``vp`` or ``gold``."""
    names = {"goods": _("goods"), "vp": _("VP"), "gold": _("gold")}
    return names[resource]


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
