"""Loading the caravans: the printed caravan board's loads or the variant's dealt goods, checked.

Printed loads are not public, so the table enters them (the app remembers them per colour, see
:mod:`.table_settings`); the app checks only what the rulebook says of every load: each camel
carries 4 goods, and the box holds 21 of each kind. The variant also deals 4 / 5 / 7 of each kind to
each player (5 / 4 / 3 players) and wants 3 or 4 different goods on every camel.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.games.timbuktu.model import (
    CAMELS,
    DEALT,
    DEALT_KINDS,
    SUPPLY,
    Good,
    Goods,
    TimbuktuState,
)
from companion.games.timbuktu.names import good_name
from companion.games.timbuktu.refusals import (
    CAMEL_COUNT,
    DEALT_MISMATCH,
    SUPPLY_EXCEEDED,
    TOO_MANY_KINDS,
)

Load = Sequence[Good]


def check_loads(state: TimbuktuState, seat: int, loads: Sequence[Load]) -> None:
    """Raise :class:`RuleViolation` if ``loads`` (camel A first) cannot be seat ``seat``'s caravan."""
    letters = CAMELS[state.seats]
    if len(loads) != len(letters):
        raise CAMEL_COUNT.violation(
            players=state.seats, count=len(letters), first=letters[0], last=letters[-1]
        )
    used = Goods.of(good for load in loads for good in load)
    if state.variant == "dealt":
        _check_dealt(state, seat, loads, used)
    others = [p.goods for s, p in enumerate(state.players) if s != seat and p.loaded]
    for good in Good:
        total = used.count(good) + sum(goods.count(good) for goods in others)
        if total > SUPPLY:
            raise SUPPLY_EXCEEDED.violation(total=total, good=good_name(good), supply=SUPPLY)


def _check_dealt(state: TimbuktuState, seat: int, loads: Sequence[Load], used: Goods) -> None:
    low, high = DEALT_KINDS
    for letter, load in zip(CAMELS[state.seats], loads, strict=False):
        kinds = len(set(load))
        if not low <= kinds <= high:
            raise TOO_MANY_KINDS.violation(camel=letter, kinds=kinds, low=low, high=high)
    dealt = DEALT[state.seats]
    for good in Good:
        if used.count(good) > dealt:
            raise DEALT_MISMATCH.violation(
                name=state.players[seat].name,
                dealt=dealt,
                good=good_name(good),
                used=used.count(good),
            )


def leftovers(state: TimbuktuState, seat: int) -> Goods:
    """The variant's goods dealt to ``seat`` that no camel carries (none with printed loads)."""
    if state.variant != "dealt":
        return Goods()
    used = state.players[seat].goods
    dealt = DEALT[state.seats]
    return Goods(*(dealt - n for n in used.as_tuple()))
