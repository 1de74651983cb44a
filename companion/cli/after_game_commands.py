"""Running the commands of :mod:`companion.cli.after_game` (see there)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from companion import history, players, stats, transfer
from companion.cli.after_game import BINARY, EXIT_OK, HISTORY_FORMATS
from companion.errors import InputError
from companion.exports import bgg, bgstats, csv_export, pdf
from companion.i18n import _
from companion.session import LogCorruptionError, Session
from companion.store import LOCATION, Store, StoreError

MAX_LOCATION = 64


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
    _repair_if_damaged(store, game_id)
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


def _repair_if_damaged(store: Store, game_id: str) -> None:
    """A game whose log is damaged is repaired from a backup before it is exported, as opening it
    does (:mod:`companion.game_repair`); what came back and what was lost goes to stderr."""
    try:
        if store.load(game_id).damage is None:
            return
        session = Session.resume(store, game_id, repair=True)
    except (StoreError, LogCorruptionError):
        return  # loading the play says what is wrong
    if session.repaired is not None:
        print(f"table-companion: {session.repaired.sentence()}", file=sys.stderr)


def _json(value: Any) -> str:
    return json.dumps(value, indent=2, ensure_ascii=False) + "\n"


def _print(value: Any) -> None:
    print(json.dumps(value, indent=2))
