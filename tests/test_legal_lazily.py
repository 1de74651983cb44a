"""The legal actions asked for one at a time (:meth:`GameRules.legal_iter`) or as far as a filter
keeps them (:meth:`GameRules.legal_where`): the same actions, in the same order, as the whole
list, whichever state and filter; Targi checks only what is asked for."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from targi_table import RULES

from companion.games.targi.model import TargiState
from companion.play.session import Session
from companion.rules.registry import rules_for
from companion.store import Store
from ui.header import whose_turn

PLAYERS = [{"name": "Amal", "colour": "blue"}, {"name": "Bilal", "colour": "white"}]


def _targi_states(seed: int, steps: int = 400) -> Iterator[TargiState]:
    """The states of a Targi game played at random (every phase within a few rounds)."""
    rng = random.Random(seed)
    state = RULES.setup(RULES.parse_options({"players": PLAYERS}))
    for _ in range(steps):
        yield state
        legal = RULES.legal_actions(state)
        if not legal:
            return
        state = RULES.apply(state, rng.choice(legal))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_targi_gives_the_same_legal_actions_one_at_a_time_and_filtered(seed: int) -> None:
    rng = random.Random(seed)
    phases = set()
    for state in _targi_states(seed):
        phases.add(state.phase)
        legal = RULES.legal_actions(state)
        assert list(RULES.legal_iter(state)) == legal
        named = rng.choice(["TARGI-GOODS-DATES-1", "TARGI-TRIBE-WELL-1", "TARGI-GOODS-2SALT"])

        def keep(action: Any, named: str = named) -> bool:
            return named in str(RULES.dump_action(action)) or len(repr(action)) % 3 == 0

        assert RULES.legal_where(state, keep) == [x for x in legal if keep(x)]
    assert len(phases) >= 4  # reveal, placement, actions, raid or limits


def test_targi_checks_only_the_actions_asked_for(monkeypatch: pytest.MonkeyPatch) -> None:
    state = RULES.setup(RULES.parse_options({"players": PLAYERS}))
    checked: list[Any] = []
    check = type(RULES).check

    def counted(rules: Any, state: Any, action: Any) -> Any:
        checked.append(action)
        return check(rules, state, action)

    monkeypatch.setattr(type(RULES), "check", counted)
    first = next(RULES.legal_iter(state))
    assert len(checked) == 1
    checked.clear()
    card = "TARGI-GOODS-DATES-1"
    reveals = RULES.legal_where(state, lambda action: getattr(action, "card", None) == card)
    assert reveals and all(action.card == card for action in reveals)
    assert len(checked) == len(reveals) < 20  # of some 250 reveals
    assert first in RULES.legal_actions(state)


@pytest.mark.parametrize("game", ["tuareg", "timbuktu"])
def test_the_other_games_give_their_list_one_at_a_time_and_filtered(game: str) -> None:
    rules = rules_for(game)
    options: dict[str, Any] = {"players": [*PLAYERS, {"name": "Chen", "colour": "green"}]}
    if game == "tuareg":
        one = {"dinars": 1, "points": 2}
        options["values"] = {"water": one, "salt": one, "millet": one}
    state = rules.setup(rules.parse_options(options))
    legal = rules.legal_actions(state)
    assert list(rules.legal_iter(state)) == legal
    assert rules.legal_where(state, lambda action: len(repr(action)) % 2 == 0) == [
        x for x in legal if len(repr(x)) % 2 == 0
    ]


def test_a_session_reads_the_actions_it_worked_out_before_asking_the_rules_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with Store.open(tmp_path / "t.sqlite3") as store:
        session = Session.create(store, RULES, RULES.parse_options({"players": PLAYERS}))
        legal = session.legal_actions()
        monkeypatch.setattr(type(RULES), "check", lambda *_args: pytest.fail("checked again"))
        assert list(session.legal_iter()) == legal
        assert session.legal_where(lambda action: action is legal[3]) == [legal[3]]


def test_whose_turn_reads_the_actions_only_as_far_as_it_needs() -> None:
    players = (
        SimpleNamespace(name="Amal", colour="blue"),
        SimpleNamespace(name="Timo", colour="red"),
    )
    state = SimpleNamespace(to_move=1, players=players)
    read: list[object] = []

    def actions() -> Iterator[object]:
        for action in (SimpleNamespace(kind="reveal"), SimpleNamespace(player=1)):
            read.append(action)
            yield action
        pytest.fail("read beyond the first action that is not the seat's")

    assert whose_turn(state, actions()) is None
    assert len(read) == 1
    assert whose_turn(state, iter([SimpleNamespace(player=1)])) == ("Timo", "red")
    assert whose_turn(state, iter([])) is None
