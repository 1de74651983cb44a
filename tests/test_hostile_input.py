"""Hostile input through the real entry point against a real database (black box).

A seeded generator writes malformed command lines as a careless or hostile script would: values
of the wrong JSON type, unknown and missing fields, huge and deeply nested JSON, numbers of
thousands of digits, NaN, text that is not UTF-8 (in arguments and on standard input), bad game
ids and bad sequence numbers, malformed new games and rules questions. Each goes through
``companion.cli.main`` in this process (fast), and a sample through real processes (raw bytes in
argv). For every input: no traceback, an exit code of 0, 1 or 2, on 2 a JSON error whose message
starts with the field it names, and after any refusal (1 or 2) the database is exactly as before,
every table and row. An accepted input (a mutation that happens to be legal) must have been
logged exactly as typed: a value is never coerced into the log.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import re
import sqlite3
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import timbuktu_table
from tuareg_table import options as tuareg_options

from companion.cli import main
from companion.installation.json_input import MAX_CHARS
from companion.play.session import Session
from companion.rules.registry import rules_for
from companion.store import Store

IN_PROCESS = 1500
THROUGH_PROCESSES = 40
NAMED = re.compile(r"^\S+: ")
WRONG_VALUES: list[Any] = [
    True, False, "1", "0", "", "x" * 300, 1.0, 0.5, -1.5, None, [], {}, [1, 2, 3], {"a": 1},
    -10**6, 10**6, 2**63, -(2**63), 10**19, [[[]]], "\udcff",
]  # fmt: skip
QUESTIONS = {
    ("targi", "placements"): {"robber": 5, "mine": [1, 14], "theirs": [6, 10]},
    ("targi", "markers"): {"targi": [1, 5, 9]},
    ("targi", "round"): {"round": 4},
    ("targi", "raid"): {"raid": 2, "player": {"dates": 1, "salt": 0, "pepper": 1, "gold": 0,
                                              "vp": 3}},
    ("tuareg", "load"): {"animal": "camel", "load": ["gold"], "add": ["gold", "salt"]},
    ("tuareg", "majorities"): {
        "values": {"water": 4, "gold": 5, "salt": 3, "millet": 2},
        "players": {"a": {"water": 2, "gold": 3, "salt": 0, "millet": 5},
                    "b": {"water": 1, "gold": 1, "salt": 2, "millet": 0}},
    },
    ("timbuktu", "pitch"): {"occupied": [1, 2, 4]},
    ("timbuktu", "score"): {
        "removed": {"gold": 3, "coffee": 2, "pepper": 4, "salt": 3, "water": 4},
        "players": {p: {"gold": 2, "coffee": 3, "pepper": 1, "salt": 0, "water": 5}
                    for p in "abc"},
    },
}  # fmt: skip
CORRECTIONS = {
    "targi": [{"kind": "set_stock", "player": 1, "dates": 3, "salt": 0, "pepper": 1, "gold": 2,
               "vp": 9}, {"kind": "card_bonus", "player": 0, "points": 2}],
    "tuareg": [{"kind": "set_hand", "player": 1, "count": 3}, {"kind": "set_deck", "count": 30}],
    "timbuktu": [{"kind": "set_removed", "gold": 1, "coffee": 0, "pepper": 2, "salt": 0,
                  "water": 0}, {"kind": "set_swap_fields", "place": 1, "fields": [[2, 1]]}],
}  # fmt: skip


@dataclass(frozen=True)
class Case:
    """One command line (and standard input); ``mutated`` is the key changed in an action."""

    argv: tuple[str, ...]
    stdin: bytes = b""
    mutated: tuple[str, Any] | None = None


@dataclass(frozen=True)
class Result:
    code: int
    stdout: str
    stderr: str


def fingerprint(db: Path) -> tuple[Any, ...]:
    """Every row of every table: what "no state change" means."""
    with contextlib.closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as connection:
        tables = [
            name
            for (name,) in connection.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"
            )
        ]
        return tuple(
            (table, tuple(connection.execute(f"SELECT * FROM {table} ORDER BY 1, 2")))
            for table in tables
        )


def _without_refusals(fingerprint: tuple[Any, ...]) -> tuple[Any, ...]:
    """The fingerprint but for the table of each game's last refusal (companion.play.last_refusal)."""
    return tuple(table for table in fingerprint if table[0] != "refusals")


