"""Rotating, verified backups of the game database, and restoring the newest sound one.

Backups live in ``backups/`` beside the database, named ``<database name>.<UTC time>.backup``; the
newest :data:`KEPT` are kept. Each is taken with SQLite's online backup API from a consistent
snapshot (the WAL's content included), checked with ``PRAGMA integrity_check`` and only then given
its name, so a backup that exists under its name is one that was sound when written. They are made
when a game ends and at open when the newest is more than :data:`DAILY` old, never per action.
"""

from __future__ import annotations

import json
import logging
import os
import sqlite3
import threading
import time
from collections.abc import Callable
from contextlib import closing, suppress
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from companion.installation.i18n import _, ngettext
from companion.storage import integrity
from companion.storage.chain import entry_digest, game_digest, salvage
from companion.storage.players import new_player_uid, seat_known_player

logger = logging.getLogger(__name__)

KEPT = 7
"""How many backups are kept; older ones are deleted after a new one is written."""
DAILY = timedelta(days=1)
"""At open, a backup is made when the newest is older than this."""
_STAMP = "%Y%m%dT%H%M%S%fZ"
_SUFFIX = ".backup"


@dataclass(frozen=True, slots=True)
class LostEntries:
    """Entries of one game that the damaged file had and the restored backup has not."""

    game_id: str
    first: int
    last: int
    game: str = ""
    """Which game it is (its registry name), so the table reads its title; '' if not known."""


@dataclass(frozen=True, slots=True)
class Restored:
    """A backup put in place of a damaged database."""

    backup: Path
    taken_at: datetime
    lost: tuple[LostEntries, ...] | None
    """Per game, the entries lost; ``None`` when the damaged file could not be read to say."""
    salvaged: int = 0
    """Entries made after the backup, recovered from the damaged file (their chain verified)."""


def directory(path: Path) -> Path:
    return path.parent / "backups"


def backups(path: Path) -> list[Path]:
    """The backups of the database at ``path``, the newest first."""
    folder = directory(path)
    try:
        found = [
            p
            for p in folder.iterdir()
            if p.name.startswith(f"{path.name}.") and p.suffix == _SUFFIX
        ]
    except FileNotFoundError:
        return []
    except OSError as error:
        logger.error("cannot list the backups in %s: %s", folder, error)
        return []
    return sorted(found, key=lambda p: (_taken_at(p), len(p.name), p.name), reverse=True)


def taken_at(backup: Path) -> datetime:
    """When ``backup`` was taken, from its name."""
    return _taken_at(backup)


def _taken_at(backup: Path) -> datetime:
    stamp = backup.name.removesuffix(_SUFFIX).rsplit(".", 1)[-1].split("-")[0]
    try:
        return datetime.strptime(stamp, _STAMP).replace(tzinfo=UTC)
    except ValueError:
        return datetime.min.replace(tzinfo=UTC)


def due(path: Path, now: datetime) -> bool:
    """Whether the newest backup of ``path`` is missing or older than :data:`DAILY`."""
    newest = backups(path)
    return not newest or now - _taken_at(newest[0]) >= DAILY


def make(source: sqlite3.Connection, path: Path, now: datetime) -> Path | None:
    """Back up the database open as ``source`` (at ``path``); the backup's path, or ``None`` if
    it failed (logged: a backup never stops the game)."""
    started = time.perf_counter()
    folder = directory(path)
    target = _free_name(folder / f"{path.name}.{now.astimezone(UTC).strftime(_STAMP)}")
    partial = target.with_name(f"{target.name}.partial")
    try:
        folder.mkdir(exist_ok=True)
        with closing(sqlite3.connect(partial, isolation_level=None)) as copy:
            source.backup(copy)
            copy.execute("PRAGMA journal_mode=DELETE")  # one self-contained file
            problems = integrity.problems(copy)
        if problems:
            logger.error(
                "backup of %s failed its integrity check (the database may be damaged): %s",
                path,
                " ".join(problems[:3]),
            )
            partial.unlink()
            integrity.mark_suspect(path, "its backup failed the integrity check")
            return None
        _fsync(partial)
        partial.rename(target)
        _fsync(folder)
    except (OSError, sqlite3.Error) as error:
        logger.error("backup of %s to %s failed: %s", path, target, error)
        with suppress(OSError):
            partial.unlink(missing_ok=True)
        return None
    _prune(path)
    logger.info(
        "backup of %s written to %s in %.0f ms", path, target, (time.perf_counter() - started) * 1e3
    )
    return target


