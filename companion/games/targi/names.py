"""Targi's goods, cards, card kinds, border cards and phases by name, translated (literal msgids)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from companion.games.targi.board import BorderCard
from companion.games.targi.catalog import catalog
from companion.games.targi.model import CardKind, Good, Phase, Stock, Symbol
from companion.installation.i18n import N_, _, ngettext, pgettext


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


def cell_name(card: BorderCard) -> str | None:
    """A long border card's name as a narrow grid cell shows it: ``|`` marks where a word too wide
    for the cell may break with a hyphen (None: the goods cards and raids, named as everywhere)."""
    names = {
        BorderCard.NOBLE: pgettext("border card in a narrow cell", "Noble"),
        BorderCard.MERCHANT: pgettext("border card in a narrow cell", "Mer|chant"),
        BorderCard.FATA_MORGANA: pgettext("border card in a narrow cell", "Fata mor|gana"),
        BorderCard.SILVERSMITH: pgettext("border card in a narrow cell", "Silver|smith"),
        BorderCard.CARAVAN: pgettext("border card in a narrow cell", "Cara|van"),
        BorderCard.TRIBAL_EXPANSION: pgettext("border card in a narrow cell", "Tribal ex|pan|sion"),
    }
    return names.get(card)


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


def upper_first(text: str) -> str:
    """``text`` starting with a capital (the rest as it is: ``VP`` stays ``VP``)."""
    return text[:1].upper() + text[1:]


def face_name(card: str) -> str:
    """What a Targi card prints, by its id without the copy number: ``TARGI-GOODS-SALT-DATES-1``
    reads ``Salt + dates``, ``TARGI-TRIBE-WELL-3`` ``Well``. An id of no Targi card reads as it
    is."""
    parts = card.split("-")
    if parts[:2] == ["TARGI", "TRIBE"]:
        symbol = "_".join(part for part in parts[2:] if not part.isdigit()).lower()
        if symbol in {s.value for s in Symbol}:
            return upper_first(symbol_name(Symbol(symbol)))
    if parts[:2] != ["TARGI", "GOODS"]:
        return card
    words = [part for part in parts[2:] if not part.isdigit()]
    goods = {good.value.upper(): good for good in Good}
    if words == ["CHOICE"]:
        return pgettext("a Targi goods card", "Choice")
    if words == ["GOLD"]:
        return upper_first(_("gold"))
    if words == ["VP"]:
        return _("VP")
    if len(words) == 1 and words[0][:1] == "2" and words[0][1:] in goods:
        return f"2 {good_name(goods[words[0][1:]])}"
    if words and all(word in goods for word in words):
        return upper_first(" + ".join(good_name(goods[word]) for word in words))
    return card


def card_name(card: str) -> str:
    """A physical Targi card: what it prints and its copy number, ``Datteln 1`` in German (the
    copies of one face are told apart by their number, as the catalog counts them)."""
    name = face_name(card)
    if name == card:
        return card
    number = card.rsplit("-", 1)[-1]
    return f"{name} {number}" if number.isdigit() else name


def decision_name(decision: str) -> str:
    """Where a drawn tribe card goes: the display, the hand or the discard pile (the rulebooks'
    verbs)."""
    names = {
        "display": pgettext("a tribe card goes to", "Display"),
        "hand": pgettext("a tribe card goes to", "Hand"),
        "discard": pgettext("a tribe card goes to", "Discard"),
    }
    return names.get(decision, decision)


def resource_name(resource: str) -> str:
    """What a raid takes: ``goods``, ``vp`` or ``gold``."""
    names = {"goods": _("goods"), "vp": _("VP"), "gold": _("gold")}
    return names[resource]


def names() -> dict[str, str]:
    """Every good, by its JSON value."""
    return {good.value: good_name(good) for good in Good}


def raid_payment(stock: Stock) -> str:
    """A raid's payment as the player does it: ``Give 1 pepper``, ``Give 1 date, 1 salt``,
    ``Lose 1 VP`` (or both, or ``Give nothing``)."""
    goods = _amounts(replace(stock, vp=0))
    said = [_("Give {goods}").format(goods=goods)] if goods else []
    if stock.vp:
        said.append(ngettext("Lose {n} VP", "Lose {n} VP", stock.vp).format(n=stock.vp))
    return "; ".join(said) or _("Give nothing")


def amount(name: str, n: int) -> str:
    """``2 salt``, ``1 date``: ``n`` of a good or of gold (``name``: a :class:`Stock` field),
    counted in the language's plural form."""
    return _amounts(Stock(**{name: n}))


def returned(stock: Stock) -> str:
    """What goes back over the limits: ``Return 2 pepper, 1 gold``."""
    return _("Return {goods}").format(goods=_amounts(stock))


def tribe_points_and_cost(card: str) -> tuple[str, str]:
    """A tribe card's points and its cost apart (``3 VP``, ``1 date, 2 salt``), for a chip that
    shows the points first."""
    tribe = catalog().tribe[card]
    return ngettext("{n} VP", "{n} VP", tribe.vp).format(n=tribe.vp), _amounts(tribe.cost)


def _amounts(stock: Stock) -> str:
    """``2 dates, 1 salt, 1 gold`` (the non-zero amounts of a stock, translated, each counted in
    its language's plural form)."""
    amounts: dict[str, Callable[[int], str]] = {
        "dates": lambda n: ngettext("{n} date", "{n} dates", n),
        "salt": lambda n: ngettext("{n} salt", "{n} salt", n),
        "pepper": lambda n: ngettext("{n} pepper", "{n} pepper", n),
        "gold": lambda n: ngettext("{n} gold", "{n} gold", n),
        "vp": lambda n: ngettext("{n} VP", "{n} VP", n),
    }
    return ", ".join(
        amount(getattr(stock, field)).format(n=getattr(stock, field))
        for field, amount in amounts.items()
        if getattr(stock, field)
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


ACTION_KINDS = (
    N_("pay raid"),
    N_("take goods"),
    N_("take central goods"),
    N_("take central tribe"),
    N_("skip"),
    N_("end turn"),
    N_("return excess"),
    N_("play from hand"),
    N_("swap displayed"),
    N_("raid protected"),
)
"""Targi's action kinds as a button names one (its ``kind`` in words, computed by the screen):
listed so that the catalogs carry their translations."""


def cell_words(cell: tuple[int, int]) -> str:
    """A central cell as players read it: ``2·3`` (row 2, column 3), never ``[2, 3]``."""
    return "·".join(map(str, cell))
