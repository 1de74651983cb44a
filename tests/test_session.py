"""Sessions: submit, refuse, undo/redo, resume and score-sheet traces, on the counter game."""

from __future__ import annotations

import random
import re
import sqlite3
from collections.abc import Iterator
from contextlib import closing
from dataclasses import replace
from pathlib import Path

import pytest
from counter_game import RULES, Add, CounterOptions, CounterState, SetCount

from companion.play.session import LogCorruptionError, Outcome, Session
from companion.storage.chain import chain_existing_logs
from companion.store import Store


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "companion.sqlite3"


@pytest.fixture
def store(db: Path) -> Iterator[Store]:
    with Store.open(db) as opened:
        yield opened


@pytest.fixture
def session(store: Store) -> Session:
    return Session.create(store, RULES, CounterOptions())


def submit(session: Session, action: Add | SetCount) -> Outcome:
    """Submit with the session's own (current) view."""
    return session.submit(action, seq=session.seq, game_id=session.game_id)


def undo(session: Session) -> Outcome:
    return session.undo(seq=session.seq, game_id=session.game_id)


def redo(session: Session) -> Outcome:
    return session.redo(seq=session.seq, game_id=session.game_id)


def counts(session: Session) -> tuple[int, ...]:
    return session.state.counts


def logged(store: Store, session: Session) -> list[tuple[int, str, dict[str, object]]]:
    return [(e.seq, e.kind, e.payload) for e in store.load(session.game_id).entries]


def assert_refused(outcome: Outcome, code: str, session: Session) -> None:
    assert not outcome.verdict.ok
    assert outcome.verdict.code == code
    assert outcome.verdict.message
    assert (outcome.seq, outcome.state) == (session.seq, session.state)


def test_a_new_session(store: Store, session: Session) -> None:
    assert (session.seq, session.entries) == (0, ())
    assert session.state == CounterState(("ann", "bob"), (0, 0), 20)
    stored = store.load(session.game_id)
    assert (stored.game, stored.options) == ("counter", {"players": ["ann", "bob"], "target": 20})


def test_a_legal_action_is_logged_then_acknowledged(store: Store, session: Session) -> None:
    outcome = submit(session, Add(n=3, player=1))
    assert outcome.verdict.ok
    assert (outcome.seq, outcome.state.counts) == (1, (0, 3))
    assert (session.seq, session.state) == (1, outcome.state)
    assert logged(store, session) == [(1, "action", {"kind": "add", "n": 3, "player": 1})]
    assert session.entries == tuple(store.load(session.game_id).entries)


def test_an_illegal_action_changes_nothing(store: Store, session: Session) -> None:
    submit(session, Add(n=2))
    before = session.state
    outcome = submit(session, Add(n=6))
    assert_refused(outcome, "too_big", session)
    assert outcome.verdict.message == "You may add at most 5."
    assert (session.seq, session.state) == (1, before)
    assert len(logged(store, session)) == 1


@pytest.mark.parametrize("seen", [0, 2, -1])
def test_a_stale_view_is_refused(store: Store, session: Session, seen: int) -> None:
    submit(session, Add(n=2))
    for attempt in (
        session.submit(Add(n=1), seq=seen, game_id=session.game_id),
        session.undo(seq=seen, game_id=session.game_id),
        session.redo(seq=seen, game_id=session.game_id),
    ):
        assert_refused(attempt, "stale", session)
    assert len(logged(store, session)) == 1


def test_input_for_another_game_is_refused(store: Store, session: Session) -> None:
    other = Session.create(store, RULES, CounterOptions())
    outcome = session.submit(Add(n=1), seq=0, game_id=other.game_id)
    assert_refused(outcome, "wrong_game", session)
    assert_refused(session.undo(seq=0, game_id="nope"), "wrong_game", session)
    assert logged(store, session) == [] and logged(store, other) == []


