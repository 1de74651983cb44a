"""The environment a benchmark's Kivy child process runs in: a Kivy home of its own, none of the
caller's Kivy settings, no log files, and an offscreen window where there is no display."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path


def kivy_environment(
    folder: Path, base: Mapping[str, str] | None = None, **settings: str
) -> dict[str, str]:
    """The environment (``base``'s, else this process's), with Kivy's files in ``folder`` and the
    extra ``settings`` (``KCFG_…``, the app's database)."""
    source = os.environ if base is None else base
    env = {k: v for k, v in source.items() if not k.startswith(("KIVY_", "KCFG_"))}
    env.update(
        KIVY_HOME=str(folder / "kivy"),
        KIVY_NO_ARGS="1",
        KIVY_NO_FILELOG="1",
        KIVY_NO_CONSOLELOG="1",
        **settings,
    )
    if not env.get("DISPLAY") and not env.get("WAYLAND_DISPLAY"):
        env["SDL_VIDEODRIVER"] = "offscreen"
    return env


def table_environment(
    folder: Path, database: str, base: Mapping[str, str] | None = None
) -> dict[str, str]:
    """The environment of an app child at the official 7" display's size (800x480), its game
    database ``folder/database`` (on ``base``, as :func:`kivy_environment`)."""
    return kivy_environment(
        folder,
        base,
        KCFG_GRAPHICS_WIDTH="800",
        KCFG_GRAPHICS_HEIGHT="480",
        TABLE_COMPANION_DB=str(folder / database),
    )
