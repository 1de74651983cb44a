"""Why a database cannot be used where it is: its environment, told apart from damage.

A full disk, a read-only file or mount, missing permissions, a lock held too long or an odd file
at the database's path (a directory, a FIFO, a dangling symbolic link, a parent that is a file)
say nothing about the games inside: such a file must never be moved aside as damaged. Causes are
read from SQLite's result codes, ``errno`` and the file's type, never from message text.
"""

from __future__ import annotations

import errno
import os
import sqlite3
import stat
from pathlib import Path

from companion.installation.i18n import _

DISK_FULL = "disk_full"
READ_ONLY = "read_only"
PERMISSION = "permission"
BUSY = "busy"
IO_ERROR = "io_error"
DIRECTORY = "directory"
SPECIAL_FILE = "special_file"
DANGLING_LINK = "dangling_link"
PARENT_NOT_A_DIRECTORY = "parent_not_a_directory"
DAMAGED_UNMOVABLE = "damaged_unmovable"
FOREIGN_DATABASE = "foreign_database"
OTHER = "other"

_SQLITE_CAUSES = {
    sqlite3.SQLITE_FULL: DISK_FULL,
    sqlite3.SQLITE_READONLY: READ_ONLY,
    sqlite3.SQLITE_PERM: PERMISSION,
    sqlite3.SQLITE_CANTOPEN: PERMISSION,
    sqlite3.SQLITE_AUTH: PERMISSION,
    sqlite3.SQLITE_BUSY: BUSY,
    sqlite3.SQLITE_LOCKED: BUSY,
    sqlite3.SQLITE_IOERR: IO_ERROR,
    sqlite3.SQLITE_NOMEM: OTHER,
    sqlite3.SQLITE_NOLFS: OTHER,
    sqlite3.SQLITE_PROTOCOL: BUSY,
}
"""SQLite primary result code -> cause. Codes not listed (``SQLITE_CORRUPT``, ``SQLITE_NOTADB``,
``SQLITE_FORMAT``, ``SQLITE_ERROR`` from a malformed schema) are the file's content: damage."""

_ERRNO_CAUSES = {
    errno.ENOSPC: DISK_FULL,
    errno.EDQUOT: DISK_FULL,
    errno.EROFS: READ_ONLY,
    errno.EACCES: PERMISSION,
    errno.EPERM: PERMISSION,
    errno.EISDIR: DIRECTORY,
    errno.ENOTDIR: PARENT_NOT_A_DIRECTORY,
    errno.EIO: IO_ERROR,
}

_FREE_BYTES_FULL = 64 * 1024
"""Below this much space free for the app, an I/O error is taken for a full disk (SQLite reports
a failed ``-shm`` allocation on a full disk as ``SQLITE_IOERR``)."""


def sqlite_cause(error: sqlite3.Error, path: Path) -> str | None:
    """The environment cause of ``error`` on the database at ``path``; None if it is damage."""
    code = getattr(error, "sqlite_errorcode", None)
    if code is None:
        return None
    cause = _SQLITE_CAUSES.get(code & 0xFF)
    if code == sqlite3.SQLITE_READONLY_DIRECTORY:
        cause = PERMISSION  # the file is writable, its folder is not (no -wal/-shm can be made)
    if cause in (IO_ERROR, PERMISSION) and read_only_mount(path):
        return READ_ONLY  # SQLite cannot make its -shm file beside the database
    if cause == IO_ERROR and disk_nearly_full(path):
        return DISK_FULL
    return cause


def os_cause(error: OSError, path: Path) -> str:
    """The cause of an ``OSError`` met while checking, opening or moving the database."""
    cause = _ERRNO_CAUSES.get(error.errno or 0, OTHER)
    if cause == IO_ERROR and disk_nearly_full(path):
        return DISK_FULL
    return cause


