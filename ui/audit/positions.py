"""Games a table has played so far, logged through the real :class:`companion.play.session.Session`
into the tour's store: the positions the tour opens from Home, as a table resuming would.

Moves are chosen the plainest legal way (the first legal action, every Targi card left unused);
nothing here decides a rule: every action goes through the session, which refuses what is wrong.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from companion.games.targi import actions as ta
from companion.games.targi.model import Phase as TargiPhase
from companion.games.targi.rules import TargiRules
from companion.games.timbuktu import actions as ba
from companion.games.timbuktu.model import CAMELS, PENS, PITCHES, Good, TimbuktuState
from companion.games.timbuktu.model import Phase as TimbuktuPhase
from companion.games.timbuktu.rules import TimbuktuRules
from companion.games.tuareg import actions as ua
from companion.games.tuareg.model import Animal, SpecialCard
from companion.games.tuareg.model import Good as TuaregGood
from companion.games.tuareg.rules import TuaregRules
from companion.games.tuareg.state import AnimalRef
from companion.play.session import Session
from companion.store import Store

TARGI, TUAREG, TIMBUKTU = TargiRules(), TuaregRules(), TimbuktuRules()


class PositionError(Exception):
    """A scripted move was refused: the tour's script no longer matches the rules."""


def play(session: Session, actions: Iterable[Any]) -> Session:
    for action in actions:
        outcome = session.submit(action, seq=session.seq)
        if not outcome.verdict.ok:
            raise PositionError(f"{action!r} refused: {outcome.verdict}")
    return session


def play_until(session: Session, choose: Callable[[Any], Any], done: Callable[[Any], bool]) -> None:
    while not done(session.state):
        play(session, [choose(session.state)])


# --- Targi ---------------------------------------------------------------------------------------

TARGI_PLAYERS = [{"name": "Amal", "colour": "blue"}, {"name": "Bilal", "colour": "white"}]
CENTRE = {
    (1, 1): "TARGI-GOODS-DATES-1",
    (1, 2): "TARGI-TRIBE-WELL-1",
    (1, 3): "TARGI-GOODS-2SALT",
    (2, 1): "TARGI-TRIBE-OASIS-9",
    (2, 2): "TARGI-GOODS-CHOICE-1",
    (2, 3): "TARGI-TRIBE-TENT-3",
    (3, 1): "TARGI-GOODS-GOLD-1",
    (3, 2): "TARGI-TRIBE-TARGIA-6",
    (3, 3): "TARGI-GOODS-SALT-PEPPER",
}
"""A centre dealt at setup: goods on the corners and the middle, tribe cards on the edges."""


def targi(store: Store, *, revealed: bool = True) -> Session:
    """Amal (blue) and Bilal (white); the centre named unless ``revealed`` is False."""
    session = Session.create(store, TARGI, TARGI.parse_options({"players": TARGI_PLAYERS}))
    if revealed:
        play(session, (ta.RevealCard(cell=c, card=k) for c, k in CENTRE.items()))
    return session


def targi_next(state: Any) -> Any:
    """The plainest move: every card left unused, otherwise the first legal action."""
    if state.phase is TargiPhase.ACTIONS:
        return ta.EndTurn(player=state.to_move)
    return TARGI.legal_actions(state)[0]


def targi_placed(store: Store, cards: Iterable[int]) -> Session:
    """Targi placed on ``cards`` in turn; the centre named."""
    session = targi(store)
    for card in cards:
        play(session, [ta.Place(player=session.state.to_move, card=card)])
    return session


def targi_at_raid(store: Store) -> Session:
    """Three rounds played; the robber reaches raid 1."""
    session = targi(store)
    play_until(session, targi_next, lambda s: s.phase is TargiPhase.RAID)
    return session


def targi_at_limits(store: Store) -> Session:
    """Amal holds 12 goods and 4 gold (as a correction says) when the round's actions end."""
    session = targi_placed(store, (5, 2, 3, 14, 13, 10))
    play(session, [ta.SetStock(player=0, dates=6, salt=3, pepper=3, gold=4, vp=2)])
    play_until(session, targi_next, lambda s: s.phase is not TargiPhase.ACTIONS)
    if session.state.phase is not TargiPhase.LIMITS:
        raise PositionError(f"expected the limits, reached {session.state.phase}")
    return session


def targi_finished(store: Store) -> Session:
    session = targi(store)
    play_until(session, targi_next, TARGI.is_over)
    return session


# --- Tuareg --------------------------------------------------------------------------------------

