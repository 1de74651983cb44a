"""After the game: ``export``, ``history``, ``stats``, ``players``, ``backup`` and ``restore``:
their arguments (:mod:`companion.cli.after_game_commands` runs them, imported only for them: the
exports' libraries, fpdf2 and segno, are not loaded to start the app).

Each prints one JSON object (``export`` of a text format prints the export itself unless ``-o``
names a file). Exit codes as the rest of the CLI: 0 done, 2 bad input (an unknown game or
player, an unfinished game's BG Stats export, a binary format without ``-o``, a file that is not a
backup; the error names it and nothing changed), 3 the database cannot be used where it is.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from companion.cli.command_words import AFTER_GAME_COMMANDS
from companion.cli.help_text import GamesHelp

COMMANDS = AFTER_GAME_COMMANDS
GAME_FORMATS = ("pdf", "csv", "json", "bgstats", "bgstats-qr")
BINARY = ("pdf", "bgstats-qr")
HISTORY_FORMATS = ("csv", "json")
CSV_STYLES = ("spreadsheet", "plain")
SEPARATORS = ("comma", "semicolon", "tab")
EXIT_OK, EXIT_BAD_INPUT = 0, 2


def add_parsers(commands: Any) -> None:
    """The commands above, on the CLI's subparsers ``commands``."""
    export = commands.add_parser("export", help="export one game, or the whole history")
    export.add_argument(
        "game_id", nargs="?", help="a stored game's id (game list shows them); or --history"
    )
    export.add_argument("--history", action="store_true", help="every finished/abandoned game")
    export.add_argument("--format", required=True, choices=GAME_FORMATS)
    export.add_argument("-o", "--output", type=Path, help="write to this file")
    export.add_argument(
        "--csv-style",
        choices=CSV_STYLES,
        help="csv for a spreadsheet (BOM, the language's separator and words; the default with -o)"
        " or plain (the default on stdout)",
    )
    export.add_argument(
        "--separator",
        choices=SEPARATORS,
        help="the spreadsheet csv's separator (default: the language's: semicolon for de/pl/es)",
    )
    for name, text in (("history", "finished and abandoned games"), ("stats", "statistics")):
        command = commands.add_parser(name, help=text)
        command.add_argument("--game", help=GamesHelp("only this game: "))
        command.add_argument("--player", metavar="NAME")
    people = commands.add_parser("players", help="the players the app knows")
    verbs = people.add_subparsers(dest="players_verb", required=True)
    verbs.add_parser("list", help="every player, the most recently played first")
    rename = verbs.add_parser("rename", help="give a player a new name, in every game")
    rename.add_argument("old", help="the player's name now (players list shows them)")
    rename.add_argument("new", help="the new name, 1 to 24 characters")
    merge = verbs.add_parser("merge", help="make SOURCE's games TARGET's and forget SOURCE")
    merge.add_argument("source", help="the player whose games move, then forgotten")
    merge.add_argument("target", help="the player who gets them")
    dump = commands.add_parser("backup", help="copy the whole database to FILE (verified)")
    dump.add_argument("file", type=Path, help="the backup to write (one that exists is refused)")
    load = commands.add_parser("restore", help="merge the games and players of backup FILE")
    load.add_argument("file", type=Path, help="a backup table-companion backup wrote")
    place = commands.add_parser("location", help="where the table plays (for the exports)")
    place.add_argument("name", nargs="?", help="set it (an empty string clears it)")


def reading(args: argparse.Namespace) -> bool:
    """Whether the command only reads the database."""
    return (
        args.command in ("export", "history", "stats", "backup")
        or (args.command == "players" and args.players_verb == "list")
        or (args.command == "location" and args.name is None)
    )
