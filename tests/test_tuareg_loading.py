"""Loading camels and donkeys in the Tuareg card game: the rulebook's Timo example, every loading rule
alone and together, and the live "what may go on next" helper."""

from __future__ import annotations

import pytest

from companion.games.tuareg.loading import (
    REASONS,
    kind_changes,
    load_refusals,
    load_verdict,
    loadable_next,
    reason_message,
    stack_refusals,
)
from companion.games.tuareg.model import Animal, Good

CAMEL, DONKEY = Animal.CAMEL, Animal.DONKEY
WATER, GOLD, SALT, MILLET = Good.WATER, Good.GOLD, Good.SALT, Good.MILLET


# --- the rulebook's example -------------------------------------------------------------------
# Timo has loaded 1 gold on a camel; his cache is 1 gold and 3 rock salt.


@pytest.mark.parametrize(
    "added",
    [
        [GOLD, SALT, SALT],  # "1 x gold with 2 x rock salt"
        [SALT, SALT, SALT],  # "or 3 x rock salt"
        [GOLD],
        [SALT],
    ],
)
def test_timo_may_load_his_gold_camel(added: list[Good]) -> None:
    assert load_refusals(CAMEL, [GOLD], added) == []


@pytest.mark.parametrize(
    ("added", "reasons"),
    [
        ([GOLD, SALT, SALT, SALT], ["capacity"]),  # his whole cache: 5 cards on one camel
        ([SALT, GOLD], ["order"]),  # gold, salt, gold: the kind would change twice
        ([SALT, SALT, GOLD], ["order"]),
        ([SALT, GOLD, SALT], ["order"]),
        ([SALT, SALT, SALT, GOLD], ["capacity", "order"]),
    ],
)
def test_what_timo_may_not_lay_on_his_gold_camel(added: list[Good], reasons: list[str]) -> None:
    assert load_refusals(CAMEL, [GOLD], added) == reasons


def test_timo_may_load_his_whole_cache_on_an_empty_camel() -> None:
    assert load_refusals(CAMEL, [], [GOLD, SALT, SALT, SALT]) == []
    assert load_refusals(CAMEL, [], [SALT, SALT, SALT, GOLD]) == []
    assert load_refusals(CAMEL, [], [SALT, GOLD, SALT, SALT]) == ["order"]


# --- every rule, alone and together ----------------------------------------------------------


@pytest.mark.parametrize(
    ("animal", "stack", "added", "reasons"),
    [
        # legal loads
        (CAMEL, [], [WATER, WATER, WATER, WATER], []),
        (CAMEL, [MILLET, MILLET], [SALT, SALT], []),
        (CAMEL, [GOLD], [GOLD, MILLET, MILLET], []),
        (CAMEL, [SALT, SALT, SALT], [GOLD], []),
        # one rule each ("kinds" never comes alone: a third kind is always a second change)
        (CAMEL, [SALT, SALT, MILLET], [MILLET, MILLET], ["capacity"]),
        (CAMEL, [WATER], [WATER, WATER, WATER, WATER], ["capacity"]),
        (CAMEL, [GOLD, GOLD], [GOLD], ["gold"]),
        (CAMEL, [], [GOLD, GOLD, GOLD], ["gold"]),
        (CAMEL, [GOLD, SALT], [GOLD], ["order"]),
        (CAMEL, [MILLET], [SALT, MILLET], ["order"]),
        (CAMEL, [WATER], [GOLD], ["water"]),
        (CAMEL, [MILLET, MILLET], [WATER, WATER], ["water"]),
        # combinations
        (CAMEL, [SALT], [MILLET, GOLD], ["kinds", "order"]),
        (CAMEL, [WATER], [GOLD, SALT], ["kinds", "order", "water"]),
        (CAMEL, [WATER], [GOLD, WATER], ["order", "water"]),
        (CAMEL, [GOLD, SALT], [GOLD, GOLD], ["gold", "order"]),
        (CAMEL, [GOLD, GOLD], [GOLD, GOLD, GOLD], ["capacity", "gold"]),
        (CAMEL, [SALT, SALT, SALT], [MILLET, MILLET], ["capacity"]),
        (CAMEL, [SALT, MILLET, MILLET], [SALT, SALT], ["capacity", "order"]),
        (CAMEL, [WATER, WATER, WATER], [SALT, SALT], ["capacity", "water"]),
        (CAMEL, [GOLD, GOLD], [WATER, GOLD, SALT], ["capacity", "gold", "kinds", "order", "water"]),
        # a donkey takes anything in any order, up to 4 cards
        (DONKEY, [GOLD, GOLD], [WATER, GOLD], []),  # the rulebook's gold-gold-water-gold
        (DONKEY, [GOLD], [WATER, MILLET, SALT], []),  # and gold-water-millet-rock salt
        (DONKEY, [], [GOLD, GOLD, GOLD, GOLD], []),
        (DONKEY, [GOLD, WATER, GOLD], [SALT, GOLD], ["capacity"]),
        (DONKEY, [GOLD, GOLD], [WATER, GOLD, SALT], ["capacity"]),
    ],
)
def test_loading_rules(
    animal: Animal, stack: list[Good], added: list[Good], reasons: list[str]
) -> None:
    assert load_refusals(animal, stack, added) == reasons
    assert reasons == sorted(set(reasons))
    verdict = load_verdict(animal, stack, added)
    assert verdict.ok is (not reasons)
    if reasons:
        assert verdict.code == reasons[0]
        assert verdict.message == " ".join(reason_message(code) for code in reasons)