def make_in_background(path: Path, now: datetime) -> threading.Thread:
    """:func:`make` on its own connection and thread (not a daemon: a process that exits waits
    for it), so that a game's last action is acknowledged without waiting for the copy."""

    def run() -> None:
        try:
            with closing(sqlite3.connect(path, isolation_level=None, timeout=10.0)) as source:
                make(source, path, now)
        except Exception:  # the thread's edge: whatever went wrong goes to the log, not stderr
            logger.exception("backup of %s failed", path)

    thread = threading.Thread(target=run, name="table-companion-backup")
    thread.start()
    return thread


def restore_newest(path: Path, damaged: Path) -> Restored | None:
    """Put the newest sound backup at ``path`` (where nothing is now: the damaged file was moved
    to ``damaged``) and salvage the later entries whose chain still verifies from the damaged
    file; ``None`` if there is no sound backup. Says which entries were lost, as far as the
    damaged file can still be read."""
    for candidate in backups(path):
        if not _sound(candidate):
            logger.error("backup %s is damaged; trying an older one", candidate)
            continue
        try:
            with (
                closing(sqlite3.connect(candidate)) as source,
                closing(sqlite3.connect(path, isolation_level=None)) as target,
            ):
                source.backup(target)
        except sqlite3.Error as error:
            logger.error("restoring %s from %s failed: %s", path, candidate, error)
            for suffix in ("", "-journal"):
                with suppress(OSError):
                    Path(f"{path}{suffix}").unlink(missing_ok=True)
            continue
        salvaged = salvage(damaged, path)
        _seat_salvaged(path, damaged)
        lost = _lost(_tails(damaged), _tails(path), _game_names(damaged))
        logger.warning(
            "restored %s from backup %s and %d later entries from the damaged file; lost: %s",
            path,
            candidate,
            salvaged,
            "unknown (the damaged file cannot be read)" if lost is None else lost or "nothing",
        )
        return Restored(candidate, _taken_at(candidate), lost, salvaged)
    logger.error("no sound backup of %s to restore", path)
    return None


def _seat_salvaged(path: Path, damaged: Path) -> None:
    """Seat the players of the games salvaged into ``path`` that have no seats yet (the games
    created after the backup), from their options (checked by the game's digest): on the record
    with the stable id the ``damaged`` file seated there, else the one of the same name, else a
    new one; and record their location, where the damaged file can still say them."""
    uids, places = _seats_and_places(damaged)
    try:
        with closing(sqlite3.connect(path, isolation_level=None)) as target:
            target.execute("BEGIN IMMEDIATE")
            unseated = target.execute(
                "SELECT id, options, created_at FROM games "
                "WHERE id NOT IN (SELECT game_id FROM seats)"
            ).fetchall()
            for game_id, options, created_at in unseated:
                try:
                    players = json.loads(options)["players"]
                    seated = [(str(p["name"]), str(p["colour"])) for p in players]
                except (ValueError, TypeError, KeyError):
                    logger.error("salvaged game %s names no players; no seats recorded", game_id)
                    continue
                for seat, (name, colour) in enumerate(seated):
                    uid = uids.get((game_id, seat)) or new_player_uid()
                    seat_known_player(target, game_id, seat, (name, colour, created_at, uid))
                if game_id in places:
                    target.execute(
                        "INSERT OR IGNORE INTO places (game_id, location) VALUES (?, ?)",
                        (game_id, places[game_id]),
                    )
            target.execute("COMMIT")
            if unseated:
                logger.info("seated the players of %d salvaged games", len(unseated))
    except sqlite3.Error as error:
        logger.error("cannot seat the players of the salvaged games in %s: %s", path, error)


