"""The Targi card catalog: what each goods and tribe card gives or costs, with the source of each fact."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources

from companion.games.targi.model import Stock, Symbol


@dataclass(frozen=True, slots=True)
class GoodsCard:
    id: str
    gives: Stock
    choice: bool
    """True for "one good of your choice" cards (``gives`` is then empty)."""
    confidence: str


@dataclass(frozen=True, slots=True)
class TribeCard:
    id: str
    symbol: Symbol
    vp: int
    cost: Stock
    gold_alternative: bool | None
    """Whether the card prints "goods / 1 gold"; None where no source says."""
    confidence: str

    @property
    def verified(self) -> bool:
        return self.confidence in ("R", "C2")


@dataclass(frozen=True)
class Catalog:
    goods: dict[str, GoodsCard]
    tribe: dict[str, TribeCard]
    sources: dict[str, str]


@cache
def catalog() -> Catalog:
    """The shipped catalog (``data/cards.json``)."""
    raw = json.loads(resources.files(__package__).joinpath("data/cards.json").read_text("utf-8"))
    goods = {
        card["id"]: GoodsCard(
            card["id"], Stock(**card["gives"]), card["choice"], card["confidence"]
        )
        for card in raw["goods_cards"]
    }
    tribe = {
        card["id"]: TribeCard(
            card["id"],
            Symbol(card["symbol"]),
            card["vp"],
            Stock(**card["cost"]),
            card["gold_alternative"],
            card["confidence"],
        )
        for card in raw["tribe_cards"]
    }
    return Catalog(goods=goods, tribe=tribe, sources=raw["sources"])
