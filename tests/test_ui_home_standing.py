"""Home says where each unfinished game stands (its round, who is to move) from the standing kept
with the game's last log entry: its first frame loads no game's rules and replays no log. A
standing not kept (a game written by an older version) or no longer its game's (a later entry, a
row altered) is never shown: the game shows none until the first frame is drawn, then the one its
log replays to."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
from cli_process import run
from ui_harness import plain, running_app

from companion.installation import i18n
from companion.play.session import Session
from companion.play.standing import standing_of
from companion.rules.registry import rules_for
from companion.store import Standing, Store
from ui.language import LANGUAGE_SETTING
from ui.screens.home import HomeScreen

PLAYERS = [{"name": "Amal", "colour": "blue"}, {"name": "Bilal", "colour": "white"}]


def _play_into_a_round(session: Session, turn: int) -> None:
    """Play ``session`` (each time the last action the rules offer) until a round has begun and
    the player of seat ``turn`` is to move."""
    while not (session.state.round and session.state.to_move == turn):
        outcome = session.submit(session.legal_actions()[-1], seq=session.seq)
        assert outcome.verdict.ok


def _unfinished(path: Path, turn: int = 1) -> tuple[str, Standing]:
    """A stored unfinished Targi game in a round, seat ``turn`` to move, and where it stands as
    its log replays."""
    rules = rules_for("targi")
    with Store.open(path) as store:
        session = Session.create(store, rules, rules.parse_options({"players": PLAYERS}))
        _play_into_a_round(session, turn)
        state = Session.resume(store, session.game_id).state
    players = [p["name"] for p in PLAYERS]
    return session.game_id, Standing(state.round, state.to_move, players[state.to_move])


def _words(standing: Standing, lang: str) -> tuple[str, str]:
    """How ``standing``'s round and player to move read in ``lang``."""
    i18n.set_language(lang)
    try:
        return (
            i18n._("Round {n}").format(n=standing.round),
            i18n._("{name} to move").format(name=standing.name),
        )
    finally:
        i18n.set_language("en")


FIRST_FRAME = """
import json
import sys
from pathlib import Path

from ui.launch import prepare_kivy

prepare_kivy()
from companion.store import Store
from ui.app import CompanionApp

with Store.open(Path(sys.argv[1])) as store:
    app = CompanionApp(store)
    app.build()  # what the first frame draws
    listed = [button.text for button in app.opened_home.ids.unfinished.children]
    print(json.dumps({"listed": listed, "loaded": sorted(sys.modules)}))
"""