def test_a_second_device_with_a_stale_view_is_refused(db: Path, session: Session) -> None:
    with Store.open(db) as other_store:
        other = Session.resume(other_store, session.game_id)
        assert submit(session, Add(n=1)).verdict.ok
        outcome = submit(other, Add(n=5))  # consistent with its own view, stale in the store
        assert_refused(outcome, "stale", other)
        assert other.seq == 0
        assert [e.payload["n"] for e in other_store.load(session.game_id).entries] == [1]


def test_corrections_are_logged_as_such(store: Store, session: Session) -> None:
    submit(session, Add(n=4))
    outcome = submit(session, SetCount(count=17, player=1))
    assert outcome.verdict.ok and counts(session) == (4, 17)
    assert [kind for _, kind, _ in logged(store, session)] == ["action", "correction"]


def test_undo_and_redo_are_log_entries(store: Store, session: Session) -> None:
    submit(session, Add(n=1))
    submit(session, Add(n=2))
    assert undo(session).state.counts == (1, 0)
    assert undo(session).state.counts == (0, 0)
    outcome = redo(session)
    assert (outcome.seq, outcome.state.counts) == (5, (1, 0))
    assert counts(session) == (1, 0)
    assert [(seq, kind) for seq, kind, _ in logged(store, session)] == [
        (1, "action"),
        (2, "action"),
        (3, "undo"),
        (4, "undo"),
        (5, "redo"),
    ]
    assert logged(store, session)[2][2] == {}


def test_undo_and_redo_survive_reopening(db: Path) -> None:
    with Store.open(db) as store:
        session = Session.create(store, RULES, CounterOptions())
        for n in (1, 2, 3):
            submit(session, Add(n=n))
        undo(session)
        undo(session)
        game_id = session.game_id
    with Store.open(db) as store:
        resumed = Session.resume(store, game_id)
        assert (resumed.seq, counts(resumed)) == (5, (1, 0))
        assert redo(resumed).state.counts == (3, 0)
    with Store.open(db) as store:
        resumed = Session.resume(store, game_id)
        assert redo(resumed).state.counts == (6, 0)
        assert_refused(redo(resumed), "nothing_to_redo", resumed)


def test_a_new_action_clears_the_redo_stack(session: Session) -> None:
    submit(session, Add(n=1))
    submit(session, Add(n=2))
    undo(session)
    submit(session, Add(n=4, player=1))
    assert counts(session) == (1, 4)
    assert_refused(redo(session), "nothing_to_redo", session)


def test_nothing_to_undo(store: Store, session: Session) -> None:
    assert_refused(undo(session), "nothing_to_undo", session)
    submit(session, Add(n=1))
    undo(session)
    assert_refused(undo(session), "nothing_to_undo", session)
    resumed = Session.resume(store, session.game_id)
    assert_refused(undo(resumed), "nothing_to_undo", resumed)
    assert len(logged(store, session)) == 2


def test_finishing_and_undoing_the_finish(store: Store) -> None:
    session = Session.create(store, RULES, CounterOptions(target=5))
    submit(session, Add(n=5))
    assert RULES.is_over(session.state)
    assert store.load(session.game_id).status == "finished"
    assert_refused(submit(session, Add(n=1)), "game_over", session)
    undo(session)
    assert store.load(session.game_id).status == "active"
    redo(session)
    assert store.load(session.game_id).status == "finished"
    assert Session.resume(store, session.game_id).state == session.state


def test_score_sheet_traces_each_cell_to_the_entries_that_changed_it(session: Session) -> None:
    submit(session, Add(n=2))  # 1
    submit(session, Add(n=3, player=1))  # 2
    submit(session, Add(n=0))  # 3: changes nothing
    submit(session, Add(n=1))  # 4
    undo(session)  # 5: takes back 4
    submit(session, Add(n=4))  # 6
    undo(session)  # 7: takes back 6
    redo(session)  # 8: puts 6 back, traced to the entry holding it
    submit(session, SetCount(count=9, player=1))  # 9
    sheet = session.score_sheet()
    assert sheet.points == {"ann": {"count": 6}, "bob": {"count": 9}}
    assert sheet.trace == {"ann": {"count": (1, 6)}, "bob": {"count": (2, 9)}}
    assert replace(sheet, trace={}) == RULES.score_sheet(session.state)


