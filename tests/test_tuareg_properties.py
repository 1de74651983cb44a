"""Loading rules under random play (Hypothesis): loads built card by card, keeping only cards the
rules accept, are legal at every height, and refusals are always sorted, unique and monotone."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from companion.games.tuareg.loading import REASONS, load_refusals, loadable_next, stack_refusals
from companion.games.tuareg.model import CAPACITY, Animal, Good

goods = st.sampled_from(Good)
animals = st.sampled_from(Animal)


def build(animal: Animal, offered: list[Good]) -> list[Good]:
    """Lay each offered card on top if the rules allow it, skip it otherwise."""
    stack: list[Good] = []
    for good in offered:
        reasons = load_refusals(animal, stack, [good])
        assert reasons == sorted(set(reasons))
        assert set(reasons) <= set(REASONS)
        assert (not reasons) == (good in loadable_next(animal, stack, [], [good]))
        if not reasons:
            stack.append(good)
    return stack


@given(animal=animals, offered=st.lists(goods, max_size=12))
def test_every_prefix_of_a_built_load_is_legal(animal: Animal, offered: list[Good]) -> None:
    stack = build(animal, offered)
    assert len(stack) <= CAPACITY
    for height in range(len(stack) + 1):
        assert stack_refusals(animal, stack[:height]) == []


@given(animal=animals, stack=st.lists(goods, max_size=6), added=st.lists(goods, max_size=6))
def test_refusals_are_sorted_unique_and_monotone(
    animal: Animal, stack: list[Good], added: list[Good]
) -> None:
    reasons = load_refusals(animal, stack, added)
    assert reasons == sorted(set(reasons))
    assert reasons == stack_refusals(animal, [*stack, *added])
    # Adding a card never mends a rule; a donkey only ever breaks its capacity.
    for good in Good:
        assert set(reasons) <= set(load_refusals(animal, stack, [*added, good]))
    if animal is Animal.DONKEY:
        assert set(reasons) <= {"capacity"}
    if "kinds" in reasons:
        assert "order" in reasons  # a third kind always means a second change


@given(stack=st.lists(goods, max_size=4), added=st.lists(goods, max_size=4))
def test_a_camel_load_is_legal_on_a_donkey(stack: list[Good], added: list[Good]) -> None:
    if not load_refusals(Animal.CAMEL, stack, added):
        assert load_refusals(Animal.DONKEY, stack, added) == []
