"""Child process of ``test_shared_game``: one writer or reader of a game another process writes.

Usage: ``shared_game_child.py ROLE DATABASE GAME_ID CALLS SECONDS`` with ROLE ``writer`` or
``reader``. Each call is the command line's own ``game act`` (writer) or ``game show`` (reader),
run in this process as ``table-companion`` runs it: it opens the database, resumes the game and
closes it again. The process stops after CALLS calls or SECONDS seconds, whichever comes first,
and prints one JSON line: what it saw.

A writer acts on the sequence number the last answer gave it; a ``stale``/``stale_written``
refusal (the other writer got there first) is answered by reading the game again. It reports every
sequence number acknowledged to it, and every answer that called the game damaged.
"""

from __future__ import annotations

import contextlib
import io
import json
import sys
import time
from typing import Any

import counter_game  # noqa: F401  (registers the "counter" game)

from companion.cli import main

ADD = json.dumps({"kind": "add", "n": 1})


def command(database: str, *argv: str) -> tuple[int, Any]:
    """Exit code and parsed JSON output of ``table-companion --db DATABASE ARGV``."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(["--db", database, *argv])
    try:
        return code, json.loads(out.getvalue())
    except json.JSONDecodeError:
        return code, out.getvalue()


def damaged(answer: Any) -> bool:
    """Whether an answer calls the game damaged (its log, or the game itself)."""
    if not isinstance(answer, dict):
        return True  # not JSON: a traceback or worse
    verdict = answer.get("verdict") or {}
    error = answer.get("error") or {}
    return "damaged" in answer or "log_damaged" in (verdict.get("code"), error.get("code"))


def writer(database: str, game_id: str, calls: int, deadline: float) -> dict[str, Any]:
    acknowledged: list[int] = []
    false_damage: list[Any] = []
    refused: dict[str, int] = {}
    seq = command(database, "game", "show", game_id)[1]["seq"]
    done = 0
    while done < calls and time.monotonic() < deadline:
        done += 1
        code, answer = command(database, "game", "act", game_id, str(seq), ADD, "--compact")
        if damaged(answer):
            false_damage.append(answer)
            seq = command(database, "game", "show", game_id)[1]["seq"]
            continue
        if code == 0:
            acknowledged.append(answer["seq"])
            seq = answer["seq"]
            continue
        reason = str(answer["verdict"]["code"])
        refused[reason] = refused.get(reason, 0) + 1
        seq = answer["seq"]  # a stale view is corrected by the next answer
    return {
        "calls": done,
        "acknowledged": acknowledged,
        "damaged": false_damage,
        "refused": refused,
    }


def reader(database: str, game_id: str, calls: int, deadline: float) -> dict[str, Any]:
    false_damage: list[Any] = []
    seqs: list[int] = []
    done = 0
    while done < calls and time.monotonic() < deadline:
        done += 1
        code, answer = command(database, "game", "show", game_id)
        if code != 0 or damaged(answer):
            false_damage.append(answer)
        else:
            seqs.append(answer["seq"])
    return {"calls": done, "seqs": seqs, "damaged": false_damage}


if __name__ == "__main__":
    role, database, game_id, calls, seconds = sys.argv[1:]
    run = writer if role == "writer" else reader
    print(json.dumps(run(database, game_id, int(calls), time.monotonic() + float(seconds))))
