"""Tuareg actions being put together on the screen, card by card, before they are submitted.

A draft only gathers what the table does (which cards, onto which animal, paid how); whether that is
allowed is asked of the rules: :func:`loading.loadable_next` / :func:`loading.load_refusals` for a
load as it grows, and the session's verdict for the finished action. Pure Python (no Kivy).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.games.tuareg import actions as a
from companion.games.tuareg.loading import (
    load_refusals,
    load_verdict,
    loadable_next,
    reason_message,
)
from companion.games.tuareg.model import SPECIAL_CARD_PRICE, Good, SpecialCard
from companion.games.tuareg.names import good_name
from companion.games.tuareg.state import AnimalRef, Stack, TuaregState
from companion.games.tuareg.turns import payment_worth
from companion.installation.i18n import _, ngettext
from companion.rules.verdict import Verdict


@dataclass(frozen=True)
class GoodOffer:
    """Whether a good may be laid next, and if not, every reason."""

    good: Good
    reasons: tuple[str, ...]

    @property
    def ok(self) -> bool:
        return not self.reasons


@dataclass
class LoadDraft:
    """A load built card by card onto one animal of the player to move."""

    player: int
    onto: AnimalRef
    stack: Stack
    """What the animal carried before this turn (bottom to top)."""
    hand: int
    added: list[Good] = field(default_factory=list)

    @classmethod
    def start(cls, state: TuaregState, onto: AnimalRef) -> LoadDraft:
        seat = state.to_move
        player = state.players[seat]
        return cls(player=seat, onto=onto, stack=player.stack(onto), hand=player.hand)

    def offers(self) -> list[GoodOffer]:
        """Every good, with the loading rules it would break as the next card (none: it may go
        on). Once the hand is laid out, nothing more comes from it."""
        candidates = tuple(Good) if len(self.added) < self.hand else ()
        allowed = set(loadable_next(self.onto.animal, self.stack, self.added, candidates))
        offers = []
        for good in Good:
            if good in allowed:
                offers.append(GoodOffer(good, ()))
                continue
            codes = load_refusals(self.onto.animal, self.stack, [*self.added, good])
            reasons = tuple(reason_message(code) for code in codes) or (
                ngettext(
                    "No card is left in the hand (it holds {n} card).",
                    "No card is left in the hand (it holds {n} cards).",
                    self.hand,
                ).format(n=self.hand),
            )
            offers.append(GoodOffer(good, reasons))
        return offers

    def verdict(self, good: Good) -> Verdict:
        """The loading rules' verdict on laying ``good`` next."""
        return load_verdict(self.onto.animal, self.stack, [*self.added, good])

    def action(self, extra: tuple[Good, ...] = ()) -> a.LoadFromCache:
        return a.LoadFromCache(player=self.player, onto=self.onto, goods=(*self.added, *extra))


Step = Good | AnimalRef
"""One card paid: shown from the hand (its good), or the top card of an animal."""


@dataclass
class Payment:
    """A special card being bought: which card, and the cards paid in the order they were laid
    down (from the hand, or the top card of an animal: naming an animal twice takes two)."""

    player: int
    card: SpecialCard | None = None
    steps: list[Step] = field(default_factory=list)

    @property
    def from_cache(self) -> tuple[Good, ...]:
        return tuple(s for s in self.steps if isinstance(s, Good))

    @property
    def from_animals(self) -> tuple[AnimalRef, ...]:
        return tuple(s for s in self.steps if isinstance(s, AnimalRef))

    def next_top(self, state: TuaregState, ref: AnimalRef) -> Good | None:
        """The card that would come off ``ref`` next (None: nothing left on it)."""
        stack = state.players[self.player].stack(ref)
        taken = self.from_animals.count(ref)
        return stack[-1 - taken] if taken < len(stack) else None

    def can_add(self, step: Step) -> bool:
        """Whether the action can name one more such card (the log keeps only so many)."""
        if isinstance(step, Good):
            return len(self.from_cache) < a.PAID_FROM_CACHE_MOST
        return len(self.from_animals) < a.PAID_FROM_ANIMALS_MOST

    def paid(self, state: TuaregState) -> list[Good]:
        stacks = {ref: list(stack) for ref, stack in state.players[self.player].animals()}
        return [s if isinstance(s, Good) else stacks[s].pop() for s in self.steps]

    def summary(self, state: TuaregState) -> str:
        """``gold 2 + rock salt ? (not confirmed) = 2 dinars and 1 card(s) of unconfirmed value;
        the price is 3.``: the dinars as far as the table confirmed them."""
        paid = self.paid(state)
        if not paid:
            return ngettext(
                "Nothing paid yet; the price is {n} dinar.",
                "Nothing paid yet; the price is {n} dinars.",
                SPECIAL_CARD_PRICE,
            ).format(n=SPECIAL_CARD_PRICE)
        parts = []
        for good in paid:
            dinars = state.value(good).dinars
            if dinars is None:
                parts.append(_("{good} ? (not confirmed)").format(good=good_name(good)))
            else:
                parts.append(f"{good_name(good)} {dinars}")
        worth = payment_worth(state, paid)
        total = ngettext("{n} dinar", "{n} dinars", worth.known).format(n=worth.known)
        if worth.unknown:
            total += " " + ngettext(
                "and {k} card of unconfirmed value",
                "and {k} cards of unconfirmed value",
                worth.unknown,
            ).format(k=worth.unknown)
        return _("{parts} = {total}; the price is {n}.").format(
            parts=" + ".join(parts), total=total, n=SPECIAL_CARD_PRICE
        )

    def action(self) -> a.Buy:
        assert self.card is not None
        return a.Buy(
            player=self.player,
            card=self.card,
            from_cache=self.from_cache,
            from_animals=self.from_animals,
        )