def set_up(db: Path) -> dict[str, str]:
    """Game name -> the id of a game of it, each some way in."""
    ids = {}
    with Store.open(db) as store:
        targi = rules_for("targi")
        session = Session.create(
            store,
            targi,
            targi.parse_options(
                {"players": [{"name": "A", "colour": "blue"}, {"name": "B", "colour": "white"}]}
            ),
        )
        for action in targi.legal_actions(session.state)[:1]:
            session.submit(action, seq=session.seq, game_id=session.game_id)
        ids["targi"] = session.game_id
        tuareg = rules_for("tuareg")
        ids["tuareg"] = Session.create(store, tuareg, tuareg_options(3)).game_id
        timbuktu = rules_for("timbuktu")
        session = Session.create(store, timbuktu, timbuktu.parse_options(timbuktu_table.options(3)))
        for seat, caravan in enumerate(timbuktu_table.patterned_loads(3)):
            load = {"kind": "load", "player": seat, "camels": caravan}
            session.submit(timbuktu.parse_action(load), seq=session.seq, game_id=session.game_id)
        ids["timbuktu"] = session.game_id
    return ids


class Generator:
    """Hostile command lines, drawn from a seeded random source against the games as they are."""

    def __init__(self, db: Path, ids: dict[str, str], seed: int) -> None:
        self.db = db
        self.ids = ids
        self.random = random.Random(seed)
        self._payloads: dict[tuple[str, int], list[dict[str, Any]]] = {}
        """The payloads of each game as it stands at a sequence number: the game only moves when
        an input is accepted, so most cases draw from the same list (not worked out again)."""
        self._sessions: dict[str, Session] = {}
        """Each game as last read from the database, until an input is accepted (:meth:`moved`)."""

    def case(self) -> Case:
        kind = self.random.choices(
            [self.mutated_action, self.hostile_text, self.bad_id, self.bad_seq, self.question,
             self.new_game],
            weights=[40, 15, 10, 10, 20, 5],
        )[0]  # fmt: skip
        return kind()

    # --- the games as they stand ----------------------------------------------------------

    def game(self) -> tuple[str, str, Session]:
        name = self.random.choice(sorted(self.ids))
        game_id = self.ids[name]
        if game_id not in self._sessions:
            with Store.open(self.db) as store:
                self._sessions[game_id] = Session.resume(store, game_id)
        return name, game_id, self._sessions[game_id]

    def moved(self) -> None:
        """An input was accepted: a game may have moved, so each is read again when drawn."""
        self._sessions.clear()

    def payloads(self, session: Session) -> list[dict[str, Any]]:
        key = (session.game_id, session.seq)
        if key not in self._payloads:
            legal = session.rules.legal_actions(session.state)[:40]
            dumped = [session.rules.dump_action(a) for a in legal]
            self._payloads[key] = dumped + CORRECTIONS[session.rules.name]
        return self._payloads[key]

    # --- kinds of hostile input -----------------------------------------------------------

    def mutated_action(self) -> Case:
        _name, game_id, session = self.game()
        payload = dict(self.random.choice(self.payloads(session)))
        seq = session.seq
        keys = [k for k in payload if k != "kind"] or ["kind"]
        how = self.random.choice(["wrong", "wrong", "wrong", "unknown", "missing", "kind", "deep"])
        mutated = None
        if how == "wrong":
            key = self.random.choice(keys)
            payload[key] = self.wrong_value(payload[key])
            mutated = (key, payload[key])
        elif how == "unknown":
            payload[self.random.choice(["extra", "face", "cells", "__class__", "0"])] = 1
        elif how == "missing" and keys != ["kind"]:
            del payload[self.random.choice(keys)]
        elif how == "kind":
            payload["kind"] = self.random.choice(["", "Place", "reveal ", "nothing", 1, None])
        else:
            key = self.random.choice(keys)
            payload[key] = self.nested(self.random.randint(2, 40), payload[key])
        text = json.dumps(payload, ensure_ascii=self.random.random() < 0.5)
        return Case(("game", "act", game_id, str(seq), text), mutated=mutated)

    def wrong_value(self, value: Any) -> Any:
        """A value of another JSON type than ``value`` (or far out of every range)."""
        while True:
            wrong = self.random.choice(WRONG_VALUES)
            other_type = type(wrong) is not type(value) or isinstance(wrong, int | str)
            if other_type and wrong != value:
                return wrong

    def nested(self, depth: int, leaf: Any) -> Any:
        for _ in range(depth):
            leaf = [leaf] if self.random.random() < 0.5 else {"a": leaf}
        return leaf

    def hostile_text(self) -> Case:
        game_id = self.ids[self.random.choice(sorted(self.ids))]
        choice = self.random.randrange(9)
        depth = self.random.randint(17, 20_000)
        texts = [
            "[" * depth + "]" * depth,
            '{"kind": "place", "player": ' + "9" * self.random.randint(21, 50_000) + "}",
            '{"kind": "place", "player": 0, "card": ' + self.random.choice(
                ["NaN", "Infinity", "-Infinity", "1e999", "-0.0", "1E+2"]) + "}",
            '{"kind": "reveal", "card": "' + "x" * (MAX_CHARS + self.random.randint(0, 9)) + '"}',
            '{"kind": "reveal", "cell": [1, 1], "card": "\\ud800"}',
            os.fsdecode(bytes(self.random.randrange(256) for _ in range(self.random.randint(1, 60)))),
            json.dumps(self.random.choice([[], 1, "s", None, True, 1.5, [{"kind": "place"}]])),
            '{"kind": "place", "player": 0, "card": 1' + "}"[: self.random.randint(0, 1)],
            "".join(self.random.choice('{}[]":,01 a\\') for _ in range(self.random.randint(0, 80))),
        ]  # fmt: skip
        return Case(("game", "act", game_id, self.seq_of(game_id), texts[choice]))

    def seq_of(self, game_id: str) -> str:
        with Store.open(self.db) as store:
            return str(len(store.load(game_id).entries))

    def bad_id(self) -> Case:
        game_id = self.random.choice(
            [
                "",
                "feedface",
                "0" * 32,
                "x" * 5000,
                "' OR 1=1 --",
                "%",
                "_",
                self.ids["targi"].upper(),
                self.ids["targi"] + " ",
                os.fsdecode(b"\xff\xfe" + os.urandom(4)),
                "\u202e" + self.ids["targi"],
                "games",
            ]
        )
        verb = self.random.choice(["show", "legal", "log", "sheet", "act", "undo", "redo"])
        rest = {"act": ("0", "{}"), "undo": ("0",), "redo": ("0",)}.get(verb, ())
        return Case(("game", verb, game_id, *rest))

    def bad_seq(self) -> Case:
        name = self.random.choice(sorted(self.ids))
        seq = self.random.choice(
            ["x", "1.0", "-1", "", " 1", "1 ", "0x1", "1e3", "٣", "9" * 40, "latest ", "Latest",
             "None", "null", os.fsdecode(b"\xff"), "+1", "1_0"]
        )  # fmt: skip
        verb = self.random.choice(["act", "undo", "redo"])
        rest = ('{"kind": "end_turn", "player": 0}',) if verb == "act" else ()
        return Case(("game", verb, self.ids[name], seq, *rest))

    def question(self) -> Case:
        (game, question), body = self.random.choice(sorted(QUESTIONS.items()))
        how = self.random.randrange(6)
        if how == 0:
            data = bytes(self.random.randrange(256) for _ in range(self.random.randint(0, 200)))
        elif how == 1:
            depth = self.random.randint(17, 5000)
            data = ("[" * depth + "]" * depth).encode()
        elif how == 2:
            data = ('{"round": ' + "1" * self.random.randint(21, 9000) + "}").encode()
        else:
            body = json.loads(json.dumps(body))
            holder, key = self.leaf(body)
            if how == 3:
                holder[key] = self.wrong_value(holder[key])
            elif how == 4:
                holder["unknown"] = 1
            else:
                holder[key] = self.nested(self.random.randint(2, 30), holder[key])
            data = json.dumps(body).encode()
        return Case(("rules", game, question), stdin=data)

    def leaf(self, body: dict[str, Any]) -> tuple[dict[str, Any], str]:
        holder = body
        while True:
            key = self.random.choice(sorted(holder))
            if isinstance(holder[key], dict) and holder[key] and self.random.random() < 0.7:
                holder = holder[key]
            else:
                return holder, key

    def new_game(self) -> Case:
        game = self.random.choice(["targi", "tuareg", "timbuktu", "chess", "", "TARGI"])
        players = self.random.choice(
            [["A"], ["A:"], [":b"], ["A:b", "A:c"], ["x" * 30 + ":b", "B:c"],
             [os.fsdecode(b"\xff:b"), "B:c"], ["A:b"] * 6, ["A:b", "B:" + "c" * 30]]
        )  # fmt: skip
        start = self.random.choice(["x", "-1", "9", "1.5", "", "99999999999"])
        argv = ["game", "new", game, "--start", start]
        for player in players:
            argv += ["--player", player]
        return Case(tuple(argv))


