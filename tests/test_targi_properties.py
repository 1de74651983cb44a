"""Random legal Targi games from setup to the end (Hypothesis): invariants hold after every action,
and replaying the stored log reproduces the final state exactly."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from targi_table import RULES

from companion.games.targi.board import CORNER_OF_RAID, LAST_ROUND, robber_for_round
from companion.games.targi.model import (
    DISPLAY_SIZE,
    GOLD_LIMIT,
    GOODS_LIMIT,
    ROW_LENGTH,
    Phase,
    TargiState,
)
from companion.play.session import Session
from companion.store import Store

OPTIONS = {"players": [{"name": "Amal", "colour": "blue"}, {"name": "Bilal", "colour": "white"}]}


def check_invariants(before: TargiState, after: TargiState) -> None:
    for player in after.players:
        assert all(count >= 0 for count in player.stock.as_tuple()), player
        assert player.displayed <= DISPLAY_SIZE
        assert all(len(row) <= ROW_LENGTH for row in player.display)
        assert len(player.targi) <= 3 and len(player.markers) <= 2
    assert after.round <= LAST_ROUND + 1
    if after.phase in (Phase.PLACEMENT, Phase.ACTIONS):
        assert after.round <= LAST_ROUND
        assert after.robber == robber_for_round(after.round)[1]
    if after.phase is Phase.RAID:
        assert after.robber == CORNER_OF_RAID[after.raid]
    if after.round > before.round and before.round > 0:
        # A round ended: nobody carries more than the limits into the next one.
        for player in after.players:
            assert player.stock.goods <= GOODS_LIMIT and player.stock.gold <= GOLD_LIMIT
        assert after.start_player == 1 - before.start_player


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_random_games_keep_the_invariants_and_replay_exactly(
    tmp_path: Path, data: st.DataObject
) -> None:
    database = tmp_path / f"games-{data.draw(st.uuids()).hex}.sqlite3"
    with Store.open(database) as store:
        session = Session.create(store, RULES, RULES.parse_options(OPTIONS))
        while not RULES.is_over(session.state):
            choices = RULES.legal_actions(session.state)
            assert choices, f"no legal action in {session.state.phase}"
            action = data.draw(st.sampled_from(choices))
            before = session.state
            outcome = session.submit(action, seq=session.seq, game_id=session.game_id)
            assert outcome.verdict.ok, outcome.verdict
            check_invariants(before, outcome.state)
        final, game_id = session.state, session.game_id
    assert final.end_reason in ("raid_4", "display_full")
    with Store.open(database) as store:
        assert Session.resume(store, game_id).state == final
