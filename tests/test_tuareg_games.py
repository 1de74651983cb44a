"""Random legal Tuareg games for 2-5 players from setup to the final sheet (Hypothesis), through a
real SQLite session: the 44 goods are always somewhere, hands hold at most 4 cards after every turn,
no camel ever carries an illegal load, and replaying the stored log reproduces the game exactly.
Bad input through the session is refused with its rule and changes nothing."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tuareg_table import CAMEL_1, GOLD, RULES, SALT, options

from companion.games.tuareg import actions as a
from companion.games.tuareg.loading import stack_refusals
from companion.games.tuareg.model import CAPACITY, Animal, Good
from companion.games.tuareg.state import CAVE_CAPACITY, Phase, TuaregState
from companion.play.session import Session
from companion.store import Store


def check_invariants(action: a.TuaregAction, after: TuaregState) -> None:
    unseen = after.unseen()
    assert all(n >= 0 for _good, n in unseen.items())
    concealed = sum(p.hand for p in after.players if p.hand_revealed is None)
    # Every card the table has not seen is in the deck, a concealed hand or hidden unrevealed.
    assert after.deck + concealed + after.hidden_unknown() == unseen.total()
    assert after.seen().total() + unseen.total() == 44
    for player in after.players:
        for ref, stack in player.animals():
            assert len(stack) <= CAPACITY
            if ref.animal is Animal.CAMEL:
                assert stack_refusals(Animal.CAMEL, stack) == [], (player.name, stack)
        assert all(len(cave) <= CAVE_CAPACITY for cave in player.caves)
        assert all(len(thief) <= 1 for thief in player.thieves)
    if isinstance(action, a.EndTurn):
        assert after.players[action.player].hand <= 4


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(players=st.integers(2, 5), data=st.data())
def test_random_games_keep_the_invariants_and_replay_exactly(
    tmp_path: Path, players: int, data: st.DataObject
) -> None:
    database = tmp_path / f"games-{data.draw(st.uuids()).hex}.sqlite3"
    with Store.open(database) as store:
        session = Session.create(store, RULES, options(players))
        while not RULES.is_over(session.state):
            choices = RULES.legal_actions(session.state)
            assert choices, f"no legal action in {session.state.phase}"
            kind = data.draw(st.sampled_from(sorted({c.kind for c in choices})))
            action = data.draw(st.sampled_from([c for c in choices if c.kind == kind]))
            outcome = session.submit(action, seq=session.seq, game_id=session.game_id)
            assert outcome.verdict.ok, outcome.verdict
            check_invariants(action, outcome.state)
        final, game_id = session.state, session.game_id
        sheet = session.score_sheet()
    assert final.phase is Phase.GAME_OVER and len(final.stages) == 2
    assert sheet.final and set(sheet.players) == {p.name for p in final.players}
    with Store.open(database) as store:
        assert Session.resume(store, game_id).state == final


def test_bad_input_is_refused_with_its_rule_and_changes_nothing(tmp_path: Path) -> None:
    with Store.open(tmp_path / "games.sqlite3") as store:
        session = Session.create(store, RULES, options(2))
        session.submit(a.OpenMarket(goods=(SALT, GOLD)), seq=session.seq, game_id=session.game_id)
        before, seq = session.state, session.seq
        probes = {
            a.LoadFromCache(player=0, onto=CAMEL_1, goods=(SALT,)): "not_in_hand",
            a.TakeFromMarket(player=0, onto=CAMEL_1, good=GOLD, count=2): "not_in_market",
            a.Draw(player=1, to_market=(SALT,)): "not_your_turn",
            a.Draw(player=0): "market_card",
            a.Steal(player=0, thief=1, victim=1): "no_such_thief",
            a.ScoreStage(): "wrong_phase",
            a.OpenMarket(goods=(SALT, SALT)): "wrong_phase",
        }
        for action, code in probes.items():
            outcome = session.submit(action, seq=session.seq, game_id=session.game_id)
            assert (outcome.verdict.ok, outcome.verdict.code) == (False, code)
            assert outcome.verdict.message
        assert (session.state, session.seq) == (before, seq)
        game_id = session.game_id
    with Store.open(tmp_path / "games.sqlite3") as store:
        resumed = Session.resume(store, game_id)
        assert (resumed.state, resumed.seq) == (before, seq)


def test_a_correction_is_logged_as_one_and_survives_a_restart(tmp_path: Path) -> None:
    with Store.open(tmp_path / "games.sqlite3") as store:
        session = Session.create(store, RULES, options(3))
        session.submit(a.OpenMarket(goods=(SALT, GOLD)), seq=session.seq, game_id=session.game_id)
        fix = a.SetStack(player=1, animal=CAMEL_1, goods=(SALT, SALT))
        assert session.submit(fix, seq=session.seq, game_id=session.game_id).verdict.ok
        illegal = a.SetStack(player=1, animal=CAMEL_1, goods=(GOLD, GOLD, GOLD))
        assert session.submit(illegal, seq=session.seq, game_id=session.game_id).verdict.code == (
            "gold"
        )
        game_id = session.game_id
        kinds = [entry.kind for entry in store.load(game_id).entries]
    assert kinds[-1] == "correction"
    with Store.open(tmp_path / "games.sqlite3") as store:
        resumed = Session.resume(store, game_id)
        assert resumed.state.players[1].stack(CAMEL_1) == (SALT, SALT)


def test_an_action_the_log_could_not_read_back_is_refused_and_not_logged(tmp_path: Path) -> None:
    with Store.open(tmp_path / "games.sqlite3") as store:
        session = Session.create(store, RULES, options(2))
        out_of_range = a.ConfirmValue(good=Good.WATER, dinars=0, points=99)
        outcome = session.submit(out_of_range, seq=session.seq, game_id=session.game_id)
        assert (outcome.verdict.ok, outcome.verdict.code) == (False, "invalid_value")
        assert "dinars" in outcome.verdict.message and session.seq == 0
        game_id = session.game_id
    with Store.open(tmp_path / "games.sqlite3") as store:
        assert Session.resume(store, game_id).seq == 0