TUAREG_NAMES = ("Karin", "Timo", "Lea", "Omar", "Sami")
TUAREG_VALUES = {
    "water": {"dinars": 1, "points": 4},
    "salt": {"dinars": 1, "points": 3},
    "millet": {"dinars": 1, "points": 2},
}
WATER, GOLD, SALT, MILLET = TuaregGood.WATER, TuaregGood.GOLD, TuaregGood.SALT, TuaregGood.MILLET
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
    options = {
        "players": [
            {"name": n, "colour": c}
            for n, c in zip(TUAREG_NAMES[:players], TUAREG_COLOURS, strict=False)
        ],
        "start_player": 0,
    }
    if confirmed:
        options["values"] = TUAREG_VALUES
    return play(Session.create(store, TUAREG, TUAREG.parse_options(options)), actions)


TUAREG_COLOURS = ("blue", "white", "red", "yellow", "green")
"""The seats' colours, as Home offers them."""


def tuareg_opened(store: Store, players: int = 2) -> Session:
    """The market opened with a water and a millet; each player has drawn once."""
    session = tuareg(store, [ua.OpenMarket(goods=(WATER, MILLET))], players=players)
    for seat in range(players):
        play(session, [ua.Draw(player=seat, to_market=(SALT,)), ua.EndTurn(player=seat)])
    return session


# --- Timbuktu ------------------------------------------------------------------------------------

TIMBUKTU_PLAYERS = [
    {"name": n, "colour": c}
    for n, c in zip(("Ada", "Ben", "Cleo"), ("red", "blue", "green"), strict=True)
]


def patterned_loads(players: int) -> list[list[list[Good]]]:
    """Known loads: the k-th camel of the table carries every good but the (k mod 5)-th."""
    camels = len(CAMELS[players])
    kinds = list(Good)
    loads = []
    for seat in range(players):
        caravan = []
        for c in range(camels):
            k = seat * camels + c
            others = [g for g in kinds if g is not kinds[k % 5]]
            caravan.append(others[k % 4 :] + others[: k % 4])
        loads.append(caravan)
    return loads


def placement_pen(state: TimbuktuState, seat: int) -> int:
    """A pen that keeps the start area completable."""
    player = state.players[seat]
    have = {c.pen for c in player.camels if c.place == 0}
    free = {pen: PITCHES - len(state.occupied(0, pen)) for pen in range(1, PENS + 1)}
    lacking = [pen for pen in range(1, PENS + 1) if pen not in have and free[pen]]
    return lacking[0] if lacking else max(free, key=lambda pen: (free[pen], -pen))


def timbuktu_next(state: TimbuktuState) -> Any:
    """Patterned loads; placements keeping the start area completable; each camel in letter order
    into the emptiest pen; thieves on pitches 1 and 2 taking gold and water."""
    seat = state.to_move
    if state.phase is TimbuktuPhase.LOADING:
        seat = next(s for s, p in enumerate(state.players) if not p.loaded)
        loads = patterned_loads(len(state.players))[seat]
        return ba.LoadCaravan(player=seat, camels=tuple(map(tuple, loads)))
    if state.phase is TimbuktuPhase.PLACEMENT:
        camel = next(c for c in state.players[seat].camels if c.place is None)
        return ba.PlaceCamel(player=seat, camel=camel.letter, pen=placement_pen(state, seat))
    if state.phase is TimbuktuPhase.MOVES:
        camel = next(c for c in state.players[seat].camels if c.place != state.stage)
        free = {p: PITCHES - len(state.occupied(state.stage, p)) for p in range(1, PENS + 1)}
        pen = max(free, key=lambda p: (free[p], -p))
        pitch = PITCHES - free[pen] + 1
        known = state.layout.is_swap_field(state.stage, pen, pitch) is not None
        return ba.MoveCamel(player=seat, camel=camel.letter, pen=pen, swap=None if known else False)
    if state.phase is TimbuktuPhase.SWAP:
        return ba.PassThiefPiles()
    pen = min(set(range(1, PENS + 1)) - set(state.robbed_pens))
    return ba.RevealThief(pen=pen, pitches=(1, 2), goods=(Good.GOLD, Good.WATER))


def timbuktu(store: Store, done: Callable[[TimbuktuState], bool]) -> Session:
    """Ada (red), Ben (blue) and Cleo (green), played until ``done``."""
    options = TIMBUKTU.parse_options({"players": TIMBUKTU_PLAYERS})
    session = Session.create(store, TIMBUKTU, options)
    play_until(session, timbuktu_next, done)
    return session


def at_phase(phase: TimbuktuPhase, stage: int | None = None) -> Callable[[TimbuktuState], bool]:
    return lambda s: s.phase is phase and (stage is None or s.stage == stage)
