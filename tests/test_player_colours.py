"""Every game: two players may not take the same colour (a new game is refused, exit 2, naming the
field); a game stored before the check still resumes."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_process import run

from companion.play.session import Session
from companion.rules.registry import rules_for
from companion.store import Store

PLAYERS = {
    "targi": ["Amal:blue", "Bilal:Blue "],
    "tuareg": ["Anna:red", "Ben:blue", "Cleo:red"],
    "timbuktu": ["Ada:red", "Ben:green", "Cleo:green"],
}


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_two_players_may_not_take_the_same_colour(tmp_path: Path, game: str) -> None:
    db = tmp_path / "games.sqlite3"
    args = [arg for player in PLAYERS[game] for arg in ("--player", player)]
    code, answer = run("game", "new", game, *args, db=db)
    assert code == 2, answer
    assert answer["error"]["code"] == "invalid_value"
    message = answer["error"]["message"]
    assert message.startswith("players: ") and "different colour" in message
    assert run("game", "list", db=db) == (0, [])


def test_different_colours_are_accepted_in_every_game(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    for game, players in PLAYERS.items():
        distinct = [
            f"{p.split(':')[0]}:{colour}" for p, colour in zip(players, "ABC", strict=False)
        ]
        code, answer = run(
            "game", "new", game, *(a for p in distinct for a in ("--player", p)), db=db
        )
        assert code == 0, answer


def test_a_game_stored_before_the_check_still_resumes(tmp_path: Path) -> None:
    rules = rules_for("targi")
    with Store.open(tmp_path / "games.sqlite3") as store:
        options = {"players": [{"name": "A", "colour": "blue"}, {"name": "B", "colour": "blue"}]}
        game_id = store.create_game("targi", options)
        assert Session.resume(store, game_id).rules is not None
        with pytest.raises(Exception, match="different colour"):
            rules.parse_options(options)
