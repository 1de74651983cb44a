"""Commands that other packages add to ``table-companion``: the touchscreen app (``ui``), the card
scanner's check (``ui`` with ``hardware``). The core names none of them, so it installs, runs and is
tested headless: each is an entry point of the group ``table_companion.commands`` (declared in
``pyproject.toml``) naming a :class:`Command`, e.g. ``app = "ui.commands:APP"``.

The command named :data:`APP` is what ``table-companion`` with no arguments runs.
"""

from __future__ import annotations

import argparse
import logging
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from companion.installation.config import ConfigSource
    from companion.store import Store

logger = logging.getLogger(__name__)

GROUP = "table_companion.commands"
APP = "app"
"""The command ``table-companion`` runs without arguments."""
TAGS_ENROL = "tags-enrol"
"""The command ``table-companion tags enrol`` runs (it reads the scanner); not a command of its
own name."""

OpenStore = Callable[[], AbstractContextManager["Store"]]
"""Opens the game database the command line names (``--db``, else the config), as every command
opens it (a notice about the database is printed on standard error)."""


def _no_arguments(_parser: argparse.ArgumentParser) -> None:
    return None


@dataclass(frozen=True, kw_only=True)
class Command:
    """One command added to ``table-companion``."""

    help: str
    run: Callable[[argparse.Namespace, ConfigSource, OpenStore], int]
    """``run(args, config, open_store)``: the exit code. ``config`` is checked whole, except the
    app's and an :attr:`own_parser` command's (read only: ``config.checked()`` when more than
    its database is needed). A
    :class:`~companion.installation.config.ConfigError` or :class:`~companion.store.StoreError` it raises is
    printed as every command prints them."""
    add_arguments: Callable[[argparse.ArgumentParser], None] = _no_arguments
    own_parser: bool = False
    """Started on its own parser (its arguments and the table's options) instead of the whole
    command line's: for a long-running process that should not carry every command's modules."""


def installed() -> dict[str, Command]:
    """Every command installed, by name. One that does not load (its package is not installed, or
    Kivy is missing) is left out and logged: the headless commands still work."""
    return dict(sorted(_loaded(None).items()))


def named(name: str) -> Command | None:
    """The installed command ``name`` (None when none loads): only its own module is imported,
    not every command's (the app starts without the phones' server's)."""
    return _loaded(name).get(name)


def _loaded(name: str | None) -> dict[str, Command]:
    """The installed commands called ``name`` (every one: None), loaded."""
    from importlib.metadata import entry_points  # reads every package's metadata: when asked

    commands: dict[str, Command] = {}
    for point in entry_points(group=GROUP):
        if name is not None and point.name != name:
            continue
        try:
            command = point.load()
        except ImportError as error:
            logger.info("command %s is not available: %s", point.name, error)
            continue
        if isinstance(command, Command):
            commands[point.name] = command
        else:
            logger.error("command entry point %s is no Command: %r", point.name, command)
    return commands
