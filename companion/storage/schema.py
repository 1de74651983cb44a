"""The schema: its migrations (append, never edit), applying them, and the schema each version has."""

from __future__ import annotations

import hashlib
import sqlite3
from collections.abc import Callable
from functools import cache
from typing import Any

from companion.storage.base import transaction
from companion.storage.chain import chain_existing_logs
from companion.storage.players import give_players_uids, link_existing_players
from companion.storage.settings import place_existing_games

MigrationStep = str | Callable[[sqlite3.Connection], None]

COUNTED = {
    "games": "SELECT {row}.id AS id",
    "log": "SELECT {row}.game_id AS id",
    "results": "SELECT {row}.game_id AS id",
    "seats": "SELECT {row}.game_id AS id",
    "players": "SELECT game_id AS id FROM seats WHERE player_id = {row}.id",
    "places": "SELECT {row}.game_id AS id",
}
"""The tables the CLI's kept outputs are made of, and the games a row of each is of (a player's:
the games they sit in): every row written to one, by any connection (the app, the CLI, the
``sqlite3`` shell), counts one in ``changes``, and each game it is of is ``touched`` at that count
(migration 8's triggers). Each row holds its count and its negation (a damaged one does not add up
to 0), and a touched row its game's id twice. Migration 8 is made of it: like a migration, it is
never edited (a table counted later gets its triggers from a migration of its own)."""


SHOWN_OF = {"players": "id, name, uid"}
"""The columns of a table that the texts show, where not all are: a player's last game's time
changes at each game they join, and is in no text."""


def _counting(table: str, event: str) -> str:
    """The trigger that counts a write ``event`` to ``table`` (:data:`COUNTED`)."""
    rows = {"INSERT": ("NEW",), "UPDATE": ("NEW", "OLD"), "DELETE": ("OLD",)}[event]
    games = " UNION ".join(COUNTED[table].format(row=row) for row in rows)
    written = f"{event} OF {SHOWN_OF[table]}" if table in SHOWN_OF and event == "UPDATE" else event
    return (
        f"CREATE TRIGGER {table}_{event.lower()} AFTER {written} ON {table} BEGIN "
        "UPDATE changes SET count = count + 1, negated = negated - 1; "
        "INSERT INTO touched (game_id, count, negated, game) "
        f"SELECT t.id, c.count, c.negated, t.id FROM ({games}) AS t, changes AS c "
        "WHERE t.id IS NOT NULL ON CONFLICT (game_id) DO UPDATE SET "
        "count = excluded.count, negated = excluded.negated, game = excluded.game; END"
    )


