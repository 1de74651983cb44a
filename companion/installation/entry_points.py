"""The entry points of one group (the commands and games other packages add), read from the installed
distributions' ``entry_points.txt`` files as :func:`importlib.metadata.entry_points` finds them,
without importing :mod:`importlib.metadata`.

That module imports the ``email`` package, ``zipfile`` and ``csv`` to read any metadata at all:
some 45 ms of CPU here (a quarter of a second on a Pi 4) in every app start, which reads only two
groups of entry points. The distributions are found as its path finder finds them: each folder on
``sys.path`` in order, its ``*.dist-info`` and ``*.egg-info`` folders in the order the folder lists
them, the first of each distribution's normalized name kept. Distributions only a zip file on the
path or an import hook of its own provides are not read (nothing this project installs).
"""

from __future__ import annotations

import logging
import os
import re
import sys
from dataclasses import dataclass
from importlib import import_module
from typing import Any

_log = logging.getLogger(__name__)

_METADATA = (".dist-info", ".egg-info")
_VALUE = re.compile(r"(?P<module>[\w.]+)\s*(:\s*(?P<attr>[\w.]+)\s*)?((?P<extras>\[.*\])\s*)?$")
"""An entry point's value (``module:attr [extras]``), as :mod:`importlib.metadata` reads it."""


@dataclass(frozen=True)
class EntryPoint:
    """One entry point: ``name = value`` in the section ``[group]``."""

    name: str
    value: str
    group: str

    def load(self) -> Any:
        """The object the value names (its module imported); ``ValueError`` for a value that does
        not read as ``module:attr``."""
        found = _VALUE.match(self.value)
        if found is None:
            raise ValueError(f"entry point {self.name} = {self.value!r} does not read")
        loaded = import_module(found.group("module"))
        for attribute in filter(None, (found.group("attr") or "").split(".")):
            loaded = getattr(loaded, attribute)
        return loaded


def _normalized(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower().replace("-", "_")


def _metadata_folders() -> list[str]:
    """Each distribution's metadata folder, the first found of each name (in ``sys.path``'s order)."""
    seen: set[str] = set()
    found = []
    for entry in sys.path:
        folder = entry or "."
        try:
            children = os.listdir(folder)
        except OSError:  # not a folder (a zip file, an import hook's name) or gone
            continue
        for child in children:
            low = child.lower()
            if not low.endswith(_METADATA):
                continue
            name = _normalized(low.rpartition(".")[0].partition("-")[0])
            if name not in seen:
                seen.add(name)
                found.append(os.path.join(folder, child))
    return found


def _read(folder: str, group: str) -> list[EntryPoint]:
    """The entry points of ``group`` that the distribution at ``folder`` declares."""
    try:
        with open(os.path.join(folder, "entry_points.txt"), encoding="utf-8") as file:
            text = file.read()
    except OSError:  # none declared (or an egg-info file, not a folder)
        return []
    points, section = [], None
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1].strip()
        elif section == group:
            name, _sep, value = line.partition("=")
            points.append(EntryPoint(name.strip(), value.strip(), group))
    return points


def entry_points(group: str) -> list[EntryPoint]:
    """Every installed distribution's entry points of ``group`` (read anew at each call)."""
    return [point for folder in _metadata_folders() for point in _read(folder, group)]