def in_process(db: Path, case: Case) -> Result:
    """``case`` through ``companion.cli.main`` in this process; an exception escaping it is a
    traceback the user would see."""
    out, err = io.StringIO(), io.StringIO()
    stdin = io.TextIOWrapper(io.BytesIO(case.stdin), encoding="utf-8")
    saved = sys.stdin
    sys.stdin = stdin
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(["--db", str(db), *case.argv])
            except SystemExit as exit_:  # argparse: a command line of the wrong shape
                code = exit_.code if isinstance(exit_.code, int) else 1
    finally:
        sys.stdin = saved
    return Result(code, out.getvalue(), err.getvalue())


def through_a_process(db: Path, case: Case) -> Result:
    argv = [os.fsencode(arg) for arg in ("--db", str(db), *case.argv)]
    done = subprocess.run(
        [os.fsencode(sys.executable), b"-m", b"companion", *argv],
        input=case.stdin,
        capture_output=True,
        timeout=60,
        check=False,
    )
    return Result(
        done.returncode,
        done.stdout.decode(errors="replace"),
        done.stderr.decode(errors="replace"),
    )


def check(
    db: Path, case: Case, result: Result, before: tuple[Any, ...]
) -> tuple[str, tuple[Any, ...]]:
    """The outcome's name and the database's fingerprint after ``case``; AssertionError names the
    broken promise."""
    where = f"{case.argv!r} stdin={case.stdin[:60]!r}: exit {result.code}\n{result.stderr}"
    assert "Traceback" not in result.stderr, where
    assert result.code in (0, 1, 2), where
    after = fingerprint(db)
    try:
        report = json.loads(result.stdout)
    except json.JSONDecodeError:
        raise AssertionError(f"not JSON: {result.stdout[:200]!r} for {where}") from None
    if result.code == 2:
        error = report["error"]
        assert set(error) == {"code", "message"}, where
        assert NAMED.match(error["message"]), (error, where)
        assert after == before, where
        return f"refused: {error['code']}", after
    if result.code == 1:  # what the table was told is kept beside the game, and nothing else
        assert _without_refusals(after) == _without_refusals(before), where
        told = report["verdict"]
        assert [told["code"], told["message"]] in [
            [row[2], json.loads(row[3])["message"]] for row in dict(after)["refusals"]
        ], where
        return f"refused by a rule: {report['verdict']['code']}", after
    if case.mutated is not None:  # an accepted action is logged as typed, never coerced
        key, value = case.mutated
        game_id = case.argv[2]
        with Store.open(db) as store:
            logged = store.load(game_id).entries[-1].payload
        assert logged.get(key) == value and type(logged.get(key)) is type(value), where
    return "accepted", after


