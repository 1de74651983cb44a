"""Every action the table may take now, for the screen's choices and for random games.

Hands are secret, so a card a player lays from their cache may be any good the table has not seen
all of. Where the choices are open-ended, the list is complete in kind but not in every variation:
draws lay the fewest cards into the market that the rules and the hand limit ask for, or one more;
donkey loads are listed in one order (a donkey takes any); special cards are paid with the fewest
cards from the cache or from the top of one animal; over the hand limit, ``end_turn`` lays just the
cards the limit requires into the market; ``confirm_value`` is listed once per good whose value is
unknown, as a form to fill in. Anything else legal is still accepted by :meth:`TuaregRules.check`.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations_with_replacement, product

from companion.games.tuareg import actions as a
from companion.games.tuareg.loading import load_refusals
from companion.games.tuareg.model import CAPACITY, MAX_PER_TURN, SPECIAL_CARD_PRICE, Animal, Good
from companion.games.tuareg.passing import may_pass
from companion.games.tuareg.state import (
    CAVE_CAPACITY,
    AnimalRef,
    GoodCounts,
    Phase,
    PlayerState,
    TuaregState,
)
from companion.games.tuareg.turns import DRAW_SIZE, HAND_LIMIT


def legal_actions(state: TuaregState) -> list[a.TuaregAction]:
    return [*_phase_actions(state), *_confirmations(state)]


def _phase_actions(state: TuaregState) -> list[a.TuaregAction]:
    if state.phase is Phase.MARKET:
        return [a.OpenMarket(goods=pair) for pair in _handfuls(state, 2)]
    if state.phase is Phase.REVEAL:
        return list(_reveals(state))
    if state.phase is Phase.GAME_OVER:
        return [
            a.RevealHand(player=seat, goods=goods)
            for seat, p in enumerate(state.players)
            if p.hand_revealed is None
            for goods in _handfuls(state, p.hand)
        ]
    return list(_turn(state))


def _confirmations(state: TuaregState) -> Iterator[a.ConfirmValue]:
    """One ``confirm_value`` per good whose printed values are not both known, in any phase: the
    known one as it is, the unknown one at its lowest (the table enters what the card prints)."""
    for good, value in state.values:
        if value.dinars is None or value.points is None:
            yield a.ConfirmValue(good=good, dinars=value.dinars or 1, points=value.points or 1)


def _handfuls(state: TuaregState, size: int) -> list[tuple[Good, ...]]:
    """Every multiset of ``size`` goods the unseen cards could make up."""
    unseen = state.unseen()
    return [
        combo
        for combo in combinations_with_replacement(Good, size)
        if unseen.covers(GoodCounts.of(combo))
    ]


def _turn(state: TuaregState) -> Iterator[a.TuaregAction]:
    seat = state.to_move
    player = state.players[seat]
    if state.turn.main is None:
        yield from _draws(state, seat, player)
        yield from _loads(state, seat, player)
        yield from _market_takes(state, seat, player)
        yield from _buys(state, seat, player)
    yield from _hides(state, seat, player)
    yield from _steals(state, seat, player)
    if state.turn.main is None and (state.deck > 0 or not may_pass(state, seat)):
        return
    if player.hand <= HAND_LIMIT:
        yield a.EndTurn(player=seat)
    else:
        for goods in _handfuls(state, player.hand - HAND_LIMIT):
            yield a.EndTurn(player=seat, to_market=goods)


def _draws(state: TuaregState, seat: int, player: PlayerState) -> Iterator[a.Draw]:
    if state.deck == 0:
        return
    drawn = min(DRAW_SIZE, state.deck)
    held = player.hand + drawn
    fewest = max(1 if drawn == DRAW_SIZE else 0, held - HAND_LIMIT)
    for size in range(fewest, min(fewest + 1, held) + 1):
        for goods in _handfuls(state, size):
            yield a.Draw(player=seat, to_market=goods)


def _loadable(ref: AnimalRef, stack: tuple[Good, ...], most: int) -> Iterator[tuple[Good, ...]]:
    """Every load of 1..``most`` cards that may go on top of ``stack`` (a donkey: one order)."""
    for size in range(1, min(most, MAX_PER_TURN, CAPACITY - len(stack)) + 1):
        loads: Iterator[tuple[Good, ...]]
        if ref.animal is Animal.DONKEY:
            loads = combinations_with_replacement(Good, size)
        else:
            loads = product(Good, repeat=size)
        for goods in loads:
            if not load_refusals(ref.animal, stack, goods):
                yield goods


def _loads(state: TuaregState, seat: int, player: PlayerState) -> Iterator[a.LoadFromCache]:
    unseen = state.unseen()
    for ref, stack in player.animals():
        for goods in _loadable(ref, stack, player.hand):
            if unseen.covers(GoodCounts.of(goods)):
                yield a.LoadFromCache(player=seat, onto=ref, goods=goods)


def _market_takes(state: TuaregState, seat: int, player: PlayerState) -> Iterator[a.TakeFromMarket]:
    for ref, stack in player.animals():
        for good, available in state.market.items():
            for count in range(1, min(available, MAX_PER_TURN) + 1):
                if not load_refusals(ref.animal, stack, (good,) * count):
                    yield a.TakeFromMarket(player=seat, onto=ref, good=good, count=count)


def _buys(state: TuaregState, seat: int, player: PlayerState) -> Iterator[a.Buy]:
    for card, left in state.supply:
        if left == 0:
            continue
        for goods in _fewest_cards_paying(state, player.hand):
            yield a.Buy(player=seat, card=card, from_cache=goods)
        for ref, stack in player.animals():
            taken = _tops_paying(state, stack)
            if taken:
                yield a.Buy(player=seat, card=card, from_animals=(ref,) * taken)


def _dinars(state: TuaregState, good: Good) -> int:
    """A good's dinar value; one the table has not confirmed counts as the full price (trusted)."""
    dinars = state.value(good).dinars
    return SPECIAL_CARD_PRICE if dinars is None else dinars


