"""A player's turn: one main action (draw, load, take from the market, buy), caves and thieves used
around it, and the end of the turn with its hand limit.

Every handler takes the state and an action and returns the new state, or raises
:class:`RuleViolation` naming the rule the action breaks; nothing is changed by a refusal.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from companion.games.tuareg import actions as a
from companion.games.tuareg import stage
from companion.games.tuareg.loading import load_violation
from companion.games.tuareg.model import SPECIAL_CARD_PRICE, Good, SpecialCard
from companion.games.tuareg.names import good_name, special_name
from companion.games.tuareg.passing import PASS_WHEN_EMPTY, possible_action
from companion.games.tuareg.refusals import (
    ACTION_POSSIBLE,
    CAVE_FULL,
    CAVE_USED,
    DECK_EMPTY,
    EMPTY_ANIMAL,
    MARKET_CARD,
    MARKET_EXTRA,
    NO_ACTION,
    NOT_IN_HAND,
    NOT_IN_MARKET,
    ONE_ACTION,
    OVER_HAND_LIMIT,
    OWN_CARDS,
    SOLD_OUT,
    THIEF_USED,
    UNDERPAID,
    UNDERPAID_WORTH,
    WRONG_CARD,
    require_animal,
    require_plausible,
    require_seat,
    require_special,
    require_turn,
)
from companion.games.tuareg.state import (
    CAVE_CAPACITY,
    AnimalRef,
    GoodCounts,
    PlayerState,
    TuaregState,
    TurnProgress,
)

DRAW_SIZE = 3
HAND_LIMIT = 4


# --- refusals shared by the handlers ------------------------------------------------------------


def _start_main(state: TuaregState, seat: int, main: str) -> tuple[TuaregState, PlayerState]:
    player = require_turn(state, seat)
    if state.turn.main is not None:
        raise ONE_ACTION.violation()
    return replace(state, turn=replace(state.turn, main=main)), player


def _from_hand(player: PlayerState, count: int) -> PlayerState:
    if count > player.hand:
        raise NOT_IN_HAND.violation(name=player.name, n=player.hand, k=count)
    return replace(player, hand=player.hand - count)


def take_top(player: PlayerState, ref: AnimalRef) -> tuple[PlayerState, Good]:
    """The top card of ``ref`` comes off; refused if the animal is missing or carries nothing."""
    require_animal(player, ref)
    stack = player.stack(ref)
    if not stack:
        raise EMPTY_ANIMAL.violation(name=player.name, animal=ref.label())
    return player.with_stack(ref, stack[:-1]), stack[-1]


def _take_one(
    player: PlayerState, source: AnimalRef | None, named: Good | None
) -> tuple[PlayerState, Good | None]:
    """One card comes off the player's cache (``source`` None: its kind is ``named``, maybe
    unknown) or the top of the animal ``source`` (whose top card ``named``, if given, must be)."""
    if source is None:
        return _from_hand(player, 1), named
    player, top = take_top(player, source)
    if named is not None and named is not top:
        raise WRONG_CARD.violation(animal=source.label(), good=good_name(top))
    return player, top


def _load(player: PlayerState, ref: AnimalRef, goods: Sequence[Good]) -> PlayerState:
    require_animal(player, ref)
    stack = player.stack(ref)
    violation = load_violation(ref.animal, stack, goods)
    if violation is not None:
        raise violation
    return player.with_stack(ref, (*stack, *goods))


# --- main actions -------------------------------------------------------------------------------


def draw(state: TuaregState, action: a.Draw) -> TuaregState:
    state, player = _start_main(state, action.player, "draw")
    if state.deck == 0:
        raise DECK_EMPTY.violation()
    drawn = min(DRAW_SIZE, state.deck)
    if drawn == DRAW_SIZE and not action.to_market:
        raise MARKET_CARD.violation()
    player = _from_hand(replace(player, hand=player.hand + drawn), len(action.to_market))
    state = replace(
        state, deck=state.deck - drawn, market=state.market + GoodCounts.of(action.to_market)
    )
    return require_plausible(state.with_player(action.player, player))


def load_from_cache(state: TuaregState, action: a.LoadFromCache) -> TuaregState:
    state, player = _start_main(state, action.player, "load")
    player = _load(_from_hand(player, len(action.goods)), action.onto, action.goods)
    return require_plausible(state.with_player(action.player, player))


def take_from_market(state: TuaregState, action: a.TakeFromMarket) -> TuaregState:
    state, player = _start_main(state, action.player, "market")
    if state.market[action.good] < action.count:
        raise NOT_IN_MARKET.violation(n=state.market[action.good], good=good_name(action.good))
    taken = (action.good,) * action.count
    player = _load(player, action.onto, taken)
    state = replace(state, market=state.market - GoodCounts.of(taken))
    return state.with_player(action.player, player)


def buy(state: TuaregState, action: a.Buy) -> TuaregState:
    state, player = _start_main(state, action.player, "buy")
    if state.supply_of(action.card) == 0:
        raise SOLD_OUT.violation(card=special_name(action.card))
    player = _from_hand(player, len(action.from_cache))
    paid = list(action.from_cache)
    for ref in action.from_animals:
        player, good = take_top(player, ref)
        paid.append(good)
    _require_price(state, paid)
    player = _receive(player, action.card)
    state = replace(state, discard=state.discard + GoodCounts.of(paid))
    state = state.with_supply(action.card, -1).with_player(action.player, player)
    return require_plausible(state)


@dataclass(frozen=True)
class Worth:
    """What cards paid are worth as far as the table confirmed their dinar values."""

    known: int
    """The dinars of the cards whose value is confirmed."""
    unknown: int
    """How many cards have a value not confirmed yet."""


def payment_worth(state: TuaregState, paid: Sequence[Good]) -> Worth:
    """The dinars ``paid`` is worth: the confirmed values summed, the others counted."""
    dinars = [state.value(good).dinars for good in paid]
    return Worth(
        known=sum(d for d in dinars if d is not None),
        unknown=sum(1 for d in dinars if d is None),
    )


def _require_price(state: TuaregState, paid: Sequence[Good]) -> None:
    """At least 3 dinars. A card whose dinar value the table has not confirmed is trusted: the app
    cannot say the payment is short, and the table is the truth."""
    if not paid:
        raise UNDERPAID.violation(n=SPECIAL_CARD_PRICE)
    worth = payment_worth(state, paid)
    if not worth.unknown and worth.known < SPECIAL_CARD_PRICE:
        raise UNDERPAID_WORTH.violation(n=SPECIAL_CARD_PRICE, paid=worth.known)


def _receive(player: PlayerState, card: SpecialCard) -> PlayerState:
    if card is SpecialCard.DONKEY:
        return replace(player, donkeys=(*player.donkeys, ()))
    if card is SpecialCard.CAVE:
        return replace(player, caves=(*player.caves, ()))
    if card is SpecialCard.THIEF:
        return replace(player, thieves=(*player.thieves, ()))
    return replace(player, maps=player.maps + 1)


# --- caves and thieves --------------------------------------------------------------------------


def hide(state: TuaregState, action: a.Hide) -> TuaregState:
    player = require_turn(state, action.player)
    cave = require_special(player, SpecialCard.CAVE, action.cave)
    if len(cave) >= CAVE_CAPACITY:
        raise CAVE_FULL.violation(n=CAVE_CAPACITY)
    if action.cave in state.turn.caves_used:
        raise CAVE_USED.violation()
    player, hidden = _take_one(player, action.source, action.good)
    player = player.with_hidden(SpecialCard.CAVE, action.cave, (*cave, hidden))
    turn = replace(state.turn, caves_used=(*state.turn.caves_used, action.cave))
    return require_plausible(replace(state, turn=turn).with_player(action.player, player))


def steal(state: TuaregState, action: a.Steal) -> TuaregState:
    player = require_turn(state, action.player)
    if require_special(player, SpecialCard.THIEF, action.thief):
        raise THIEF_USED.violation()
    victim = require_seat(state, action.victim)
    if action.victim == action.player:
        raise OWN_CARDS.violation()
    victim, loot = _take_one(victim, action.source, action.good)
    player = player.with_hidden(SpecialCard.THIEF, action.thief, (loot,))
    state = state.with_player(action.victim, victim).with_player(action.player, player)
    return require_plausible(state)


# --- the end of a turn --------------------------------------------------------------------------


def end_turn(state: TuaregState, action: a.EndTurn) -> TuaregState:
    """The hand limit applies now: the cards the limit requires (``to_market``) go into the market
    first, as the rulebook says ("lay as many resource cards in the market as required")."""
    player = require_turn(state, action.player)
    if state.turn.main is None:
        _require_pass(state, action.player)
    if action.to_market:
        if player.hand - len(action.to_market) < HAND_LIMIT:
            raise MARKET_EXTRA.violation(
                name=player.name, n=player.hand, k=max(0, player.hand - HAND_LIMIT)
            )
        player = _from_hand(player, len(action.to_market))
        state = replace(state, market=state.market + GoodCounts.of(action.to_market))
        state = require_plausible(state.with_player(action.player, player))
    if player.hand > HAND_LIMIT:
        raise OVER_HAND_LIMIT.violation(
            name=player.name, n=player.hand, limit=HAND_LIMIT, k=player.hand - HAND_LIMIT
        )
    state = replace(state, to_move=state.next_seat(action.player), turn=TurnProgress())
    return stage.after_turn(state, action.player)


def _require_pass(state: TuaregState, seat: int) -> None:
    """A turn without its action: only with the deck empty, by a player who can do nothing (by
    anyone under the house rule :data:`PASS_WHEN_EMPTY`)."""
    if state.deck > 0:
        raise NO_ACTION.violation()
    if PASS_WHEN_EMPTY in state.house_rules:
        return
    possible = possible_action(state, seat)
    if possible is not None:
        raise ACTION_POSSIBLE.violation(name=state.players[seat].name, action=possible)