def test_score_sheet_of_a_new_game_has_empty_traces(session: Session) -> None:
    assert session.score_sheet().trace == {"ann": {"count": ()}, "bob": {"count": ()}}


def random_play(session: Session, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        roll = rng.random()
        if roll < 0.15:
            undo(session)
        elif roll < 0.25:
            redo(session)
        elif roll < 0.3:
            submit(session, SetCount(count=rng.randint(0, 10), player=rng.randint(0, 1)))
        else:
            submit(session, Add(n=rng.randint(0, 6), player=rng.randint(0, 1)))


@pytest.mark.parametrize("seed", range(5))
def test_resume_reproduces_the_session_exactly(db: Path, seed: int) -> None:
    with Store.open(db) as store:
        live = Session.create(store, RULES, CounterOptions(target=10**6))
        random_play(live, random.Random(seed), 120)
    with Store.open(db) as store:
        resumed = Session.resume(store, live.game_id)
        assert (resumed.seq, resumed.state, resumed.entries) == (live.seq, live.state, live.entries)
        assert resumed.score_sheet() == live.score_sheet()
        random_play(resumed, random.Random(seed + 100), 40)  # and play on from there
        again = Session.resume(store, live.game_id)
        assert (again.seq, again.state) == (resumed.seq, resumed.state)


# --- a damaged log opens read-only at its last sound entry, never skipped --------------------


def corrupt_log(store: Store, *entries: tuple[int, str, dict[str, object]]) -> str:
    """A game whose entries are stored as given, chained as sound (only a replay can object)."""
    game_id = store.create_game("counter", RULES.dump_options(CounterOptions()))
    for seq, kind, payload in entries:
        store.append(game_id, seq, kind, payload)
    return game_id


@pytest.mark.parametrize(
    ("entries", "at_seq", "message"),
    [
        (
            [(1, "action", {"kind": "add", "n": 2}), (2, "action", {"kind": "add", "n": 9})],
            2,
            "log entry 2 \\(action\\) no longer applies: too_big",
        ),
        ([(1, "action", {"kind": "jump"})], 1, "log entry 1 \\(action\\) no longer applies"),
        ([(1, "undo", {})], 1, "log entry 1 \\(undo\\): there is nothing to undo"),
        (
            [(1, "action", {"kind": "add", "n": 2}), (2, "redo", {})],
            2,
            "log entry 2 \\(redo\\): there is nothing to redo",
        ),
        (
            [
                (1, "action", {"kind": "add", "n": 2}),
                (2, "action", {"kind": "add", "n": 1, "player": 7}),
            ],
            2,
            "no_such_player",
        ),
    ],
)
def test_a_log_that_no_longer_replays_opens_read_only(
    store: Store, entries: list[tuple[int, str, dict[str, object]]], at_seq: int, message: str
) -> None:
    game_id = corrupt_log(store, *entries)
    other = corrupt_log(store, (1, "action", {"kind": "add", "n": 2}))
    session = Session.resume(store, game_id)
    assert session.damage is not None and session.damage.at_seq == at_seq
    assert re.search(message, session.damage.reason)
    assert session.seq == at_seq - 1
    assert counts(session) == ((2, 0) if at_seq == 2 else (0, 0))
    for outcome in (submit(session, Add(n=1)), undo(session), redo(session)):
        assert_refused(outcome, "log_damaged", session)
        assert f"from entry {at_seq} on" in outcome.verdict.message
    assert [e.seq for e in store.load(game_id).entries] == [e[0] for e in entries]
    assert Session.resume(store, other).damage is None
    assert submit(Session.resume(store, other), Add(n=1)).verdict.ok


def test_an_altered_entry_stops_the_game_before_it(store: Store, db: Path) -> None:
    live = Session.create(store, RULES, CounterOptions())
    for n in (1, 2, 3, 4):
        submit(live, Add(n=n))
    with closing(sqlite3.connect(db, isolation_level=None)) as connection:
        connection.execute('UPDATE log SET payload = \'{"kind":"add","n":5}\' WHERE seq = 3')
    session = Session.resume(store, live.game_id)
    assert session.damage is not None and session.damage.at_seq == 3
    assert (session.seq, counts(session)) == (2, (3, 0))
    assert_refused(submit(session, Add(n=1)), "log_damaged", session)


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        ("UPDATE games SET game = 'chess'", "record of game"),
        ("UPDATE games SET options = '[1]'", "record of game"),
    ],
)
def test_a_game_that_cannot_be_set_up_is_an_error(
    store: Store, db: Path, damage: str, message: str
) -> None:
    game_id = corrupt_log(store, (1, "action", {"kind": "add", "n": 2}))
    with closing(sqlite3.connect(db, isolation_level=None)) as connection:
        connection.execute(damage)
    with pytest.raises(LogCorruptionError, match=message):
        Session.resume(store, game_id)


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        ("UPDATE games SET game = 'chess'", "unknown game 'chess'"),
        ("UPDATE games SET options = '[1]'", "Input should be a dictionary"),
    ],
)
def test_a_game_damaged_before_the_chain_cannot_be_set_up(
    store: Store, db: Path, damage: str, message: str
) -> None:
    game_id = corrupt_log(store, (1, "action", {"kind": "add", "n": 2}))
    with closing(sqlite3.connect(db, isolation_level=None)) as connection:
        connection.execute(damage)
        connection.execute("BEGIN")
        chain_existing_logs(connection)
        connection.execute("COMMIT")
    with pytest.raises(LogCorruptionError, match=message):
        Session.resume(store, game_id)


