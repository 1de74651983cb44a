"""What the app and the hardware add to ``table-companion`` (entry points of the group
``table_companion.commands``, see :mod:`companion.cli.commands`): the touchscreen app, which runs
with no arguments, and ``scanner-test``.

Importing this module imports neither Kivy nor pyserial: each command imports what it needs when it
runs, so the headless commands never load them.
"""

from __future__ import annotations

import argparse
import sys

from companion.cli.commands import Command, OpenStore
from companion.config import Config, ConfigError


def _run_app(args: argparse.Namespace, config: Config, _open_store: OpenStore) -> int:
    from ui.launch import run  # Kivy is imported only when the app starts

    return run(args.db or config.database, config)


APP = Command(help="open the touchscreen app (what no arguments do)", run=_run_app)


def _scanner_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seconds", type=float, help="stop after this many seconds")
    parser.add_argument("--frames", type=int, help="stop after this many decoded frames")


def _scanner_test(args: argparse.Namespace, config: Config, open_store: OpenStore) -> int:
    """Imports pyserial only here: no other command needs it."""
    from companion.cards import TagDirectory
    from hardware.scanner.check import run_scanner_test

    if config.scanner is None:
        raise ConfigError("no [scanner] section in the config file: set scanner.port")
    with open_store() as store:
        resolve = TagDirectory.from_store(store).resolve
        return run_scanner_test(
            config.scanner, resolve, sys.stdout, seconds=args.seconds, frames=args.frames
        )


SCANNER_TEST = Command(
    help="print what the configured card scanner sends, raw and decoded",
    run=_scanner_test,
    add_arguments=_scanner_arguments,
)
