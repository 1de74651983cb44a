"""``table-companion serve [--host H] [--port P]``: the phones' web view (entry point of the group
``table_companion.commands``). Its first line on standard output is the join link,
``http://HOST:PORT/?t=TOKEN``; it stops by itself when the table turns phones off.

Importing this module imports no web library: ``serve`` imports Starlette and uvicorn when it runs.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from pathlib import Path

from companion.cli.commands import Command, OpenStore
from companion.installation import phones
from companion.installation.config import ConfigSource

_log = logging.getLogger(__name__)

EXIT_OK, EXIT_BAD_INPUT, EXIT_STORAGE = 0, 2, 3
ANY_ADDRESS = ("0.0.0.0", "::", "")


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--host", default="0.0.0.0", help="the address to listen on (default: every interface)"
    )
    parser.add_argument(
        "--port",
        type=int,
        default=phones.DEFAULT_PORT,
        help=f"the port (default {phones.DEFAULT_PORT}; 0: any free one)",
    )


def _serve(args: argparse.Namespace, config: ConfigSource, _open_store: OpenStore) -> int:
    database = Path(args.db or config.database)
    if not 0 <= args.port <= 65535:
        print(f"--port: expected 0 to 65535, got {args.port}", file=sys.stderr)
        return EXIT_BAD_INPUT
    if not database.is_file():
        print(f"no game database at {database}: start the app once first", file=sys.stderr)
        return EXIT_STORAGE
    token = phones.read_token(database)
    if token is None:  # by hand, phones off: turning them on is what serve is for
        try:
            token = phones.new_token(database)
        except OSError as error:
            print(
                f"phones are off and {phones.token_path(database)} cannot be written "
                f"({error.strerror}): turn phones on in Settings → Phones",
                file=sys.stderr,
            )
            return EXIT_STORAGE
    from web.run import serve  # Starlette, uvicorn: only for this command

    return asyncio.run(serve(database, args.host, args.port))


SERVE = Command(
    help="show the table on phones: a read-only web view (prints the join link first)",
    run=_serve,
    add_arguments=_arguments,
    own_parser=True,  # the web process stays small: no other command's parser or module
)
