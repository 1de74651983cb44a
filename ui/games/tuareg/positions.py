"""Tuareg games a table has played so far, logged through the session into a store: the positions
Tuareg's tour states and typical turns start from (and the tests' Tuareg positions)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from companion.games.tuareg import actions as ua
from companion.games.tuareg.model import Animal, Good, SpecialCard
from companion.games.tuareg.rules import TuaregRules
from companion.games.tuareg.state import AnimalRef
from companion.play.session import Session
from companion.store import Store
from ui.audit.positions import Positions, play

TUAREG = TuaregRules()
TUAREG_NAMES = ("Karin", "Timo", "Lea", "Omar", "Sami")
TUAREG_COLOURS = ("blue", "white", "red", "yellow", "green")
"""The seats' colours, as Home offers them."""
TUAREG_VALUES = {
    "water": {"dinars": 1, "points": 4},
    "salt": {"dinars": 1, "points": 3},
    "millet": {"dinars": 1, "points": 2},
}
"""Values a table might confirm for the goods the rulebook does not print."""
WATER, GOLD, SALT, MILLET = Good.WATER, Good.GOLD, Good.SALT, Good.MILLET
CAMEL_1 = AnimalRef(Animal.CAMEL, 1)
KARIN, TIMO = 0, 1

TUAREG_STAGE_ONE = (
    ua.OpenMarket(goods=(WATER, MILLET)),
    ua.SetDeck(count=12),
    ua.Draw(player=KARIN, to_market=(SALT,)),
    ua.EndTurn(player=KARIN),
    ua.Draw(player=TIMO, to_market=(SALT,)),
    ua.EndTurn(player=TIMO),
    ua.Buy(player=KARIN, card=SpecialCard.CAVE, from_cache=(GOLD, SALT)),
    ua.EndTurn(player=KARIN),
    ua.Buy(player=TIMO, card=SpecialCard.THIEF, from_cache=(GOLD, WATER)),
    ua.EndTurn(player=TIMO),
    ua.Draw(player=KARIN, to_market=(MILLET,)),
    ua.Hide(player=KARIN, cave=1),
    ua.EndTurn(player=KARIN),
    ua.TakeFromMarket(player=TIMO, onto=CAMEL_1, good=SALT, count=2),
    ua.Steal(player=TIMO, thief=1, victim=KARIN),
    ua.EndTurn(player=TIMO),
    ua.Draw(player=KARIN, to_market=(WATER,)),
    ua.EndTurn(player=KARIN),
    ua.SetMarket(),
    ua.EndTurn(player=TIMO),
    ua.Buy(player=KARIN, card=SpecialCard.MAP, from_cache=(GOLD, SALT)),
    ua.EndTurn(player=KARIN),
)
"""A first stage: a cave, a thief and a map bought; the stage's end (the reveal) is next."""

TUAREG_STAGE_TWO = (
    ua.Draw(player=TIMO, to_market=(SALT,)),
    ua.EndTurn(player=TIMO),
    ua.Draw(player=KARIN),
    ua.EndTurn(player=KARIN),
    ua.SetMarket(),
    ua.SetHand(player=TIMO, count=0),
    ua.SetHand(player=KARIN, count=0),
    ua.EndTurn(player=TIMO),
    ua.EndTurn(player=KARIN),
)
"""The second stage after the first is scored: the deck's last cards, then the count."""


def tuareg(
    store: Store, actions: Iterable[Any] = (), *, players: int = 2, confirmed: bool = True
) -> Session:
    """A game of ``players`` (Karin, Timo, ...) with the table's values unless not ``confirmed``."""
    seats = zip(TUAREG_NAMES[:players], TUAREG_COLOURS, strict=False)
    options: dict[str, Any] = {
        "players": [{"name": n, "colour": c} for n, c in seats],
        "start_player": 0,
    }
    if confirmed:
        options["values"] = TUAREG_VALUES
    return play(Session.create(store, TUAREG, TUAREG.parse_options(options)), actions)


def tuareg_opened(store: Store, players: int = 2) -> Session:
    """The market opened with a water and a millet; each player has drawn once."""
    session = tuareg(store, [ua.OpenMarket(goods=(WATER, MILLET))], players=players)
    for seat in range(players):
        play(session, [ua.Draw(player=seat, to_market=(SALT,)), ua.EndTurn(player=seat)])
    return session


POSITIONS = Positions(under_way=tuareg_opened)
"""Tuareg's part in the app's own tour states (:class:`ui.audit.positions.Positions`); a finished
game is reached through the screens (its stages scored), not logged here."""
