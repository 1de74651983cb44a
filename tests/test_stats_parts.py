"""The first ``stats`` after a game ended adds that play to the statistics' kept parts
(companion.after.stats_parts) instead of counting every play again: over random histories, changed
one step at a time (a game ended anywhere in time, two ended, a game corrected after its end and
finished again, a player renamed, a game abandoned, one begun and hidden), what it prints after
each step is, character for character, what the statistics make with nothing kept, for every
argument; and kept parts that are damaged, or do not make their text, are never used. Real games
played through sessions, on a real SQLite file."""

from __future__ import annotations

import random
import shutil
import sqlite3
from contextlib import closing
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from played_games import Clock, play_to_end, record

from companion.after import history, players, printed, stats, stats_parts
from companion.cli import output
from companion.play.session import Session
from companion.rules.registry import rules_for
from companion.store import Store

NAMES = ["Amal", "Bilal", "Cleo", "Dov", "Eli"]
SEATS = {"targi": (2, 2), "tuareg": (2, 4), "timbuktu": (3, 4)}
NOW = datetime.now(UTC).replace(microsecond=0)


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("parts") / "games.sqlite3"
    record(path, [("targi", ["Amal", "Bilal"], 0), ("tuareg", ["Amal", "Bilal", "Cleo"], 1)])
    return path


@pytest.fixture
def db(recorded: Path, tmp_path: Path) -> Path:
    path = tmp_path / "games.sqlite3"
    shutil.copyfile(recorded, path)
    return path


