"""Every game's JSON is the same in every process: sets (e.g. Targi's discard piles) print sorted, so
``game show`` does not depend on the interpreter's string hashing (``PYTHONHASHSEED``)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from cli_process import run
from targi_table import CENTRE, RULES

from companion.games.targi import actions as a
from companion.games.targi.model import Good
from companion.play.session import Session
from companion.store import Store

SEEDS = ("0", "1", "2", "3", "4")


def show(db: Path, game_id: str, seed: str) -> str:
    """``game show`` in a fresh process whose string hashing uses ``seed``."""
    done = subprocess.run(
        [sys.executable, "-m", "companion", "--db", str(db), "game", "show", game_id],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env={**os.environ, "PYTHONHASHSEED": seed},
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def targi_with_discards(db: Path) -> str:
    """Round 1 in which three goods cards and a tribe card went to the discard piles."""
    with Store.open(db) as store:
        session = Session.create(
            store,
            RULES,
            RULES.parse_options(
                {"players": [{"name": "A", "colour": "blue"}, {"name": "B", "colour": "white"}]}
            ),
        )
        actions: list[Any] = [a.RevealCard(cell=cell, card=card) for cell, card in CENTRE.items()]
        placed = zip((0, 1) * 3, (5, 2, 3, 14, 13, 10), strict=True)
        actions += [a.Place(player=seat, card=card) for seat, card in placed]
        actions += [
            a.TakeCentralGoods(player=0, cell=(1, 3)),
            a.TakeCentralGoods(player=0, cell=(3, 3)),
            a.EndTurn(player=0),
            a.TakeCentralGoods(player=1, cell=(2, 2), choice=Good.SALT),
            a.UseTribalExpansion(player=1, card="TARGI-TRIBE-CAMEL-RIDER-4", decision="discard"),
        ]
        for action in actions:
            outcome = session.submit(action, seq=session.seq, game_id=session.game_id)
            assert outcome.verdict.ok, (action, outcome.verdict)
        return session.game_id


def test_targi_show_prints_the_discard_piles_sorted_in_every_process(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    game_id = targi_with_discards(db)
    outputs = {show(db, game_id, seed) for seed in SEEDS}
    assert len(outputs) == 1
    state = json.loads(outputs.pop())["state"]
    assert state["goods_discard"] == sorted(state["goods_discard"])
    assert len(state["goods_discard"]) == 3 and state["tribe_discard"]


@pytest.mark.parametrize(
    "game, players",
    [
        ("tuareg", ["Anna:red", "Ben:blue", "Cleo:green"]),
        ("timbuktu", ["Ada:red", "Ben:blue", "Cleo:green"]),
    ],
)
def test_every_game_shows_the_same_json_in_every_process(
    tmp_path: Path, game: str, players: list[str]
) -> None:
    db = tmp_path / "games.sqlite3"
    code, created = run(
        "game", "new", game, *(arg for p in players for arg in ("--player", p)), db=db
    )
    assert code == 0, created
    assert len({show(db, created["game_id"], seed) for seed in SEEDS}) == 1
