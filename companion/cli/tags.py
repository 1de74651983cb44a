"""``table-companion tags list|forget TAG|export FILE|import FILE|enrol GAME``: enrolled RFID tags.

``list`` prints ``{"tags": {TAG: CARD}}``; ``forget`` ``{"tag", "forgotten"}`` (exit 2
``unknown_tag`` when the tag was not enrolled); ``export``/``import`` a tag file
(:mod:`companion.play.tag_files`). ``enrol`` walks a game's deck over the card scanner: it is the
hardware's command (:data:`companion.cli.commands.TAGS_ENROL`), run here when installed.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from companion.cli.commands import Command
from companion.installation.errors import InputError
from companion.installation.i18n import _
from companion.play.tag_files import export_tags, import_tags
from companion.store import Store

READING_VERBS = ("list", "export")


def add_parser(commands: Any, enrol: Command | None) -> None:
    """The ``tags`` command and its verbs; ``enrol`` when the scanner's command is installed."""
    tags = commands.add_parser(
        "tags", help="enrolled RFID tags: list, forget, export, import, enrol"
    )
    verbs = tags.add_subparsers(dest="tags_verb", required=True)
    verbs.add_parser("list", help="every enrolled tag and its card")
    verbs.add_parser("forget", help="forget one tag's enrolment").add_argument(
        "tag", help="the tag as the scanner reads it (tags list shows them)"
    )
    verbs.add_parser("export", help="write every enrolled tag to a JSON file").add_argument(
        "file", type=Path, help="the JSON file to write"
    )
    verbs.add_parser(
        "import", help="enrol every tag of a JSON file (all or none: a conflict changes nothing)"
    ).add_argument("file", type=Path, help="a file tags export wrote")
    if enrol is not None:
        enrol.add_arguments(verbs.add_parser("enrol", help=enrol.help))


def run(args: argparse.Namespace, store: Store) -> dict[str, Any]:
    """The JSON answer to ``tags list|forget|export|import``; :class:`InputError` for bad input."""
    if args.tags_verb == "list":
        return {"tags": store.enrolled_tags()}
    if args.tags_verb == "forget":
        if not store.forget_tag(args.tag):
            raise InputError(
                "unknown_tag", _("tag: {tag} is not enrolled.").format(tag=repr(args.tag))
            )
        return {"tag": args.tag, "forgotten": True}
    if args.tags_verb == "export":
        return {"file": str(args.file), "exported": export_tags(store, args.file)}
    return {"file": str(args.file), **import_tags(store, args.file)}
