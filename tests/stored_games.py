"""A database of a few Targi games played at random, and ways to damage it, for storage tests."""

from __future__ import annotations

import random
import sqlite3
import uuid
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from played_games import Clock, play_to_end

from companion.games.targi.rules import TargiRules
from companion.play.session import Session
from companion.storage.chain import chain_existing_logs
from companion.store import Store

RULES = TargiRules()
OPTIONS = RULES.parse_options(
    {"players": [{"name": "Amal", "colour": "blue"}, {"name": "Bilal", "colour": "white"}]}
)


@contextmanager
def seeded_game_ids(seed: int) -> Iterator[None]:
    """New games take ids drawn from ``seed`` instead of :func:`uuid.uuid4`."""
    rng = random.Random(seed)
    with mock.patch.object(uuid, "uuid4", lambda: uuid.UUID(int=rng.getrandbits(128), version=4)):
        yield


def play_games(path: Path, games: int, entries: int, seed: int) -> list[str]:
    """Store ``games`` Targi games of ``entries`` random legal actions each (undo now and then);
    the store is closed (and so checkpointed) afterwards. Returns the game ids. The same seed
    writes the same bytes: ids, timestamps and moves all come from it."""
    rng = random.Random(seed)
    ids = []
    with seeded_game_ids(seed), Store.open(path, clock=Clock()) as store:
        for _ in range(games):
            session = Session.create(store, RULES, OPTIONS)
            while session.seq < entries and not RULES.is_over(session.state):
                if session.seq and rng.random() < 0.05:
                    session.undo(seq=session.seq, game_id=session.game_id)
                    continue
                action = rng.choice(RULES.legal_actions(session.state))
                assert session.submit(action, seq=session.seq, game_id=session.game_id).verdict.ok
            ids.append(session.game_id)
    return ids


def sql(path: Path, statement: str, *params: object) -> list[tuple[object, ...]]:
    with closing(sqlite3.connect(path, isolation_level=None)) as connection:
        return connection.execute(statement, params).fetchall()


def rechain(path: Path) -> None:
    """Recompute every digest as the hash-chain migration does: damage done before the migration
    is chained in, so that only a replay can find it."""
    with closing(sqlite3.connect(path, isolation_level=None)) as connection:
        connection.execute("BEGIN")
        chain_existing_logs(connection)
        connection.execute("COMMIT")


def unstand(connection: sqlite3.Connection) -> None:
    """Take back the migration that keeps where each unfinished game stands (a database from
    before it): its table goes."""
    connection.execute("DROP TABLE standings")


def uncount(connection: sqlite3.Connection) -> None:
    """Take migration 8 back (a database from before the writes were counted), and the ones after
    it (:func:`unstand`, the statistics' parts): its triggers and its tables go."""
    unstand(connection)
    triggers = connection.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'")
    for (name,) in triggers.fetchall():
        connection.execute(f"DROP TRIGGER {name}")
    connection.execute("DROP TABLE changes")
    connection.execute("DROP TABLE touched")
    connection.execute("DROP TABLE stamps")
    connection.execute("DROP TABLE parts")


def counted_game_reads(monkeypatch: pytest.MonkeyPatch) -> list[list[str] | None]:
    """One item per reading of the games' rows (:meth:`Store.game_rows`, what a text not kept
    whole is made of) from now on: the ids of the games read, None for every game."""
    calls: list[list[str] | None] = []
    real = Store.game_rows

    def reading(store: Store, ids: list[str] | None = None) -> Any:
        calls.append(ids)
        return real(store, ids)

    monkeypatch.setattr(Store, "game_rows", reading)
    return calls


@pytest.fixture(autouse=True)
def small_pieces(monkeypatch: pytest.MonkeyPatch) -> None:
    """The history's kept pieces of 3 plays, at most 5 of them, so that a dozen games make
    several (import it into a test module to use it there)."""
    from companion.after import pieces

    monkeypatch.setattr(pieces, "SIZE", 3)
    monkeypatch.setattr(pieces, "MOST", 5)


def kept_history(folder: Path, seed: int, games: int) -> Path:
    """A database of ``games`` plays of the benchmark's templates (:func:`benchmarks.history.build`)
    in ``folder``, each result kept as the entry that ended it keeps it (one listing)."""
    from benchmarks import history as history_bench
    from companion.after import history

    path = folder / "games.sqlite3"
    templates, _ids = history_bench._templates(folder)
    history_bench.build(path, templates, random.Random(seed), games)
    with Store.open(path) as store:
        assert len(list(history.plays(store))) == games
    return path


def not_utf8_table(path: Path) -> tuple[str, str, str]:
    """A finished Targi game of Amal and Bilal, then two unfinished ones; then one high bit
    flipped (no page damaged: SQLite's check finds nothing; 'A', 0x41, becomes 0xc1, which no
    UTF-8 character starts with) in the last game's title and time of change, the one before's id
    and Amal's player record's name. The ids as written: (finished, named, titled)."""
    with Store.open(path, clock=Clock()) as store:
        finished = play_to_end(store, "targi", ["Amal", "Bilal"], seed=3)
        named, titled = (Session.create(store, RULES, OPTIONS).game_id for _ in range(2))
    flipped = "CAST(x'c1' || substr(CAST({0} AS BLOB), 2) AS TEXT)"
    with closing(sqlite3.connect(path, isolation_level=None)) as connection:
        connection.execute("PRAGMA ignore_check_constraints = ON")
        for column in ("game", "updated_at"):
            sql = f"UPDATE games SET {column} = {flipped.format(column)} WHERE id = ?"
            connection.execute(sql, (titled,))
        connection.execute(f"UPDATE games SET id = {flipped.format('id')} WHERE id = ?", (named,))
        connection.execute(
            f"UPDATE players SET name = {flipped.format('name')} WHERE name = 'Amal'"
        )
    return finished, named, titled
