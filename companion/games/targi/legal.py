"""Every ordinary action the table may take now.

Finite choices are listed in full (placements, raid payments, which card was drawn, where a tribe
card goes). The Merchant allows any sequence of exchanges: it is listed as each single exchange,
and :meth:`TargiRules.check` accepts any longer sequence. What a card's text allows is listed once the
player displays a card the table marked with it. Corrections are always available and are not
listed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import combinations, product
from typing import TYPE_CHECKING, Literal

from companion.games.targi import actions as a
from companion.games.targi import piles
from companion.games.targi.board import BORDER, BorderCard, legal_placements
from companion.games.targi.catalog import catalog
from companion.games.targi.flow import awaiting_reveal, excess, over_limit
from companion.games.targi.model import (
    DISPLAY_ROWS,
    CardEffect,
    CardKind,
    Good,
    Phase,
    Stock,
    TargiState,
)
from companion.games.targi.raids import raid_options

if TYPE_CHECKING:
    from companion.games.targi.rules import TargiRules

GOODS = tuple(Good)


def legal_actions(rules: TargiRules, state: TargiState) -> list[a.TargiAction]:
    return list(legal_iter(rules, state))


def legal_iter(rules: TargiRules, state: TargiState) -> Iterator[a.TargiAction]:
    """The legal actions one at a time: each candidate is checked (applied) only when asked for."""
    return (action for action in _candidates(state) if rules.check(state, action).ok)


def legal_where(
    rules: TargiRules, state: TargiState, keep: Callable[[a.TargiAction], bool]
) -> list[a.TargiAction]:
    """The legal actions ``keep`` keeps: only the candidates it keeps are checked (a scanned
    card's reveals, out of some 250 candidates)."""
    return [
        action for action in _candidates(state) if keep(action) and rules.check(state, action).ok
    ]


def _candidates(state: TargiState) -> Iterator[a.TargiAction]:
    seat = state.to_move
    if state.phase is Phase.REVEAL:
        yield from _reveals(state)
    elif state.phase is Phase.RAID and seat is not None:
        yield from _raid_payments(state, seat)
    elif state.phase is Phase.PLACEMENT and seat is not None:
        player, opponent = state.players[seat], state.players[1 - seat]
        for card in legal_placements(state.robber, player.targi, opponent.targi):
            yield a.Place(player=seat, card=card)
    elif state.phase is Phase.ACTIONS and seat is not None:
        yield from _card_uses(state, seat)
    elif state.phase is Phase.LIMITS:
        yield from _returns(state)


def _reveals(state: TargiState) -> Iterator[a.TargiAction]:
    for cell in awaiting_reveal(state):
        for card in sorted(piles.pile(state, state.slot(cell).kind)):
            yield a.RevealCard(cell=cell, card=card)


def _goods_mixes(total: int) -> Iterator[tuple[int, int, int]]:
    for dates in range(total + 1):
        for salt in range(total - dates + 1):
            yield dates, salt, total - dates - salt


def _raid_payments(state: TargiState, seat: int) -> Iterator[a.TargiAction]:
    assert state.raid is not None
    if state.has_effect(seat, CardEffect.RAID_PROTECTION):
        yield a.RaidProtected(player=seat)
    options, _gains = raid_options(state.raid, state.players[seat].stock, state.house_rules)
    if not options:
        yield a.PayRaid(player=seat)
    for option in options:
        if option.resource == "goods":
            for dates, salt, pepper in _goods_mixes(option.amount):
                yield a.PayRaid(player=seat, dates=dates, salt=salt, pepper=pepper)
        elif option.resource == "vp":
            yield a.PayRaid(player=seat, vp=option.amount)
        else:
            yield a.PayRaid(player=seat, gold=option.amount)


def _tribe_decisions() -> Iterator[tuple[a.TribeDecision, int | None, bool]]:
    yield "discard", None, False
    yield "hand", None, False
    for row, pay_gold in product(range(DISPLAY_ROWS), (False, True)):
        yield "display", row, pay_gold


def _goods_choices(card: str) -> tuple[Good | None, ...]:
    return GOODS if catalog().goods[card].choice else (None,)


def _card_uses(state: TargiState, seat: int) -> Iterator[a.TargiAction]:
    player = state.players[seat]
    yield a.EndTurn(player=seat)
    spaces: tuple[int | tuple[int, int], ...] = (*player.targi, *player.markers)
    for space in spaces:
        yield a.Skip(player=seat, space=space)
    for card in player.targi:
        yield from _border_uses(state, seat, BORDER[card], card)
    for cell in player.markers:
        slot = state.slot(cell)
        if slot.kind is CardKind.GOODS and slot.card is not None:
            for choice in _goods_choices(slot.card):
                yield a.TakeCentralGoods(player=seat, cell=cell, choice=choice)
        else:
            for decision, row, pay_gold in _tribe_decisions():
                yield a.TakeCentralTribe(
                    player=seat, cell=cell, decision=decision, row=row, pay_gold=pay_gold
                )
    yield from _card_text_uses(state, seat)


def _card_text_uses(state: TargiState, seat: int) -> Iterator[a.TargiAction]:
    """What the player's displayed cards allow, as the table marked them: the hand card into any
    row, and every swap of two cards in different rows (a swap within a row changes no score)."""
    if state.has_effect(seat, CardEffect.PLAY_FROM_HAND):
        for row, pay_gold in product(range(DISPLAY_ROWS), (False, True)):
            yield a.PlayFromHand(player=seat, row=row, pay_gold=pay_gold)
    if state.has_effect(seat, CardEffect.SWAP_DISPLAYED):
        spots = [
            (row, index)
            for row, cards in enumerate(state.players[seat].display)
            for index in range(len(cards))
        ]
        for first, second in combinations(spots, 2):
            if first[0] != second[0]:
                yield a.SwapDisplayed(player=seat, first=first, second=second)


def _border_uses(
    state: TargiState, seat: int, kind: BorderCard, card: int
) -> Iterator[a.TargiAction]:
    player = state.players[seat]
    if kind in (BorderCard.DATES, BorderCard.SALT, BorderCard.PEPPER):
        yield a.TakeGoods(player=seat, card=card)
    elif kind is BorderCard.NOBLE:
        yield a.UseNoble(player=seat, decision="discard")
        for row, pay_gold in product(range(DISPLAY_ROWS), (False, True)):
            yield a.UseNoble(player=seat, decision="display", row=row, pay_gold=pay_gold)
    elif kind is BorderCard.MERCHANT:
        gets: tuple[Good | Literal["gold"], ...] = (*GOODS, "gold")
        for give, get in product(GOODS, gets):
            yield a.UseMerchant(player=seat, exchanges=(a.Exchange(give=give, get=get),))
    elif kind is BorderCard.SILVERSMITH:
        for trade in a.SilversmithTrade:
            for good in GOODS if "goods" in trade.value else (None,):
                yield a.UseSilversmith(player=seat, trade=trade, good=good)
    elif kind is BorderCard.FATA_MORGANA:
        for marker in player.markers:
            for cell, _slot in state.centre:
                yield a.UseFataMorgana(player=seat, marker=marker, to=cell)
    elif kind is BorderCard.CARAVAN:
        for drawn in sorted(piles.goods_pile(state)):
            for choice in _goods_choices(drawn):
                yield a.UseCaravan(player=seat, card=drawn, choice=choice)
    elif kind is BorderCard.TRIBAL_EXPANSION:
        for drawn in sorted(piles.tribe_pile(state)):
            for decision, to_row, pay_gold in _tribe_decisions():
                yield a.UseTribalExpansion(
                    player=seat, card=drawn, decision=decision, row=to_row, pay_gold=pay_gold
                )


def _returns(state: TargiState) -> Iterator[a.TargiAction]:
    for seat, player in enumerate(state.players):
        if not over_limit(player):
            continue
        excess_goods, excess_gold = excess(player)
        for dates, salt, pepper in _goods_mixes(excess_goods):
            if player.stock.covers(Stock(dates, salt, pepper)):
                yield a.ReturnExcess(
                    player=seat, dates=dates, salt=salt, pepper=pepper, gold=excess_gold
                )


def candidates(state: TargiState) -> Iterator[a.TargiAction]:
    """Every action of the current phase worth asking the rules about, legal or not (what "What
    can I do now?" groups into options: :mod:`companion.games.targi.reference`)."""
    return _candidates(state)
