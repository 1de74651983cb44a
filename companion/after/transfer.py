"""The whole database to a file and back: a verified backup written where the table asks (a USB
stick, say), and a backup merged back in, games, players, the table's settings and enrolled tags
without duplicates (a game is its id, a player their stable id). The CLI's ``backup``/``restore`` and the
Settings screen's backup both call these.

A backup is read the way SQLite sees it: a live copy (a database with its ``-wal`` beside it) is
copied with its WAL into a private folder and opened there, so the games only in the WAL come too.
Before anything is merged, every game of it is opened the way the app opens one (its chain, its
options checked, its log replayed) and every player's name checked: one that fails refuses the
whole file, naming the game and why.

Errors are :class:`InputError` naming the file (``FILE: ...``): ``backup_failed`` when the copy
cannot be written or verified, ``not_a_backup`` when a file to restore is not a sound backup of
Table Companion (not a regular file, damaged, another program's, written by a newer app, or a game
in it that would not open), ``restore_failed`` when it cannot be copied to the temporary folder
(full, say); nothing changes then.
"""

from __future__ import annotations

import logging
import os
import shutil
import stat
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from companion.after.player_names import MAX_NAME
from companion.installation.errors import InputError
from companion.installation.i18n import LANGUAGES
from companion.play.cards import game_of, printed_card
from companion.play.session import LogCorruptionError, Session
from companion.rules.registry import GAMES
from companion.storage import backup
from companion.store import LOCATION, StorageUnavailableError, Store, StoredGame, StoreError

_log = logging.getLogger(__name__)

SQLITE_HEADER = b"SQLite format 3\x00"
JOURNALS = ("-wal", "-journal")
"""The files beside a database that hold part of what SQLite sees in it (a WAL not yet
checkpointed, a hot rollback journal); the ``-shm`` index is rebuilt from the WAL."""
LANGUAGE = ("app", "language")
"""The setting of the table's language (ui.language reads it)."""
MAX_TAG = 64
"""As long as an enrolled tag may be in a backup (scanners send a few dozen characters)."""
MAX_LOCATION = 64
"""As long as ``table-companion location`` allows the table's location to be."""


def export_to(store: Store, target: Path) -> dict[str, Any]:
    """Write a verified backup of ``store`` to ``target`` (a new file)."""
    try:
        backup.write_verified(store.connection_for_backup(), target)
    except backup.BackupFileError as error:
        raise InputError("backup_failed", f"FILE: {error}") from None
    return {"backup": str(target), "bytes": target.stat().st_size, "games": len(store.list_games())}


def import_from(store: Store, source: Path) -> dict[str, Any]:
    """Merge the backup ``source`` into ``store``: the games it adds, how many were there already,
    how many it holds (``in_file``, its WAL included: ``wal``), and the settings it brought."""
    _check_regular(source)
    with _private_folder(source) as folder:
        copy = Path(folder) / "restore.sqlite3"
        wal = _copy_with_journals(source, copy)
        try:
            backup.check_file(copy, shown=source)
        except backup.BackupFileError as error:
            raise InputError("not_a_backup", f"FILE: {error}") from None
        try:
            total, keys, tags = _check_backup(source, copy)
        except StorageUnavailableError as error:
            raise InputError(
                "restore_failed", f"FILE: {source} cannot be checked: {error.message}"
            ) from None
        except StoreError as error:  # e.g. a backup written by a newer Table Companion
            message = str(error).replace(str(copy), str(source))
            raise InputError("not_a_backup", f"FILE: {message}") from None
        added, settings, enrolled = store.merge_from(copy, keys, tags)
    _log.info("restored %d games and %d settings from %s", len(added), len(settings), source)
    return {
        "restored": added,
        "already_present": total - len(added),
        "in_file": total,
        "wal": wal,
        "settings_restored": [f"{game}/{key}" for game, key in settings],
        "tags_restored": enrolled,
    }


def _check_regular(source: Path) -> None:
    """Refuse anything but a regular file before opening it (a FIFO would block the read), and
    one that does not start as an SQLite database does."""
    try:
        mode = source.stat().st_mode
    except OSError as error:
        raise InputError(
            "not_a_backup", f"FILE: {source}: cannot be read: {error.strerror}"
        ) from None
    if not stat.S_ISREG(mode):
        raise InputError(
            "not_a_backup",
            f"FILE: {source}: not a backup (not a regular file: a folder, FIFO, socket or device)",
        )
    try:  # a regular file: reading its header cannot block
        with source.open("rb") as file:
            header = file.read(len(SQLITE_HEADER))
    except OSError as error:
        raise InputError(
            "not_a_backup", f"FILE: {source}: cannot be read: {error.strerror}"
        ) from None
    if header != SQLITE_HEADER:  # refused before anything is copied
        raise InputError("not_a_backup", f"FILE: {source}: not a backup (not an SQLite database)")