def cases(generator: Generator, count: int) -> Iterator[Case]:
    for _ in range(count):
        yield generator.case()


def test_hostile_cli_input_never_gives_a_traceback_or_changes_a_refused_game(
    tmp_path: Path,
) -> None:
    db = tmp_path / "games.sqlite3"
    ids = set_up(db)
    generator = Generator(db, ids, seed=20261123)
    shows_before = {
        name: in_process(db, Case(("game", "show", i))).stdout for name, i in ids.items()
    }
    outcomes: Counter[str] = Counter()
    started = time.perf_counter()
    # Each case's "before" is the database as the case before left it (its "after"): the
    # generator only reads, and a write between two cases would show as a change all the same.
    before = fingerprint(db)
    for case in cases(generator, IN_PROCESS):
        outcome, before = check(db, case, in_process(db, case), before)
        outcomes[outcome] += 1
        if outcome == "accepted":
            generator.moved()
    in_process_seconds = time.perf_counter() - started
    started = time.perf_counter()
    for case in cases(generator, THROUGH_PROCESSES):
        outcome, before = check(db, case, through_a_process(db, case), before)
        outcomes[outcome] += 1
        if outcome == "accepted":
            generator.moved()
    process_seconds = time.perf_counter() - started
    print(
        f"\n{IN_PROCESS} inputs in process in {in_process_seconds:.1f} s, {THROUGH_PROCESSES} "
        f"through processes in {process_seconds:.1f} s: {dict(sorted(outcomes.items()))}"
    )
    refused = sum(n for outcome, n in outcomes.items() if outcome.startswith("refused"))
    assert refused >= 0.9 * (IN_PROCESS + THROUGH_PROCESSES)
    if outcomes["accepted"] == 0:  # nothing legal slipped through: every game is as it was
        for name, game_id in ids.items():
            assert in_process(db, Case(("game", "show", game_id))).stdout == shows_before[name]


@pytest.mark.parametrize(
    "argv",
    [
        ("game", "show", "-x"),
        ("game", "act"),
        ("game", "nonsense"),
        ("rules", "targi"),
        ("game", "new", "targi"),
    ],
)
def test_a_command_line_of_the_wrong_shape_is_a_usage_error_not_a_traceback(
    tmp_path: Path, argv: tuple[str, ...]
) -> None:
    result = through_a_process(tmp_path / "g.sqlite3", Case(argv))
    assert result.code == 2 and "usage:" in result.stderr and "Traceback" not in result.stderr
