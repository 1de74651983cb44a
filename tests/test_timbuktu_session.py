"""Timbuktu through a real SQLite session: corrections are logged as corrections and overrule the
app in any phase, bad input is refused with its rule and changes nothing, a resumed game is the
same game."""

from __future__ import annotations

from pathlib import Path

import pytest
from timbuktu_table import (
    RULES,
    G,
    move_all,
    options,
    patterned_loads,
    placed,
    play,
    refused,
    started,
)

from companion.games.timbuktu import actions as a
from companion.games.timbuktu.model import Goods, Phase
from companion.installation.errors import InputError
from companion.play.session import Session
from companion.store import Store


def test_corrections_are_marked_and_accepted_in_any_phase() -> None:
    fix = a.SetRemoved(gold=1, coffee=0, pepper=0, salt=0, water=2)
    assert RULES.is_correction(fix) and not RULES.is_correction(a.PassThiefPiles())
    for state in (started(3), move_all(started(3))):
        assert play(state, fix).removed == Goods(gold=1, water=2)
    moved = play(started(3), a.SetGoods(player=1, camel="H", goods=(G.SALT,)))
    assert moved.players[1].camel("H").goods == (G.SALT,)


def test_a_camel_can_be_put_on_another_pitch_but_never_onto_another_camel() -> None:
    state = started(3)
    camel = state.players[0].camel("A")
    other = next(c for c in state.players[1].camels if c.pen != camel.pen)
    assert "Another camel stands" in refused(
        state, a.SetPitch(player=0, camel="A", pen=other.pen, pitch=other.pitch), "occupied"
    )
    # 24 camels in 25 pitches: one pitch of the start area is free.
    (pen, pitch), *_ = [
        (pen, pitch)
        for pen in range(1, 6)
        for pitch in range(1, 6)
        if pitch not in state.occupied(0, pen)
    ]
    fixed = play(state, a.SetPitch(player=0, camel="A", pen=pen, pitch=pitch))
    assert fixed.players[0].camel("A").spot == (0, pen, pitch)
    # Its own pitch is no obstacle.
    same = play(state, a.SetPitch(player=0, camel="A", pen=camel.pen, pitch=camel.pitch))
    assert same == state
    unplaced = RULES.setup(RULES.parse_options(options(3)))
    refused(unplaced, a.SetPitch(player=0, camel="A", pen=1, pitch=1), "not_placed")


def test_the_board_layout_can_be_entered_or_fixed_during_the_game() -> None:
    state = placed(
        play(
            RULES.setup(RULES.parse_options(options(3))),
            *(
                a.LoadCaravan(player=s, camels=tuple(map(tuple, c)))
                for s, c in enumerate(patterned_loads(3))
            ),
        )
    )
    origin = state.players[0].camel("A").pen
    refused(state, a.SetArrows(place=3, pen=1, to=(1, 2)), "off_route")
    refused(state, a.SetSwapFields(place=0, fields=()), "off_route")
    known = play(
        state,
        a.SetArrows(place=0, pen=origin, to=(1, 2)),
        a.SetSwapFields(place=1, fields=((4, 1),)),
    )
    refused(known, a.MoveCamel(player=0, camel="A", pen=4), "must_pay")
    swap = play(known, a.MoveCamel(player=0, camel="A", pen=4, paid=G.WATER))
    assert swap.phase is Phase.SWAP and swap.removed == Goods(water=1)
    # "Unknown after all": the player's word counts again.
    unknown = play(known, a.SetArrows(place=0, pen=origin, to=None))
    free = play(unknown, a.MoveCamel(player=0, camel="A", pen=4))
    assert free.removed == Goods() and free.phase is Phase.SWAP


def test_bad_input_is_refused_with_its_rule_and_changes_nothing(tmp_path: Path) -> None:
    with Store.open(tmp_path / "games.sqlite3") as store:
        session = Session.create(store, RULES, RULES.parse_options(options(4)))
        for seat, caravan in enumerate(patterned_loads(4)):
            action = a.LoadCaravan(player=seat, camels=tuple(map(tuple, caravan)))
            assert session.submit(action, seq=session.seq, game_id=session.game_id).verdict.ok
        before, seq = session.state, session.seq
        illegal = [
            (a.PlaceCamel(player=1, camel="A", pen=1), "not_your_turn"),
            (a.PlaceCamel(player=0, camel="G", pen=1), "no_such_camel"),
            (a.MoveCamel(player=0, camel="A", pen=1, swap=False), "wrong_phase"),
            (a.RevealThief(pen=1, pitches=(1, 2), goods=(G.GOLD,)), "wrong_phase"),
            (a.PlaceCamel(player=4, camel="A", pen=1), "no_such_player"),
        ]
        for action, code in illegal:
            outcome = session.submit(action, seq=session.seq, game_id=session.game_id)
            assert outcome.verdict.code == code and not outcome.verdict.ok
            assert session.state == before and session.seq == seq
        for malformed, field in (
            ({"kind": "place", "player": 0, "camel": "A", "pen": 6}, "place.pen"),
            ({"kind": "thief", "pen": 1, "pitches": [2, 2], "goods": ["gold"]}, "thief"),
            ({"kind": "move", "player": 0, "camel": "A", "pen": 1, "paid": "tea"}, "move.paid"),
            ({"kind": "load", "player": 0, "camels": [["gold"]]}, "load.camels.0"),
        ):
            with pytest.raises(InputError) as error:
                RULES.parse_action(malformed)
            assert error.value.message.startswith(field)
        assert len(store.load(session.game_id).entries) == seq


def test_corrections_are_logged_as_corrections_and_a_resumed_game_is_the_same(
    tmp_path: Path,
) -> None:
    database = tmp_path / "games.sqlite3"
    with Store.open(database) as store:
        session = Session.create(store, RULES, RULES.parse_options(options(3)))
        for seat, caravan in enumerate(patterned_loads(3)):
            action = a.LoadCaravan(player=seat, camels=tuple(map(tuple, caravan)))
            session.submit(action, seq=session.seq, game_id=session.game_id)
        fix = a.SetGoods(player=2, camel="B", goods=(G.GOLD, G.GOLD))
        assert session.submit(fix, seq=session.seq, game_id=session.game_id).verdict.ok
        place = a.PlaceCamel(player=0, camel="A", pen=3)
        assert session.submit(place, seq=session.seq, game_id=session.game_id).verdict.ok
        kinds = [entry.kind for entry in store.load(session.game_id).entries]
        assert kinds == ["action"] * 3 + ["correction", "action"]
        session.undo(seq=session.seq, game_id=session.game_id)
        final, game_id = session.state, session.game_id
    with Store.open(database) as store:
        resumed = Session.resume(store, game_id)
        assert resumed.state == final
        assert resumed.state.players[2].camel("B").goods == (G.GOLD, G.GOLD)
        assert resumed.state.players[0].camel("A").place is None