def _fewest_cards_paying(state: TuaregState, hand: int) -> Iterator[tuple[Good, ...]]:
    for size in range(1, hand + 1):
        for goods in _handfuls(state, size):
            worth = [_dinars(state, g) for g in goods]
            if sum(worth) >= SPECIAL_CARD_PRICE and sum(worth) - min(worth) < SPECIAL_CARD_PRICE:
                yield goods


def _tops_paying(state: TuaregState, stack: tuple[Good, ...]) -> int:
    """How many top cards of ``stack``, taken one after the other, first pay the price (0: never)."""
    paid = 0
    for taken, good in enumerate(reversed(stack), 1):
        paid += _dinars(state, good)
        if paid >= SPECIAL_CARD_PRICE:
            return taken
    return 0


def _hides(state: TuaregState, seat: int, player: PlayerState) -> Iterator[a.Hide]:
    for number, cave in enumerate(player.caves, 1):
        if len(cave) >= CAVE_CAPACITY or number in state.turn.caves_used:
            continue
        if player.hand:
            yield a.Hide(player=seat, cave=number)
        for ref, stack in player.animals():
            if stack:
                yield a.Hide(player=seat, cave=number, source=ref)


def _steals(state: TuaregState, seat: int, player: PlayerState) -> Iterator[a.Steal]:
    for number, thief in enumerate(player.thieves, 1):
        if thief:
            continue
        for victim_seat, victim in enumerate(state.players):
            if victim_seat == seat:
                continue
            if victim.hand:
                yield a.Steal(player=seat, thief=number, victim=victim_seat)
            for ref, stack in victim.animals():
                if stack:
                    yield a.Steal(player=seat, thief=number, victim=victim_seat, source=ref)


def _reveals(state: TuaregState) -> Iterator[a.TuaregAction]:
    unseen = state.unseen()
    waiting = False
    for seat, player in enumerate(state.players):
        for number, cave in enumerate(player.caves, 1):
            unknown = cave.count(None)
            if not unknown:
                continue
            waiting = True
            for named in combinations_with_replacement(Good, unknown):
                if unseen.covers(GoodCounts.of(named)):
                    names = iter(named)
                    goods = tuple(g if g is not None else next(names) for g in cave)
                    yield a.RevealCave(player=seat, cave=number, goods=goods)
        for number, thief in enumerate(player.thieves, 1):
            if None in thief:
                waiting = True
                for good in Good:
                    if unseen[good]:
                        yield a.RevealThief(player=seat, thief=number, good=good)
        if player.maps:
            yield a.CashMap(player=seat)
    if not waiting:
        yield a.ScoreStage()
