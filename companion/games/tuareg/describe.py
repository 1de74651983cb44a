"""Tuareg's everyday actions in a few words (``Karin took 2 water from the market``): what undo
and redo name. Actions not worded here read in :mod:`companion.play.describe`'s generic words."""

from __future__ import annotations

from typing import Any

from companion.games.tuareg import actions as a
from companion.games.tuareg.model import Animal
from companion.games.tuareg.names import good_name, special_name
from companion.games.tuareg.state import AnimalRef
from companion.installation.i18n import _, ngettext
from companion.play.describe import player_name, seat_name


def describe(state: Any, action: Any) -> str | None:
    name = player_name(state, action) or ""
    if isinstance(action, a.Draw):
        return _("{name} drew").format(name=name)
    if isinstance(action, a.TakeFromMarket):
        return _("{name} took {count} {good} from the market").format(
            name=name, count=action.count, good=good_name(action.good)
        )
    if isinstance(action, a.LoadFromCache):
        return _("{name} loaded from the hand").format(name=name)
    if isinstance(action, a.Buy):
        return _("{name} bought a {card}").format(name=name, card=special_name(action.card))
    if isinstance(action, a.Hide):
        return _("{name} hid a card in cave {n}").format(name=name, n=action.cave)
    if isinstance(action, a.Steal):
        victim = seat_name(state, action.victim) or ""
        return _("{name} stole from {victim}").format(name=name, victim=victim)
    if isinstance(action, a.EndTurn):
        return _("{name}'s end of turn").format(name=name)
    if isinstance(action, a.OpenMarket):
        return _("the market opened")
    if isinstance(action, a.RevealCave):
        return _("{name}'s cave {n} revealed").format(name=name, n=action.cave)
    if isinstance(action, a.RevealThief):
        return _("{name}'s thief {n} revealed").format(name=name, n=action.thief)
    if isinstance(action, a.CashMap):
        return _("{name} cashed a map").format(name=name)
    if isinstance(action, a.ScoreStage):
        return _("the stage scored")
    if isinstance(action, a.RevealHand):
        return _("{name}'s hand shown").format(name=name)
    if isinstance(action, a.ConfirmValue):
        return _("the value of {good} confirmed").format(good=good_name(action.good))
    return correction(name, action)


def animal_words(ref: AnimalRef) -> str:
    if ref.animal is Animal.CAMEL:
        return _("Camel {n}").format(n=ref.number)
    return _("Donkey {n}").format(n=ref.number)


def correction(name: str, action: Any) -> str | None:
    """A correction in words: what the table now shows (the log marks it as a correction)."""
    if isinstance(action, a.SetHand):
        return ngettext(
            "{name}'s hand set to {n} card", "{name}'s hand set to {n} cards", action.count
        ).format(name=name, n=action.count)
    if isinstance(action, a.SetStack):
        return _("{name}'s {animal} set").format(name=name, animal=animal_words(action.animal))
    if isinstance(action, a.SetMarket):
        return _("the market set")
    if isinstance(action, a.SetDeck):
        return ngettext(
            "the deck set to {n} card", "the deck set to {n} cards", action.count
        ).format(n=action.count)
    if isinstance(action, a.SetTurn):
        return _("{name} to move (corrected)").format(name=name)
    return None
