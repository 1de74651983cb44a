"""USB sticks: the removable filesystems mounted where a desktop or an automounter puts them
(``/media/<user>/<label>`` on Raspberry Pi OS, ``/run/media/<user>/<label>`` elsewhere), read from
the kernel's table of mounts. Polled: a stick plugged in shows up at the next look."""

from __future__ import annotations

import logging
import os
from pathlib import Path

logger = logging.getLogger(__name__)

MOUNTS = Path("/proc/self/mounts")
MEDIA_ROOTS = (Path("/media"), Path("/run/media"))


def _unescape(field: str) -> str:
    """The kernel writes a space, tab, newline and backslash in a mount point as octal escapes."""
    for escape, char in (("\\040", " "), ("\\011", "\t"), ("\\012", "\n"), ("\\134", "\\")):
        field = field.replace(escape, char)
    return field


def mounted_sticks(mounts: Path = MOUNTS, roots: tuple[Path, ...] = MEDIA_ROOTS) -> list[Path]:
    """The mount points under ``roots`` this process can write to, in the order they were mounted
    (the newest last). An unreadable mount table is no stick (logged), never an error."""
    return [point for point, writable in _media(mounts, roots) if writable]


def read_only_sticks(mounts: Path = MOUNTS, roots: tuple[Path, ...] = MEDIA_ROOTS) -> list[Path]:
    """The mount points under ``roots`` this process cannot write to (mounted read-only, a locked
    stick), in the order they were mounted."""
    return [point for point, writable in _media(mounts, roots) if not writable]


def _media(mounts: Path, roots: tuple[Path, ...]) -> list[tuple[Path, bool]]:
    try:
        lines = mounts.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError as error:
        logger.warning("cannot read %s: %s", mounts, error)
        return []
    found = []
    for line in lines:
        fields = line.split()
        if len(fields) < 4:
            continue
        point = Path(_unescape(fields[1]))
        if any(point.is_relative_to(root) and point != root for root in roots):
            writable = "ro" not in fields[3].split(",") and os.access(point, os.W_OK)
            found.append((point, writable))
    return found
