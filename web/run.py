"""Runs the phones' web server until it is stopped or the table turns phones off."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from pathlib import Path

from aiohttp import http_exceptions, web

from companion import phones
from companion.store import StoreError
from web.server import WATCH, make_app

_log = logging.getLogger(__name__)

MAX_LINE_BYTES = 2048
MAX_FIELD_BYTES = 4096
EXIT_OK, EXIT_STORAGE = 0, 3


class _OneLineForBadRequests(logging.Filter):
    """A malformed or oversized request (answered 4xx) is a line in the journal, not a traceback."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info and isinstance(record.exc_info[1], http_exceptions.HttpProcessingError):
            record.msg = f"{record.msg}: {record.exc_info[1].message}"
            record.exc_info = None
            record.levelno, record.levelname = logging.INFO, "INFO"
        return record.levelno >= logging.WARNING or _log.isEnabledFor(record.levelno)


def _shown_host(host: str) -> str:
    return phones.table_address() if host in ("0.0.0.0", "::", "") else host


async def serve(database: Path, host: str, port: int) -> int:
    """Serve until SIGTERM/SIGINT or until the token file is gone (phones off); the exit code."""
    logging.getLogger("aiohttp.server").addFilter(_OneLineForBadRequests())
    app = make_app(database)
    runner = web.AppRunner(
        app,
        handle_signals=False,
        access_log=None,
        max_line_size=MAX_LINE_BYTES,
        max_field_size=MAX_FIELD_BYTES,
        shutdown_timeout=1.0,
    )
    try:
        await runner.setup()
    except StoreError as error:
        print(f"table-companion: {error}", flush=True)
        return EXIT_STORAGE
    try:
        site = web.TCPSite(runner, host, port, backlog=128)
        await site.start()
        bound = runner.addresses[0][1]
        token = app[WATCH].current_token or ""
        print(phones.join_link(_shown_host(host), bound, token), flush=True)
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for number in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(number, stop.set)
        while not stop.is_set() and app[WATCH].current_token is not None:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), 0.5)
        if app[WATCH].current_token is None:
            _log.info("phones turned off: the web view stops")
    finally:
        await runner.cleanup()
    return EXIT_OK
