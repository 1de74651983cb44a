"""Loading an animal: which rules a load would break, and which goods may still go on.

A load is the animal's stack of cards from bottom to top; new cards always go on top, in the order
they are laid. The rulebook's loading rules (overview card 2), each with a stable reason code:

- ``capacity``: an animal (camel or donkey) carries at most 4 cards;
- ``kinds``: a camel carries at most 2 different goods;
- ``order``: from bottom to top, the good on a camel changes at most once (gold, salt, gold is out);
- ``water``: a camel carrying water carries no other good;
- ``gold``: a camel carries at most 2 gold.

A donkey takes any goods in any order, so it can only break ``capacity``.

Every rule is monotone: adding cards never mends a broken rule, and taking cards off the top (a
thief, a cave, a payment) never breaks one. So a legal load stays legal from bottom to every height.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import pairwise

from companion.games.tuareg.model import (
    CAMEL_GOLD,
    CAMEL_KIND_CHANGES,
    CAMEL_KINDS,
    CAPACITY,
    MAX_PER_TURN,
    Animal,
    Good,
)
from companion.games.tuareg.refusals import (
    LOAD_CAPACITY,
    LOAD_GOLD,
    LOAD_KINDS,
    LOAD_ORDER,
    LOAD_WATER,
)
from companion.rules.refusals import combined
from companion.rules.verdict import RuleViolation, Verdict

REASONS: tuple[str, ...] = ("capacity", "gold", "kinds", "order", "water")
"""Every reason code, sorted (the order :func:`load_refusals` lists them in)."""


_RULES: dict[str, Callable[[], RuleViolation]] = {
    "capacity": lambda: LOAD_CAPACITY.violation(n=CAPACITY),
    "gold": lambda: LOAD_GOLD.violation(n=CAMEL_GOLD),
    "kinds": lambda: LOAD_KINDS.violation(n=CAMEL_KINDS),
    "order": lambda: LOAD_ORDER.violation(),
    "water": lambda: LOAD_WATER.violation(),
}
"""Reason code -> the refusal of that loading rule (declared in :mod:`.refusals`)."""


def reason_message(code: str) -> str:
    """The sentence a player reads for the loading rule ``code`` (translated)."""
    return _RULES[code]().message


def kind_changes(stack: Sequence[Good]) -> int:
    """How many times the good changes from one card to the next, bottom to top."""
    return sum(1 for below, above in pairwise(stack) if below is not above)


def stack_refusals(animal: Animal, stack: Sequence[Good]) -> list[str]:
    """Every loading rule the load ``stack`` (bottom to top) breaks on ``animal``, sorted."""
    reasons = []
    if len(stack) > CAPACITY:
        reasons.append("capacity")
    if animal is Animal.CAMEL:
        kinds = set(stack)
        if stack.count(Good.GOLD) > CAMEL_GOLD:
            reasons.append("gold")
        if len(kinds) > CAMEL_KINDS:
            reasons.append("kinds")
        if kind_changes(stack) > CAMEL_KIND_CHANGES:
            reasons.append("order")
        if Good.WATER in kinds and len(kinds) > 1:
            reasons.append("water")
    return reasons


def load_refusals(animal: Animal, stack: Sequence[Good], added: Sequence[Good]) -> list[str]:
    """Every loading rule broken by laying ``added`` (in that order) on top of ``stack``, sorted.

    An empty list means the cards may go on. The rules are checked on the resulting load, so a rule
    ``stack`` already broke is listed too (a legal game never produces such a stack).
    """
    return stack_refusals(animal, [*stack, *added])


def load_violation(
    animal: Animal, stack: Sequence[Good], added: Sequence[Good]
) -> RuleViolation | None:
    """The refusal of laying ``added`` on ``stack`` (None if the cards may go on): the first rule
    broken names it, and the message gives the sentence of every rule broken."""
    reasons = load_refusals(animal, stack, added)
    return combined(_RULES[code]() for code in reasons) if reasons else None


def load_verdict(animal: Animal, stack: Sequence[Good], added: Sequence[Good]) -> Verdict:
    """:func:`load_violation` as a :class:`Verdict`."""
    violation = load_violation(animal, stack, added)
    return Verdict.legal() if violation is None else violation.verdict


def loadable_next(
    animal: Animal, stack: Sequence[Good], added_so_far: Sequence[Good], candidates: Iterable[Good]
) -> tuple[Good, ...]:
    """The goods among ``candidates`` that may be laid next, in :class:`Good` order.

    For the screen that builds a load card by card: ``stack`` is what the animal carried before this
    turn, ``added_so_far`` the cards laid on it this turn, ``candidates`` the goods that could come
    next (the cards still in hand, say; repeats do not matter). After 4 cards this turn nothing more
    goes on. To say why a good is refused, ask :func:`load_refusals` with it added.
    """
    if len(added_so_far) >= MAX_PER_TURN:
        return ()
    offered = set(candidates)
    return tuple(
        good
        for good in Good
        if good in offered and not load_refusals(animal, stack, [*added_so_far, good])
    )
