"""After the game: ``export``, ``history``, ``stats``, ``players``, ``backup`` and ``restore``.

Each prints one JSON object (``export`` of a text format prints the export itself unless ``-o``
names a file). Exit codes as the rest of the CLI: 0 done, 2 bad input (an unknown game or
player, an unfinished game's BG Stats export, a binary format without ``-o``, a file that is not a
backup; the error names it and nothing changed), 3 the database cannot be used where it is.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from companion import history, players, stats, transfer
from companion.errors import InputError
from companion.exports import bgg, bgstats, csv_export, pdf
from companion.i18n import _
from companion.store import LOCATION, Store

COMMANDS = ("export", "history", "stats", "players", "backup", "restore", "location")
GAME_FORMATS = ("pdf", "csv", "json", "bgstats", "bgstats-qr")
BINARY = ("pdf", "bgstats-qr")
HISTORY_FORMATS = ("csv", "json")
EXIT_OK, EXIT_BAD_INPUT = 0, 2
MAX_LOCATION = 64


def add_parsers(commands: Any) -> None:
    """The commands above, on the CLI's subparsers ``commands``."""
    export = commands.add_parser("export", help="export one game, or the whole history")
    export.add_argument("game_id", nargs="?")
    export.add_argument("--history", action="store_true", help="every finished/abandoned game")
    export.add_argument("--format", required=True, choices=GAME_FORMATS)
    export.add_argument("-o", "--output", type=Path, help="write to this file")
    for name, text in (("history", "finished and abandoned games"), ("stats", "statistics")):
        command = commands.add_parser(name, help=text)
        command.add_argument("--game", help="a game by its name (game list shows them)")
        command.add_argument("--player", metavar="NAME")
    people = commands.add_parser("players", help="the players the app knows")
    verbs = people.add_subparsers(dest="players_verb", required=True)
    verbs.add_parser("list", help="every player, the most recently played first")
    rename = verbs.add_parser("rename", help="give a player a new name, in every game")
    rename.add_argument("old")
    rename.add_argument("new")
    merge = verbs.add_parser("merge", help="make SOURCE's games TARGET's and forget SOURCE")
    merge.add_argument("source")
    merge.add_argument("target")
    dump = commands.add_parser("backup", help="copy the whole database to FILE (verified)")
    dump.add_argument("file", type=Path)
    load = commands.add_parser("restore", help="merge the games and players of backup FILE")
    load.add_argument("file", type=Path)
    place = commands.add_parser("location", help="where the table plays (for the exports)")
    place.add_argument("name", nargs="?", help="set it (an empty string clears it)")


def reading(args: argparse.Namespace) -> bool:
    """Whether the command only reads the database."""
    return (
        args.command in ("export", "history", "stats", "backup")
        or (args.command == "players" and args.players_verb == "list")
        or (args.command == "location" and args.name is None)
    )


def run(args: argparse.Namespace, store: Store) -> int:
    """Run one of :data:`COMMANDS`; :class:`InputError` for bad input (exit 2)."""
    if args.command == "export":
        return _export(args, store)
    if args.command == "history":
        plays = history.plays(store, game=args.game, player=args.player)
        _print({"plays": [play.as_dict() for play in plays]})
    elif args.command == "stats":
        plays = history.plays(store, game=args.game, player=args.player)
        name = None if args.player is None else players.find(store, args.player).name
        _print(stats.compute(plays, player=name))
    elif args.command == "players":
        _print(_players(args, store))
    elif args.command == "location":
        _print({"location": _location(args.name, store)})
    elif args.command == "backup":
        _print(transfer.export_to(store, args.file))
    else:
        _print(transfer.import_from(store, args.file))
    return EXIT_OK


def _players(args: argparse.Namespace, store: Store) -> dict[str, Any]:
    if args.players_verb == "list":
        return {"players": players.listing(store)}
    if args.players_verb == "rename":
        return {"renamed": players.rename(store, args.old, args.new)}
    return players.merge(store, args.source, args.target)


def _location(name: str | None, store: Store) -> str:
    if name is not None:
        place = name.strip()
        if len(place) > MAX_LOCATION or not place.isprintable():
            raise InputError(
                "invalid_value",
                _("location: expected at most {max} printable characters").format(max=MAX_LOCATION),
            )
        store.set_setting(*LOCATION, place)
    return str(store.get_setting(*LOCATION, "") or "")


def _export(args: argparse.Namespace, store: Store) -> int:
    if args.history == (args.game_id is not None):
        raise InputError("invalid_value", _("export: name a GAME_ID or --history, not both"))
    if args.history:
        if args.format not in HISTORY_FORMATS:
            raise InputError(
                "invalid_value",
                _("--format: the history exports as csv or json, not {format}").format(
                    format=args.format
                ),
            )
        plays = list(history.plays(store))
        if args.format == "csv":
            content: str | bytes = csv_export.history(plays)
        else:
            content = _json({"plays": [play.as_dict() for play in plays]})
    else:
        if args.format in BINARY and args.output is None:
            raise InputError(
                "missing_output",
                _("--output: the {format} format is binary; name a file with -o FILE").format(
                    format=args.format
                ),
            )
        content = _game_export(store, args.game_id, args.format)
    if args.output is None:
        sys.stdout.write(content if isinstance(content, str) else content.decode())
        return EXIT_OK
    data = content.encode() if isinstance(content, str) else content
    try:
        args.output.write_bytes(data)
    except OSError as error:
        raise InputError(
            "invalid_value",
            _("--output: cannot write {path}: {reason}").format(
                path=args.output, reason=error.strerror
            ),
        ) from None
    _print({"format": args.format, "file": str(args.output), "bytes": len(data)})
    return EXIT_OK


def _game_export(store: Store, game_id: str, format: str) -> str | bytes:
    play = history.load_play(store, game_id)
    if format == "pdf":
        return pdf.render(play)
    if format == "bgstats-qr":
        return bgstats.qr_png(play)
    if format == "bgstats":
        return _json(bgstats.payload(play))
    if format == "csv":
        return csv_export.one_game(play)
    exported = {
        **play.as_dict(),
        "sheet": play.sheet.as_dict(),
        "bgg": bgg.fields(play, history.first_plays(store, play)),
        "bgstats": bgstats.payload(play) if play.finished else None,
        "bgstats_link": bgstats.link(play) if play.finished else None,
    }
    return _json(exported)


def _json(value: Any) -> str:
    return json.dumps(value, indent=2, ensure_ascii=False) + "\n"


def _print(value: Any) -> None:
    print(json.dumps(value, indent=2))
