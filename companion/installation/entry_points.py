"""The entry points installed packages declare (the commands, games and game screens added to
Table Companion), read as :func:`importlib.metadata.entry_points` reads them, without importing
:mod:`importlib.metadata` where the packages are installed as plain folders.

The app's start looks up entry points twice before its first frame: its own command, and the
games for Home. Importing :mod:`importlib.metadata` for that (``email`` and ``csv`` with it: the
app uses neither) and reading with it were 25-30 ms of CPU here, 12-16 ms less read this way
(medians of fresh processes with Kivy and the command line loaded). This module reads the same
files (each distribution's ``entry_points.txt``) in the same order: the folders on
:data:`sys.path` in turn, each one's ``.dist-info`` and ``.egg-info`` folders as listed, the first
of each distribution's name (normalized) only. Where the path holds what it does not read (a zip,
an ``.egg``) or another finder may add distributions, :mod:`importlib.metadata` answers, so the
answer is always the same.
"""

from __future__ import annotations

import logging
import os
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from importlib import import_module
from importlib.machinery import PathFinder

logger = logging.getLogger(__name__)

INFO_SUFFIXES = (".dist-info", ".egg-info")

_VALUE = re.compile(r"(?P<module>[\w.]+)\s*(:\s*(?P<attr>[\w.]+)\s*)?((?P<extras>\[.*\])\s*)?$")
"""An entry point's value, ``module:attr [extras]`` (as :class:`importlib.metadata.EntryPoint`
reads it)."""


@dataclass(frozen=True)
class EntryPoint:
    """One entry point a package declares."""

    name: str
    value: str
    group: str
    distribution: str
    """The package that declares it, its name :func:`normalized`."""

    def load(self) -> object:
        """What the point names, imported (as :meth:`importlib.metadata.EntryPoint.load`);
        ``ValueError`` for a value of another shape; an import error is the module's own."""
        match = _VALUE.match(self.value)
        if match is None:
            raise ValueError(f"not an entry point: {self.value!r}")
        found: object = import_module(match.group("module"))
        for attr in filter(None, (match.group("attr") or "").split(".")):
            found = getattr(found, attr)
        return found


def normalized(name: str) -> str:
    """A distribution's name as :mod:`importlib.metadata` compares them (PEP 503, dashes as
    underscores)."""
    return re.sub(r"[-_.]+", "-", name).lower().replace("-", "_")


def entry_points(*, group: str) -> list[EntryPoint]:
    """Every installed package's entry points of ``group``, in the order
    :func:`importlib.metadata.entry_points` lists them."""
    folders = _info_folders()
    if folders is None:
        return _from_importlib(group)
    return [point for name, folder in folders for point in _read(folder, name, group)]


def _info_folders() -> list[tuple[str, str]] | None:
    """Each installed distribution's (normalized name, metadata folder), the first of each name
    on the path; None when importlib.metadata has to tell (see the module's docstring)."""
    if any(
        finder is not PathFinder and hasattr(finder, "find_distributions")
        for finder in sys.meta_path
    ):
        return None
    found: dict[str, str] = {}
    for entry in sys.path:
        root = entry or "."
        if not os.path.isdir(root) or root.lower().endswith(".egg"):
            if os.path.exists(root):
                return None  # a zip or an egg
            continue
        try:
            children = os.listdir(root)
        except OSError:
            continue
        for child in children:
            low = child.lower()
            if low.endswith(INFO_SUFFIXES):
                found.setdefault(
                    normalized(low.rpartition(".")[0].partition("-")[0]),
                    os.path.join(root, child),
                )
    return list(found.items())


def _read(folder: str, distribution: str, group: str) -> Iterator[EntryPoint]:
    """The ``name = value`` lines of ``[group]`` in ``folder``'s ``entry_points.txt`` (as
    :class:`importlib.metadata.Sectioned` reads them: blank lines and ``#`` comments left out);
    none when it does not read."""
    try:
        with open(os.path.join(folder, "entry_points.txt"), encoding="utf-8") as file:
            text = file.read()
    except OSError:  # none, or the metadata is a file (an old .egg-info): no entry points
        return
    section = None
    for line in map(str.strip, text.splitlines()):
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line.strip("[]")
        elif section == group:
            name, _equals, value = line.partition("=")
            yield EntryPoint(name.strip(), value.strip(), group, distribution)


def _from_importlib(group: str) -> list[EntryPoint]:
    from importlib import metadata

    logger.debug("entry points of %s read by importlib.metadata", group)
    return [
        EntryPoint(point.name, point.value, group, normalized(_distribution_name(point)))
        for point in metadata.entry_points(group=group)
    ]


def _distribution_name(point: object) -> str:
    dist = getattr(point, "dist", None)
    return str(getattr(dist, "name", "") or "")
