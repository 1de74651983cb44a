"""The CLI's ``history`` and ``stats`` print the text kept beside the games (companion.after.printed)
while what it is made of is unchanged: whatever changed (a player renamed, a finished game
corrected, a new game, a kept row damaged, the code that writes it) and wherever nothing can be kept
(a read-only store, a full disk, another writer holding the lock), each prints exactly what the
history and statistics print made anew without any kept text. Real games played through sessions,
on a real SQLite file."""

from __future__ import annotations

import dataclasses
import shutil
import sqlite3
import time
from collections.abc import Iterator
from contextlib import closing
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from cli_process import invoke
from played_games import Clock, play_to_end, record

from companion.after import history, players, printed, stats
from companion.cli import output
from companion.play.session import Session
from companion.rules.registry import rules_for
from companion.store import Store

GAMES = [
    ("targi", ["Amal", "Bilal"], 0),
    ("tuareg", ["Amal", "Bilal", "Cleo"], 1),
    ("timbuktu", ["Cleo", "Dov", "Amal"], 2),
    ("targi", ["Bilal", "Cleo"], 1),
    ("tuareg", ["Dov", "Bilal"], 0),
]
OPTIONS = [
    (),
    ("--game", "targi"),
    ("--player", "Amal"),
    ("--player", "bilal"),  # a name as typed: the record's name is what stats prints
    ("--game", "tuareg", "--player", "Cleo"),
    ("--game", "timbuktu", "--player", "Bilal"),  # no game of it: an empty history
    ("--lang", "de"),
    ("--lang", "pl", "--game", "tuareg"),
]


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    """Finished games, an abandoned one (started months ago) and one being played now."""
    path = tmp_path_factory.mktemp("printed") / "games.sqlite3"
    ids = record(path, GAMES)
    targi = rules_for("targi")
    seats = {"players": [{"name": "Eve", "colour": "red"}, {"name": "Dov", "colour": "blue"}]}
    with Store.open(path, clock=Clock(datetime(2026, 4, 1, tzinfo=UTC))) as store:
        abandoned = Session.create(store, targi, targi.parse_options(seats))
        action = abandoned.legal_actions()[0]
        assert abandoned.submit(action, seq=0, game_id=abandoned.game_id).verdict.ok
    with Store.open(path) as store:
        Session.create(store, targi, targi.parse_options(seats))  # active, hidden from History
    return path, [*ids, abandoned.game_id]


@pytest.fixture
def db(recorded: tuple[Path, list[str]], tmp_path: Path) -> tuple[Path, list[str]]:
    path = tmp_path / "games.sqlite3"
    shutil.copyfile(recorded[0], path)
    return path, recorded[1]


def made_anew(path: Path, command: str, *options: str) -> str:
    """What ``command`` prints made without any kept text: the history's plays and the
    statistics as they are made for the app's screens, written as the CLI writes JSON."""
    game = _option(options, "--game")
    player = _option(options, "--player")
    with Store.open(path) as store:
        plays = list(history.plays(store, game=game, player=player))
        if command == "history":
            return output.dumps({"plays": [play.as_dict() for play in plays]}) + "\n"
        name = None if player is None else players.find(store, player).name
        return output.dumps(stats.compute(plays, player=name)) + "\n"


def _option(options: tuple[str, ...], name: str) -> str | None:
    return options[options.index(name) + 1] if name in options else None


def cli(path: Path, command: str, *options: str) -> str:
    code, out, err = invoke("--db", str(path), command, *options)
    assert code == 0, err
    return out


