"""The whole database to a file and back: a verified backup written where the table asks (a USB
stick, say), and a backup merged back in, games and players without duplicates (a game is its
id). The CLI's ``backup``/``restore`` and the Settings screen's backup both call these.

Errors are :class:`InputError` naming the file (``FILE: ...``): ``backup_failed`` when the copy
cannot be written or verified, ``not_a_backup`` when a file to restore is not a sound backup of
Table Companion (damaged, another program's, or a game in it fails its chain); nothing changes then.
"""

from __future__ import annotations

import logging
import shutil
import tempfile
from pathlib import Path
from typing import Any

from companion import backup
from companion.errors import InputError
from companion.store import Store, StoreError

_log = logging.getLogger(__name__)


def export_to(store: Store, target: Path) -> dict[str, Any]:
    """Write a verified backup of ``store`` to ``target`` (a new file)."""
    try:
        backup.write_verified(store.connection_for_backup(), target)
    except backup.BackupFileError as error:
        raise InputError("backup_failed", f"FILE: {error}") from None
    return {"backup": str(target), "bytes": target.stat().st_size, "games": len(store.list_games())}


def import_from(store: Store, source: Path) -> dict[str, Any]:
    """Merge the backup ``source`` into ``store``: the games it adds, and how many were there."""
    try:
        backup.check_file(source)
    except backup.BackupFileError as error:
        raise InputError("not_a_backup", f"FILE: {error}") from None
    with tempfile.TemporaryDirectory(prefix="table-companion-restore-") as folder:
        copy = Path(folder) / "restore.sqlite3"
        shutil.copyfile(source, copy)
        try:
            total = _check_backup(source, copy)
        except StoreError as error:  # e.g. a backup written by a newer Table Companion
            raise InputError("not_a_backup", f"FILE: {error}") from None
        added = store.merge_from(copy)
    _log.info("restored %d games from %s", len(added), source)
    return {"restored": added, "already_present": total - len(added)}


def _check_backup(source: Path, copy: Path) -> int:
    """Open ``copy`` of backup ``source`` as a store (migrating it to the current schema) and check
    every game's chain; the number of games in it."""
    with Store.open(copy) as incoming:
        if incoming.quarantined is not None:
            raise InputError("not_a_backup", f"FILE: {source} is not a usable backup")
        listed = incoming.list_games()
        for summary in listed:
            damage = incoming.load(summary.id).damage
            if damage is not None:
                raise InputError(
                    "not_a_backup",
                    f"FILE: game {summary.id} in {source} is damaged at entry "
                    f"{damage.at_seq}: {damage.reason}",
                )
        return len(listed)
