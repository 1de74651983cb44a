"""The whole command line of ``table-companion``: the parser and the dispatch to each command's
module (:func:`main`). The app's plain start goes round it (:mod:`companion.cli.start`).

The app and ``scanner-test`` are not the core's: they are commands other packages install
(:mod:`companion.cli.commands`), so this package imports neither ``ui`` nor ``hardware``."""

from __future__ import annotations

import argparse
import io
import logging
import sys
from collections.abc import Sequence
from contextlib import ExitStack
from functools import cache
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from companion.cli import after_game, games, language, output, rules, rules_forms
from companion.cli import commands as installed_commands
from companion.cli import labels as labels_cli
from companion.cli import settings as settings_cli
from companion.cli import tags as tags_cli
from companion.cli.command_words import CORE_COMMANDS
from companion.cli.start import add_table_options, print_utf8, reported, store_opener
from companion.installation.config import ConfigError, ConfigSource, load_config, read_config
from companion.installation.errors import InputError, LogCorruptionError
from companion.installation.i18n import set_language, system_language
from companion.rules.registry import GAMES
from companion.store import Store, StoreError

if TYPE_CHECKING:
    from companion.play.session import Outcome

_log = logging.getLogger(__name__)


def _parser(
    added: dict[str, installed_commands.Command], *, helping: bool = True
) -> argparse.ArgumentParser:
    """The command line; ``helping``: its help will be printed. Only then are every game's name
    and title in it (listing the games reads every installed package's metadata)."""
    titles = ", ".join(spec.title() for spec in GAMES.values()) if helping else "its games"
    names = ", ".join(GAMES) if helping else "a game's name"
    parser = argparse.ArgumentParser(
        prog="table-companion",
        description=f"Tracks, arbitrates and scores {titles} at the table, and answers their "
        "rules questions.",
    )
    add_table_options(parser)
    commands = parser.add_subparsers(dest="command")

    rules_forms.add_parser(commands, names)

    game = commands.add_parser("game", help="track a game, one logged action per command")
    verbs = game.add_subparsers(dest="verb", required=True)
    new = verbs.add_parser("new", help="start a game")
    new.add_argument("game", help=f"the game: {names}")
    new.add_argument(
        "--player", action="append", required=True, metavar="NAME:COLOUR", help="in seat order"
    )
    new.add_argument(
        "--start", default="0", help="seat of the start player, counted from 0 (default 0)"
    )
    new.add_argument(
        "--ruling",
        action="append",
        default=[],
        metavar="RULING=ALTERNATIVE",
        help="a house rule for this game, as rules rulings GAME lists them (repeatable)",
    )
    verbs.add_parser("list", help="every stored game")
    for verb, text in (
        ("show", "what the app believes"),
        ("legal", "the legal actions now"),
        ("log", "every log entry: time, kind, player, action; undos name what they undid"),
        ("now", "what can be done now, and the rule behind each option that cannot"),
    ):
        verbs.add_parser(verb, help=text).add_argument("game_id", help=_GAME_ID_HELP)
    seq_help = (
        f"the sequence number you last saw, or {games.LATEST!r}: the game's number when the "
        "command reads it (unsafe when several people or devices enter moves)"
    )
    act = verbs.add_parser("act", help="submit one action (JSON)")
    act.add_argument("game_id", help=_GAME_ID_HELP)
    act.add_argument("seq", help=seq_help)
    act.add_argument("action", help="the action as a JSON object")
    act.add_argument("--compact", action="store_true", help=_COMPACT_HELP)
    act.add_argument("--explain", action="store_true", help=_EXPLAIN_HELP)
    scan = verbs.add_parser(
        "scan", help="scanned tags, as the screen takes them: the move they make now, or why none"
    )
    scan.add_argument("game_id", help=_GAME_ID_HELP)
    scan.add_argument("seq", help=seq_help)
    scan.add_argument(
        "tag",
        nargs="+",
        help="what the scanner read: a card id or an enrolled RFID tag; several build one move",
    )
    scan.add_argument(
        "--with",
        dest="given",
        metavar="JSON",
        help="the fields a tap chooses, as a partial action, e.g. "
        '{"kind": "load", "onto": {"animal": "camel", "number": 1}}',
    )
    scan.add_argument(
        "--check", action="store_true", help="submit nothing: say what the move would get"
    )
    scan.add_argument("--compact", action="store_true", help=_COMPACT_HELP)
    for verb in ("undo", "redo"):
        step = verbs.add_parser(verb, help=f"{verb} the last action")
        step.add_argument("game_id", help=_GAME_ID_HELP)
        step.add_argument("seq", help=seq_help)
        step.add_argument("--compact", action="store_true", help=_COMPACT_HELP)
    sheet = verbs.add_parser("sheet", help="the score sheet")
    sheet.add_argument("game_id", help=_GAME_ID_HELP)
    sheet.add_argument("--format", choices=("json", "csv"), default="json")

    settings_cli.add_parser(commands)
    after_game.add_parsers(commands)
    labels_cli.add_parser(commands)
    tags_cli.add_parser(commands, added.get(installed_commands.TAGS_ENROL))

    for name, command in added.items():
        if name == installed_commands.TAGS_ENROL:
            continue  # a verb of ``tags``
        command.add_arguments(commands.add_parser(name, help=command.help))
    for sub in every_parser(parser)[1:]:
        add_table_options_after_command(sub)
    parser.add_argument("--version", action="version", version=_VersionText("%(prog)s "))
    return parser


