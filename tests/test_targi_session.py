"""A Targi game through the session and a real database: refusals change nothing, undo/redo and
corrections are logged and survive a restart, and the score sheet traces back to the log."""

from __future__ import annotations

from itertools import product
from pathlib import Path

from targi_table import CENTRE, RULES

from companion.games.targi import actions as a
from companion.games.targi.model import Good
from companion.play.session import Session
from companion.store import Store

OPTIONS = {"players": [{"name": "Amal", "colour": "blue"}, {"name": "Bilal", "colour": "white"}]}


def submit(session: Session, *actions: a.TargiAction) -> None:
    for action in actions:
        outcome = session.submit(action, seq=session.seq, game_id=session.game_id)
        assert outcome.verdict.ok, outcome.verdict


def started(store: Store) -> Session:
    """Round 1 placed as in the rules tests: Amal 5, 3, 13; Bilal 2, 14, 10."""
    session = Session.create(store, RULES, RULES.parse_options(OPTIONS))
    submit(session, *(a.RevealCard(cell=cell, card=card) for cell, card in CENTRE.items()))
    for seat, card in zip((0, 1) * 3, (5, 2, 3, 14, 13, 10), strict=True):
        submit(session, a.Place(player=seat, card=card))
    return session


def probes() -> list[a.TargiAction]:
    """A wide spread of actions of every kind, most of them illegal at any given moment."""
    goods = list(Good)
    found: list[a.TargiAction] = []
    for seat, card in product((0, 1), range(1, 17)):
        found += [a.Place(player=seat, card=card), a.TakeGoods(player=seat, card=card)]
        found.append(a.Skip(player=seat, space=card))
    for seat in (0, 1):
        found += [
            a.EndTurn(player=seat),
            a.PayRaid(player=seat, vp=1),
            a.ReturnExcess(player=seat, dates=1),
            a.UseNoble(player=seat, decision="discard"),
            a.UseMerchant(player=seat, exchanges=()),
            a.UseSilversmith(player=seat, trade=a.SilversmithTrade.FOUR_GOODS, good=goods[0]),
            a.UseCaravan(player=seat, card="TARGI-GOODS-2SALT"),
            a.UseTribalExpansion(player=seat, card="TARGI-TRIBE-WELL-1", decision="discard"),
            a.UseFataMorgana(player=seat, marker=(1, 3), to=(2, 2)),
            a.TakeCentralTribe(player=seat, cell=(2, 2), decision="hand"),
            a.MoveTargi(player=seat, card=5, to=4),
            a.SetHand(player=seat, card="TARGI-TRIBE-WELL-1"),
        ]
        found += [a.TakeCentralGoods(player=seat, cell=c, choice=g) for c in CENTRE for g in goods]
    found += [a.RevealCard(cell=(1, 1), card="TARGI-GOODS-DATES-2"), a.MoveRobber(card=12)]
    return found


def test_every_refused_action_leaves_state_and_log_unchanged(tmp_path: Path) -> None:
    with Store.open(tmp_path / "games.sqlite3") as store:
        session = started(store)
        submit(session, a.TakeGoods(player=0, card=3))
        state, seq = session.state, session.seq
        stored = len(store.load(session.game_id).entries)
        refusals = 0
        for action in probes():
            verdict = RULES.check(state, action)
            if verdict.ok:
                continue
            refusals += 1
            outcome = session.submit(action, seq=seq, game_id=session.game_id)
            assert (outcome.verdict.ok, outcome.verdict.code) == (False, verdict.code)
            assert outcome.verdict.message, action
            assert (session.state, session.seq, outcome.seq) == (state, seq, seq)
        assert refusals > 150
        assert len(store.load(session.game_id).entries) == stored


def test_undo_redo_and_corrections_survive_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    with Store.open(path) as store:
        session = started(store)
        game_id = session.game_id
        placed = session.state
        submit(session, a.TakeGoods(player=0, card=3), a.AddCardBonus(player=1, points=2, note="x"))
        for _ in range(2):
            outcome = session.undo(seq=session.seq, game_id=game_id)
            assert outcome.verdict.ok
        assert session.state == placed
    with Store.open(path) as store:
        session = Session.resume(store, game_id)
        assert session.state == placed
        assert session.redo(seq=session.seq, game_id=game_id).verdict.ok
        assert session.state.players[0].stock.salt == 3
        kinds = [entry.kind for entry in session.entries[-5:]]
        assert kinds == ["action", "correction", "undo", "undo", "redo"]
        submit(session, a.Skip(player=0, space=5))
        refusal = session.redo(seq=session.seq, game_id=game_id).verdict
        assert refusal.code == "nothing_to_redo"


def test_score_sheet_traces_each_cell_to_the_log(tmp_path: Path) -> None:
    with Store.open(tmp_path / "games.sqlite3") as store:
        session = started(store)
        submit(session, a.AddCardBonus(player=1, points=2, note="two wells"))
        bonus_seq = session.seq
        submit(session, a.EndTurn(player=0))
        submit(session, a.UseSilversmith(player=1, trade=a.SilversmithTrade.ONE_GOLD))
        sheet = session.score_sheet()
        assert sheet.trace["Bilal"]["card_bonus"] == (bonus_seq,)
        assert sheet.trace["Bilal"]["vp_tokens"] == (session.seq,)
        assert sheet.trace["Amal"]["vp_tokens"] == ()
        assert sheet.points["Bilal"]["card_bonus"] == 2


def test_the_legal_actions_follow_every_step_undo_and_redo(tmp_path: Path) -> None:
    """What the session lists as legal (worked out once per state) is what the rules list for the
    state it is in after each submit, undo, redo and reopening."""
    with Store.open(tmp_path / "games.sqlite3") as store:
        session = started(store)
        listed = []
        for step in (
            lambda: submit(session, a.TakeGoods(player=0, card=3)),
            lambda: session.undo(seq=session.seq),
            lambda: session.redo(seq=session.seq),
            lambda: session.undo(seq=session.seq),
        ):
            before = session.legal_actions()
            assert session.legal_actions() == before == RULES.legal_actions(session.state)
            step()
            listed.append(session.legal_actions())
            assert listed[-1] == RULES.legal_actions(session.state) != before
        assert listed[0] == listed[2] and listed[1] == listed[3]
        assert Session.resume(store, session.game_id).legal_actions() == listed[-1]
