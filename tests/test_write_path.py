"""One write path: whichever way an action comes (a tap, a scan, ``game act``), the session logs it
and does what follows: it stores what the action taught the table, the log's undo/redo is read by
one fold, and an action given as JSON is read once. Real SQLite files; the observable session the
screens use is driven without Kivy."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from companion.cli import games
from companion.games.timbuktu import actions as ta
from companion.games.timbuktu import table_settings as ts
from companion.games.tuareg import actions as ra
from companion.games.tuareg.model import Good
from companion.games.tuareg.values import DINARS_KEY, SETTINGS_GAME, VALUES_KEY
from companion.installation.errors import InputError
from companion.play.game_log import read as read_log
from companion.play.log_fold import LogFold
from companion.play.scan_play import scan_move
from companion.play.session import Session
from companion.play.table import TableGame
from companion.store import Store

PAIR = ["Anna:red", "Ben:blue"]
TRIO = ["Ada:red", "Ben:blue", "Cleo:green"]


def opened(store: Store, game: str, players: list[str]) -> Session:
    return Session.resume(store, games.new_game(store, game, players, "1")["game_id"])


def test_a_value_confirmed_through_the_screens_session_is_kept_for_the_table(
    tmp_path: Path,
) -> None:
    with Store.open(tmp_path / "games.sqlite3") as store:
        table: TableGame[Any, Any] = TableGame(opened(store, "tuareg", PAIR))
        confirm = ra.ConfirmValue(good=Good.SALT, dinars=1, points=3)
        assert table.submit(confirm, seq=table.seq).ok
        settings = store.list_settings(SETTINGS_GAME)
        assert (settings[VALUES_KEY], settings[DINARS_KEY]) == ({"salt": 3}, {"salt": 1})
        # Taken back, the game no longer knows it: the table keeps what it was told.
        assert table.undo(seq=table.seq).ok
        assert store.list_settings(SETTINGS_GAME)[VALUES_KEY] == {"salt": 3}
        assert table.redo(seq=table.seq).ok
        # The next game, from any door, starts with it.
        later = opened(store, "tuareg", PAIR)
        assert later.state.value(Good.SALT).points == 3


def test_what_the_table_cannot_keep_is_said_and_the_action_stands(tmp_path: Path) -> None:
    with Store.open(tmp_path / "games.sqlite3") as store:
        session = opened(store, "tuareg", PAIR)
        store.set_setting(SETTINGS_GAME, VALUES_KEY, "not a table of values")  # damaged
        confirm = ra.ConfirmValue(good=Good.SALT, dinars=1, points=3)
        outcome = session.submit(confirm, seq=session.seq)
        assert outcome.verdict.ok and outcome.seq == session.seq == 1
        assert outcome.not_kept is not None and "values" in outcome.not_kept
        assert store.list_settings(SETTINGS_GAME)[VALUES_KEY] == "not a table of values"


def test_game_act_says_on_standard_error_what_the_table_cannot_keep(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    with Store.open(db) as store:
        game_id = opened(store, "tuareg", PAIR).game_id
        store.set_setting(SETTINGS_GAME, VALUES_KEY, "not a table of values")
    confirm = {"kind": "confirm_value", "good": "salt", "dinars": 1, "points": 3}
    command = ["game", "act", game_id, "0", json.dumps(confirm), "--compact"]
    done = subprocess.run(
        [sys.executable, "-m", "companion", "--db", str(db), *command],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0 and json.loads(done.stdout)["seq"] == 1
    assert "\ntable-companion: not kept for the table: values: " in done.stderr


def test_a_board_correction_on_the_screens_session_is_kept_and_its_undo_and_redo_followed(
    tmp_path: Path,
) -> None:
    with Store.open(tmp_path / "games.sqlite3") as store:
        table: TableGame[Any, Any] = TableGame(opened(store, "timbuktu", TRIO))
        fields = ta.SetSwapFields(place=1, fields=((3, 2), (4, 4)))
        assert table.submit(fields, seq=table.seq).ok

        def stored() -> tuple[tuple[int, int], ...] | None:
            return ts.stored_layout(store.list_settings(ts.SETTINGS_GAME), 3).swap_fields_of(1)

        assert stored() == ((3, 2), (4, 4))
        assert table.undo(seq=table.seq).ok  # a slip taken back is not kept either
        assert stored() is None  # as the game has it again: not entered
        assert table.redo(seq=table.seq).ok
        assert stored() == ((3, 2), (4, 4))


def test_game_act_reads_and_writes_its_action_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with Store.open(tmp_path / "games.sqlite3") as store:
        session = opened(store, "tuareg", PAIR)
        calls = {"parse": 0, "dump": 0}
        parse, dump = session.rules.parse_action, session.rules.dump_action

        def counted_parse(payload: Any, *args: Any, **kwargs: Any) -> Any:
            calls["parse"] += 1
            return parse(payload, *args, **kwargs)

        def counted_dump(action: Any) -> Any:
            calls["dump"] += 1
            return dump(action)

        monkeypatch.setattr(session.rules, "parse_action", counted_parse)
        monkeypatch.setattr(session.rules, "dump_action", counted_dump)
        confirm = {"kind": "confirm_value", "good": "salt", "dinars": 1, "points": 3}
        outcome = games.act(session, "0", json.dumps(confirm))
        assert outcome.verdict.ok and calls == {"parse": 1, "dump": 1}
        # A malformed action is named and changes nothing.
        with pytest.raises(InputError) as raised:
            session.submit_payload({"kind": "confirm_value", "good": "sand"}, seq=session.seq)
        assert raised.value.code == "invalid_value" and session.seq == 1


def test_a_scanned_targi_card_goes_on_the_chosen_cell_else_the_first_awaiting_one(
    tmp_path: Path,
) -> None:
    with Store.open(tmp_path / "games.sqlite3") as store:
        session = opened(store, "targi", PAIR)
        reveals = [
            session.rules.dump_action(x)
            for x in session.rules.legal_actions(session.state)
            if x.kind == "reveal"
        ]
        card = reveals[0]["card"]
        cells = [r["cell"] for r in reveals if r["card"] == card]
        assert len(cells) >= 2, "the setup reveals several cells of one kind"
        assert scan_move(session, [card]).action == {
            "kind": "reveal",
            "cell": cells[0],
            "card": card,
        }
        chosen = scan_move(session, [card], prefer={"cell": tuple(cells[1])})
        assert chosen.action == {"kind": "reveal", "cell": cells[1], "card": card}


def test_one_fold_reads_undo_and_redo_for_the_session_the_log_and_game_log(
    tmp_path: Path,
) -> None:
    fold: LogFold[int] = LogFold()
    assert not fold.can("undo") and not fold.can("redo") and not fold.can("merge")
    assert fold.push("action", 1) == 1 and fold.push("correction", 2) == 2
    assert fold.push("undo") == 2 and fold.push("redo") == 2 and fold.push("undo") == 2
    assert fold.push("action", 5) == 5 and not fold.can("redo")  # a new action drops the undone
    assert fold.in_force == [1, 5]
    with pytest.raises(ValueError):
        fold.push("redo")

    with Store.open(tmp_path / "games.sqlite3") as store:
        session = opened(store, "tuareg", PAIR)
        for good in (Good.SALT, Good.WATER):
            confirm = ra.ConfirmValue(good=good, dinars=1, points=2)
            assert session.submit(confirm, seq=session.seq).verdict.ok
        assert session.undo(seq=session.seq).verdict.ok
        assert session.redo(seq=session.seq).verdict.ok
        assert session.undo(seq=session.seq).verdict.ok
        rows = games.log(session)["entries"]
        assert [(r["seq"], r.get("undoes"), r.get("redoes")) for r in rows] == [
            (1, None, None),
            (2, None, None),
            (3, 2, None),
            (4, None, 2),
            (5, 2, None),
        ]
        assert [r["in_effect"] for r in rows if "action" in r] == [True, False]
        lines = read_log(store, session.game_id).lines
        assert [line.undone for line in lines] == [False, True, False, False, False]
        assert session.last_action == ra.ConfirmValue(good=Good.SALT, dinars=1, points=2)