def _first_frame(tmp_path: Path, database: Path) -> dict[str, Any]:
    """What Home's first frame lists as unfinished, and the modules loaded by then, in a process
    of its own (this one has loaded every game's rules)."""
    env = {
        **os.environ,
        "KIVY_HOME": str(tmp_path / "kivy"),
        "KIVY_NO_ARGS": "1",
        "KIVY_NO_FILELOG": "1",
        "KIVY_NO_CONSOLELOG": "1",
        "SDL_VIDEODRIVER": "offscreen",
    }
    done = subprocess.run(
        [sys.executable, "-c", FIRST_FRAME, str(database)],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    answer: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
    return answer


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_first_frame_says_where_a_game_stands_without_loading_its_rules(
    tmp_path: Path, lang: str
) -> None:
    database = tmp_path / "games.sqlite3"
    _game_id, standing = _unfinished(database)
    with Store.open(database) as store:
        store.set_setting(*LANGUAGE_SETTING, lang)
    round_words, to_move = _words(standing, lang)
    if lang != "en":
        assert (round_words, to_move) != _words(standing, "en")  # the words are translated
    drawn = _first_frame(tmp_path, database)
    (listed,) = (plain(text) for text in drawn["listed"])
    assert " ".join(f"{round_words} · {to_move}".split()) in " ".join(listed.split()), listed
    loaded = set(drawn["loaded"])
    assert "ui.screens.home" in loaded  # Home was built
    rules = {"companion.play.session", "companion.games.targi.rules", "pydantic"}
    rulings = {"companion.rules.rulings", "companion.games.targi.rulings"}  # none set: none read
    assert not loaded & (rules | rulings)


def _keep_as_is(path: Path, game_id: str, damage: str) -> None:
    """Leave game ``game_id``'s kept standing not to be trusted: ``absent`` (as a version that
    kept none left it), ``stale`` (sound, but of the entry before the last), ``altered``."""
    with closing(sqlite3.connect(path, isolation_level=None)) as connection:
        if damage == "absent":
            connection.execute("DELETE FROM standings")
        elif damage == "altered":
            connection.execute("UPDATE standings SET seat = 1 - seat, name = 'Bilal'")
    if damage == "stale":  # the row kept before the last entry, put back after it
        with closing(sqlite3.connect(path, isolation_level=None)) as connection:
            before = connection.execute("SELECT * FROM standings").fetchall()
        with Store.open(path) as store:
            session = Session.resume(store, game_id)
            outcome = session.submit(session.legal_actions()[-1], seq=session.seq)
            assert outcome.verdict.ok
        with closing(sqlite3.connect(path, isolation_level=None)) as connection:
            connection.execute("DELETE FROM standings")
            connection.executemany("INSERT INTO standings VALUES (?, ?, ?, ?, ?, ?)", before)


@pytest.mark.parametrize("damage", ["absent", "stale", "altered"])
def test_a_standing_not_kept_or_not_the_games_is_never_shown(
    tmp_path: Path, damage: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    database = tmp_path / "games.sqlite3"
    game_id, standing = _unfinished(database, turn=0)
    _keep_as_is(database, game_id, damage)
    with Store.open(database) as store:
        now = standing_of(Session.resume(store, game_id).state)  # where it stands now
        if damage != "stale":
            assert now == standing
        assert store.standings([(game_id, store.last_logged(game_id))]) == {}
    drawn: dict[str, str] = {}
    settle = HomeScreen.settle

    def first_frame_then_settle(home: HomeScreen) -> None:  # as the app drew its first frame
        (drawn["listed"],) = (plain(b.text) for b in home.ids.unfinished.children)
        settle(home)

    monkeypatch.setattr(HomeScreen, "settle", first_frame_then_settle)
    with running_app(database) as h:
        h.frames(3)
        (listed,) = (plain(b.text) for b in h.app.opened_home.ids.unfinished.children)
        with Store.open(database) as store:
            kept = store.standings([(game_id, store.last_logged(game_id))])
    assert "to move" not in drawn["listed"] and "Round" not in drawn["listed"], drawn
    round_words, to_move = _words(now, "en")
    assert " ".join(f"{round_words} · {to_move}".split()) in " ".join(listed.split()), listed
    assert kept == {game_id: now}  # worked out once, kept for the next start


def test_every_session_keeps_the_standing_with_its_entry_the_command_lines_too(
    tmp_path: Path,
) -> None:
    """A new game and each ``game act`` keep where the game stands in the entry's commit; the
    game's end drops it."""
    db = tmp_path / "games.sqlite3"
    code, game = run(
        "game", "new", "targi", "--player", "Amal:blue", "--player", "Bilal:white", db=db
    )
    assert code == 0
    game_id, rules, seen = game["game_id"], rules_for("targi"), set()
    for seq in range(60):
        with Store.open(db) as store:
            session = Session.resume(store, game_id)
            assert store.standings([(game_id, seq)]) == {game_id: standing_of(session.state)}
            seen.add(standing_of(session.state))
            payload = json.dumps(rules.dump_action(session.legal_actions()[-1]))
        code, report = run("game", "act", game_id, str(seq), payload, db=db)
        assert (code, report["verdict"]["ok"]) == (0, True)
    assert len({(s.round, s.seat) for s in seen}) >= 4  # rounds and seats to move went by
    with Store.open(db) as store:  # a finished game keeps none
        session = Session.resume(store, game_id)
        while not rules.is_over(session.state):
            assert session.submit(session.legal_actions()[-1], seq=session.seq).verdict.ok
        assert store.standings([(game_id, session.seq)]) == {}
        with closing(sqlite3.connect(db)) as connection:
            assert connection.execute("SELECT count(*) FROM standings").fetchone() == (0,)


def test_a_standing_of_an_entry_the_log_no_longer_holds_is_not_read(tmp_path: Path) -> None:
    """The game's record and its standing still say entry N, but the log lost it (damage): the
    standing is of a log that is not there, and Home reads where the log the game opens at ends."""
    database = tmp_path / "games.sqlite3"
    game_id, standing = _unfinished(database)
    with Store.open(database) as store:
        seq = store.last_logged(game_id)
        assert store.standings([(game_id, seq)]) == {game_id: standing}
    with closing(sqlite3.connect(database, isolation_level=None)) as connection:
        connection.execute("DELETE FROM log WHERE game_id = ? AND seq = ?", (game_id, seq))
    with Store.open(database) as store:
        assert store.last_logged(game_id) == seq - 1
        assert store.standings([(game_id, seq - 1)]) == {}