MIGRATIONS: tuple[tuple[MigrationStep, ...], ...] = (
    (
        """CREATE TABLE games (
            id TEXT PRIMARY KEY,
            game TEXT NOT NULL,
            options TEXT NOT NULL,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL,
            status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'finished'))
        )""",
        """CREATE TABLE log (
            game_id TEXT NOT NULL REFERENCES games (id),
            seq INTEGER NOT NULL CHECK (seq >= 1),
            kind TEXT NOT NULL CHECK (kind IN ('action', 'correction', 'undo', 'redo')),
            payload TEXT NOT NULL,
            created_at TEXT NOT NULL,
            PRIMARY KEY (game_id, seq)
        ) WITHOUT ROWID""",
        """CREATE TABLE settings (
            game TEXT NOT NULL,
            key TEXT NOT NULL,
            value TEXT NOT NULL,
            updated_at TEXT NOT NULL,
            PRIMARY KEY (game, key)
        )""",
    ),
    (
        """CREATE TABLE tags (
            tag TEXT PRIMARY KEY CHECK (tag <> ''),
            card TEXT NOT NULL CHECK (card <> ''),
            enrolled_at TEXT NOT NULL
        ) WITHOUT ROWID""",
    ),
    (  # the hash chain (companion.storage.chain): digests, and each game's last entry
        "ALTER TABLE games ADD COLUMN digest BLOB NOT NULL DEFAULT x''",
        "ALTER TABLE games ADD COLUMN last_seq INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE games ADD COLUMN last_digest BLOB NOT NULL DEFAULT x''",
        "ALTER TABLE log ADD COLUMN digest BLOB NOT NULL DEFAULT x''",
        chain_existing_logs,
    ),
    (  # players as records (issue 18): each game's seats link to them; renames keep history
        """CREATE TABLE players (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL UNIQUE COLLATE NOCASE CHECK (name <> ''),
            colour TEXT NOT NULL DEFAULT '',
            created_at TEXT NOT NULL,
            last_played_at TEXT NOT NULL
        )""",
        """CREATE TABLE seats (
            game_id TEXT NOT NULL REFERENCES games (id),
            seat INTEGER NOT NULL CHECK (seat >= 0),
            player_id INTEGER NOT NULL REFERENCES players (id),
            PRIMARY KEY (game_id, seat)
        ) WITHOUT ROWID""",
        "CREATE INDEX seats_by_player ON seats (player_id)",
        """CREATE TABLE places (
            game_id TEXT PRIMARY KEY REFERENCES games (id),
            location TEXT NOT NULL
        ) WITHOUT ROWID""",
        place_existing_games,
        """CREATE TABLE results (
            game_id TEXT PRIMARY KEY REFERENCES games (id),
            last_seq INTEGER NOT NULL,
            last_digest BLOB NOT NULL,
            result TEXT NOT NULL
        ) WITHOUT ROWID""",
        link_existing_players,
    ),
    (  # a stable id per player (issue 24.4): kept by backup, restore, rename and merge
        "ALTER TABLE players ADD COLUMN uid TEXT NOT NULL DEFAULT ''",
        give_players_uids,
        "CREATE UNIQUE INDEX players_by_uid ON players (uid)",
    ),
    (  # each game's last refusal, what the table was told (companion.play.last_refusal): not the log
        """CREATE TABLE refusals (
            game_id TEXT PRIMARY KEY REFERENCES games (id),
            seq INTEGER NOT NULL,
            code TEXT NOT NULL,
            verdict TEXT NOT NULL,
            lang TEXT NOT NULL,
            at TEXT NOT NULL
        ) WITHOUT ROWID""",
    ),
    (  # what a command printed, kept as text beside its inputs' digest (companion.storage.outputs)
        """CREATE TABLE outputs (
            key TEXT PRIMARY KEY,
            inputs BLOB NOT NULL,
            about TEXT NOT NULL,
            digest BLOB NOT NULL,
            output TEXT NOT NULL
        ) WITHOUT ROWID""",
    ),
    (  # a count of the writes to what the kept outputs are made of (companion.storage.outputs)
        """CREATE TABLE changes (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            count INTEGER NOT NULL,
            negated INTEGER NOT NULL
        )""",
        "INSERT INTO changes (id, count, negated) VALUES (1, 0, 0)",
        """CREATE TABLE touched (
            game_id TEXT PRIMARY KEY,
            count INTEGER NOT NULL,
            negated INTEGER NOT NULL,
            game TEXT NOT NULL
        ) WITHOUT ROWID""",
        *(_counting(table, event) for table in COUNTED for event in ("INSERT", "UPDATE", "DELETE")),
        """CREATE TABLE stamps (
            key TEXT PRIMARY KEY,
            inputs BLOB NOT NULL,
            about TEXT NOT NULL,
            digest BLOB NOT NULL,
            output TEXT NOT NULL
        ) WITHOUT ROWID""",
        "DELETE FROM outputs WHERE key NOT LIKE 'play:%'",  # every text kept whole is stamped
    ),
    (  # where each unfinished game stands, as Home says it (companion.storage.standings)
        """CREATE TABLE standings (
            game_id TEXT PRIMARY KEY REFERENCES games (id),
            last_seq INTEGER NOT NULL,
            digest BLOB NOT NULL,
            round INTEGER,
            seat INTEGER,
            name TEXT NOT NULL
        ) WITHOUT ROWID""",
    ),
    (  # what the statistics' whole texts are made of (companion.after.stats_parts)
        """CREATE TABLE parts (
            key TEXT PRIMARY KEY,
            inputs BLOB NOT NULL,
            about TEXT NOT NULL,
            digest BLOB NOT NULL,
            output TEXT NOT NULL
        ) WITHOUT ROWID""",
    ),
)
"""Migration *n* (1-based) brings a database from ``user_version`` n-1 to n; append, never edit.
A step is an SQL statement or a function run on the connection (inside the same transaction).

``games.updated_at`` is when the game's own row last changed (creation, status); appending to the
log writes the entry and the game's ``last_seq``/``last_digest`` in one transaction, and leaves
``updated_at`` alone. :meth:`Store.list_games` reports the later of it and the last entry's time.
"""