@contextmanager
def _private_folder(source: Path) -> Iterator[str]:
    """A temporary folder for the copy; ``restore_failed`` if none can be made or filled."""
    try:
        with tempfile.TemporaryDirectory(prefix="table-companion-restore-") as folder:
            yield folder
    except OSError as error:
        raise InputError(
            "restore_failed",
            f"FILE: {source} cannot be copied to the temporary folder {tempfile.gettempdir()}: "
            f"{error.strerror or error} ({error.filename}); free some space there (or set "
            "TMPDIR) and try again",
        ) from None


def _copy_with_journals(source: Path, copy: Path) -> bool:
    """Copy ``source`` and the journals beside it that SQLite would read (regular files only);
    whether a WAL with content came along."""
    shutil.copyfile(source, copy)
    wal = False
    for suffix in JOURNALS:
        beside = Path(f"{source}{suffix}")
        try:
            if not stat.S_ISREG(beside.stat().st_mode):
                continue
        except FileNotFoundError:
            continue
        shutil.copyfile(beside, f"{copy}{suffix}")
        wal = wal or (suffix == "-wal" and os.path.getsize(beside) > 0)
    if wal:
        _log.info("%s has a WAL beside it: read with it, as SQLite sees the database", source)
    return wal


def _check_backup(source: Path, copy: Path) -> tuple[int, list[tuple[str, str]], list[str]]:
    """Open ``copy`` of backup ``source`` as a store (migrating it to the current schema) and open
    every game as the app would: chain, options, replay, and its players' names; then its
    settings. The number of games in it and the settings to bring; :class:`InputError` for the
    first that fails."""
    with Store.open(copy) as incoming:
        if incoming.quarantined is not None:
            raise InputError("not_a_backup", f"FILE: {source} is not a usable backup")
        listed = incoming.list_games()
        for summary in listed:
            _check_game(incoming, source, summary.id)
        return len(listed), _check_settings(incoming, source), _check_tags(incoming, source)


def _check_game(incoming: Store, source: Path, game_id: str) -> None:
    def refuse(reason: str) -> InputError:
        return InputError("not_a_backup", f"FILE: game {game_id} in {source} {reason}")

    try:
        session = Session.resume(incoming, game_id)
    except LogCorruptionError as error:
        raise refuse(f"would not open: {error}") from None
    except StoreError as error:
        raise refuse(f"cannot be read: {error}") from None
    if session.damage is not None:
        raise refuse(f"is damaged at entry {session.damage.at_seq}: {session.damage.reason}")
    seated = [(p.get("name"), p.get("colour")) for p in _players_of(incoming.load(game_id))]
    seated += [(r.name, r.colour) for r in incoming.seats_of(game_id).values()]
    for name, colour in seated:
        if not _fair_text(name, MAX_NAME) or not _fair_text(colour, MAX_NAME):
            raise refuse(
                f"seats a player whose name or colour is not 1 to {MAX_NAME} printable "
                f"characters ({str(name)[:MAX_NAME]!r}...)"
            )


def _players_of(stored: StoredGame) -> list[dict[str, Any]]:
    """The players a stored game's options seat (as stored: a name is not checked there)."""
    players = stored.options.get("players", [])
    return [p for p in players if isinstance(p, dict)] if isinstance(players, list) else []


def _check_settings(incoming: Store, source: Path) -> list[tuple[str, str]]:
    """The settings of the backup this app reads (the location, the language, each game's table
    settings), each passing the check ``settings set`` makes; one that fails refuses the file.
    Keys this app does not read are left behind."""
    known: list[tuple[str, str]] = []
    for game, key in incoming.setting_keys():
        try:
            value = incoming.get_setting(game, key)
            if (game, key) == LOCATION:
                if not (value == "" or _fair_text(value, MAX_LOCATION)):
                    raise InputError("invalid_value", "expected a short printable text")
            elif (game, key) == LANGUAGE:
                if value not in LANGUAGES:
                    raise InputError("invalid_value", f"expected one of {sorted(LANGUAGES)}")
            else:
                spec = GAMES.get(game)
                settings = None if spec is None or spec.settings is None else spec.settings()
                if settings is None or key not in settings.keys:
                    continue
                settings.check(key, value)
        except (InputError, StoreError, RecursionError) as error:
            reason = error.message if isinstance(error, InputError) else str(error)
            raise InputError(
                "not_a_backup", f"FILE: setting {key} of {game} in {source} is refused: {reason}"
            ) from None
        known.append((game, key))
    return known


def _check_tags(incoming: Store, source: Path) -> list[str]:
    """The backup's enrolled tags, each a short printable text standing for a card of a game this
    app knows (a printed card id needs no enrolment); one that is not refuses the file."""
    enrolled = incoming.enrolled_tags()
    for tag, card in enrolled.items():
        if not _fair_text(tag, MAX_TAG) or game_of(card) is None or printed_card(tag) is not None:
            raise InputError(
                "not_a_backup",
                f"FILE: the enrolled tag {tag[:MAX_TAG]!r} in {source} is refused: it must be 1 to "
                f"{MAX_TAG} printable characters standing for a known card ({card[:MAX_TAG]!r})",
            )
    return sorted(enrolled)


def _fair_text(text: object, longest: int) -> bool:
    return (
        isinstance(text, str)
        and 0 < len(text) <= longest
        and text.isprintable()
        and text == text.strip()
    )