def _seats_and_places(damaged: Path) -> tuple[dict[tuple[str, int], str], dict[str, str]]:
    """The damaged file's players' stable ids by (game, seat) and games' locations, as far as it
    can still be read (empty where it cannot)."""
    uids: dict[tuple[str, int], str] = {}
    places: dict[str, str] = {}
    try:
        with closing(sqlite3.connect(f"file:{damaged}?mode=ro", uri=True)) as source:
            for game_id, seat, uid in source.execute(
                "SELECT s.game_id, s.seat, p.uid FROM seats AS s "
                "JOIN players AS p ON p.id = s.player_id"
            ):
                if isinstance(game_id, str) and isinstance(seat, int) and isinstance(uid, str):
                    uids[game_id, seat] = uid
            for game_id, location in source.execute("SELECT game_id, location FROM places"):
                if isinstance(game_id, str) and isinstance(location, str):
                    places[game_id] = location
    except (sqlite3.Error, UnicodeDecodeError) as error:
        logger.info("the seats or places of %s cannot be read: %s", damaged, error)
    return uids, places


def orphaned_notice(path: Path, connection: sqlite3.Connection) -> str | None:
    """A sentence for the table when the database at ``path`` (open as ``connection``) holds no
    game while its newest backup does (the file went missing or was emptied, and a new one was
    started): it names that backup and how to restore it. ``None`` otherwise."""
    if connection.execute("SELECT EXISTS (SELECT 1 FROM games)").fetchone()[0]:
        return None
    for newest in backups(path)[:1]:
        held = len(_game_ids(newest))
        if held:
            logger.warning("%s holds no game, but backup %s holds %d", path, newest, held)
            return ngettext(
                "The game database {path} holds no game, but its backup of {time} holds {count} "
                "game: restore it in Settings, Backup and restore, or with "
                "table-companion restore {backup}",
                "The game database {path} holds no game, but its backup of {time} holds {count} "
                "games: restore them in Settings, Backup and restore, or with "
                "table-companion restore {backup}",
                held,
            ).format(
                path=path,
                time=_taken_at(newest).strftime("%Y-%m-%d %H:%M UTC"),
                count=held,
                backup=newest,
            )
    return None


def _game_ids(path: Path) -> set[str]:
    """The ids of the games in the database at ``path`` (read-only; empty if it can't be read)."""
    try:
        with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as connection:
            return {str(row[0]) for row in connection.execute("SELECT id FROM games")}
    except (sqlite3.Error, UnicodeDecodeError) as error:
        logger.info("cannot list the games of %s: %s", path, error)
        return set()


GameTitle = Callable[[str], str]
"""A game's title from its registry name (``KeyError`` for a game not installed)."""
_game_titles: list[GameTitle] = []


def name_games_by(title: GameTitle) -> None:
    """Have what a restore lost name each game by ``title``: the registry, which knows the games,
    says how when it is imported (the storage knows no game and imports no registry)."""
    _game_titles[:] = [title]


def lost_sentence(restored: Restored) -> str:
    """What a restore lost, in words for the table."""
    recovered = ""
    if restored.salvaged:
        recovered = ngettext(
            "{count} later entry was recovered from the damaged file. ",
            "{count} later entries were recovered from the damaged file. ",
            restored.salvaged,
        ).format(count=restored.salvaged)
    if restored.lost is None:
        if recovered:
            return recovered + _("Any other entry made after that time is lost.")
        return _("Entries made after that time are lost.")
    if not restored.lost:
        return recovered + _("No entries were lost.")
    games = "; ".join(_lost_words(lost) for lost in restored.lost)
    return recovered + _("Lost: {games}.").format(games=games)


def _lost_words(lost: LostEntries) -> str:
    """One game's lost entries, the game named by its title where the damaged file says which."""
    try:
        title = _game_titles[0](lost.game)
    except (IndexError, KeyError):  # not said, or a game this installation no longer has
        return _("game {game}, entries {first} to {last}").format(
            game=lost.game_id, first=lost.first, last=lost.last
        )
    return _("{title} (game {game}), entries {first} to {last}").format(
        title=title, game=lost.game_id, first=lost.first, last=lost.last
    )


def _sound(backup: Path) -> bool:
    try:
        with closing(sqlite3.connect(f"file:{backup}?mode=ro", uri=True)) as connection:
            return integrity.problems(connection) == []
    except (sqlite3.Error, UnicodeDecodeError):  # an error quoting damaged schema text
        return False


_TAILS = (
    # each game's last entry as recorded, with the game's record to check against its digest
    "SELECT CAST(id AS BLOB), last_seq, CAST(game AS BLOB), CAST(options AS BLOB), "
    "CAST(created_at AS BLOB), digest FROM games",
    "SELECT CAST(game_id AS BLOB), max(seq) FROM log GROUP BY game_id",  # before the chain
)


