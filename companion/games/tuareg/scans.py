"""Which Tuareg moves scanned cards make: every step where a card is laid, shown or taken.

Goods cards (``TUAREG-GOOD-<GOOD>``), in the order scanned, are the cards a move names: the two
cards that open the market, the cards a draw or the turn's end lays into the market, a load from
the hand (card after card, bottom to top: each is judged by the loading rules, as the touch builder
judges it), the market cards taken onto an animal (all of one good), the cards paying for a special
card, the card a cave hides or a thief steals when it is shown, the cards revealed at a stage's end
(a cave's, in the order they went in; a thief's) and a hand at the game's end. A special card
(``TUAREG-SPECIAL-<CARD>``) names the card bought, the cave or thief used, or the map cashed in.

Which animal, cave, thief or victim is meant is a tap (``given``); see :mod:`companion.play.scan_play`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.games.tuareg.model import Good, SpecialCard
from companion.installation.i18n import _
from companion.rules.refusals import SCAN_INCOMPLETE
from companion.rules.spec import ScanForm
from companion.rules.verdict import Verdict

PREFIX = "TUAREG-"

Filled = dict[str, Any] | Verdict | None


def good_card(good: Good) -> str:
    """The card id printed on a goods card (``TUAREG-GOOD-SALT``)."""
    return f"{PREFIX}GOOD-{good.name}"


def cards_of(cards: tuple[str, ...]) -> tuple[list[Good], list[SpecialCard]]:
    """The goods and the special cards among ``cards`` (Tuareg card ids), each in scan order."""
    goods: list[Good] = []
    specials: list[SpecialCard] = []
    for card in cards:
        category, _sep, name = card.removeprefix(PREFIX).partition("-")
        if category == "GOOD":
            goods.append(Good(name.lower()))
        else:
            specials.append(SpecialCard(name.lower()))
    return goods, specials


def _goods(field: str) -> Callable[[tuple[str, ...]], Filled]:
    """Goods only, in scan order, fill ``field``."""

    def fill(cards: tuple[str, ...]) -> Filled:
        goods, specials = cards_of(cards)
        if specials:
            return None
        return {field: [good.value for good in goods]}

    return fill


def _market(cards: tuple[str, ...]) -> Filled:
    goods, specials = cards_of(cards)
    if specials:
        return None
    if len(goods) < 2:
        needs = _("The market opens with two cards: scan the second one too.")
        return SCAN_INCOMPLETE.verdict(cards=", ".join(cards), needs=needs)
    return {"goods": [good.value for good in goods]}


def _taken(cards: tuple[str, ...]) -> Filled:
    goods, specials = cards_of(cards)
    if specials or len(set(goods)) != 1:
        return None
    return {"good": goods[0].value, "count": len(goods)}


def _one_good(cards: tuple[str, ...]) -> Filled:
    goods, specials = cards_of(cards)
    return None if specials or len(goods) != 1 else {"good": goods[0].value}


def _bought(cards: tuple[str, ...]) -> Filled:
    """The special card bought (if scanned) and the cards paid from the hand."""
    goods, specials = cards_of(cards)
    if len(specials) > 1:
        return None
    paid: dict[str, Any] = {"from_cache": [good.value for good in goods]}
    return paid if not specials else {"card": specials[0].value, **paid}


def _used(special: SpecialCard) -> Callable[[tuple[str, ...]], Filled]:
    """A cave or thief used: its special card and/or the card it takes, if shown."""

    def fill(cards: tuple[str, ...]) -> Filled:
        goods, specials = cards_of(cards)
        if any(card is not special for card in specials) or len(specials) > 1 or len(goods) > 1:
            return None
        return {"good": goods[0].value if goods else None}

    return fill


def _map(cards: tuple[str, ...]) -> Filled:
    goods, specials = cards_of(cards)
    return {} if not goods and specials == [SpecialCard.MAP] else None


def forms() -> dict[str, ScanForm]:
    """Action kind -> the fields its scanned cards fill."""
    return {
        "open_market": ScanForm(frozenset({"goods"}), _market),
        "draw": ScanForm(frozenset({"to_market"}), _goods("to_market")),
        "load": ScanForm(frozenset({"goods"}), _goods("goods")),
        "take_market": ScanForm(frozenset({"good", "count"}), _taken),
        # the tops of animals paid are taps (given), not scans: a good cannot say where it lay
        "buy": ScanForm(frozenset({"card", "from_cache", "from_animals"}), _bought),
        "hide": ScanForm(frozenset({"good"}), _used(SpecialCard.CAVE)),
        "steal": ScanForm(frozenset({"good"}), _used(SpecialCard.THIEF)),
        "end_turn": ScanForm(frozenset({"to_market"}), _goods("to_market")),
        "reveal_cave": ScanForm(frozenset({"goods"}), _goods("goods")),
        "reveal_thief": ScanForm(frozenset({"good"}), _one_good),
        "cash_map": ScanForm(frozenset(), _map),
        "reveal_hand": ScanForm(frozenset({"goods"}), _goods("goods")),
    }
