"""The CLI's ``history`` and ``stats`` print their whole text kept while nothing it is made of was
written since (companion.after.printed, the write count of companion.storage.schema's triggers): a
write by any connection, the ``sqlite3`` module's included, and time turning a hidden game into an
abandoned one, each makes the text anew, exactly as the history and statistics make it without any
kept text. Real games played through sessions, on a real SQLite file."""

from __future__ import annotations

import shutil
import sqlite3
from contextlib import closing
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from cli_process import invoke
from played_games import Clock, play_to_end, record
from stored_games import counted_game_reads, uncount

from companion.after import history, players, printed, stats
from companion.cli import output
from companion.play.session import Session
from companion.rules.registry import rules_for
from companion.storage import schema
from companion.store import Store

GAMES = [
    ("targi", ["Amal", "Bilal"], 0),
    ("tuareg", ["Amal", "Bilal", "Cleo"], 1),
    ("timbuktu", ["Cleo", "Dov", "Amal"], 2),
]
STARTED = datetime.now(UTC).replace(microsecond=0)
"""About when the game still being played (hidden from the history for a week after its last
change) was last changed: now, as the tests run."""
OPTIONS = [(), ("--game", "tuareg"), ("--player", "Cleo")]


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """Finished games only, and one game being played (hidden from the history): no play is
    made at every call, so each whole text is kept; the id of the game being played."""
    path = tmp_path_factory.mktemp("whole") / "games.sqlite3"
    record(path, GAMES)
    targi = rules_for("targi")
    seats = {"players": [{"name": "Eve", "colour": "red"}, {"name": "Dov", "colour": "blue"}]}
    with Store.open(path, clock=Clock(STARTED - timedelta(minutes=2))) as store:
        playing = Session.create(store, targi, targi.parse_options(seats))
        assert playing.submit(playing.legal_actions()[0], seq=0, game_id=playing.game_id).verdict.ok
    return path, playing.game_id


@pytest.fixture
def db(recorded: tuple[Path, str], tmp_path: Path) -> Path:
    path = tmp_path / "games.sqlite3"
    shutil.copyfile(recorded[0], path)
    return path


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> list[list[str] | None]:
    return counted_game_reads(monkeypatch)


def made_anew(path: Path, command: str, *options: str, now: datetime | None = None) -> str:
    """What ``command`` prints made without any kept text (as test_printed_outputs makes it)."""
    game = options[options.index("--game") + 1] if "--game" in options else None
    player = options[options.index("--player") + 1] if "--player" in options else None
    with Store.open(path) as store:
        plays = list(history.plays(store, game=game, player=player, now=now))
        if command == "history":
            return output.dumps({"plays": [play.as_dict() for play in plays]}) + "\n"
        name = None if player is None else players.find(store, player).name
        return output.dumps(stats.compute(plays, player=name)) + "\n"


def cli(path: Path, command: str, *options: str) -> str:
    code, out, err = invoke("--db", str(path), command, *options)
    assert code == 0, err
    return out


@pytest.mark.parametrize("command", ["history", "stats"])
@pytest.mark.parametrize("options", OPTIONS, ids=" ".join)
def test_a_call_with_nothing_written_since_prints_the_whole_text_kept(
    db: Path, reads: list[list[str] | None], command: str, options: tuple[str, ...]
) -> None:
    expected = made_anew(db, command, *options)
    reads.clear()
    assert cli(db, command, *options) == expected
    assert reads  # made: nothing was kept whole yet
    reads.clear()
    assert cli(db, command, *options) == expected
    assert reads == []


WRITES = {
    "a player renamed": "UPDATE players SET name = 'Zora' WHERE name = 'Amal'",
    "a seat given to another player": "UPDATE seats SET player_id = "
    "(SELECT id FROM players WHERE name = 'Eve') WHERE seat = 1",
    "the games moved a year back": "UPDATE games SET created_at = "
    "replace(created_at, '2026-', '2025-')",
    "a place named": "INSERT INTO places (game_id, location) SELECT id, 'Oasis' FROM games",
}


@pytest.mark.parametrize("command", ["history", "stats"])
@pytest.mark.parametrize("write", list(WRITES), ids=list(WRITES))
def test_a_write_through_the_sqlite3_module_is_printed_at_the_next_call(
    db: Path, command: str, write: str
) -> None:
    before = cli(db, command)
    assert cli(db, command) == before  # kept whole
    with closing(sqlite3.connect(db, isolation_level=None)) as connection:
        assert connection.execute(WRITES[write]).rowcount
    after = cli(db, command)
    assert after == made_anew(db, command)
    if command == "history" or write != "a place named":  # the statistics name no place
        assert after != before
    assert cli(db, command) == after


