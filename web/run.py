"""Runs the phones' web server (uvicorn) until it is stopped or the table turns phones off."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
from pathlib import Path

import uvicorn

from companion.installation import phones
from companion.store import StoreError
from web.reading import ReadingStore
from web.server import Table, make_app
from web.watch import Watch

_log = logging.getLogger(__name__)

MAX_HEAD_BYTES = 4096
"""A request line and headers longer than this are refused (400)."""
EXIT_OK, EXIT_STORAGE = 0, 3


class _OneLineForBadRequests(logging.Filter):
    """A malformed or oversized request (answered 4xx) is a line in the journal, not a traceback."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info and "Invalid HTTP request" in str(record.msg):
            record.exc_info = None
        return True


def _shown_host(host: str) -> str:
    return phones.table_address() if host in ("0.0.0.0", "::", "") else host


def _listening(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    listener = socket.socket(family, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind((host, port))
    listener.listen(128)
    listener.set_inheritable(True)
    return listener


async def serve(database: Path, host: str, port: int) -> int:
    """Serve until SIGTERM/SIGINT or until the token file is gone (phones off); the exit code."""
    logging.getLogger("uvicorn.error").addFilter(_OneLineForBadRequests())
    try:
        store = ReadingStore.open_read_only(database)
    except StoreError as error:
        print(f"table-companion: {error}", flush=True)
        return EXIT_STORAGE
    watch = Watch(database, lambda: phones.read_token(database))
    try:
        listener = _listening(host, port)
    except OSError as error:
        store.close()
        print(f"table-companion: cannot listen on {host}:{port}: {error.strerror}", flush=True)
        return EXIT_STORAGE
    table = Table(store, watch)
    config = uvicorn.Config(
        make_app(table),
        log_level="warning",
        access_log=False,
        lifespan="off",
        http="h11",
        ws="none",
        loop="asyncio",
        server_header=False,
        h11_max_incomplete_event_size=MAX_HEAD_BYTES,
        timeout_graceful_shutdown=1,
        proxy_headers=False,
    )
    server = uvicorn.Server(config)
    watch.start()
    print(phones.join_link(_shown_host(host), listener.getsockname()[1], watch.current_token or ""),
          flush=True)  # fmt: skip

    async def until_off() -> None:
        while watch.current_token is not None:
            await asyncio.sleep(0.5)
        _log.info("phones turned off: the web view stops")
        server.should_exit = True

    stopper = asyncio.get_running_loop().create_task(until_off())
    try:
        await server.serve(sockets=[listener])
    finally:
        stopper.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await stopper
        await watch.stop()
        table.store.close()
        listener.close()
    return EXIT_OK
