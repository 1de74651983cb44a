"""Timbuktu's goods and phases by name, translated (literal msgids)."""

from __future__ import annotations

from companion.games.timbuktu.model import Good, Phase
from companion.installation.i18n import _, pgettext


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
    """A Timbuktu card as the table reads it: ``Camel C``, a thief card's ``Pen 4``,
    ``Pitches 1·3`` or ``Gold + salt``; an id of no Timbuktu card reads as it is."""
    parts = card.split("-")
    if parts[:2] == ["TIMBUKTU", "CAMEL"] and len(parts) == 3:
        return _("Camel {camel}").format(camel=parts[2])
    if parts[:2] != ["TIMBUKTU", "THIEF"] or len(parts) < 4:
        return card
    kind, rest = parts[2], parts[3:]
    if kind == "PEN":
        return pgettext("a thief card", "Pen {pen}").format(pen=rest[0])
    if kind == "PITCH":
        if len(rest) == 1:
            return pgettext("a thief card", "Pitch {pitch}").format(pitch=rest[0])
        return pgettext("a thief card", "Pitches {pitches}").format(pitches="·".join(rest))
    goods = {good.value.upper(): good for good in Good}
    if kind == "GOODS" and all(part in goods for part in rest):
        named = " + ".join(good_name(goods[part]) for part in rest)
        return named[:1].upper() + named[1:]
    return card