def test_the_app_shows_a_damaged_game_with_its_notice(store: Store) -> None:
    from companion.play.table import TableGame  # pure Python: no Kivy

    game_id = corrupt_log(store, (1, "action", {"kind": "add", "n": 2}), (2, "undo", {}))
    sound = corrupt_log(store, (1, "action", {"kind": "add", "n": 2}))
    table = TableGame.resume(store, game_id)
    store._conn.execute("UPDATE log SET payload = '{}' WHERE game_id = ? AND seq = 1", (game_id,))
    damaged = TableGame.resume(store, game_id)
    assert table.refusal is None and TableGame.resume(store, sound).refusal is None
    assert damaged.refusal is not None and damaged.refusal.code == "log_damaged"
    assert damaged.seq == 0 and "from entry 1 on" in damaged.refusal.message
    assert damaged.undo(seq=damaged.seq).code == "log_damaged"


def test_the_app_reloads_a_game_another_device_moved_on(store: Store, db: Path) -> None:
    from companion.play.table import TableGame  # pure Python: no Kivy

    table = TableGame(Session.create(store, RULES, CounterOptions()))
    rendered = table.seq
    told: list[int] = []
    table.listen(lambda t: told.append(t.seq))
    with Store.open(db) as device:  # a second device on the same file
        other = Session.resume(device, table.game_id)
        assert other.submit(Add(n=5), seq=other.seq, game_id=other.game_id).verdict.ok
        written = other.seq

    verdict = table.submit(Add(n=1), seq=rendered)
    assert verdict.code == "stale" and table.refusal == verdict
    assert table.seq == written and told == [written]  # reloaded before the screen was told
    assert table.state == other.state
    assert table.submit(Add(n=1), seq=rendered).code == "stale"  # still meant for the old view
    assert table.submit(Add(n=1), seq=table.seq).ok and table.seq == written + 1
