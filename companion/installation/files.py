"""Writing a file the table keeps (an export, labels, a tag file) so that a failed write never
leaves a half-written file or destroys the good one it was to replace.

The bytes go to a hidden file beside the target (same folder: same file system, so the rename is
atomic), are flushed to the disk, and only then take the target's name. On a full or removed stick
the error is raised, the partial file is deleted and the target is as it was.
"""

from __future__ import annotations

import contextlib
import logging
import os
from pathlib import Path

from companion.installation.errors import InputError
from companion.installation.i18n import _

_log = logging.getLogger(__name__)

UNWRITABLE = "unwritable_file"
"""The error code of a file that cannot be written (no room, read-only, no such folder)."""


def partial_path(path: Path) -> Path:
    """Where the bytes of ``path`` are written before they take its name."""
    return path.with_name(f".{path.name}.part")


def write_atomically(path: Path, data: bytes) -> None:
    """Give ``path`` the content ``data`` whole, or leave it as it was; :class:`OSError` then."""
    partial = partial_path(path)
    try:
        with open(partial, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(partial, path)
    except OSError:
        with contextlib.suppress(OSError):
            partial.unlink(missing_ok=True)
        raise
    _log.debug("%d bytes written to %s", len(data), path)


def write_or_refuse(path: Path, data: bytes, field: str) -> None:
    """:func:`write_atomically`, a failure told as :class:`InputError` ``unwritable_file`` naming
    ``field`` and the file."""
    try:
        write_atomically(path, data)
    except OSError as error:
        raise InputError(
            UNWRITABLE,
            _("{field}: cannot write {path}: {reason}; it was left as it was").format(
                field=field, path=path, reason=error.strerror or error
            ),
        ) from None