def test_new_cards_go_on_top_in_the_order_laid() -> None:
    assert load_refusals(CAMEL, [GOLD], [SALT, SALT]) == []
    assert load_refusals(CAMEL, [SALT, SALT], [GOLD]) == []
    assert load_refusals(CAMEL, [SALT], [GOLD, SALT]) == ["order"]


def test_kind_changes_and_stack_refusals() -> None:
    assert kind_changes([]) == 0
    assert kind_changes([GOLD, GOLD, SALT]) == 1
    assert kind_changes([GOLD, SALT, GOLD, SALT]) == 3
    assert stack_refusals(CAMEL, [GOLD, SALT, GOLD]) == ["order"]
    assert stack_refusals(DONKEY, [GOLD, SALT, GOLD]) == []


def test_every_reason_has_a_sentence() -> None:
    assert tuple(sorted(REASONS)) == REASONS
    for code in REASONS:
        assert reason_message(code).endswith(".")
    assert "4" in reason_message("capacity") and "2" in reason_message("gold")


# --- building a load card by card -------------------------------------------------------------

ALL = list(Good)


@pytest.mark.parametrize(
    ("animal", "stack", "so_far", "candidates", "expected"),
    [
        (CAMEL, [], [], ALL, (WATER, GOLD, SALT, MILLET)),
        (CAMEL, [GOLD], [], [GOLD, SALT, SALT, SALT], (GOLD, SALT)),  # Timo's first card
        (CAMEL, [GOLD], [GOLD], [SALT, SALT, SALT], (SALT,)),
        (CAMEL, [GOLD], [SALT], [GOLD, SALT, SALT], (SALT,)),  # gold again would be a 2nd change
        (CAMEL, [GOLD], [GOLD, SALT, SALT], [SALT], ()),  # full
        (CAMEL, [GOLD, GOLD], [], ALL, (SALT, MILLET)),  # no third gold, no water
        (CAMEL, [WATER], [], ALL, (WATER,)),
        (CAMEL, [], [SALT, MILLET], ALL, (MILLET,)),
        (CAMEL, [], [], [], ()),  # nothing to lay
        (CAMEL, [SALT], [GOLD, SALT], ALL, ()),  # already broken: nothing mends it
        (DONKEY, [GOLD], [WATER, SALT], ALL, (WATER, GOLD, SALT, MILLET)),
        (DONKEY, [GOLD], [WATER, SALT, SALT], ALL, ()),
        (DONKEY, [], [GOLD, GOLD, GOLD, GOLD], ALL, ()),  # 4 cards in one turn at most
    ],
)
def test_loadable_next(
    animal: Animal,
    stack: list[Good],
    so_far: list[Good],
    candidates: list[Good],
    expected: tuple[Good, ...],
) -> None:
    assert loadable_next(animal, stack, so_far, candidates) == expected
    for good in set(candidates) - set(expected):
        assert load_refusals(animal, stack, [*so_far, good]) or len(so_far) >= 4
