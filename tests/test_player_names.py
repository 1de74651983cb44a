"""One rule for a player's name everywhere (issue 25.10): ``game new`` refuses what ``players
rename`` refuses, as real processes on a real database, and nothing is created or renamed."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_process import run

from companion.store import Store

BAD_NAMES = {
    "a bidi override": "\u202eAmal",
    "a bidi isolate": "Am\u2066al",
    "a zero-width space": "Am\u200bal",
    "a zero-width joiner": "Am\u200dal",
    "a byte order mark": "\ufeffAmal",
    "ESC": "\x1b[31mAmal",
    "a backspace": "Amal\b\b",
    "CR": "Amal\rX",
    "LF": "Amal\nX",
    "a tab": "Am\tal",
    "DEL": "Amal\x7f",
    "a no-break space": "Am\u00a0al",
    "a line separator": "Am\u2028al",
    "25 characters": "A" * 25,
}


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A database where Bilal and Chen played one game."""
    db = tmp_path_factory.mktemp("names") / "games.sqlite3"
    code, _game = run(
        "game", "new", "targi", "--player", "Bilal:blue", "--player", "Chen:white", db=db
    )
    assert code == 0
    return db


def _state(db: Path) -> tuple[list[str], list[str]]:
    with Store.open(db) as store:
        return [p.name for p in store.players()], [g.id for g in store.list_games()]


@pytest.mark.parametrize("what", BAD_NAMES)
def test_a_name_rename_refuses_is_refused_by_game_new_too(played: Path, what: str) -> None:
    name = BAD_NAMES[what]
    before = _state(played)

    code, answer = run("players", "rename", "Bilal", name, db=played)
    assert (code, answer["error"]["code"]) == (2, "invalid_value"), answer
    assert answer["error"]["message"].startswith("new name: a name is 1 to 24 printable")

    code, answer = run(
        "game", "new", "targi", "--player", f"{name}:red", "--player", "Chen:white", db=played
    )
    assert (code, answer["error"]["code"]) == (2, "invalid_value"), answer
    message = answer["error"]["message"]
    assert message.startswith("players.0.name: a name is 1 to 24 printable"), message
    assert message.isprintable()  # the name is quoted with what is not printable escaped
    assert _state(played) == before


@pytest.mark.parametrize(
    ("typed", "kept"), [(" Łucja Żak ", "Łucja Żak"), ("Zoë", "Zoë"), ("李小龍", "李小龍")]
)
def test_spaces_around_a_name_are_dropped_by_both(played: Path, typed: str, kept: str) -> None:
    code, game = run(
        "game", "new", "targi", "--player", f"{typed}:red", "--player", "Chen:white", db=played
    )
    assert code == 0, game
    assert game["state"]["players"][0]["name"] == kept
    code, renamed = run("players", "rename", kept, f" {kept}x ", db=played)
    assert (code, renamed["renamed"]["name"]) == (0, f"{kept}x")