@pytest.fixture
def added(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """One item per call that found parts kept to add to: whether it added the plays to them."""
    calls: list[bool] = []
    real = stats_parts.added

    def adding(*args: Any) -> Any:
        made = real(*args)
        calls.append(made is not None)
        return made

    monkeypatch.setattr(stats_parts, "added", adding)
    return calls


def whole(path: Path, game: str | None, player: str | None) -> str:
    """What ``stats`` prints made with nothing kept (as test_printed_outputs makes it)."""
    with Store.open(path) as store:
        plays = list(history.plays(store, game=game, player=player))
        name = None if player is None else players.find(store, player).name
        return output.dumps(stats.compute(plays, player=name))


def printed_now(path: Path, game: str | None, player: str | None) -> str:
    with Store.open(path) as store:
        return printed.stats_text(store, game=game, player=player)


def names_now(path: Path) -> list[str]:
    with closing(sqlite3.connect(path)) as connection:
        return sorted(name for (name,) in connection.execute("SELECT name FROM players"))


def end_a_game(path: Path, rng: random.Random) -> str:
    """A game of a random title and players (some new, some renamed), begun at a random moment
    of the last two years (before or after the others: its lines go anywhere in a player's
    timeline), to its end."""
    title = rng.choice(sorted(SEATS))
    seated = rng.sample(sorted({*names_now(path), *NAMES}), rng.randint(*SEATS[title]))
    begun = NOW - timedelta(days=rng.randint(8, 700), minutes=rng.randint(0, 1440))
    with Store.open(path, clock=Clock(begun)) as store:
        return play_to_end(store, title, seated, rng.randrange(10_000), rng.randrange(len(seated)))


def finished_ids(path: Path) -> list[str]:
    with closing(sqlite3.connect(path)) as connection:
        return [i for (i,) in connection.execute("SELECT id FROM games WHERE status = 'finished'")]


def undo_the_end(path: Path, game_id: str) -> None:
    with Store.open(path, clock=Clock(NOW - timedelta(days=1))) as store:
        session = Session.resume(store, game_id)
        assert session.undo(seq=session.seq, game_id=game_id).verdict.ok


def redo_the_end(path: Path, game_id: str) -> None:
    with Store.open(path, clock=Clock(NOW - timedelta(hours=20))) as store:
        session = Session.resume(store, game_id)
        assert session.redo(seq=session.seq, game_id=game_id).verdict.ok


def rename(path: Path, rng: random.Random) -> None:
    """A player renamed through the ``sqlite3`` module (every game they sit in is written)."""
    old = rng.choice(names_now(path))
    with closing(sqlite3.connect(path, isolation_level=None)) as connection:
        connection.execute("UPDATE players SET name = ? WHERE name = ?", (old + "a", old))


def begin(path: Path, rng: random.Random, days_ago: int) -> None:
    """A Targi game begun ``days_ago`` days ago and left after one action (abandoned if that
    is a week or more, hidden from the history else)."""
    targi = rules_for("targi")
    seated = rng.sample(names_now(path), 2)
    seats = {
        "players": [{"name": n, "colour": c} for n, c in zip(seated, ("red", "blue"), strict=True)]
    }
    with Store.open(path, clock=Clock(NOW - timedelta(days=days_ago))) as store:
        session = Session.create(store, targi, targi.parse_options(seats))
        assert session.submit(session.legal_actions()[0], seq=0, game_id=session.game_id).verdict.ok


def arguments(path: Path, rng: random.Random) -> list[tuple[str | None, str | None]]:
    """Every game and player, one title, one player."""
    return [(None, None), (rng.choice(sorted(SEATS)), None), (None, rng.choice(names_now(path)))]


def check(path: Path, rng: random.Random) -> None:
    for game, player in arguments(path, rng):
        assert printed_now(path, game, player) == whole(path, game, player), (game, player)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_after_each_change_stats_prints_what_the_whole_computation_prints(
    db: Path, added: list[bool], seed: int
) -> None:
    rng = random.Random(seed)
    check(db, rng)  # made whole, parts kept
    steps = ["end", "end", "two", "end", "correct", "rename", "end", "abandon", "hidden", "end"]
    rng.shuffle(steps)
    for step in steps:
        added.clear()
        if step == "end":
            end_a_game(db, rng)
        elif step == "two":
            end_a_game(db, rng)
            end_a_game(db, rng)
        elif step == "correct":
            game_id = rng.choice(finished_ids(db))
            undo_the_end(db, game_id)
            check(db, rng)
            redo_the_end(db, game_id)
        elif step == "rename":
            rename(db, rng)
        else:
            begin(db, rng, 9 if step == "abandon" else 0)
        assert printed_now(db, None, None) == whole(db, None, None), step
        if step in ("end", "two"):  # the play (or two) added to the parts kept
            assert added == [True], step
        check(db, rng)


def test_a_game_ended_before_the_others_goes_in_its_place_in_time(
    db: Path, added: list[bool]
) -> None:
    check(db, random.Random(4))
    with Store.open(db, clock=Clock(datetime(2020, 1, 1, tzinfo=UTC))) as store:
        play_to_end(store, "targi", ["Bilal", "Amal"], seed=5)
    with Store.open(db, clock=Clock(NOW - timedelta(days=9))) as store:
        play_to_end(store, "targi", ["Dov", "Amal"], seed=6)  # a new player
    assert printed_now(db, None, None) == whole(db, None, None)
    assert added == [True]


def parts_key() -> str:
    return stats_parts.PARTS + printed.STATS + repr((None, None, None))


def test_damaged_parts_are_never_used(
    db: Path, added: list[bool], caplog: pytest.LogCaptureFixture
) -> None:
    printed_now(db, None, None)
    with closing(sqlite3.connect(db, isolation_level=None)) as connection:
        changed = connection.execute(
            "UPDATE parts SET output = replace(output, '\"orders\":[', '\"orders\":[1') "
            "WHERE key = ?",
            (parts_key(),),
        )
        assert changed.rowcount == 1
    end_a_game(db, random.Random(7))
    assert printed_now(db, None, None) == whole(db, None, None)
    assert added == [] and "the kept output parts:stats:" in caplog.text
    caplog.clear()
    end_a_game(db, random.Random(8))  # parts made again beside the whole text: used
    assert printed_now(db, None, None) == whole(db, None, None)
    assert added == [True] and "the kept output parts:stats:" not in caplog.text


def test_parts_kept_beside_another_text_are_not_used(db: Path, added: list[bool]) -> None:
    """Parts bound to a whole text of the same key but another digest (its text made again, as
    by a call whose parts could not be kept) are left alone."""
    printed_now(db, None, None)
    with closing(sqlite3.connect(db, isolation_level=None)) as connection:
        (parts,) = connection.execute(
            "SELECT output FROM parts WHERE key = ?", (parts_key(),)
        ).fetchone()
    end_a_game(db, random.Random(9))
    printed_now(db, None, None)  # the whole text and its parts moved on
    with Store.open(db) as store:  # the parts of the text before, soundly kept: not this text's
        inputs = store.kept_output(parts_key())
        assert inputs is not None
        store.keep_outputs([(parts_key(), inputs.inputs[::-1], "", parts)])
    added.clear()
    end_a_game(db, random.Random(10))
    assert printed_now(db, None, None) == whole(db, None, None)
    assert added == []


def test_parts_not_made_for_a_text_made_whole_again_are_never_used(
    db: Path, added: list[bool], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A text made whole again may be the very text kept (its digest the same) though a play it
    counts changed (a point moved from one category to another leaves every rounded average as
    it was): parts that cannot be made for it leave none to use, not the parts of before."""
    before = printed_now(db, None, None)
    few, made = printed.FEW, stats_parts.made
    monkeypatch.setattr(printed, "FEW", 0)  # made whole
    monkeypatch.setattr(stats_parts, "made", lambda *_args: None)
    with closing(sqlite3.connect(db, isolation_level=None)) as connection:
        connection.execute("UPDATE games SET updated_at = updated_at")  # a write, same text
    assert printed_now(db, None, None) == before
    monkeypatch.setattr(printed, "FEW", few)
    monkeypatch.setattr(stats_parts, "made", made)
    end_a_game(db, random.Random(11))
    assert printed_now(db, None, None) == whole(db, None, None)
    assert added == []


def test_parts_that_do_not_make_their_text_are_not_kept(
    recorded: Path, caplog: pytest.LogCaptureFixture
) -> None:
    with Store.open(recorded) as store:
        plays = list(history.plays(store))
    inputs = {play.game_id: bytes(32) for play in plays}
    text = output.dumps(stats.compute(plays))
    assert stats_parts.made(plays, inputs, None, text) is not None
    assert stats_parts.made(plays, inputs, None, text.replace('"plays": 2', '"plays": 3')) is None
    players = text.index('\n  "players": {')  # a player's figures other than their sums make,
    digit = text.index('"win_rate": ', players) + len('"win_rate": ')  # of the same length
    other = text[:digit] + "10"[text[digit] == "1"] + text[digit + 1 :]
    assert stats_parts.made(plays, inputs, None, other) is None
    gone = text[:players] + text[players:].replace('"game_id": ', '"game": ', 1)  # a line's game
    assert stats_parts.made(plays, inputs, None, gone) is None
    assert "do not make their text" in caplog.text


def test_a_score_not_a_whole_number_is_not_added(recorded: Path) -> None:
    """A sum of floats depends on its order: such a play makes the statistics whole."""
    with Store.open(recorded) as store:
        plays = list(history.plays(store))
    seats = plays[0].seats
    odd = replace(plays[0], seats=(seats[0]._replace(score=seats[0].score + 0.5), *seats[1:]))
    inputs = {play.game_id: bytes(32) for play in plays}
    assert stats_parts.made([odd, *plays[1:]], inputs, None, "") is None
    parts = stats_parts.Parts.empty(None)
    assert stats_parts.added(parts, [(odd, bytes(32))], "") is None