@pytest.mark.parametrize("table", ["games", "log", "results", "seats", "players", "places"])
def test_every_write_to_a_table_the_texts_are_made_of_is_counted(db: Path, table: str) -> None:
    with closing(sqlite3.connect(db, isolation_level=None)) as connection:
        if table == "places":
            connection.execute("INSERT INTO places (game_id, location) SELECT id, 'x' FROM games")
        connection.execute(f"CREATE TEMP TABLE copied AS SELECT * FROM {table}")
        column = connection.execute(f"SELECT name FROM pragma_table_info('{table}')").fetchone()[0]
        counts = []
        for statement in (
            f"UPDATE {table} SET {column} = {column}",
            f"DELETE FROM {table}",
            f"INSERT INTO {table} SELECT * FROM temp.copied",
        ):
            before = connection.execute("SELECT count FROM changes").fetchone()[0]
            rows = connection.execute(statement).rowcount
            counts.append(connection.execute("SELECT count FROM changes").fetchone()[0] - before)
            assert rows > 0
        rows = connection.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
        assert counts == [rows, rows, rows]


def test_a_hidden_game_shown_once_a_week_passed_is_printed_then(
    db: Path, reads: list[list[str] | None]
) -> None:
    """The game being played is hidden for a week after its last change: a whole text kept
    within that week is not printed after it (the game is then abandoned, and shown)."""
    within, after = STARTED + timedelta(days=6), STARTED + timedelta(days=8)
    with Store.open(db) as store:
        expected = printed.history_text(store, now=within)
        reads.clear()
        assert printed.history_text(store, now=within) == expected  # kept whole
        assert reads == []
        abandoned = printed.history_text(store, now=after)
    assert abandoned + "\n" == made_anew(db, "history", now=after) != expected + "\n"
    assert '"abandoned"' in abandoned and '"abandoned"' not in expected


@pytest.mark.parametrize("command", ["history", "stats"])
def test_a_count_of_writes_damaged_back_to_an_earlier_value_prints_what_is_there_now(
    db: Path, caplog: pytest.LogCaptureFixture, reads: list[list[str] | None], command: str
) -> None:
    """A count set back to the value a whole text was kept under (as one byte flipped could set
    it), after a write it counted: its negation no longer adds up, and the text is made anew."""
    before = cli(db, command)
    with closing(sqlite3.connect(db, isolation_level=None)) as connection:
        (count,) = connection.execute("SELECT count FROM changes").fetchone()
        connection.execute(WRITES["a player renamed"])
        connection.execute("UPDATE changes SET count = ?", (count,))
    reads.clear()
    after = cli(db, command)
    assert after == made_anew(db, command) != before
    assert reads and "the count of writes is damaged" in caplog.text
    reads.clear()
    assert cli(db, command) == after
    assert reads  # nothing is kept whole on a damaged count


def test_a_damaged_trigger_is_found_at_the_open(db: Path) -> None:
    """A trigger that no longer counts (dropped, or its text damaged) would leave a write
    unseen: the file's schema no longer matches its version, and the open sets it aside."""
    with closing(sqlite3.connect(db, isolation_level=None)) as connection:
        connection.execute("DROP TRIGGER players_update")
    with Store.open(db) as store:
        assert store.quarantined is not None


def test_a_schema_7_database_is_migrated_and_prints_what_it_holds_now(
    db: Path, reads: list[list[str] | None]
) -> None:
    """A database from before the writes were counted (its kept outputs included, and a player
    renamed there, by no counted write) prints what it holds, then keeps its whole text."""
    cli(db, "history")
    cli(db, "stats")
    with closing(sqlite3.connect(db, isolation_level=None)) as connection:
        uncount(connection)
        connection.execute("PRAGMA user_version = 7")
        assert schema.schema_of(connection) == schema.expected_schema(7)
        connection.execute("UPDATE players SET name = 'Zora' WHERE name = 'Amal'")
    for command in ("history", "stats"):
        out = cli(db, command)
        assert out == made_anew(db, command) and "Zora" in out
        reads.clear()
        assert cli(db, command) == out
        assert reads == []
    with closing(sqlite3.connect(db)) as connection:
        assert connection.execute("PRAGMA user_version").fetchone()[0] == schema.SCHEMA_VERSION


@pytest.mark.parametrize("options", [*OPTIONS, ("--game", "targi")], ids=" ".join)
def test_a_game_ended_since_is_the_only_one_read_and_made(
    db: Path, reads: list[list[str] | None], options: tuple[str, ...]
) -> None:
    cli(db, "history", *options)
    with Store.open(db, clock=Clock(datetime(2026, 6, 1, tzinfo=UTC))) as store:
        new = play_to_end(store, "tuareg", ["Cleo", "Amal"], seed=11)
    reads.clear()
    out = cli(db, "history", *options)
    assert out == made_anew(db, "history", *options)
    assert reads == [[new]]
    assert (new in out) == (options != ("--game", "targi"))  # a Tuareg of Cleo's
    reads.clear()
    assert cli(db, "history", *options) == out
    assert reads == []  # kept whole again