SCHEMA_VERSION = len(MIGRATIONS)


def migrate(connection: sqlite3.Connection, version: int) -> None:
    """Apply the migrations after ``version``, each in one transaction with its version bump.

    The version is read again inside the transaction in case another process migrated meanwhile.
    """
    for number in range(version + 1, SCHEMA_VERSION + 1):
        with transaction(connection):
            if connection.execute("PRAGMA user_version").fetchone()[0] >= number:
                continue
            run_migration(connection, MIGRATIONS[number - 1])
            connection.execute(f"PRAGMA user_version = {number}")


def run_migration(connection: sqlite3.Connection, migration: tuple[MigrationStep, ...]) -> None:
    for step in migration:
        if isinstance(step, str):
            connection.execute(step)
        else:
            step(connection)


Schema = dict[str, tuple[tuple[Any, ...], ...]]


def schema_of(connection: sqlite3.Connection) -> Schema:
    """Table name -> its columns (name, type, not null, default, primary-key position); and
    ``trigger NAME`` -> its SQL, for each trigger (a damaged one no longer matches)."""
    columns: dict[str, list[tuple[Any, ...]]] = {}
    for table, *column in connection.execute(  # one query, not one per table: every open asks
        'SELECT m.name, c.name, c.type, c."notnull", c.dflt_value, c.pk FROM sqlite_master AS m '
        "JOIN pragma_table_info(m.name) AS c "
        "WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' ORDER BY m.name, c.cid"
    ):
        columns.setdefault(table, []).append(tuple(column))
    tables = {name: tuple(table) for name, table in columns.items()}
    triggers = connection.execute(
        "SELECT name, tbl_name, sql FROM sqlite_master WHERE type = 'trigger' ORDER BY name"
    )
    return tables | {f"trigger {name}": ((table, sql),) for name, table, sql in triggers}


SCHEMA_DIGESTS: dict[int, str] = {
    10: "0dbde4b53993a2d46f5e11944ffb3f1d6aecf4ba3f9a6d7d1d81c4d0b308ed37",
}
"""The digest (:func:`schema_digest`) of the schema migrations 1..N make (:func:`expected_schema`),
by N, kept so that opening a file does not build its schema in memory from every migration (some
5 ms of the app's start here). Migrations are never edited, so a digest kept stays true; a new
migration adds its version's (a test checks each against the migrations, and that the current
version has one, and says the digest)."""


def schema_digest(found: Schema) -> str:
    """A digest of ``found`` (tables and triggers, in name order): two schemas match when theirs
    do."""
    return hashlib.sha256(repr(sorted(found.items())).encode()).hexdigest()


def is_expected(found: Schema, version: int) -> bool:
    """Whether ``found`` is the schema migrations 1..``version`` make: at once if its digest is
    the one kept (:data:`SCHEMA_DIGESTS`), else against :func:`expected_schema` built here (the
    kept digest was worked out with this machine's SQLite: another SQLite may report a column's
    type or default, or keep a trigger's SQL, worded otherwise, and its file is as sound)."""
    if SCHEMA_DIGESTS.get(version) == schema_digest(found):
        return True
    return found == expected_schema(version)


@cache
def expected_schema(version: int) -> Schema:
    """The schema that migrations 1..``version`` produce, built in memory."""
    connection = sqlite3.connect(":memory:", isolation_level=None)
    try:
        for migration in MIGRATIONS[:version]:
            run_migration(connection, migration)
        return schema_of(connection)
    finally:
        connection.close()
