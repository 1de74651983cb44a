"""``table-companion labels GAME [-o FILE.pdf] [--size a4|letter]``: sticker labels to print.

Prints ``{"game", "file", "size", "labels", "pages"}``; an unknown game exits 2 naming it and
writes nothing. See :mod:`companion.play.labels`."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from companion.cli.help_text import GamesHelp
from companion.installation.errors import InputError
from companion.play.labels import SHEETS, page_count, write_pdf


def add_parser(commands: Any) -> None:
    """The ``labels`` command, on the CLI's subparsers ``commands``."""
    labels = commands.add_parser(
        "labels", help="a PDF of sticker labels (QR code, name, id), one per physical card"
    )
    labels.add_argument("game", help=GamesHelp("the game: "))
    labels.add_argument("-o", "--output", type=Path, help="the PDF (default GAME-labels.pdf)")
    labels.add_argument("--size", choices=tuple(SHEETS), default="a4", help="the label sheet")


def run(args: argparse.Namespace) -> dict[str, Any]:
    path: Path = args.output or Path(f"{args.game}-labels.pdf")
    try:
        count = write_pdf(args.game, path, args.size)
    except OSError as error:
        raise InputError("unwritable_file", f"output: {path}: {error.strerror}") from None
    return {
        "game": args.game,
        "file": str(path),
        "size": args.size,
        "labels": count,
        "pages": page_count(count, args.size),
    }