def path_cause(path: Path) -> tuple[str, str] | None:
    """An odd file type at ``path`` and a detail to name (checked with ``stat`` before SQLite
    opens anything: opening a FIFO would block for ever); None if it is absent or a regular file.

    :class:`OSError` when even ``stat`` fails (permission denied on a parent, say).
    """
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        if os.path.islink(path):
            return DANGLING_LINK, os.readlink(path)
        blocker = _file_ancestor(path)
        return None if blocker is None else (PARENT_NOT_A_DIRECTORY, str(blocker))
    except NotADirectoryError:
        return PARENT_NOT_A_DIRECTORY, str(_file_ancestor(path) or path.parent)
    if stat.S_ISDIR(mode):
        return DIRECTORY, ""
    if not stat.S_ISREG(mode):
        return SPECIAL_FILE, ""
    return None


def _file_ancestor(path: Path) -> Path | None:
    """The nearest existing ancestor of ``path`` if it is not a directory (so nothing can be
    created under it)."""
    for parent in path.parents:
        if os.path.lexists(parent):
            return None if parent.is_dir() else parent
    return None


def disk_nearly_full(path: Path) -> bool:
    """Whether the file system holding ``path`` (or its nearest existing parent) is full."""
    for place in (path, *path.parents):
        try:
            info = os.statvfs(place)
        except OSError:
            continue
        return info.f_bavail * info.f_frsize < _FREE_BYTES_FULL
    return False


def read_only_mount(path: Path) -> bool:
    """Whether ``path`` (or its nearest existing parent) is on a file system mounted read-only."""
    for place in (path, *path.parents):
        try:
            return bool(os.statvfs(place).f_flag & os.ST_RDONLY)
        except OSError:
            continue
    return False


def explain(path: Path, cause: str, detail: str = "") -> str:
    """One sentence for the table: the path, the cause and what to do."""
    if cause == DISK_FULL:
        text = _(
            "The game database {path} cannot be written: the disk is full. "
            "Free some space on it, then try again."
        )
    elif cause == READ_ONLY:
        text = _(
            "The game database {path} is read-only (a read-only file or file system). "
            "Make it writable, or set [storage] database to a writable place, then try again."
        )
    elif cause == PERMISSION:
        text = _(
            "The game database {path} cannot be opened: permission denied. Give the app's user "
            "read and write access to the file and its folder, then try again."
        )
    elif cause == BUSY:
        text = _(
            "The game database {path} is locked by another program. "
            "Close that program or wait for it to finish, then try again."
        )
    elif cause == IO_ERROR:
        text = _(
            "The game database {path} could not be read or written: the storage reported an "
            "input/output error. Check the SD card or disk, then try again."
        )
    elif cause == DIRECTORY:
        text = _(
            "The game database {path} is a directory, not a file. Move the directory away, "
            "or set [storage] database to a file, then try again."
        )
    elif cause == SPECIAL_FILE:
        text = _(
            "The game database {path} is not a regular file (a pipe, socket or device). "
            "Remove it, or set [storage] database to a file, then try again."
        )
    elif cause == DANGLING_LINK:
        text = _(
            "The game database {path} is a symbolic link to {detail}, which does not exist. "
            "Mount or create its target, or remove the link, then try again."
        )
    elif cause == PARENT_NOT_A_DIRECTORY:
        text = _(
            "The game database {path} cannot be created: {detail} is a file, not a folder. "
            "Move that file away, or set [storage] database elsewhere, then try again."
        )
    elif cause == FOREIGN_DATABASE:
        text = _(
            "The file {path} is another program's database, not Table Companion's ({detail}); "
            "it was left as it is. Set [storage] database to another file, or run "
            "table-companion --take-over-database game list once to move it aside and start a "
            "new game database there, then try again."
        )
    elif cause == DAMAGED_UNMOVABLE:
        text = _(
            "The game database {path} is damaged ({detail}) and could not be moved aside. "
            "Move it away by hand, then try again."
        )
    else:
        text = _(
            "The game database {path} cannot be used ({detail}). "
            "Check the disk and the file, then try again."
        )
    return text.format(path=path, detail=detail)
