"""The ``table-companion`` command: the touchscreen app (no arguments), rules questions, and
headless game tracking."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from companion.cli import games, rules
from companion.config import Config, ConfigError, load_config
from companion.errors import InputError
from companion.session import LogCorruptionError
from companion.store import Store, StoreError


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="table-companion",
        description="Tracks, arbitrates and scores Targi (and Tuareg rules questions) at the table.",
    )
    parser.add_argument("--config", type=Path, help="config file (TOML)")
    parser.add_argument("--db", type=Path, help="game database (overrides the config)")
    commands = parser.add_subparsers(dest="command")

    ask = commands.add_parser("rules", help="answer a rules question: JSON in, JSON out")
    ask.add_argument("game")
    ask.add_argument("question")
    ask.add_argument("file", nargs="?", type=argparse.FileType("r"), default=sys.stdin)

    game = commands.add_parser("game", help="track a game, one logged action per command")
    verbs = game.add_subparsers(dest="verb", required=True)
    new = verbs.add_parser("new", help="start a game")
    new.add_argument("game")
    new.add_argument("--player", action="append", required=True, metavar="NAME:COLOUR")
    new.add_argument("--start", type=int, default=0, help="seat of the start player (0 or 1)")
    verbs.add_parser("list", help="every stored game")
    for verb, text in (("show", "what the app believes"), ("legal", "the legal actions now")):
        verbs.add_parser(verb, help=text).add_argument("game_id")
    act = verbs.add_parser("act", help="submit one action (JSON)")
    act.add_argument("game_id")
    act.add_argument("seq", type=int, help="the sequence number you last saw")
    act.add_argument("action", help="the action as a JSON object")
    for verb in ("undo", "redo"):
        step = verbs.add_parser(verb, help=f"{verb} the last action")
        step.add_argument("game_id")
        step.add_argument("seq", type=int, help="the sequence number you last saw")
    sheet = verbs.add_parser("sheet", help="the score sheet")
    sheet.add_argument("game_id")
    sheet.add_argument("--format", choices=("json", "csv"), default="json")

    scan = commands.add_parser(
        "scanner-test", help="print what the configured card scanner sends, raw and decoded"
    )
    scan.add_argument("--seconds", type=float, help="stop after this many seconds")
    scan.add_argument("--frames", type=int, help="stop after this many decoded frames")
    return parser


def _print(value: Any) -> None:
    print(json.dumps(value, indent=2))


def _game_command(args: argparse.Namespace, store: Store) -> int:
    if args.verb == "new":
        _print(games.new_game(store, args.game, args.player, args.start))
        return games.EXIT_OK
    if args.verb == "list":
        _print(games.summaries(store))
        return games.EXIT_OK
    session = games.open_session(store, args.game_id)
    if args.verb == "show":
        _print(games.describe(session))
    elif args.verb == "legal":
        _print(games.legal(session))
    elif args.verb == "sheet":
        sheet = session.score_sheet()
        print(sheet.to_csv() if args.format == "csv" else json.dumps(sheet.as_dict(), indent=2))
    else:
        if args.verb == "act":
            outcome = games.act(session, args.seq, args.action)
        else:
            step = session.undo if args.verb == "undo" else session.redo
            outcome = step(seq=args.seq, game_id=session.game_id)
        report, code = games.outcome_report(session, outcome)
        _print(report)
        return code
    return games.EXIT_OK


def _settings_reader(args: argparse.Namespace, opened: ExitStack) -> rules.SettingsReader:
    """Reads a game's stored settings, opening the database (``--db``, else the config) at the first
    call only: most rules questions never need it. A database that does not exist yet holds no
    settings and is not created for a question."""
    stores: list[Store] = []

    def read(game: str) -> dict[str, Any]:
        if not stores:
            path = args.db or load_config(args.config).database
            if not path.exists():
                return {}
            store = opened.enter_context(Store.open(path))
            if store.notice:
                print(store.notice, file=sys.stderr)
            stores.append(store)
        return stores[0].list_settings(game)

    return read


def _scanner_test(args: argparse.Namespace, config: Config, store: Store) -> int:
    """Imports pyserial only here: ``companion`` itself never needs it."""
    from companion.cards import TagDirectory
    from hardware.scanner.check import run_scanner_test

    if config.scanner is None:
        raise ConfigError("no [scanner] section in the config file: set scanner.port")
    resolve = TagDirectory.from_store(store).resolve
    return run_scanner_test(
        config.scanner, resolve, sys.stdout, seconds=args.seconds, frames=args.frames
    )


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        if args.command == "rules":
            with ExitStack() as opened:
                settings = _settings_reader(args, opened)
                return rules.run(args.game, args.question, args.file, settings=settings)
        config = load_config(args.config)
        if args.command is None:
            from ui.launch import run  # Kivy is imported only when the app starts

            return run(args.db or config.database, config)
        with Store.open(args.db or config.database) as store:
            if store.notice:
                print(store.notice, file=sys.stderr)
            if args.command == "scanner-test":
                return _scanner_test(args, config, store)
            return _game_command(args, store)
    except InputError as error:
        _print(error.as_dict())
        return games.EXIT_BAD_INPUT
    except LogCorruptionError as error:  # a game that cannot be set up from its damaged record
        _print({"error": {"code": "log_damaged", "message": str(error)}})
        return games.EXIT_REFUSED
    except (ConfigError, StoreError) as error:
        print(f"table-companion: {error}", file=sys.stderr)
        return games.EXIT_BAD_INPUT
