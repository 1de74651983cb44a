"""The Tuareg card game's goods and special cards by name, translated (as the cards print them)."""

from __future__ import annotations

from companion.games.tuareg.model import Good, SpecialCard
from companion.installation.i18n import _


def good_name(good: Good) -> str:
    """A good's name as the cards print it, translated (``salt`` is rock salt)."""
    if good is Good.WATER:
        return _("water")
    if good is Good.GOLD:
        return _("gold")
    if good is Good.SALT:
        return _("rock salt")
    return _("millet")


def special_name(card: SpecialCard) -> str:
    names = {
        SpecialCard.DONKEY: _("donkey"),
        SpecialCard.CAVE: _("cave"),
        SpecialCard.THIEF: _("thief"),
        SpecialCard.MAP: _("map"),
    }
    return names[card]


def names() -> dict[str, str]:
    """Every good and special card, by its JSON value."""
    return {
        **{good.value: good_name(good) for good in Good},
        **{card.value: special_name(card) for card in SpecialCard},
    }
