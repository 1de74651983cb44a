"""Random legal Timbuktu games for 3-5 players (Hypothesis) through a real SQLite session: the
invariants hold after every action, and replaying the stored log reproduces the final state."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from timbuktu_table import RULES, options, pool_loads

from companion.games.timbuktu import actions as a
from companion.games.timbuktu.model import PENS, PITCHES, Good, Goods, Phase, TimbuktuState
from companion.games.timbuktu.scoring import values
from companion.play.session import Outcome, Session
from companion.store import Store


@st.composite
def layouts(draw: st.DrawFn, players: int) -> dict[str, object]:
    """Part of the board entered: arrows of some pens, swap fields of some places."""
    pens = st.integers(1, PENS)
    arrows = []
    for place in range(players):
        for pen in range(1, PENS + 1):
            if draw(st.booleans()):
                to = draw(st.lists(pens, min_size=2, max_size=2, unique=True))
                arrows.append({"place": place, "pen": pen, "to": to})
    swap_fields = []
    for place in range(1, players + 1):
        if draw(st.booleans()):
            fields = draw(
                st.lists(st.tuples(pens, st.integers(1, PITCHES)), max_size=3, unique=True)
            )
            swap_fields.append({"place": place, "fields": [list(f) for f in fields]})
    return {"arrows": arrows, "swap_fields": swap_fields}


def expected_theft(state: TimbuktuState, action: a.RevealThief) -> Goods:
    """What the pile must take, counted straight from the camels before it strikes."""
    return Goods.of(
        good
        for _seat, camel in state.camels()
        if camel.place == state.stage and camel.pen == action.pen and camel.pitch in action.pitches
        for good in camel.goods
        if good in action.goods
    )


def check_invariants(state: TimbuktuState, handed: Goods) -> None:
    carried = sum((p.goods for p in state.players), Goods())
    # Every good handed out is on a camel, removed, or out of play.
    assert carried + state.removed + state.out_of_play == handed
    spots = [camel.spot for _seat, camel in state.camels() if camel.spot is not None]
    assert len(spots) == len(set(spots)), "two camels on one pitch"
    assert all(1 <= pen <= PENS and 1 <= pitch <= PITCHES for _place, pen, pitch in spots)
    assert all(len(camel.goods) <= 4 for _seat, camel in state.camels())


@settings(
    max_examples=10,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_random_games_keep_the_invariants_and_replay_exactly(
    tmp_path: Path, data: st.DataObject
) -> None:
    players = data.draw(st.integers(3, 5), label="players")
    variant = data.draw(st.sampled_from(["printed", "dealt"]), label="variant")
    extra = {
        "variant": variant,
        "leftovers_removed": data.draw(st.booleans(), label="leftovers_removed"),
        "start_player": data.draw(st.integers(0, players - 1), label="start_player"),
        "layouts": {str(players): data.draw(layouts(players), label="layout")},
    }
    loads = pool_loads(players, data.draw(st.randoms(use_true_random=False)), variant)
    database = tmp_path / f"games-{data.draw(st.uuids()).hex}.sqlite3"
    with Store.open(database) as store:
        session = Session.create(store, RULES, RULES.parse_options(options(players, **extra)))

        def submit(action: a.TimbuktuAction) -> Outcome:
            return session.submit(action, seq=session.seq, game_id=session.game_id)

        for seat, caravan in enumerate(loads):
            assert submit(a.LoadCaravan(player=seat, camels=tuple(map(tuple, caravan)))).verdict.ok
        handed = sum((p.goods for p in session.state.players), session.state.out_of_play)
        handed += session.state.removed
        tally = session.state.removed
        moves: Counter[tuple[int, int, str]] = Counter()
        while not RULES.is_over(session.state):
            before = session.state
            choices = RULES.legal_actions(before)
            assert choices, f"no legal action in {before.phase}"
            action = data.draw(st.sampled_from(choices))
            outcome = submit(action)
            assert outcome.verdict.ok, outcome.verdict
            after = outcome.state
            check_invariants(after, handed)
            if isinstance(action, a.MoveCamel):
                moves[(before.stage, action.player, action.camel)] += 1
                camel = after.players[action.player].camel(action.camel)
                assert camel.pitch == min(
                    set(range(1, PITCHES + 1)) - set(before.occupied(before.stage, action.pen))
                )
                if action.paid is not None:
                    tally += Goods.of([action.paid])
            if isinstance(action, a.RevealThief):
                tally += expected_theft(before, action)
            if before.phase is Phase.PLACEMENT and after.phase is not Phase.PLACEMENT:
                for player in after.players:
                    assert {c.pen for c in player.camels} == set(range(1, PENS + 1))
            if before.phase is Phase.MOVES and after.phase is Phase.THEFTS:
                stage = before.stage
                every = {(stage, s, c.letter) for s, c in after.camels()}
                assert {k for k in moves if k[0] == stage} == every
                assert all(moves[k] == 1 for k in every), "a camel moved twice in a stage"
        final, game_id = session.state, session.game_id
        assert final.stage == players and len(final.thefts) == PENS * players
        assert final.removed == tally
        assert values(final) == {good: tally.count(good) for good in Good}
        sheet = session.score_sheet()
        assert sheet.final
        for player in final.players:
            haul = player.goods
            assert sheet.totals[player.name] == sum(
                haul.count(good) * tally.count(good) for good in Good
            )
    with Store.open(database) as store:
        assert Session.resume(store, game_id).state == final
