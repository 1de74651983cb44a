"""When the game database gets SQLite's full ``PRAGMA integrity_check``: not on every open, whose
cost would grow with the table's history, but where it pays.

What is read is always checked: every game's log is a hash chain (:mod:`companion.storage.chain`) verified
on each load, and SQLite reports a damaged page it reads. The full check, which reads every page,
runs at open only when there is a reason to doubt the file:

- **a change behind the store's back**: a store that closes seals the file (its extended attribute
  ``user.table_companion.seal`` holds its inode, size and modification time); a file whose seal
  is missing or does not match (a copy, a restore, another program's write, a write by a store
  open meanwhile, a file system without extended attributes) is checked;
- **an unclean shutdown**: each open store leaves a marker file beside the database
  (``<name>.open.<boot id>.<pid>.<token>``) and removes it when it closes. A marker of an earlier
  boot (a power cut, a crash of the machine) or of a process that is gone (killed) means the file
  was not closed cleanly;
- **a suspicion** (the marker ``<name>.suspect``): a game's chain found damage, a backup's copy
  failed its check, or the background check found a problem. The next open checks the whole file
  and, if SQLite finds it damaged, moves it aside and restores the newest backup.

It also runs on a copy before every backup is named (:mod:`companion.storage.backup`), and the app runs it
in the background once it has drawn its first frame (:func:`check_in_background`). The app's start
begins the check an open must make on a thread of its own while Kivy loads, and the open decides on
what it found (:mod:`companion.storage.ahead`).

A process whose pid was reused after it died is taken for alive (its marker waits for the next
unclean sign); a power cut within the first seconds after an open may lose the marker itself: the
daily backup's check covers both.
"""

from __future__ import annotations

import logging
import os
import sqlite3
import threading
from contextlib import closing, suppress
from pathlib import Path

_log = logging.getLogger(__name__)

CORRUPTION = frozenset({"SQLITE_CORRUPT", "SQLITE_CORRUPT_INDEX", "SQLITE_NOTADB"})
"""SQLite's errors that mean the file's content is damaged (not a locked, full or read-only one)."""


def is_damage(error: sqlite3.DatabaseError) -> bool:
    """Whether ``error`` is one of SQLite's :data:`CORRUPTION` errors. An error Python's sqlite3
    raises itself (a text column that is not UTF-8, say) has no SQLite error name: it is not one,
    and the reads that may meet damaged text read it as bytes (``CAST(... AS BLOB)``)."""
    return getattr(error, "sqlite_errorname", None) in CORRUPTION


_BOOT_ID = Path("/proc/sys/kernel/random/boot_id")


def _boot_id() -> str:
    """This boot's id (Linux); '' where there is none (then only a dead process is unclean)."""
    try:
        return _BOOT_ID.read_text().strip().replace(".", "")
    except OSError:
        return ""


def _prefix(path: Path) -> str:
    return f"{path.name}.open."


def suspect_marker(path: Path) -> Path:
    """The file whose presence makes the next open of ``path`` check it whole."""
    return path.with_name(f"{path.name}.suspect")


def mark_suspect(path: Path, reason: str) -> None:
    """Have the next open of ``path`` run the full check (and restore a backup if it fails)."""
    _log.error("game database %s is suspect (%s): the next open checks it whole", path, reason)
    try:
        suspect_marker(path).write_text(reason + "\n", encoding="utf-8")
    except OSError as error:
        _log.error("cannot mark %s as suspect: %s", path, error)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process: alive
        return True
    except OSError:
        return False
    return True


def _identity(path: Path) -> str:
    status = path.stat()
    return f"{status.st_ino} {status.st_size} {status.st_mtime_ns}\n"


SEAL = "user.table_companion.seal"
"""The extended attribute of the database file that seals it (an attribute, not a file beside it:
the folder holds only what the table knows)."""


def seal(path: Path) -> None:
    """Record ``path`` as a store left it on closing (see the module's text)."""
    try:
        os.setxattr(path, SEAL, _identity(path).encode())
    except OSError as error:
        _log.info("no seal for %s: %s", path, error)


def _sealed(path: Path) -> bool:
    try:
        return os.getxattr(path, SEAL) == _identity(path).encode()
    except OSError:
        return False


