"""What the Tuareg screen builds before it submits: loads, payments and the card values entered
(pure Python, no window)."""

from __future__ import annotations

from pathlib import Path

import pytest
from tuareg_table import CAMEL_1, GOLD, MILLET, SALT, WATER, new_game, with_hand

from companion.games.tuareg import actions as a
from companion.games.tuareg.actions import CONFIRMED_BOUNDS
from companion.games.tuareg.model import SpecialCard
from companion.games.tuareg.state import CardValue
from companion.games.tuareg.values import remember_confirmed
from companion.installation.errors import InputError
from companion.store import Store
from ui.games.tuareg.drafts import LoadDraft, Payment
from ui.games.tuareg.values import ValueEntry, confirmations, entries
from ui.games.tuareg.view import stage_preview
from ui.stepper import stepped


def test_a_load_lists_every_rule_each_next_good_would_break() -> None:
    state = with_hand(new_game(), 0, 4)
    state = state.with_player(0, state.players[0].with_stack(CAMEL_1, (GOLD, GOLD)))
    draft = LoadDraft.start(state, CAMEL_1)
    draft.added.append(SALT)
    offers = {offer.good: offer.reasons for offer in draft.offers()}
    kinds = "A camel carries at most 2 kinds of goods."
    order = "From bottom to top, the goods on a camel change kind only once."
    assert offers[SALT] == ()
    assert offers[MILLET] == (kinds, order)
    assert offers[GOLD] == ("A camel carries at most 2 gold.", order)
    assert offers[WATER] == (kinds, order, "A camel carrying water carries nothing else.")
    assert draft.verdict(GOLD).code == "gold"
    assert draft.action((SALT,)) == a.LoadFromCache(player=0, onto=CAMEL_1, goods=(SALT, SALT))


def test_a_load_stops_when_the_hand_is_laid_out() -> None:
    draft = LoadDraft.start(with_hand(new_game(), 0, 1), CAMEL_1)
    draft.added.append(SALT)
    assert all(not o.ok for o in draft.offers())
    assert draft.offers()[2].reasons == ("No card is left in the hand (it holds 1 card).",)


def test_a_payment_adds_up_the_dinars_the_table_confirmed() -> None:
    values = {"water": {"dinars": 1, "points": 4}}  # rock salt's value is not confirmed
    state = with_hand(new_game(values=values), 0, 2)
    state = state.with_player(0, state.players[0].with_stack(CAMEL_1, (WATER, WATER)))
    payment = Payment(player=0, card=SpecialCard.THIEF)
    payment.steps += [GOLD, CAMEL_1, CAMEL_1, SALT]
    assert payment.next_top(state, CAMEL_1) is None
    assert payment.paid(state) == [GOLD, WATER, WATER, SALT]
    assert payment.summary(state) == (
        "gold 2 + water 1 + water 1 + rock salt ? (not confirmed) = 4 dinars and 1 card of "
        "unconfirmed value; the price is 3."
    )
    assert payment.action() == a.Buy(
        player=0, card=SpecialCard.THIEF, from_cache=(GOLD, SALT), from_animals=(CAMEL_1, CAMEL_1)
    )


def test_value_steps_stay_within_what_the_action_accepts() -> None:
    """The values dialog's steppers: empty below the lowest, plus from empty starts at it."""
    low, high = CONFIRMED_BOUNDS["dinars"]
    assert stepped(None, -1, low, high, blank=True) is None
    value = None
    for _ in range(12):
        value = stepped(value, 1, low, high, blank=True)
    assert value == 9
    assert stepped(stepped(None, 1, 1, 20, blank=True), -1, 1, 20, blank=True) is None


def test_only_complete_values_are_confirmed_and_stored(tmp_path: Path) -> None:
    with pytest.raises(InputError) as missing:
        confirmations({WATER: ValueEntry(WATER, dinars=1)})
    assert missing.value.code == "incomplete_value"
    with pytest.raises(InputError) as nothing:
        confirmations({WATER: ValueEntry(WATER)})
    assert nothing.value.code == "no_value"

    actions = confirmations({WATER: ValueEntry(WATER, 1, 4), SALT: ValueEntry(SALT)})
    assert actions == [a.ConfirmValue(good=WATER, dinars=1, points=4)]
    with Store.open(tmp_path / "games.sqlite3") as store:
        remember_confirmed(store, actions)
        settings = store.list_settings("tuareg")
    assert settings == {"values": {"water": 4}, "dinars": {"water": 1}}
    filled = entries(new_game(values={}), settings)  # a game without values: the stored ones
    assert filled[WATER] == ValueEntry(WATER, 1, 4) and filled[SALT] == ValueEntry(SALT)
    with pytest.raises(InputError):
        entries(new_game(values={}), {"values": {"water": "four"}})


def test_an_unconfirmed_majority_value_scores_nothing_and_says_so() -> None:
    state = new_game(values={})
    karin = state.players[0].with_stack(CAMEL_1, (SALT,))
    state = state.with_player(0, karin)
    table = stage_preview(state)
    assert table.rows[0].cells[2] == "[b]1 (?)[/b]" and table.rows[0].total == "0"
    assert table.notes == tuple(
        f"{good}: its majority points are not confirmed, so it scores nothing yet."
        for good in ("water", "rock salt", "millet")
    )
    assert state.value(GOLD) == CardValue(dinars=2, points=5)