def _tails(path: Path) -> dict[str, int] | None:
    """Each game's last seq in the database at ``path``, read-only; ``None`` if it can't be read,
    or if a game's record no longer matches its digest (its id itself may be what was altered)."""
    try:
        with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as connection:
            for query in _TAILS:
                try:
                    rows = connection.execute(query).fetchall()
                    break
                except sqlite3.OperationalError:
                    if query == _TAILS[-1]:
                        raise
    except (sqlite3.Error, UnicodeDecodeError) as error:  # the latter: damaged schema text
        logger.info("cannot read %s to compare it with the backup: %s", path, error)
        scanned = _scanned_games(path)
        return {game_id: seq for game_id, (seq, _game) in scanned.items()} or None
    tails: dict[str, int] = {}
    for game_id, seq, *record in rows:
        if not isinstance(game_id, bytes) or not isinstance(seq, int):
            return None
        if record and (
            not all(isinstance(field, bytes) for field in record)
            or game_digest(game_id, *record[:3]) != record[3]
        ):
            logger.info("a game record in %s does not match its digest", path)
            return None
        tails[game_id.decode("utf-8", "surrogateescape")] = seq
    return tails


def _game_names(path: Path) -> dict[str, str]:
    """Each game's name (``targi``...) by id in the database at ``path``, as far as it can be read
    (only consulted once :func:`_tails` has checked every game record against its digest)."""
    try:
        with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as connection:
            rows = connection.execute("SELECT CAST(id AS BLOB), CAST(game AS BLOB) FROM games")
            return {
                game_id.decode("utf-8", "surrogateescape"): game.decode("utf-8", "replace")
                for game_id, game in rows.fetchall()
                if isinstance(game_id, bytes) and isinstance(game, bytes)
            }
    except (sqlite3.Error, UnicodeDecodeError) as error:
        logger.info("cannot read the games' names in %s: %s", path, error)
        return {game_id: game for game_id, (_seq, game) in _scanned_games(path).items()}


def _scanned_games(path: Path) -> dict[str, tuple[int, str]]:
    """Each game's last seq and name as its records on the pages of the file at ``path`` say (for
    a file SQLite cannot read: :mod:`companion.storage.page_scan`), the records checked by their digest."""
    from companion.storage import page_scan  # only a file SQLite cannot read needs it

    found: dict[str, tuple[int, str]] = {}
    for row in page_scan.rows(path):
        values: tuple[Any, ...] = row.values
        if row.leaf != page_scan.TABLE_LEAF or len(values) < 9:
            continue
        game_id, game, options, created_at, _updated, _status, digest, last_seq = values[:8]
        fields = (game_id, game, options, created_at, digest)
        if not all(isinstance(field, bytes) for field in fields) or not isinstance(last_seq, int):
            continue
        if game_digest(game_id, game, options, created_at) != digest:
            continue
        key = game_id.decode("utf-8", "surrogateescape")
        if last_seq >= found.get(key, (0, ""))[0]:
            found[key] = (last_seq, game.decode("utf-8", "replace"))
    return found


def _lost(
    damaged: dict[str, int] | None, restored: dict[str, int] | None, names: dict[str, str]
) -> tuple[LostEntries, ...] | None:
    if damaged is None or restored is None:
        return None
    return tuple(
        LostEntries(game_id, restored.get(game_id, 0) + 1, last, names.get(game_id, ""))
        for game_id, last in sorted(damaged.items())
        if last > restored.get(game_id, 0)
    )


def _free_name(stem: Path) -> Path:
    target, counter = stem.with_name(f"{stem.name}{_SUFFIX}"), 1
    while target.exists():
        counter += 1
        target = stem.with_name(f"{stem.name}-{counter}{_SUFFIX}")
    return target