def test_a_player_renamed_makes_their_games_only(
    db: Path, reads: list[list[str] | None], recorded: tuple[Path, str]
) -> None:
    cli(db, "history")
    with Store.open(db) as store:
        players.rename(store, "Cleo", "Clio")
        theirs = {g for g in (s.id for s in store.list_games()) if "Clio" in str(store.seats_of(g))}
    reads.clear()
    out = cli(db, "history")
    assert out == made_anew(db, "history") and '"Clio"' in out and '"Cleo"' not in out
    assert len(reads) == 1 and sorted(reads[0] or []) == sorted(theirs) and len(theirs) == 2


def test_a_game_deleted_through_the_sqlite3_module_is_gone_at_the_next_call(
    db: Path, reads: list[list[str] | None]
) -> None:
    before = cli(db, "history")
    with closing(sqlite3.connect(db, isolation_level=None)) as connection:
        (gone,) = connection.execute("SELECT id FROM games WHERE game = 'tuareg'").fetchone()
        for table in ("log", "results", "seats", "places", "refusals"):
            connection.execute(f"DELETE FROM {table} WHERE game_id = ?", (gone,))
        connection.execute("DELETE FROM games WHERE id = ?", (gone,))
    reads.clear()
    out = cli(db, "history")
    assert out == made_anew(db, "history") and gone in before and gone not in out
    assert reads == [[gone]]


def test_more_games_written_than_are_made_one_by_one_make_the_history_whole(
    db: Path, reads: list[list[str] | None], monkeypatch: pytest.MonkeyPatch
) -> None:
    cli(db, "history")
    monkeypatch.setattr(printed, "FEW", 1)
    with closing(sqlite3.connect(db, isolation_level=None)) as connection:
        connection.execute(WRITES["the games moved a year back"])
    reads.clear()
    assert cli(db, "history") == made_anew(db, "history")
    assert reads == [None]


@pytest.mark.parametrize(
    "damage",
    ["count = count - 1", "negated = negated + 1", "game = 'another'", "count = 'x'"],
)
def test_a_damaged_record_of_the_games_written_to_makes_the_history_whole(
    db: Path, reads: list[list[str] | None], caplog: pytest.LogCaptureFixture, damage: str
) -> None:
    """A record that could hide a game written to since (its count set back, its game's id
    altered) is never trusted: every game is read."""
    cli(db, "history")
    with Store.open(db, clock=Clock(datetime(2026, 6, 1, tzinfo=UTC))) as store:
        new = play_to_end(store, "targi", ["Cleo", "Amal"], seed=11)
    with closing(sqlite3.connect(db, isolation_level=None)) as connection:
        assert connection.execute(f"UPDATE touched SET {damage} WHERE game_id = ?", (new,)).rowcount
    reads.clear()
    with Store.open(db) as store:
        text = printed.history_text(store)
    assert text + "\n" == made_anew(db, "history") and new in text
    assert reads == [None] and "the games written to are damaged" in caplog.text


@pytest.fixture
def kept(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The keys of the rows each call keeps (its stamps' keys start with ``at:``)."""
    keys: list[str] = []
    real = Store.keep_outputs

    def keeping(store: Store, made: Any, *rest: Any) -> None:
        made = list(made)
        keys.extend(key for key, *_rest in made)
        real(store, made, *rest)

    monkeypatch.setattr(Store, "keep_outputs", keeping)
    return keys


@pytest.mark.parametrize("command", ["history", "stats"])
def test_a_game_begun_and_played_while_hidden_moves_the_stamp_only(
    db: Path, reads: list[list[str] | None], kept: list[str], command: str
) -> None:
    """A game begun (hidden from the history while it is played) changes no text: the next
    call reads that game's rows only and keeps a new stamp, not the text."""
    before = cli(db, command)
    targi = rules_for("targi")
    seats = {"players": [{"name": "Amal", "colour": "red"}, {"name": "Dov", "colour": "blue"}]}
    with Store.open(db) as store:
        begun = Session.create(store, targi, targi.parse_options(seats))
        assert begun.submit(begun.legal_actions()[0], seq=0, game_id=begun.game_id).verdict.ok
    reads.clear()
    kept.clear()
    assert cli(db, command) == before == made_anew(db, command)
    assert reads == [[begun.game_id]]
    assert kept == [
        f"at:{command}:" + ("(None, None)" if command == "history" else "(None, None, None)")
    ]
    reads.clear()
    assert cli(db, command) == before
    assert reads == []


@pytest.mark.parametrize(
    "damage", ["digest = zeroblob(32)", "about = replace(about, '[', '[1, ')", "inputs = x'00'"]
)
@pytest.mark.parametrize("command", ["history", "stats"])
def test_a_damaged_stamp_is_never_trusted(
    db: Path,
    reads: list[list[str] | None],
    caplog: pytest.LogCaptureFixture,
    command: str,
    damage: str,
) -> None:
    expected = cli(db, command)
    with closing(sqlite3.connect(db, isolation_level=None)) as connection:
        assert connection.execute(f"UPDATE stamps SET {damage}").rowcount
    reads.clear()
    assert cli(db, command) == expected
    assert reads == [None]  # made whole again
    if "inputs" not in damage:
        assert "is damaged" in caplog.text
