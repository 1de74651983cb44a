"""Storage: what the hash chain costs on resume, what SQLite's own checks cost, one backup.

The databases are built with realistic Targi entries (random legal games' actions) and chained the
way the hash-chain migration chains an existing database, which is timed too.
"""

from __future__ import annotations

import argparse
import json
import random
import sqlite3
import tempfile
import time
from contextlib import closing
from pathlib import Path

from benchmarks.targi import OPTIONS, RULES, random_game
from benchmarks.timing import Row, median_seconds
from companion.storage import backup
from companion.storage.chain import chain_existing_logs
from companion.storage.log import READ_LOG
from companion.store import Store

LONG_GAME = 10_000
MANY_GAMES = 1_000


def build(path: Path, games: int, entries: int, payloads: list[str]) -> float:
    """A database of ``games`` games of ``entries`` entries each; the seconds the chaining took."""
    Store.open(path).close()  # the current schema
    options = json.dumps(RULES.dump_options(OPTIONS), separators=(",", ":"))
    with closing(sqlite3.connect(path, isolation_level=None)) as connection:
        connection.execute("PRAGMA synchronous=OFF")
        connection.execute("BEGIN")
        for game in range(games):
            game_id = f"{game:032x}"
            connection.execute(
                "INSERT INTO games (id, game, options, created_at, updated_at) "
                "VALUES (?, 'targi', ?, '2026-01-01T00:00:00.000000+00:00', "
                "'2026-01-01T00:00:00.000000+00:00')",
                (game_id, options),
            )
            connection.executemany(
                "INSERT INTO log (game_id, seq, kind, payload, created_at) "
                "VALUES (?, ?, 'action', ?, '2026-01-01T00:00:00.000000+00:00')",
                ((game_id, seq, payloads[seq % len(payloads)]) for seq in range(1, entries + 1)),
            )
        start = time.perf_counter()
        chain_existing_logs(connection)
        chained = time.perf_counter() - start
        connection.execute("COMMIT")
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return chained


def pragma_seconds(path: Path, pragma: str) -> float:
    def run() -> None:
        with closing(sqlite3.connect(path)) as connection:
            assert connection.execute(f"PRAGMA {pragma}").fetchall() == [("ok",)]

    return median_seconds(run, 5)


def load_seconds(path: Path, game_id: str) -> tuple[float, float]:
    """Median seconds of Store.load (the chain verified) and of fetching the same rows unchecked."""
    with Store.open(path) as store:
        assert len(store.load(game_id).entries) == LONG_GAME
        verified = median_seconds(lambda: store.load(game_id), 5)
    with closing(sqlite3.connect(path)) as connection:
        fetched = median_seconds(
            lambda: [
                (seq, kind.decode(), json.loads(payload), created.decode(), digest)
                for seq, kind, payload, created, digest in connection.execute(READ_LOG, (game_id,))
            ],
            5,
        )
    return verified, fetched


def backup_seconds(path: Path) -> float:
    with closing(sqlite3.connect(path)) as source:
        start = time.perf_counter()
        assert backup.make(source, path, backup.datetime.now(backup.UTC)) is not None
        return time.perf_counter() - start


def figures(args: argparse.Namespace) -> list[Row]:
    rng = random.Random(args.seed)
    payloads = [
        json.dumps(RULES.dump_action(action), separators=(",", ":"))
        for _ in range(3)
        for action in random_game(rng)
    ]
    with tempfile.TemporaryDirectory() as tmp:
        long_db = Path(tmp) / "long.sqlite3"
        chained_long = build(long_db, 1, LONG_GAME, payloads)
        verified, fetched = load_seconds(long_db, f"{0:032x}")
        integrity_long = pragma_seconds(long_db, "integrity_check")
        quick_long = pragma_seconds(long_db, "quick_check")

        many_db = Path(tmp) / "many.sqlite3"
        per_game = len(payloads) // 3
        chained_many = build(many_db, MANY_GAMES, per_game, payloads)
        size = many_db.stat().st_size
        integrity_many = pragma_seconds(many_db, "integrity_check")
        quick_many = pragma_seconds(many_db, "quick_check")
        one_backup = backup_seconds(many_db)

    pi = "a Pi: x5-10"
    many = f"{MANY_GAMES} games x {per_game} entries, {size / 2**20:.0f} MiB"
    return [
        (f"load a {LONG_GAME}-entry game, chain verified", f"{verified * 1e3:.1f} ms", pi),
        ("  the same rows fetched and parsed, unchecked", f"{fetched * 1e3:.1f} ms", ""),
        ("  verification's share", f"{(verified - fetched) * 1e3:.1f} ms", ""),
        (
            f"PRAGMA integrity_check, {LONG_GAME} entries",
            f"{integrity_long * 1e3:.1f} ms",
            "unclean shutdown, start (background)",
        ),
        (f"PRAGMA quick_check, {LONG_GAME} entries", f"{quick_long * 1e3:.1f} ms", "before"),
        (f"chaining migration, {LONG_GAME} entries", f"{chained_long * 1e3:.0f} ms", "once"),
        (
            f"PRAGMA integrity_check, {many}",
            f"{integrity_many * 1e3:.0f} ms",
            f"unclean shutdown, start (background); {pi}",
        ),
        (f"PRAGMA quick_check, {many}", f"{quick_many * 1e3:.0f} ms", "before"),
        (f"chaining migration, {many}", f"{chained_many:.1f} s", "once"),
        (f"one verified backup, {many}", f"{one_backup * 1e3:.0f} ms", "game end, daily"),
    ]
