"""The CLI's ``history`` keeps its whole text in pieces (companion.after.pieces): call after call,
as games end, are corrected, deleted or played in the past, and players are renamed, it prints
exactly what the history makes with nothing kept, rewriting only the pieces a change falls in;
and a byte flipped in any kept row is found and never printed. Real games on a real SQLite file
(the benchmark's build: a game a day from 2024-01-01, their logs chained), pieces of a few plays
so that a dozen games make several."""

from __future__ import annotations

import shutil
import sqlite3
from contextlib import closing
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from played_games import Clock, play_to_end
from stored_games import (  # small_pieces: autouse, pieces of 3
    counted_game_reads,
    kept_history,
    small_pieces,  # noqa: F401
)

from companion.after import history, pieces, players, printed
from companion.cli import output
from companion.play.session import Session
from companion.store import Store

BUILT = 13
"""Games of the database built: pieces of 3 make 4 full ones and a newest of 1."""


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return kept_history(tmp_path_factory.mktemp("pieces"), 5, BUILT)


@pytest.fixture
def db(built: Path, tmp_path: Path) -> Path:
    path = tmp_path / "games.sqlite3"
    shutil.copyfile(built, path)
    return path


@pytest.fixture
def kept(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """The keys of the outputs each call keeps, a list a call."""
    calls: list[list[str]] = []
    for name in ("keep_outputs", "replace_outputs"):
        real = getattr(Store, name)

        def keeping(store: Store, made: Any, *rest: Any, real: Any = real) -> None:
            made = list(made)
            calls.append([key for key, *_row in made])
            real(store, made, *rest)

        monkeypatch.setattr(Store, name, keeping)
    return calls


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> list[list[str] | None]:
    return counted_game_reads(monkeypatch)


def whole(path: Path, **options: Any) -> str:
    """The history made with nothing kept."""
    with Store.open(path) as store:
        plays = history.plays(store, **options)
        return output.dumps({"plays": [play.as_dict() for play in plays]})


def printed_now(path: Path, **options: Any) -> str:
    with Store.open(path) as store:
        return printed.history_text(store, **options)


def piece_rows(path: Path) -> dict[str, bytes]:
    """Each piece's row kept: key -> digest."""
    with closing(sqlite3.connect(path)) as connection:
        return dict(
            connection.execute(
                "SELECT key, digest FROM outputs WHERE instr(key, ?) > 0", (pieces.PIECE,)
            )
        )


def listed_pieces(path: Path) -> list[int]:
    """The numbers of the pieces the head of the whole history (no argument) lists."""
    with Store.open(path) as store:
        stamp = printed._Stamp.kept(store, KEY, datetime.now(UTC))
        assert stamp is not None
        read = pieces.Pieces.read(store, KEY, stamp.digest, printed.whole_inputs(KEY))
        assert read is not None
        return [piece.number for piece in read.pieces]


KEY = printed.HISTORY + repr((None, None))
OPTIONS: list[dict[str, Any]] = [{}, {"player": "Amal"}, {"game": "tuareg"}]


def assert_printed_as_made(path: Path) -> str:
    """Each option's history, called twice (made or spliced, then kept), is the one made with
    nothing kept; the whole history's text."""
    for options in OPTIONS:
        expected = whole(path, **options)
        assert printed_now(path, **options) == expected
        assert printed_now(path, **options) == expected
    return whole(path)


def end_a_game(path: Path, at: datetime, seed: int, names: list[str] | None = None) -> str:
    with Store.open(path, clock=Clock(at)) as store:
        return play_to_end(store, "tuareg", names or ["Cleo", "Amal"], seed=seed)


def test_call_after_call_prints_what_is_made_as_games_end_are_corrected_and_renamed(
    db: Path, kept: list[list[str]]
) -> None:
    assert_printed_as_made(db)
    assert len(listed_pieces(db)) == 5
    moment = datetime(2026, 6, 1, tzinfo=UTC)
    for seed in range(7):  # the newest piece grows past MOST and is split
        kept.clear()
        new = end_a_game(db, moment + timedelta(days=seed), seed)
        text = assert_printed_as_made(db)
        assert text.index(new) < text.index(f"{BUILT - 1:032x}")  # listed first
        assert len([key for key in kept[0] if pieces.PIECE in key]) <= 2
    assert len(listed_pieces(db)) == 6  # 1 + 5 split in 3 and 3, + 2
    corrected = f"{4:032x}"  # a game in the middle, corrected after its end: undone, redone
    lately = datetime.now(UTC) - timedelta(hours=1)
    with Store.open(db, clock=Clock(lately)) as store:
        session = Session.resume(store, corrected)
        assert session.undo(seq=session.seq, game_id=corrected).verdict.ok
    assert corrected not in assert_printed_as_made(db)  # played again: hidden a week
    with Store.open(db, clock=Clock(lately)) as store:
        session = Session.resume(store, corrected)
        assert session.redo(seq=session.seq, game_id=corrected).verdict.ok
    assert corrected in assert_printed_as_made(db)
    with Store.open(db) as store:
        players.rename(store, "Cleo", "Clio")
    text = assert_printed_as_made(db)
    assert '"Clio"' in text and '"Cleo"' not in text
    past = end_a_game(db, datetime(2024, 1, 6, 12, tzinfo=UTC), 20, ["Dov", "Eli"])
    text = assert_printed_as_made(db)
    assert text.index(f"{5:032x}") < text.index(past) < text.index(f"{4:032x}")  # in its place


def test_a_game_ended_rewrites_its_piece_and_the_head_only(
    db: Path, kept: list[list[str]], reads: list[list[str] | None]
) -> None:
    printed_now(db)
    before = piece_rows(db)
    new = end_a_game(db, datetime(2026, 6, 1, tzinfo=UTC), 1)
    kept.clear()
    reads.clear()
    assert printed_now(db) == whole(db)
    newest = pieces.piece_key(KEY, listed_pieces(db)[0])
    assert reads == [[new]]
    assert sorted(kept[0]) == sorted([printed.PLAY + new, newest, KEY, "at:" + KEY])
    after = piece_rows(db)
    assert {key for key in after if after[key] != before.get(key)} == {newest}


def test_a_piece_left_with_no_play_is_dropped(db: Path, reads: list[list[str] | None]) -> None:
    printed_now(db)
    oldest = listed_pieces(db)[-1]
    with closing(sqlite3.connect(db, isolation_level=None)) as connection:
        connection.execute("BEGIN")
        for number in range(3):  # the oldest piece's plays
            game_id = f"{number:032x}"
            for table in ("log", "results", "seats", "places", "refusals"):
                connection.execute(f"DELETE FROM {table} WHERE game_id = ?", (game_id,))
            connection.execute("DELETE FROM games WHERE id = ?", (game_id,))
        connection.execute("COMMIT")
    reads.clear()
    assert printed_now(db) == whole(db)
    assert len(reads) == 1 and sorted(reads[0] or []) == [f"{number:032x}" for number in range(3)]
    assert oldest not in listed_pieces(db)
    assert sorted(piece_rows(db)) == sorted(pieces.piece_key(KEY, n) for n in listed_pieces(db))
    assert printed_now(db) == whole(db)


def test_games_ending_in_an_empty_history_are_kept_in_pieces(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    Store.open(path).close()
    assert printed_now(path) == whole(path) == output.dumps({"plays": []})
    for seed in range(2):
        end_a_game(path, datetime(2026, 6, 1 + seed, tzinfo=UTC), seed)
        assert printed_now(path) == whole(path)
        assert printed_now(path) == whole(path)
    assert len(listed_pieces(path)) == 1


def _flipped(path: Path, table: str, key: str, column: str, at: float) -> None:
    """One bit of the row's ``column`` flipped, at the fraction ``at`` of its length (a byte put
    in an empty one: a head's or a stamp's text)."""
    with closing(sqlite3.connect(path, isolation_level=None)) as connection:
        (value,) = connection.execute(
            f"SELECT CAST({column} AS BLOB) FROM {table} WHERE key = ?", (key,)
        ).fetchone()
        data = bytearray(value or b" ")
        if value:
            data[int(at * (len(data) - 1))] ^= 0x04
        cast = "BLOB" if column in ("inputs", "digest") else "TEXT"
        connection.execute(
            f"UPDATE {table} SET {column} = CAST(? AS {cast}) WHERE key = ?", (bytes(data), key)
        )


ROWS = ["head", "newest piece", "middle piece", "oldest piece", "stamp"]


def _row(path: Path, which: str) -> tuple[str, str]:
    """The table and key of the kept row ``which``."""
    numbers = listed_pieces(path)
    if which == "head":
        return "outputs", KEY
    if which == "stamp":
        return "stamps", "at:" + KEY
    place = {"newest piece": 0, "middle piece": len(numbers) // 2, "oldest piece": -1}[which]
    return "outputs", pieces.piece_key(KEY, numbers[place])


@pytest.mark.parametrize("at", [0.0, 0.5, 1.0], ids=["first", "middle", "last"])
@pytest.mark.parametrize("column", ["output", "about", "digest", "inputs"])
@pytest.mark.parametrize("which", ROWS)
def test_a_flipped_byte_in_any_kept_row_is_found_and_never_printed(
    db: Path,
    reads: list[list[str] | None],
    caplog: pytest.LogCaptureFixture,
    which: str,
    column: str,
    at: float,
) -> None:
    expected = printed_now(db)
    _flipped(db, *_row(db, which), column, at)
    reads.clear()
    assert printed_now(db) == expected == whole(db)
    assert reads == [None]  # made whole again from the games
    if column != "inputs":
        assert "is damaged" in caplog.text or "not UTF-8" in caplog.text
    caplog.clear()
    assert printed_now(db) == expected  # kept again, sound
    assert "is damaged" not in caplog.text and "not UTF-8" not in caplog.text


@pytest.mark.parametrize("which", ROWS[1:4])
def test_a_damaged_piece_is_never_printed_when_a_game_has_ended_since(
    db: Path, reads: list[list[str] | None], caplog: pytest.LogCaptureFixture, which: str
) -> None:
    printed_now(db)
    _flipped(db, *_row(db, which), "output", 0.5)
    end_a_game(db, datetime(2026, 6, 1, tzinfo=UTC), 3)
    reads.clear()
    assert printed_now(db) == whole(db)
    assert reads == [None] and "is damaged" in caplog.text


def test_a_row_left_under_the_history_s_key_is_dropped_and_never_printed(db: Path) -> None:
    printed_now(db)
    stray = pieces.piece_key(KEY, 99)
    with closing(sqlite3.connect(db, isolation_level=None)) as connection:
        connection.execute(
            "INSERT INTO outputs (key, inputs, about, digest, output) "
            "SELECT ?, inputs, about, digest, output FROM outputs WHERE key = ?",
            (stray, pieces.piece_key(KEY, listed_pieces(db)[0])),
        )
    assert printed_now(db) == whole(db)
    end_a_game(db, datetime(2026, 6, 1, tzinfo=UTC), 4)
    assert printed_now(db) == whole(db)
    assert stray not in piece_rows(db)


def test_an_earlier_sound_piece_put_back_is_never_printed(
    db: Path, reads: list[list[str] | None], caplog: pytest.LogCaptureFixture
) -> None:
    """A piece's row as it was before a game ended (sound in itself: its own digest checks) is
    not the one the head lists: found by the chain of digests."""
    printed_now(db)
    newest = pieces.piece_key(KEY, listed_pieces(db)[0])
    with closing(sqlite3.connect(db)) as connection:
        earlier = connection.execute("SELECT * FROM outputs WHERE key = ?", (newest,)).fetchone()
    end_a_game(db, datetime(2026, 6, 1, tzinfo=UTC), 5)
    expected = printed_now(db)
    with closing(sqlite3.connect(db, isolation_level=None)) as connection:
        connection.execute("INSERT OR REPLACE INTO outputs VALUES (?, ?, ?, ?, ?)", earlier)
    reads.clear()
    assert printed_now(db) == expected == whole(db)
    assert reads == [None] and "is damaged" in caplog.text
