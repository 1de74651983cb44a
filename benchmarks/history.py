"""After the game: listing a 1000-game history, its statistics (in process and through the CLI),
and the sizes of one game's exports (PDF, QR PNG, BG Stats JSON) and of the whole history's (CSV,
JSON, a backup).

Three games (one per title, with 2, 3 and 5 players) are played to the end through sessions; the
1000-game database repeats them under new ids and other players' names, chained as the hash-chain
migration chains an existing database, its seats linked as the players' migration links them.
"""

from __future__ import annotations

import argparse
import json
import random
import sqlite3
import subprocess
import sys
import tempfile
import time
from contextlib import closing
from datetime import UTC, datetime, timedelta
from pathlib import Path

from benchmarks.timing import Row
from companion.after import history, stats
from companion.after.exports import bgstats, pdf
from companion.storage.chain import chain_existing_logs
from companion.store import Store, link_seats

MANY = 1_000
NAMES = ("Amal", "Bilal", "Cleo", "Dov", "Eli", "Fatima", "Gosia", "Hanne")
TEMPLATES = (
    ("targi", ["Amal", "Bilal"], 0),
    ("tuareg", ["Amal", "Bilal", "Cleo"], 1),
    ("timbuktu", ["Amal", "Bilal", "Cleo", "Dov", "Eli"], 2),
)


def _templates(folder: Path) -> tuple[Path, list[str]]:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
    from played_games import record  # the tests' helper: real sessions to the end

    path = folder / "templates.sqlite3"
    return path, record(path, list(TEMPLATES))


def build(path: Path, templates: Path, rng: random.Random, count: int = MANY) -> None:
    """A database of ``count`` finished games at ``path``, one a day from 2024-01-01."""
    Store.open(path).close()  # the current schema
    with closing(sqlite3.connect(templates)) as source:
        games = source.execute("SELECT id, game, options FROM games").fetchall()
        logs = {
            game_id: source.execute(
                "SELECT seq, kind, payload FROM log WHERE game_id = ? ORDER BY seq", (game_id,)
            ).fetchall()
            for game_id, _game, _options in games
        }
    start = datetime(2024, 1, 1, 19, tzinfo=UTC)
    with closing(sqlite3.connect(path, isolation_level=None)) as connection:
        connection.execute("PRAGMA synchronous=OFF")
        connection.execute("BEGIN")
        for number in range(count):
            template_id, game, options = games[number % len(games)]
            seated = json.loads(options)
            names = rng.sample(NAMES, len(seated["players"]))
            for seat, name in zip(seated["players"], names, strict=True):
                seat["name"] = name
            game_id = f"{number:032x}"
            created = start + timedelta(days=number)
            stamp = created.isoformat(timespec="microseconds")
            connection.execute(
                "INSERT INTO games (id, game, options, created_at, updated_at, status) "
                "VALUES (?, ?, ?, ?, ?, 'finished')",
                (game_id, game, json.dumps(seated, separators=(",", ":")), stamp, stamp),
            )
            connection.executemany(
                "INSERT INTO log (game_id, seq, kind, payload, created_at) VALUES (?, ?, ?, ?, ?)",
                (
                    (
                        game_id,
                        seq,
                        kind,
                        payload,
                        (created + timedelta(seconds=20 * seq)).isoformat(),
                    )
                    for seq, kind, payload in logs[template_id]
                ),
            )
            link_seats(connection, game_id, seated, stamp)
        chain_existing_logs(connection)
        connection.execute("COMMIT")
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")


def figures(args: argparse.Namespace) -> list[Row]:
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory(prefix="bench-history-") as folder:
        templates, ids = _templates(Path(folder))
        with Store.open(templates) as store:
            plays = [history.load_play(store, game_id) for game_id in ids]
        big = max(plays, key=lambda play: len(play.seats))
        sizes = {
            "PDF": len(pdf.render(big)),
            "QR PNG": len(bgstats.qr_png(big)),
            "BG Stats JSON": len(json.dumps(bgstats.payload(big))),
            "BG Stats link": len(bgstats.link(big)),
        }
        path = Path(folder) / "history.sqlite3"
        build(path, templates, rng)
        with Store.open(path) as store:
            started = time.perf_counter()
            listed = list(history.plays(store))
            replaying = time.perf_counter() - started
            started = time.perf_counter()
            listed = list(history.plays(store))
            listing = time.perf_counter() - started
            started = time.perf_counter()
            figures = stats.compute(listed)
            computing = time.perf_counter() - started
        assert len(listed) == figures["plays"] == MANY
        size = path.stat().st_size
        cli = _cli_figures(path, Path(folder))
    rows: list[Row] = [
        (
            f"history of {MANY} games: first list, stored before results were kept",
            f"{replaying:.2f} s",
            "each game replayed once, its result kept",
        ),
        (
            f"history of {MANY} games: list",
            f"{listing:.2f} s",
            "results kept (as each game's last entry keeps them now)",
        ),
        (f"history of {MANY} games: stats", f"{computing * 1e3:.0f} ms", "over the listed plays"),
        (f"database of {MANY} games", f"{size / 1e6:.1f} MB", ""),
    ]
    rows += [
        (f"{name} of a {len(big.seats)}-player {big.game}", f"{value} B", "")
        for name, value in sizes.items()
    ]
    return rows + cli


def _cli_figures(path: Path, folder: Path) -> list[Row]:
    """The CLI's wall-clock time (a process each, Python's start included) on the cached
    history at ``path``, and the sizes of the files it writes for the whole history."""

    def run(*arguments: str) -> tuple[float, int]:
        started = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-m", "companion", "--db", str(path), *arguments],
            capture_output=True,
            timeout=900,
            check=True,
        )
        return time.perf_counter() - started, len(done.stdout)

    rows: list[Row] = []
    for command in ("history", "stats"):
        seconds, written = run(command)
        rows.append((f"CLI {command} of {MANY} games", f"{seconds:.2f} s", f"{written} B of JSON"))
    for name, arguments in (
        ("CSV export", ("export", "--history", "--format", "csv", "-o")),
        ("JSON export", ("export", "--history", "--format", "json", "-o")),
        ("backup", ("backup",)),
    ):
        target = folder / f"history-{name.replace(' ', '-')}"
        seconds, _written = run(*arguments, str(target))
        rows.append(
            (
                f"{name} of {MANY} games",
                f"{target.stat().st_size / 1e6:.2f} MB",
                f"CLI, {seconds:.2f} s",
            )
        )
    return rows