@pytest.fixture
def made(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The ids of the games whose play the CLI makes (not printed from a kept text)."""
    calls: list[str] = []
    real = history.play_of

    def making(store: Store, game_id: str, *args: Any) -> Any:
        calls.append(game_id)
        return real(store, game_id, *args)

    monkeypatch.setattr(history, "play_of", making)
    return calls


def kept_rows(path: Path) -> dict[str, bytes]:
    with closing(sqlite3.connect(path)) as connection:
        return dict(connection.execute("SELECT key, inputs FROM outputs"))


@pytest.mark.parametrize("command", ["history", "stats"])
@pytest.mark.parametrize("options", OPTIONS, ids=" ".join)
def test_every_option_prints_what_is_made_anew_and_then_makes_nothing(
    db: tuple[Path, list[str]], made: list[str], command: str, options: tuple[str, ...]
) -> None:
    path, ids = db
    expected = made_anew(path, command, *options)
    made.clear()
    assert cli(path, command, *options) == expected
    assert made  # nothing was kept yet
    made.clear()
    assert cli(path, command, *options) == expected
    abandoned = ids[-1]  # its status turns with time: its play is made at every call
    assert made == ([abandoned] if command == "history" else [])


def test_only_a_finished_play_is_kept_its_status_is_the_times(
    db: tuple[Path, list[str]],
) -> None:
    path, ids = db
    cli(path, "history")
    assert sorted(kept_rows(path)) == sorted(printed.PLAY + game_id for game_id in ids[:-1])


@pytest.mark.parametrize("command", ["history", "stats"])
def test_a_renamed_player_is_printed_under_the_new_name(
    db: tuple[Path, list[str]], made: list[str], command: str
) -> None:
    path, ids = db
    cli(path, command)
    with Store.open(path) as store:
        players.rename(store, "Amal", "Amalia")
    made.clear()
    out = cli(path, command)
    if command == "history":  # only Amal's games, and the abandoned one, are made again
        assert sorted(made) == sorted([ids[0], ids[1], ids[2], ids[-1]])
    assert out == made_anew(path, command) and "Amalia" in out and '"Amal"' not in out
    assert cli(path, command, "--player", "Amalia") == made_anew(
        path, command, "--player", "Amalia"
    )


@pytest.mark.parametrize("command", ["history", "stats"])
def test_a_finished_game_corrected_after_its_end_is_printed_as_it_now_is(
    db: tuple[Path, list[str]], command: str
) -> None:
    path, ids = db
    before = cli(path, command)
    with Store.open(path, clock=Clock(datetime(2026, 5, 1, tzinfo=UTC))) as store:
        session = Session.resume(store, ids[0])
        assert session.undo(seq=session.seq, game_id=ids[0]).verdict.ok
    undone = cli(path, command)
    assert undone == made_anew(path, command) != before
    with Store.open(path, clock=Clock(datetime(2026, 5, 2, tzinfo=UTC))) as store:
        session = Session.resume(store, ids[0])
        assert session.redo(seq=session.seq, game_id=ids[0]).verdict.ok
    redone = cli(path, command)
    assert redone == made_anew(path, command)
    assert cli(path, command) == redone


@pytest.mark.parametrize("command", ["history", "stats"])
def test_a_new_game_is_printed_at_the_first_call_after_it(
    db: tuple[Path, list[str]], made: list[str], command: str
) -> None:
    path, ids = db
    cli(path, command)
    with Store.open(path, clock=Clock(datetime(2026, 6, 1, tzinfo=UTC))) as store:
        new = play_to_end(store, "targi", ["Cleo", "Amal"], seed=11)
    made.clear()
    out = cli(path, command)
    if command == "history":  # the new game's play only (and the abandoned one's)
        assert made == [new, ids[-1]]
    assert out == made_anew(path, command) and new in out


def test_a_result_kept_damaged_is_not_used_and_the_game_is_replayed(
    db: tuple[Path, list[str]], caplog: pytest.LogCaptureFixture
) -> None:
    path, ids = db
    cli(path, "history")
    cli(path, "stats")
    with closing(sqlite3.connect(path, isolation_level=None)) as connection:
        connection.execute(
            "UPDATE results SET result = replace(result, '\"over\":true', '\"over\":false') "
            "WHERE game_id = ?",
            (ids[1],),
        )
    expected = {command: made_anew(path, command) for command in ("history", "stats")}
    with closing(sqlite3.connect(path, isolation_level=None)) as connection:  # damaged again
        connection.execute(
            "UPDATE results SET result = replace(result, '\"over\":true', '\"over\":false') "
            "WHERE game_id = ?",
            (ids[1],),
        )
    assert cli(path, "history") == expected["history"]
    assert "does not match its log" in caplog.text
    assert cli(path, "stats") == expected["stats"]


@pytest.mark.parametrize(
    "damage",
    [
        "output = replace(output, '\"score\": ', '\"score\": 1')",
        "inputs = zeroblob(32)",
        "digest = zeroblob(32)",
        "about = '[\"tuareg\", [1, 2, 3, 4]]'",
        "output = CAST(output AS BLOB) || x'ff'",
    ],
)
@pytest.mark.parametrize("command", ["history", "stats"])
def test_a_damaged_kept_output_is_never_printed(
    db: tuple[Path, list[str]], caplog: pytest.LogCaptureFixture, command: str, damage: str
) -> None:
    path, _ids = db
    options = ("--game", "targi") if "about" in damage else ()
    expected = cli(path, command, *options)
    assert expected == made_anew(path, command, *options)
    with closing(sqlite3.connect(path, isolation_level=None)) as connection:
        assert connection.execute(f"UPDATE outputs SET {damage}").rowcount
    assert cli(path, command, *options) == expected
    if "inputs" not in damage:
        assert "is damaged" in caplog.text or "not UTF-8" in caplog.text
    caplog.clear()
    assert cli(path, command, *options) == expected  # kept again, sound
    assert "damaged" not in caplog.text


def test_another_version_of_the_code_makes_every_text_again(
    db: tuple[Path, list[str]], made: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path, ids = db
    expected = cli(path, "history")
    monkeypatch.setattr(printed, "code_version", lambda: b"another version")
    made.clear()
    assert cli(path, "history") == expected
    assert sorted(made) == sorted(ids)


@pytest.mark.parametrize("command", ["history", "stats"])
def test_a_read_only_store_prints_the_same_and_keeps_nothing(
    db: tuple[Path, list[str]], command: str
) -> None:
    path, _ids = db
    expected = made_anew(path, command)
    with Store.open_read_only(path) as store:
        text = (printed.history_text if command == "history" else printed.stats_text)(store)
    assert text + "\n" == expected
    assert kept_rows(path) == {}


@pytest.fixture
def full_disk(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every store opened has no room for a page more (SQLite's ``max_page_count``): the
    database's disk is full."""
    real = Store.open

    def opened(*args: Any, **kwargs: Any) -> Store:
        store = real(*args, **kwargs)
        connection = store.connection_for_backup()
        pages = connection.execute("PRAGMA page_count").fetchone()[0]
        connection.execute(f"PRAGMA max_page_count = {pages}")
        return store

    monkeypatch.setattr(Store, "open", staticmethod(opened))
    yield


@pytest.mark.parametrize("command", ["history", "stats"])
def test_a_full_disk_prints_the_same_and_keeps_nothing(
    db: tuple[Path, list[str]], command: str, request: pytest.FixtureRequest
) -> None:
    path, _ids = db
    expected = made_anew(path, command)
    request.getfixturevalue("full_disk")
    assert cli(path, command) == expected
    assert kept_rows(path) == {}
    assert cli(path, command) == expected


def test_another_writer_holding_the_lock_delays_nothing_and_the_next_call_keeps(
    db: tuple[Path, list[str]],
) -> None:
    path, _ids = db
    expected = made_anew(path, "history")
    with closing(sqlite3.connect(path, isolation_level=None)) as other:
        other.execute("BEGIN IMMEDIATE")  # the app, committing
        started = time.monotonic()
        assert cli(path, "history") == expected
        assert time.monotonic() - started < 5  # the store's own wait would be 10 s
        other.execute("COMMIT")
    assert kept_rows(path) == {}
    assert cli(path, "history") == expected
    assert len(kept_rows(path)) == len(GAMES)


def test_a_database_from_before_outputs_were_kept_opens_and_prints(
    db: tuple[Path, list[str]],
) -> None:
    path, _ids = db
    expected = {command: made_anew(path, command) for command in ("history", "stats")}
    with closing(sqlite3.connect(path, isolation_level=None)) as connection:
        connection.execute("DROP TABLE outputs")
        connection.execute("PRAGMA user_version = 6")
    assert cli(path, "history") == expected["history"]
    assert cli(path, "stats") == expected["stats"]
    assert len(kept_rows(path)) == len(GAMES) + 1


def test_a_damaged_kept_result_prints_what_its_replay_makes(
    db: tuple[Path, list[str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A play kept from a result that no longer checks against its log is made again from the
    game's replay, as the history makes it; here a replay that differs from the result kept (as
    after an update of the rules) says which of the two is printed."""
    path, ids = db
    cli(path, "history")
    cli(path, "stats")
    real = history._replayed

    def replayed_by_newer_rules(store: Store, game_id: str) -> Any:
        result = real(store, game_id)
        return dataclasses.replace(result, corrections=result.corrections + 7)

    monkeypatch.setattr(history, "_replayed", replayed_by_newer_rules)
    with closing(sqlite3.connect(path, isolation_level=None)) as connection:
        connection.execute("UPDATE results SET result = result || ' ' WHERE game_id = ?", (ids[1],))
    copy = path.with_name("copy.sqlite3")  # made anew there: that keeps the replayed result
    shutil.copyfile(path, copy)
    expected = made_anew(copy, "history")
    assert expected.count('"corrections": 7') == 2  # this game's and the abandoned one's
    assert cli(path, "history") == expected
