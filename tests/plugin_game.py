"""The fourth test game (``tests/wells_game``) installed as its own distribution into a folder, as
``pip install --target`` leaves one: the package copied, and a ``*.dist-info`` whose
``entry_points.txt`` holds the entry points its ``pyproject.toml`` declares (written here so that no
build backend or network is needed). A process with the folder on its path finds the game, its
screen and its tour states through those entry points alone."""

from __future__ import annotations

import os
import shutil
import tomllib
from pathlib import Path

SOURCE = Path(__file__).resolve().parent / "wells_game"


def install(site: Path) -> Path:
    """The game installed into ``site`` (made if missing); returns ``site``."""
    project = tomllib.loads((SOURCE / "pyproject.toml").read_text())["project"]
    name, version = project["name"], project["version"]
    shutil.copytree(SOURCE, site / "wells_game", ignore=shutil.ignore_patterns("__pycache__"))
    info = site / f"{name.replace('-', '_')}-{version}.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n")
    groups = project["entry-points"]
    (info / "entry_points.txt").write_text(
        "".join(
            f"[{group}]\n" + "".join(f"{key} = {value}\n" for key, value in points.items()) + "\n"
            for group, points in groups.items()
        )
    )
    (info / "top_level.txt").write_text("wells_game\n")
    return site


def environment(site: Path) -> dict[str, str]:
    """This process's environment with ``site`` (an :func:`install` folder) on the path."""
    paths = [str(site), os.environ.get("PYTHONPATH", "")]
    return {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in paths if p)}
