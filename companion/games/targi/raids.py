"""What each raid demands and what a player may give.

Raids 1-3 take goods or VP, raid 4 gold or VP (the player's choice, start player first). At raid 4, a
player who can pay neither gives the opponent 3 VP (Spanish FAQ).

The rulebooks are silent on raids 1-3 when a player can pay neither: we decided that the raid takes
what there is, of one kind the player chooses: all their goods (fewer than demanded) or all their VP.
A player with neither goods nor VP gives nothing.

A game may choose the alternatives as house rules (:mod:`.rulings`): :data:`RAID_NOTHING` (a player
who cannot pay raid 1, 2 or 3 in full gives nothing) and :data:`LAST_RAID_NOTHING` (one who cannot
pay raid 4 gives the opponent nothing).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Literal

from companion.games.targi.model import Stock

Resource = Literal["goods", "vp", "gold"]


@dataclass(frozen=True, slots=True)
class RaidOption:
    resource: Resource
    amount: int

    def as_dict(self) -> dict[str, int]:
        return {self.resource: self.amount}


DEMANDS: dict[int, tuple[RaidOption, RaidOption]] = {
    1: (RaidOption("goods", 1), RaidOption("vp", 1)),
    2: (RaidOption("goods", 2), RaidOption("vp", 1)),
    3: (RaidOption("goods", 3), RaidOption("vp", 2)),
    4: (RaidOption("gold", 1), RaidOption("vp", 3)),
}
PENALTY_VP = 3
"""What the opponent gains when a player cannot pay raid 4."""
RAID_NOTHING = "raid_nothing"
LAST_RAID_NOTHING = "last_raid_nothing"
"""The house rules (alternatives of the rulings ``raid_unpaid`` and ``last_raid_unpaid``)."""


def _held(stock: Stock, resource: Resource) -> int:
    return {"goods": stock.goods, "vp": stock.vp, "gold": stock.gold}[resource]


def raid_options(
    raid: int, stock: Stock, house_rules: Collection[str] = ()
) -> tuple[list[RaidOption], int]:
    """The payments open to a player with ``stock`` at ``raid``, and what the opponent gains,
    under the game's ``house_rules`` (alternative ids)."""
    demands = DEMANDS[raid]
    affordable = [o for o in demands if _held(stock, o.resource) >= o.amount]
    if affordable:
        return affordable, 0
    if raid == 4:
        return [], 0 if LAST_RAID_NOTHING in house_rules else PENALTY_VP
    if RAID_NOTHING in house_rules:
        return [], 0
    partial = [
        RaidOption(o.resource, _held(stock, o.resource))
        for o in demands
        if _held(stock, o.resource) > 0
    ]
    return partial, 0


def payment_matches(option: RaidOption, payment: Stock) -> bool:
    """True if ``payment`` (goods of any mix, VP or gold) is exactly ``option``."""
    if option.resource == "goods":
        return payment.goods == option.amount and payment.gold == 0 and payment.vp == 0
    if option.resource == "vp":
        return payment == Stock(vp=option.amount)
    return payment == Stock(gold=option.amount)
