"""What the app and the hardware add to ``table-companion`` (entry points of the group
``table_companion.commands``, see :mod:`companion.cli.commands`): the touchscreen app, which runs
with no arguments, ``scanner-test`` and ``tags enrol``.

Importing this module imports neither Kivy nor pyserial: each command imports what it needs when it
runs, so the headless commands never load them.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from companion.cli.commands import Command, OpenStore
from companion.installation.config import ConfigError, ConfigSource

if TYPE_CHECKING:
    from companion.installation.device_config import ScannerConfig


def _run_app(args: argparse.Namespace, config: ConfigSource, _open_store: OpenStore) -> int:
    from ui.launch import run  # Kivy is imported only when the app starts

    return run(args.db or config.database, config)


APP = Command(help="open the touchscreen app (what no arguments do)", run=_run_app)


def _scanner_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seconds", type=float, help="stop after this many seconds")
    parser.add_argument("--frames", type=int, help="stop after this many decoded frames")


def _scanner_test(args: argparse.Namespace, source: ConfigSource, open_store: OpenStore) -> int:
    """Imports pyserial only here: no other command needs it."""
    from companion.play.cards import TagDirectory
    from hardware.scanner.check import run_scanner_test

    config = source.checked()
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


def _enrol_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "game", help="the game whose deck is walked, by its name as game new takes it"
    )
    parser.add_argument("--port", help="the scanner's port (overrides the config's scanner.port)")
    parser.add_argument("--limit", type=int, help="stop after enrolling this many tags")
    parser.add_argument("--seconds", type=float, help="stop after this many seconds")


def _enrol_settings(args: argparse.Namespace, source: ConfigSource) -> ScannerConfig:
    """The config's scanner, on ``--port`` when given (the defaults when none is configured)."""
    from companion.installation.device_config import (
        ScannerConfig,  # pydantic: not loaded to start the app
    )

    config = source.checked()
    if args.port is None:
        if config.scanner is None:
            raise ConfigError("no [scanner] section in the config file: set scanner.port or --port")
        return config.scanner
    if config.scanner is None:
        return ScannerConfig(port=args.port)
    fields = {name: getattr(config.scanner, name) for name in ScannerConfig.__dataclass_fields__}
    return ScannerConfig(**{**fields, "port": args.port})


def _tags_enrol(args: argparse.Namespace, config: ConfigSource, open_store: OpenStore) -> int:
    """Imports pyserial only here, as ``scanner-test`` does."""
    from hardware.scanner.enrol import run_enrolment

    settings = _enrol_settings(args, config)
    with open_store() as store:
        return run_enrolment(
            settings, store, args.game, sys.stdout, limit=args.limit, seconds=args.seconds
        )


TAGS_ENROL = Command(
    help="enrol RFID tags card by card over the scanner (resumes where it stopped)",
    run=_tags_enrol,
    add_arguments=_enrol_arguments,
)
"""``table-companion tags enrol`` (see :mod:`hardware.scanner.enrol`)."""
