"""``table-companion``'s start: with no command, the touchscreen app, started on only what it needs
to draw its first frame; any other command goes to :mod:`companion.cli.dispatch`.

The app reads its config file without checking it
(:func:`companion.installation.config.read_config`): pydantic,
the whole command line and the games' rules load after the first frame, not before it."""

from __future__ import annotations

import argparse
import functools
import io
import json
import logging
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from companion.cli import commands as installed_commands
from companion.cli import language
from companion.cli.command_words import CORE_COMMANDS, command_word
from companion.installation.config import ConfigError, ConfigSource, read_config
from companion.installation.i18n import set_language, system_language
from companion.store import StorageUnavailableError, Store, StoreError

EXIT_BAD_INPUT, EXIT_STORAGE = 2, 3
"""As every command's (:mod:`companion.cli.games`): a config file that cannot be read; a game
database that cannot be used where it is."""
EXIT_BROKEN_PIPE = 141


def add_table_options(parser: argparse.ArgumentParser) -> None:
    """The options every command takes, the app too (``--lang`` is taken out before parsing)."""
    parser.add_argument("--config", type=Path, help="config file (TOML)")
    parser.add_argument("--db", type=Path, help="game database (overrides the config)")
    parser.add_argument(
        "--take-over-database",
        action="store_true",
        help="another program's database at the path is moved aside and a new one started "
        "(else it is refused, exit 3)",
    )
    parser.add_argument(language.OPTION, metavar="CODE", help=language.HELP)


def store_opener(
    args: argparse.Namespace, config: ConfigSource, *, reading: bool = False
) -> installed_commands.OpenStore:
    """``reading``: the command only reads (see :meth:`Store.open`)."""

    @contextmanager
    def open_store() -> Iterator[Store]:
        path = args.db or config.database
        take_over = getattr(args, "take_over_database", False)
        with Store.open(path, reading=reading, take_over=take_over) as store:
            if store.notice:
                print(store.notice, file=sys.stderr)
            yield store

    return open_store


def print_utf8() -> None:
    """JSON and messages go out as UTF-8 (``złodzieja``, not ``z\\u0142odzieja``), whatever the
    locale's encoding: a parser reads the same JSON either way."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper) and stream.encoding.lower() not in (
            "utf-8",
            "utf8",
        ):
            stream.reconfigure(encoding="utf-8")


def reported(error: ConfigError | StoreError) -> int:
    """A config file or a game database that cannot be used, reported as every command reports
    it (one sentence on stderr; a database unusable where it is, also its JSON on stdout): the
    exit code."""
    if isinstance(error, StorageUnavailableError):
        print(json.dumps(error.as_dict(), indent=2, ensure_ascii=False))
    print(f"table-companion: {error}", file=sys.stderr)
    return EXIT_STORAGE if isinstance(error, StorageUnavailableError) else EXIT_BAD_INPUT


def _quiet_when_the_reader_leaves(command: Callable[..., int]) -> Callable[..., int]:
    """A reader that stops early (``| head``) ends the command without a traceback: the rest of
    the output goes to /dev/null (as Python's documentation of SIGPIPE recommends) and the exit
    code is the shell's for a broken pipe, 141. What was committed before stays committed."""

    @functools.wraps(command)
    def run(*args: Any, **kwargs: Any) -> int:
        try:
            code = command(*args, **kwargs)
            sys.stdout.flush()
        except BrokenPipeError:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            return EXIT_BROKEN_PIPE
        return code

    return run


@_quiet_when_the_reader_leaves
def main(argv: Sequence[str] | None = None) -> int:
    """``table-companion`` (the console script): the app, or the command ``argv`` names."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    app = _app_start(arguments) or _own_parser_start(arguments)
    if app is not None:
        return app()
    from companion.cli import dispatch

    return dispatch.main(arguments)


def _app_start(arguments: list[str]) -> Callable[[], int] | None:
    """How to start the app when ``arguments`` name no command and it is installed; else None:
    the full command line parses them (and reports any error in them, ``--help`` and the app not
    being installed as it always has)."""
    try:
        rest, code = language.take_language(arguments)
    except language.LanguageOptionError:
        return None
    if command_word(rest) is not None:  # a command: what follows would find it unknown
        return None
    options = argparse.ArgumentParser(add_help=False, exit_on_error=False)
    add_table_options(options)
    try:
        args, unknown = options.parse_known_args(rest)
    except argparse.ArgumentError:
        return None
    if unknown:
        return None
    command = installed_commands.named(installed_commands.APP)
    if command is None:
        return None

    def start() -> int:
        set_language(code or system_language())
        try:
            config = read_config(args.config)
            return command.run(args, config, store_opener(args, config))
        except (ConfigError, StoreError) as error:
            return reported(error)

    return start


def _own_parser_start(arguments: list[str]) -> Callable[[], int] | None:
    """How to run an installed command that asks for it (:attr:`Command.own_parser`, the phones'
    ``serve``) on its own parser: the table's options and its own, anywhere, the config read as
    the app's (:func:`read_config`; ``config.checked()`` where more than the database is needed),
    without loading the whole command line (every other command's parser and module) nor the
    config's schema, which a long-running process would carry for nothing. None: the whole
    command line parses ``arguments``."""
    try:
        rest, code = language.take_language(arguments)
    except language.LanguageOptionError:
        return None
    at = command_word(rest)
    if at is None:
        return None
    name = rest[at]
    if name in CORE_COMMANDS:
        return None
    command = installed_commands.named(name)
    if command is None or name == installed_commands.APP or not command.own_parser:
        return None

    def start() -> int:
        print_utf8()
        set_language(code or system_language())
        parser = argparse.ArgumentParser(prog=f"table-companion {name}", description=command.help)
        add_table_options(parser)
        command.add_arguments(parser)
        args = parser.parse_args(rest[:at] + rest[at + 1 :])
        args.command = name
        logging.basicConfig(format="table-companion: %(levelname)s: %(name)s: %(message)s")
        try:
            config = read_config(args.config)  # as the app's: checked whole where more is needed
            return command.run(args, config, store_opener(args, config))
        except (ConfigError, StoreError) as error:
            return reported(error)

    return start