@cache
def core_parser() -> argparse.ArgumentParser:
    """The command line for a core command (no installed command, no help printed), made once
    per process: parsing leaves a parser as it was, and making it is most of a command's own
    start (the resident makes it before any command: :mod:`companion.cli.resident`)."""
    return _parser({}, helping=False)


def every_parser(parser: argparse.ArgumentParser) -> list[argparse.ArgumentParser]:
    """``parser`` and every parser under it (each command's and sub-command's), parents first."""
    found = [parser]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                if all(sub is not seen for seen in found):
                    found.extend(every_parser(sub))
    return found


def add_table_options_after_command(parser: argparse.ArgumentParser) -> None:
    """``--db`` and ``--config`` after the command too, as ``--lang`` is (given there, they win)."""
    taken = {option for action in parser._actions for option in action.option_strings}
    if "--db" in taken or "--config" in taken:
        return
    parser.add_argument("--config", type=Path, default=argparse.SUPPRESS, help="config file (TOML)")
    parser.add_argument(
        "--db", type=Path, default=argparse.SUPPRESS, help="game database (overrides the config)"
    )


def _chosen_parser(
    parser: argparse.ArgumentParser, args: argparse.Namespace
) -> argparse.ArgumentParser:
    """The parser of the (sub-)command ``args`` names, for its usage in an error."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            name = getattr(args, action.dest, None)
            if name is not None:
                return _chosen_parser(action.choices[name], args)
    return parser


class _VersionText(str):
    """``--version``'s text: the installed version is read (from the package's metadata) only
    when it is printed; argparse fills the text in with ``%``."""

    def __mod__(self, values: Any) -> str:
        return f"{str.__mod__(self, values)}{_version()}"


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("table-companion")
    except PackageNotFoundError:  # a checkout run without an install
        return "(not installed)"


_GAME_ID_HELP = "a stored game's id (game list shows them; game new prints it)"


_COMPACT_HELP = "print the verdict, game_id, game, seq, to_move and over: not the state"
_EXPLAIN_HELP = "a refusal's verdict also carries its explanation (as rules explain prints it)"


def _print(value: Any) -> None:
    print(output.dumps(value))


def _game_command(args: argparse.Namespace, store: Store) -> int:
    if args.verb == "new":
        _print(games.new_game(store, args.game, args.player, args.start, args.ruling))
        return games.EXIT_OK
    if args.verb == "list":
        _print(games.summaries(store))
        return games.EXIT_OK
    session = games.open_session(store, args.game_id)
    if args.verb == "show":
        _print(games.describe(session))
    elif args.verb == "legal":
        _print(games.legal(session))
    elif args.verb == "log":
        _print(games.log(session))
    elif args.verb == "now":
        _print(games.now(session))
    elif args.verb == "sheet":
        sheet = session.score_sheet()
        print(sheet.to_csv() if args.format == "csv" else output.dumps(sheet.as_dict()))
    else:
        if args.verb == "act":
            outcome = games.act(session, args.seq, args.action)
        elif args.verb == "scan":
            from companion.cli import scan as scan_cli

            move, outcome = scan_cli.scan(
                store, session, args.seq, args.tag, given=args.given, check=args.check
            )
            _say_not_kept(outcome)
            report, code = games.outcome_report(session, outcome, compact=args.compact)
            _print({**scan_cli.described(move), **report})
            return code
        else:
            outcome = games.step(session, args.verb, args.seq)
        _say_not_kept(outcome)
        report, code = games.outcome_report(
            session, outcome, compact=args.compact, explain=getattr(args, "explain", False)
        )
        _print(report)
        return code
    return games.EXIT_OK


def _say_not_kept(outcome: Outcome) -> None:
    """Say on standard error what an accepted action taught but the table could not keep."""
    if outcome.not_kept is not None:
        print(f"table-companion: not kept for the table: {outcome.not_kept}", file=sys.stderr)


def _question_source(
    parser: argparse.ArgumentParser, path: str | None, opened: ExitStack
) -> IO[bytes]:
    """The FILE of a rules question (as argparse's FileType opens it), else standard input."""
    if path is None or path == "-":
        return sys.stdin.buffer if sys.stdin else io.BytesIO()
    try:
        return opened.enter_context(open(path, "rb"))
    except OSError as error:
        parser.error(f"argument file: can't open '{path}': {error}")


def _rules_reference(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``rules explain GAME CODE``, ``rules rulings GAME`` and ``rules reference GAME``: they read
    no JSON."""
    form = getattr(args, rules_forms.FORM)
    if form == rules.REFERENCE:
        _print(rules.reference(args.game, args.section))
    elif form == rules.EXPLAIN:
        if args.code is None:
            parser.error("rules explain: expected GAME CODE")
        _print(rules.explain(args.game, args.code))
    else:
        _print(rules.rulings(args.game))
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
            store = opened.enter_context(Store.open(path, reading=True))
            if store.notice:
                print(store.notice, file=sys.stderr)
            stores.append(store)
        return stores[0].list_settings(game)

    return read


def _checked_config(path: Path | None) -> ConfigSource:
    """The config file checked whole against its schema, as every core command checks it first;
    with no file there is nothing to check (the defaults hold), and the schema (pydantic) is not
    loaded for it: the core's commands read no more than the database's path."""
    read = read_config(path)
    return read if read.source is None else read.checked()


def _named_command(argv: Sequence[str]) -> str | None:
    """The command ``argv`` names: its first word that is no option (or an option's value)."""
    options = argparse.ArgumentParser(add_help=False, exit_on_error=False)
    add_table_options(options)
    try:
        _known, rest = options.parse_known_args(list(argv))
    except argparse.ArgumentError:
        return None
    return next((word for word in rest if not word.startswith("-")), None)


def _asks_for_help(argv: Sequence[str]) -> bool:
    """Whether ``argv`` holds ``-h`` or ``--help`` (or a prefix of it argparse takes for it)."""
    return any(word == "-h" or (len(word) >= 3 and "--help".startswith(word)) for word in argv)


def main(argv: Sequence[str]) -> int:
    """Run the command ``argv`` names (the arguments after ``table-companion``): its exit code."""
    print_utf8()
    core = _named_command(argv) in CORE_COMMANDS
    helping = _asks_for_help(argv)
    if core and not helping:
        added, parser = {}, core_parser()
    else:
        added = {} if core else installed_commands.installed()
        parser = _parser(added, helping=helping)
    try:
        argv, code = language.take_language(argv)
    except language.LanguageOptionError as error:
        parser.error(str(error))
    set_language(code or system_language())
    args, unknown = parser.parse_known_args(argv)
    if unknown:  # reported with the usage of the command they were given to
        _chosen_parser(parser, args).error(f"unrecognized arguments: {' '.join(unknown)}")
    if (args.command or installed_commands.APP) != installed_commands.APP:
        # the app logs through Kivy's handlers (stderr, the journal)
        logging.basicConfig(format="table-companion: %(levelname)s: %(name)s: %(message)s")
    _log.debug("command: %s %s", args.command or "app", getattr(args, "verb", "") or "")
    try:
        if args.command == "rules":
            form = getattr(args, rules_forms.FORM, None)
            if form is None:
                _chosen_parser(parser, args).error(
                    "expected GAME QUESTION, or explain, rulings or reference"
                )
            if form in (rules.EXPLAIN, rules.RULINGS, rules.REFERENCE):
                return _rules_reference(_chosen_parser(parser, args), args)
            with ExitStack() as opened:
                settings = _settings_reader(args, opened)
                source = _question_source(_chosen_parser(parser, args), args.file, opened)
                return rules.run(form, args.question, source, settings=settings)
        if args.command == "labels":
            _print(labels_cli.run(args))
            return games.EXIT_OK
        name = args.command or installed_commands.APP
        if args.command == "tags" and args.tags_verb == "enrol":
            name = installed_commands.TAGS_ENROL
        if name in added:  # as Command.run says: checked whole, defaults too
            checked = load_config(args.config)
            return added[name].run(args, checked, store_opener(args, checked))
        config = _checked_config(args.config)
        if args.command is None:
            raise ConfigError(
                "the touchscreen app is not installed: only the commands listed by --help work here"
            )
        reading = (
            (args.command == "game" and args.verb in games.READING_VERBS)
            or (args.command == "settings" and args.settings_verb in settings_cli.READING_VERBS)
            or (args.command in after_game.COMMANDS and after_game.reading(args))
            or (args.command == "tags" and args.tags_verb in tags_cli.READING_VERBS)
        )
        with store_opener(args, config, reading=reading)() as store:
            if args.command == "settings":
                _print(settings_cli.run(args, store))
                return games.EXIT_OK
            if args.command in after_game.COMMANDS:
                from companion.cli import after_game_commands  # fpdf2, segno: for these only

                return after_game_commands.run(args, store)
            if args.command == "tags":
                _print(tags_cli.run(args, store))
                return games.EXIT_OK
            return _game_command(args, store)
    except InputError as error:
        _log.debug("malformed input: %s", error.code)
        _print(error.as_dict())
        return games.EXIT_BAD_INPUT
    except LogCorruptionError as error:  # a game that cannot be set up from its damaged record
        _print({"error": {"code": "log_damaged", "message": str(error)}})
        return games.EXIT_REFUSED
    except (ConfigError, StoreError) as error:
        return reported(error)