def _prune(path: Path) -> None:
    """Delete all but the newest :data:`KEPT` backups, and partial copies left by a crash. Never
    deleted: a backup holding a game the database does not (it went missing, was emptied), and,
    when no kept backup has every game's chain intact (a damaged game copied into each since), the
    newest older one that has (the one a damaged game is repaired from)."""
    try:
        found = backups(path)
        older = found[KEPT:]
        here = _game_ids(path) if older else set()
        sound = None
        if older and not any(_chains_intact(kept) for kept in found[:KEPT]):
            sound = next((old for old in older if _chains_intact(old)), None)
        for old in older:
            if _game_ids(old) - here:  # it holds games the database lost: never pruned
                logger.warning("old backup %s kept: it holds games %s does not", old, path)
                continue
            if old == sound:
                logger.warning("old backup %s kept: the newest with every game's chain intact", old)
                continue
            old.unlink(missing_ok=True)
            logger.info("old backup %s deleted (%d are kept)", old, KEPT)
        for partial in directory(path).glob(f"{path.name}.*{_SUFFIX}.partial"):
            if partial.stat().st_mtime < time.time() - 3600:  # not one being written now
                partial.unlink(missing_ok=True)
    except OSError as error:
        logger.error("cannot delete old backups of %s: %s", path, error)


def _chains_intact(path: Path) -> bool:
    """Whether every game's log in the database at ``path`` verifies its hash chain."""
    try:
        with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as connection:
            games = connection.execute(
                "SELECT id, CAST(digest AS BLOB), last_seq, CAST(last_digest AS BLOB) FROM games"
            )
            for game_id, previous, last_seq, last_digest in games.fetchall():
                seq = 0
                for seq, kind, payload, created, digest in connection.execute(
                    "SELECT seq, CAST(kind AS BLOB), CAST(payload AS BLOB), "
                    "CAST(created_at AS BLOB), CAST(digest AS BLOB) FROM log WHERE game_id = ? "
                    "ORDER BY seq",
                    (game_id,),
                ):
                    if entry_digest(previous, seq, kind, payload, created) != digest:
                        return False
                    previous = digest
                if (seq, previous) != (last_seq, last_digest):
                    return False
    except (sqlite3.Error, UnicodeDecodeError, TypeError) as error:
        logger.info("cannot check the chains of %s: %s", path, error)
        return False
    return True


def _fsync(path: Path) -> None:
    descriptor = os.open(path, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


class BackupFileError(Exception):
    """A backup could not be written to the file asked for, or a file is not a sound backup."""


def write_verified(source: sqlite3.Connection, target: Path) -> None:
    """Copy the database open as ``source`` to ``target`` (which must not exist) with SQLite's
    online backup, check the copy with ``PRAGMA integrity_check`` and only then give it its name.
    :class:`BackupFileError` says what went wrong; nothing is left at ``target`` then."""
    if target.exists():
        raise BackupFileError(f"{target} already exists; name a new file")
    partial = target.with_name(f"{target.name}.partial")
    try:
        with closing(sqlite3.connect(partial, isolation_level=None)) as copy:
            source.backup(copy)
            copy.execute("PRAGMA journal_mode=DELETE")  # one self-contained file
            problems = integrity.problems(copy)
        if problems:
            raise BackupFileError(f"the copy failed its integrity check: {' '.join(problems[:3])}")
        _fsync(partial)
        partial.rename(target)
        _fsync(target.parent)
    except (OSError, sqlite3.Error) as error:
        raise BackupFileError(f"cannot write {target}: {error}") from None
    finally:
        with suppress(OSError):
            partial.unlink(missing_ok=True)
    logger.info("backup written to %s", target)


def check_file(path: Path, shown: Path | None = None) -> None:
    """:class:`BackupFileError` unless ``path`` is an SQLite file that passes its integrity check
    and holds Table Companion's games and logs; messages name ``shown`` (the file the table named,
    of which ``path`` is a copy) if given."""
    name = path if shown is None else shown
    try:
        with path.open("rb") as file:
            header = file.read(16)
    except OSError as error:
        raise BackupFileError(f"{name}: cannot be read: {error.strerror}") from None
    if header != b"SQLite format 3\x00":
        raise BackupFileError(f"{name}: not a backup (not an SQLite database)")
    if not _sound(path):
        raise BackupFileError(f"{name}: not a sound backup (it fails SQLite's integrity check)")
    try:
        with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as connection:
            tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master")}
            version = connection.execute("PRAGMA user_version").fetchone()[0]
    except sqlite3.Error as error:
        raise BackupFileError(f"{name}: cannot be read: {error}") from None
    if not {"games", "log", "settings"} <= tables or version < 1:
        raise BackupFileError(f"{name}: not a Table Companion backup (no games and logs in it)")
