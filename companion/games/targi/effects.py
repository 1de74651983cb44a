"""What cards do to a player: goods cards, Merchant, Silversmith, and taking a tribe card."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from companion.games.targi.actions import Exchange, SilversmithTrade
from companion.games.targi.catalog import catalog
from companion.games.targi.model import ROW_LENGTH, Good, PlayerState, Stock, TargiState
from companion.games.targi.piles import discard
from companion.games.targi.refusals import (
    CANNOT_AFFORD,
    CHOICE_REQUIRED,
    GOOD_REQUIRED,
    HAND_FULL,
    NO_CHOICE,
    NO_EXCHANGE,
    NO_GOLD_ALTERNATIVE,
    NO_GOOD_EXPECTED,
    NO_GOODS_FOR_GOLD,
    ROW_FULL,
    ROW_REQUIRED,
    SAME_GOOD,
)
from companion.installation.i18n import N_, _

MERCHANT_FOR_GOLD = 3
MERCHANT_FOR_GOOD = 2
SILVERSMITH: dict[SilversmithTrade, tuple[Stock | None, int]] = {
    SilversmithTrade.TWO_GOODS: (None, 1),
    SilversmithTrade.FOUR_GOODS: (None, 3),
    SilversmithTrade.ONE_GOLD: (Stock(gold=1), 2),
    SilversmithTrade.TWO_GOLD: (Stock(gold=2), 4),
}
"""trade -> (gold paid, or None for goods of one kind; VP gained)."""
SILVERSMITH_GOODS = {SilversmithTrade.TWO_GOODS: 2, SilversmithTrade.FOUR_GOODS: 4}


AMOUNT_NAMES = (N_("dates"), N_("salt"), N_("pepper"), N_("gold"), N_("VP"))


def amount_text(amount: Stock) -> str:
    """``2 dates, 1 pepper and 1 gold`` (``nothing`` for an empty amount)."""
    parts = [
        f"{count} {_(name)}"
        for count, name in zip(amount.as_tuple(), AMOUNT_NAMES, strict=True)
        if count
    ]
    if not parts:
        return _("nothing")
    if len(parts) == 1:
        return parts[0]
    return _("{some} and {last}").format(some=", ".join(parts[:-1]), last=parts[-1])


def require_covers(stock: Stock, cost: Stock, what: str) -> None:
    """Refuse (``cannot_afford``) a payment the stock cannot make, naming the cost and what is
    missing."""
    if not stock.covers(cost):
        raise CANNOT_AFFORD.violation(
            what=what, cost=amount_text(cost), missing=amount_text(stock.shortfall(cost))
        )


def _pay(stock: Stock, cost: Stock, what: str) -> Stock:
    require_covers(stock, cost, what)
    return stock - cost


def goods_card_gain(card_id: str, choice: Good | None) -> Stock:
    """What a goods card gives; a choice card needs ``choice``, any other card refuses one."""
    card = catalog().goods[card_id]
    if card.choice:
        if choice is None:
            raise CHOICE_REQUIRED.violation(card=card_id)
        return Stock.of(choice)
    if choice is not None:
        raise NO_CHOICE.violation(card=card_id)
    return card.gives


def merchant(stock: Stock, exchanges: Sequence[Exchange]) -> Stock:
    """Any number of exchanges, in order: 3 identical goods -> 1 gold, 2 -> 1 other good."""
    if not exchanges:
        raise NO_EXCHANGE.violation()
    for number, exchange in enumerate(exchanges, 1):
        if exchange.get == "gold":
            cost, gain = Stock.of(exchange.give, MERCHANT_FOR_GOLD), Stock(gold=1)
        elif exchange.get is exchange.give:
            raise SAME_GOOD.violation(n=number)
        else:
            cost, gain = Stock.of(exchange.give, MERCHANT_FOR_GOOD), Stock.of(exchange.get)
        stock = _pay(stock, cost, _("Exchange {n}").format(n=number)) + gain
    return stock


def silversmith(stock: Stock, trade: SilversmithTrade, good: Good | None) -> Stock:
    gold_paid, vp = SILVERSMITH[trade]
    if gold_paid is None:
        if good is None:
            raise GOOD_REQUIRED.violation()
        cost = Stock.of(good, SILVERSMITH_GOODS[trade])
    elif good is not None:
        raise NO_GOOD_EXPECTED.violation()
    else:
        cost = gold_paid
    return _pay(stock, cost, _("The Silversmith's trade")) + Stock(vp=vp)


def gold_alternative(state: TargiState, card_id: str) -> bool | None:
    """Whether ``card_id`` prints "goods / 1 gold": the table's word, else the catalog's (None:
    nobody has said)."""
    confirmed = state.facts(card_id).gold_alternative
    return catalog().tribe[card_id].gold_alternative if confirmed is None else confirmed


def display_cost(state: TargiState, card_id: str, pay_gold: bool) -> Stock:
    """The printed cost; with ``pay_gold``, its goods replaced by 1 gold (gold it prints is still
    paid). Refused where the card is known not to print "goods / 1 gold"; where nobody has said,
    the player's statement that it does stands. (Games logged under rules version 1 paid 1 gold
    in all, and replay so.)"""
    cost = catalog().tribe[card_id].cost
    if not pay_gold:
        return cost
    alternative = gold_alternative(state, card_id)
    if alternative is not False and state.rules_version == 1:
        return Stock(gold=1)
    if alternative is False:
        raise NO_GOLD_ALTERNATIVE.violation(card=card_id)
    if cost.goods == 0:
        raise NO_GOODS_FOR_GOLD.violation(card=card_id)
    return Stock(gold=cost.gold + 1)


def take_tribe_card(
    state: TargiState,
    seat: int,
    card_id: str,
    decision: str,
    row: int | None,
    pay_gold: bool,
) -> TargiState:
    """Display (paying), keep in a free hand, or discard a tribe card the player has just taken."""
    player = state.players[seat]
    if decision == "discard":
        return discard(state, card_id)
    if decision == "hand":
        if player.hand is not None:
            raise HAND_FULL.violation()
        return state.with_player(seat, replace(player, hand=card_id, hand_round=state.round))
    cost = display_cost(state, card_id, pay_gold)
    return state.with_player(seat, display_card(player, card_id, row, cost))


def display_card(player: PlayerState, card_id: str, row: int | None, cost: Stock) -> PlayerState:
    """``player`` after paying ``cost`` for ``card_id`` and laying it at the end of ``row``."""
    if row is None:
        raise ROW_REQUIRED.violation()
    if len(player.display[row]) >= ROW_LENGTH:
        raise ROW_FULL.violation(row=row + 1)
    what = _("Displaying {card}").format(card=card_id)
    stock = _pay(player.stock, cost, what)
    display = tuple(
        (*cards, card_id) if index == row else cards for index, cards in enumerate(player.display)
    )
    return replace(player, stock=stock, display=display)
