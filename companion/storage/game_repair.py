"""A game whose log the hash chain found damaged, put right from the newest backup that holds it.

SQLite cannot see such damage (a flipped byte inside a log entry), so the database opens and only
that game stops at the entry before the damage. When a backup in ``backups/`` holds the game with
its chain intact, the game's log is rebuilt from it: the backup's entries (byte for byte what was
written), then this database's later entries whose chain still verifies after the backup's last
one; what neither holds is named as lost. The database as it was is first copied aside
(``<name>.before-repair-<UTC time>``): nothing is deleted. The game's cached result is dropped with
its old log, so History and statistics show what the repaired log proves.
"""

from __future__ import annotations

import json
import logging
import sqlite3
from contextlib import closing
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from companion.installation.i18n import _
from companion.storage import backup
from companion.storage.chain import LogDamage, entry_digest
from companion.storage.errors import StorageUnavailableError, StoreError
from companion.storage.store import Store

_log = logging.getLogger(__name__)

Row = tuple[int, bytes, bytes, bytes, bytes]
"""A log entry as stored: seq, kind, payload, created_at, digest."""
_ROWS = (
    "SELECT seq, CAST(kind AS BLOB), CAST(payload AS BLOB), CAST(created_at AS BLOB), "
    "CAST(digest AS BLOB) FROM log WHERE game_id = ? ORDER BY seq"
)


@dataclass(frozen=True, slots=True)
class Repaired:
    """What a repair did to one game's log."""

    game_id: str
    backup: Path
    taken_at: datetime
    entries: int
    """How many entries the game has now."""
    from_backup: int
    """Of them, how many came from the backup (the rest are this database's, chain verified)."""
    lost: tuple[int, int] | None
    """The first and last entry neither the backup nor the chain could give back, if any."""
    aside: Path
    """The copy of the database as it was before the repair."""

    def sentence(self) -> str:
        """What happened, in words for the table."""
        restored = _(
            "This game's log was damaged; it was restored from the backup of {time} "
            "({entries} entries)."
        ).format(time=self.taken_at.strftime("%Y-%m-%d %H:%M UTC"), entries=self.entries)
        if self.lost is None:
            return restored + " " + _("Nothing was lost.")
        return (
            restored
            + " "
            + _("Lost: entries {first} to {last}; play them again.").format(
                first=self.lost[0], last=self.lost[1]
            )
        )

    def as_dict(self) -> dict[str, Any]:
        return {
            "backup": str(self.backup),
            "taken_at": self.taken_at.isoformat(),
            "entries": self.entries,
            "from_backup": self.from_backup,
            "lost": None if self.lost is None else {"first": self.lost[0], "last": self.lost[1]},
            "copy_before_repair": str(self.aside),
            "message": self.sentence(),
        }


def repair(store: Store, game_id: str, damage: LogDamage, now: datetime) -> Repaired | None:
    """Rebuild the damaged log of game ``game_id`` (damaged at ``damage``) from the newest backup
    that holds it with its chain intact; ``None`` (the game stays damaged, read-only) if no backup
    holds it or the database cannot be written. Even a backup older than the damage lets the
    table go on from the last sound entry, the rest named as lost."""
    try:
        seed, live, live_last = _live(store, game_id)
    except (sqlite3.Error, StoreError) as error:
        _log.error("game %s: cannot read its log to repair it: %s", game_id, error)
        return None
    for candidate in backup.backups(store.path):
        held = _held(candidate, game_id, seed)
        if held is None:
            continue
        rows = _continued(held, live, seed)  # at least the sound entries before the damage
        last = rows[-1][0] if rows else 0
        lost = (last + 1, live_last) if live_last > last else None
        try:
            aside = _copy_aside(store, now)
            store.replace_log(game_id, rows)
        except (backup.BackupFileError, StorageUnavailableError, sqlite3.Error) as error:
            _log.error("game %s: cannot be repaired from %s: %s", game_id, candidate, error)
            return None
        repaired = Repaired(
            game_id, candidate, backup.taken_at(candidate), len(rows), len(held), lost, aside
        )
        _log.warning(
            "game %s, damaged at entry %d (%s), repaired: %s",
            game_id,
            damage.at_seq,
            damage.reason,
            repaired.as_dict(),
        )
        return repaired
    _log.info("no backup holds game %s with its chain intact", game_id)
    return None


def _live(store: Store, game_id: str) -> tuple[bytes, dict[int, Row], int]:
    connection = store.connection_for_backup()
    seed, last_seq = connection.execute(
        "SELECT CAST(digest AS BLOB), last_seq FROM games WHERE id = ?", (game_id,)
    ).fetchone()
    rows: dict[int, Row] = {}
    try:
        for row in connection.execute(_ROWS, (game_id,)):
            rows.setdefault(row[0], row)
    except sqlite3.DatabaseError as error:  # what can be read is what there is
        _log.info("game %s: its log reads only in part: %s", game_id, error)
    most = max(rows, default=0)
    return seed, rows, max(most, last_seq if isinstance(last_seq, int) else 0)


def _held(candidate: Path, game_id: str, seed: bytes) -> list[Row] | None:
    """The game's entries in backup ``candidate`` if its record is the same game and its whole
    chain verifies; ``None`` otherwise."""
    try:
        with closing(sqlite3.connect(f"file:{candidate}?mode=ro", uri=True)) as connection:
            found = connection.execute(
                "SELECT CAST(digest AS BLOB), last_seq, CAST(last_digest AS BLOB) FROM games "
                "WHERE id = ?",
                (game_id,),
            ).fetchone()
            rows = connection.execute(_ROWS, (game_id,)).fetchall() if found else []
    except (sqlite3.Error, UnicodeDecodeError) as error:
        _log.info("backup %s cannot be read for game %s: %s", candidate, game_id, error)
        return None
    if found is None or found[0] != seed:
        return None
    previous = seed
    for expected, row in enumerate(rows, 1):
        if row[0] != expected or not _chains(previous, row):
            _log.warning("backup %s: game %s is damaged at entry %d", candidate, game_id, row[0])
            return None
        previous = row[4]
    if (found[1], found[2]) != (len(rows), previous):
        return None
    return rows


def _continued(held: list[Row], live: dict[int, Row], seed: bytes) -> list[Row]:
    """The backup's entries, then the live ones that chain on after them."""
    rows = list(held)
    previous = rows[-1][4] if rows else seed
    seq = len(rows)
    while (row := live.get(seq + 1)) is not None and _chains(previous, row):
        rows.append(row)
        seq, previous = seq + 1, row[4]
    return rows


def _chains(previous: bytes, row: Row) -> bool:
    """Whether ``row`` continues the chain after ``previous`` and reads as an entry (UTF-8 text,
    a JSON payload): only then is it put back."""
    seq, kind, payload, created, digest = row
    if not all(isinstance(field, bytes) for field in (kind, payload, created, digest)):
        return False
    if entry_digest(previous, seq, kind, payload, created) != digest:
        return False
    try:
        kind.decode(), created.decode()
        json.loads(payload.decode())
    except (UnicodeDecodeError, ValueError, RecursionError):
        return False
    return True


def _copy_aside(store: Store, now: datetime) -> Path:
    stamp = now.astimezone(UTC).strftime("%Y%m%dT%H%M%S%fZ")
    target = store.path.with_name(f"{store.path.name}.before-repair-{stamp}")
    backup.write_verified(store.connection_for_backup(), target)
    return target
