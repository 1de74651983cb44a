"""One byte flipped at hundreds of random offsets of a game database: every case is either detected
and reported (the file quarantined and a backup restored, or a game marked damaged) or leaves every
game's replay identical. Nothing in between, and no exception. An open checks the whole file only
when it has a reason to (companion.storage.integrity): every flip SQLite's full check would have found at
open is quarantined at the latest at the next open, after the app's background check. The backup
here lacks the last two games: a restore must salvage them from the damaged file, or name what it
lost. The database is the
same bytes on every run (seeded moves, ids and clock), so a failing offset can be replayed."""

from __future__ import annotations

import random
import shutil
import sqlite3
import time
from collections import Counter
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
from played_games import Clock
from stored_games import play_games

from companion.cli.games import describe
from companion.play.session import LogCorruptionError, Session
from companion.storage import backup, integrity
from companion.store import NewerSchemaError, Store

CASES = 300
SEED = 20261123
GAMES, ENTRIES = 4, 60


def replay_all(path: Path) -> tuple[str, dict[str, Any], set[str]]:
    """Open as the app does and resume every game: ("quarantined" | "damaged" | "refused" |
    "sound", what each game shows, the games a restore says it lost entries of). A flip of the
    header's schema version can claim a newer app's database: it is refused and left untouched
    (the table is told to update), which is no loss."""
    try:
        store = Store.open(path)
    except NewerSchemaError:
        return "refused", {}, set()
    with store:
        shown: dict[str, Any] = {}
        verdict = "quarantined" if store.quarantined is not None else "sound"
        lost: set[str] = set()
        if store.restored is not None:  # no list: the notice says all after the backup is lost
            restored = store.restored.lost
            lost = {e.game_id for e in restored} if restored is not None else {"unknown"}
        for summary in store.list_games():
            try:
                session = Session.resume(store, summary.id)
            except LogCorruptionError as error:
                shown[summary.id] = str(error)
                verdict = "damaged" if verdict == "sound" else verdict
                continue
            if session.damage is not None and verdict == "sound":
                verdict = "damaged"
            shown[summary.id] = describe(session)
        return verdict, shown, lost


def sqlite_damage(path: Path) -> list[str]:
    """What SQLite's full check finds in the file at ``path`` (read only): [] if nothing."""
    try:
        with closing(sqlite3.connect(f"{path.absolute().as_uri()}?mode=ro", uri=True)) as db:
            return integrity.problems(db)
    except sqlite3.DatabaseError as error:
        return [str(error)]


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    """A closed, checkpointed database of a few games; a backup taken before the last two, whose
    entries a restore must salvage from the damaged file or name as lost."""
    path = tmp_path_factory.mktemp("template") / "companion.sqlite3"
    play_games(path, games=GAMES - 2, entries=ENTRIES, seed=SEED)
    Store.open(path, clock=Clock()).close()  # the daily backup, then a clean close
    play_games(path, games=2, entries=ENTRIES, seed=SEED + 1)
    assert not Path(f"{path}-wal").exists() and len(backup.backups(path)) == 1
    verdict, shown, _lost = replay_all(path)
    assert verdict == "sound" and len(shown) == GAMES
    return path, shown


def test_one_byte_flips_are_detected_or_harmless(
    template: tuple[Path, dict[str, Any]], tmp_path: Path
) -> None:
    source, original = template
    size = source.stat().st_size
    rng = random.Random(SEED)
    outcomes: Counter[str] = Counter()
    failures = []
    started = time.perf_counter()
    for case in range(CASES):
        folder = tmp_path / f"case-{case}"
        shutil.copytree(source.parent, folder)
        db = folder / source.name
        offset, mask = rng.randrange(size), rng.randrange(1, 256)
        with db.open("r+b") as file:
            file.seek(offset)
            byte = file.read(1)[0]
            file.seek(offset)
            file.write(bytes([byte ^ mask]))
        whole = sqlite_damage(db)
        try:
            verdict, shown, lost = replay_all(db)
            if whole and verdict in ("damaged", "sound"):  # what the app's start then finds
                integrity.check_in_background(db).join(timeout=30)
                verdict, shown, lost = replay_all(db)
                if verdict != "quarantined":
                    failures.append((offset, mask, f"SQLite's damage not quarantined: {whole}"))
                outcomes["  quarantined at the next open"] += 1
        except Exception as error:  # each one is a failure, reported
            outcomes["exception"] += 1
            failures.append((offset, mask, repr(error)))
            continue
        if verdict == "sound" and shown != original:
            verdict = "silently different"
            failures.append((offset, mask, verdict))
        elif verdict == "sound":
            verdict = "identical"
        elif verdict == "quarantined":
            outcomes[
                "  restored, what was lost unknown"
                if "unknown" in lost
                else "  restored, entries lost and named"
                if lost
                else "  restored, nothing lost"
            ] += 1
            if "unknown" not in lost and any(
                shown.get(game) != seen for game, seen in original.items() if game not in lost
            ):
                failures.append((offset, mask, "a restored game differs and is not named lost"))
        outcomes[verdict] += 1
        shutil.rmtree(folder)
    seconds = time.perf_counter() - started
    print(
        f"\n{CASES} one-byte flips of a {size}-byte database in {seconds:.1f} s: {dict(outcomes)}"
    )
    assert failures == [], "\n".join(map(str, failures))
    detected = outcomes["quarantined"] + outcomes["damaged"] + outcomes["refused"]
    assert outcomes["identical"] + detected == CASES
    assert outcomes["quarantined"] and outcomes["damaged"] and outcomes["identical"]
