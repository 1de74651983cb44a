"""Running the commands of :mod:`companion.cli.after_game` (see there)."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from companion.after import history, players, printed
from companion.after.exports import table_facts
from companion.cli import output, printing
from companion.cli.after_game import BINARY, EXIT_OK, HISTORY_FORMATS
from companion.installation.errors import InputError, LogCorruptionError
from companion.installation.files import write_or_refuse
from companion.installation.i18n import _
from companion.store import LOCATION, Store, StoreError

if TYPE_CHECKING:
    from companion.after.exports import csv_export

MAX_LOCATION = 64


def run(args: argparse.Namespace, store: Store) -> int:
    """Run one of :data:`COMMANDS`; :class:`InputError` for bad input (exit 2)."""
    if args.command == "export":
        return _export(args, store)
    if args.command == "history":  # the text kept while its inputs are unchanged
        printing.print_text(printed.history_printed(store, game=args.game, player=args.player))
    elif args.command == "stats":
        print(printed.stats_text(store, game=args.game, player=args.player))
    elif args.command == "players":
        _print(_players(args, store))
    elif args.command == "location":
        _print({"location": _location(args.name, store)})
    else:
        from companion.after import transfer  # the rules' machinery: to check a backup's games

        if args.command == "backup":
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
    from companion.after.exports import csv_export  # exports load for export only (fpdf2, segno)

    if args.history and args.game_id is not None:
        raise InputError("invalid_value", _("export: name a GAME_ID or --history, not both"))
    if not args.history and args.game_id is None:
        raise InputError(
            "invalid_value", _("export: name a GAME_ID (game list shows them) or --history")
        )
    if args.history:
        if args.format not in HISTORY_FORMATS:
            raise InputError(
                "invalid_value",
                _("--format: the history exports as csv or json, not {format}").format(
                    format=args.format
                ),
            )
        plays = list(history.plays(store))
        told: dict[str, Any] = {}
        if args.format == "csv":
            content: str | bytes = csv_export.history(plays, _csv_style(args, store))
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
        content, told = _game_export(store, args.game_id, args.format, _csv_style(args, store))
    if args.output is None:
        sys.stdout.write(content if isinstance(content, str) else content.decode())
        return EXIT_OK
    data = content.encode() if isinstance(content, str) else content
    write_or_refuse(args.output, data, "--output")
    _print({"format": args.format, "file": str(args.output), "bytes": len(data), **told})
    return EXIT_OK


def _csv_style(args: argparse.Namespace, store: Store) -> csv_export.CsvStyle:
    """Plain on stdout, for spreadsheets in a file, unless ``--csv-style`` says."""
    from companion.after.exports import csv_export

    style = args.csv_style or ("plain" if args.output is None else "spreadsheet")
    if style == "plain":
        if args.separator not in (None, "comma"):
            raise InputError(
                "invalid_value",
                _("--separator: the plain csv is separated by commas; add --csv-style spreadsheet"),
            )
        return csv_export.PLAIN
    return csv_export.spreadsheet(args.separator, table_facts.read(store))


def _game_export(
    store: Store, game_id: str, format: str, style: csv_export.CsvStyle
) -> tuple[str | bytes, dict[str, Any]]:
    """The export, and what the answer to ``-o`` adds about it (a QR code's version and what
    its link leaves out)."""
    _repair_if_damaged(store, game_id)
    play = history.load_play(store, game_id)
    table = table_facts.read(store)
    # each format loads only its own library: fpdf2 for the PDF, segno for BG Stats' codes
    if format == "pdf":
        from companion.after.exports import pdf

        not_printed = pdf.missing(play)
        if not_printed:
            print(f"table-companion: {pdf.placeholder_note()}", file=sys.stderr)
        return pdf.render(play, table), {"placeholder": pdf.PLACEHOLDER, "not_printed": not_printed}
    if format == "csv":
        from companion.after.exports import csv_export

        return csv_export.one_game(play, style), {}
    from companion.after.exports import bgg, bgstats

    if format == "bgstats-qr":
        pushed = bgstats.push(play, table)
        told = {"qr_version": pushed.version, "left_out": list(pushed.left_out)}
        if pushed.left_out:
            print(f"table-companion: {pushed.notice()}", file=sys.stderr)
        return bgstats.png(pushed), told
    if format == "bgstats":
        return _json(bgstats.payload(play, table)), {}
    pushed_play = bgstats.push(play, table) if play.finished else None
    exported = {
        **play.as_dict(),
        "sheet": play.sheet.as_dict(),
        "bgg": bgg.fields(play, history.first_plays(store, play), table),
        "bgstats": bgstats.payload(play, table) if play.finished else None,
        "bgstats_link": None if pushed_play is None else pushed_play.link,
        "bgstats_left_out": None if pushed_play is None else list(pushed_play.left_out),
    }
    return _json(exported), {}


def _repair_if_damaged(store: Store, game_id: str) -> None:
    """A game whose log is damaged is repaired from a backup before it is exported, as opening it
    does (:mod:`companion.storage.game_repair`); what came back and what was lost goes to stderr."""
    from companion.play.session import Session

    try:
        if store.load(game_id).damage is None:
            return
        session = Session.resume(store, game_id, repair=True)
    except (StoreError, LogCorruptionError):
        return  # loading the play says what is wrong
    if session.repaired is not None:
        print(f"table-companion: {session.repaired.sentence()}", file=sys.stderr)


def _json(value: Any) -> str:
    return output.dumps(value) + "\n"


def _print(value: Any) -> None:
    print(output.dumps(value))
