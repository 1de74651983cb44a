"""Timbuktu's goods and phases by name, translated (literal msgids)."""

from __future__ import annotations

from companion.games.timbuktu.model import Good, Phase
from companion.i18n import _, ngettext


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


def card_name(card: str) -> str:
    """A Timbuktu card for people: ``Camel A``, or a thief card by what it shows (``Pen 2``,
    ``Pitches 1 + 3``, ``Gold + salt``); the id if it is none."""
    kind, *detail = card.split("-")[1:] or [""]
    if kind == "CAMEL" and len(detail) == 1:
        return _("Camel {camel}").format(camel=detail[0])
    if kind != "THIEF" or len(detail) < 2:
        return card
    shows, values = detail[0], detail[1:]
    if shows == "PEN":
        return _("Pen {pen}").format(pen=values[0])
    if shows == "PITCH":
        return ngettext("Pitch {pitches}", "Pitches {pitches}", len(values)).format(
            pitches=" + ".join(values)
        )
    if shows == "GOODS":
        goods = " + ".join(good_name(Good(value.lower())) for value in values)
        return goods[:1].upper() + goods[1:]
    return card