def unclean_reasons(path: Path) -> list[str]:
    """Why ``path`` must be checked whole before it is used: a change since it was sealed, a
    suspicion, or the markers of opens that never closed (an earlier boot's, or a dead process's).
    Empty when it is as a store left it on closing cleanly."""
    reasons = [] if _sealed(path) else ["it changed since a store last closed it"]
    suspect = suspect_marker(path)
    if suspect.exists():
        reasons.append("it was marked suspect")
    reasons += (f"it was not closed cleanly ({marker.name})" for marker in _stale_markers(path))
    return reasons


def _stale_markers(path: Path) -> list[Path]:
    """The open markers beside ``path`` of opens that can no longer close (its folder listed once,
    its names compared as text: no pattern to compile, as a glob would)."""
    prefix, boot = _prefix(path), _boot_id()
    try:
        with os.scandir(path.parent) as entries:
            names = [entry.name for entry in entries if entry.name.startswith(prefix)]
    except OSError:
        return []
    return [path.with_name(name) for name in sorted(names) if _stale(name[len(prefix) :], boot)]


def _stale(rest: str, boot: str) -> bool:
    """Whether the marker ``<boot>.<pid>.<token>`` is of an open that can no longer close."""
    parts = rest.split(".")
    if len(parts) != 3 or not parts[1].isdigit():
        return True  # not one we write: damaged or foreign, so doubt
    marker_boot, pid = parts[0], int(parts[1])
    return marker_boot != boot or not _alive(pid)


def clear_unclean(path: Path) -> None:
    """After a full check passed: forget the suspicion and the stale markers."""
    with suppress(OSError):
        suspect_marker(path).unlink(missing_ok=True)
        for marker in _stale_markers(path):
            marker.unlink(missing_ok=True)


def mark_open(path: Path) -> Path | None:
    """Leave this open's marker beside ``path``; remove it with :func:`mark_closed`. None when it
    cannot be written (a read-only folder): nothing can be written there then, so nothing lost."""
    marker = path.with_name(f"{_prefix(path)}{_boot_id()}.{os.getpid()}.{os.urandom(4).hex()}")
    try:
        marker.touch()
    except OSError as error:
        _log.info("no open marker for %s: %s", path, error)
        return None
    return marker


def mark_closed(marker: Path | None) -> None:
    if marker is not None:
        with suppress(OSError):
            marker.unlink(missing_ok=True)


def problems(connection: sqlite3.Connection) -> list[str]:
    """SQLite's full integrity check of the database open as ``connection``: [] if it is sound.

    Read as bytes: a message may quote damaged text that is not UTF-8 (shown with ``\ufffd``); a
    schema so damaged that SQLite's own error quotes such text is reported as a problem too."""
    try:
        rows = connection.execute(
            "SELECT CAST(integrity_check AS BLOB) FROM pragma_integrity_check"
        ).fetchall()
    except UnicodeDecodeError as error:
        return [f"SQLite's error quotes damaged text: {error}"]
    found = [bytes(row[0]).decode("utf-8", "replace") for row in rows]
    return [] if found == ["ok"] else found


def check_in_background(path: Path) -> threading.Thread:
    """The full check of ``path`` on its own connection and thread (a daemon: it only reads); a
    problem marks the file suspect, so the next open moves it aside and restores a backup."""

    def run() -> None:
        try:
            uri = f"{path.absolute().as_uri()}?mode=ro"
            with closing(sqlite3.connect(uri, uri=True, timeout=10.0)) as connection:
                found = problems(connection)
        except sqlite3.DatabaseError as error:
            if not is_damage(error):  # locked, gone: no sign of damage
                _log.warning("background check of %s not done: %s", path, error)
                return
            found = [str(error)]
        except Exception:  # the thread's edge: an unexpected failure goes to the log
            _log.exception("background check of %s failed", path)
            return
        if found:
            mark_suspect(path, "background check: " + " ".join(" ".join(found[:3]).split()))
        else:
            _log.info("background check of %s: sound", path)

    thread = threading.Thread(target=run, name="table-companion-check", daemon=True)
    thread.start()
    return thread
