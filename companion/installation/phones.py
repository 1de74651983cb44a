"""The table's join link for phones (the read-only web view, package ``web``): on or off, and the
random token every link carries.

The token lives in a small file beside the game database (``<database>.phones``, readable by the
owner and its group only): the app writes it when the table turns phones on or asks for a new link,
and deletes it to turn them off; the web process only reads it, so a new link or "off" invalidates
every older link at once. No file: phones are off.
"""

from __future__ import annotations

import ipaddress
import itertools
import logging
import os
import secrets
import socket
from pathlib import Path

_log = logging.getLogger(__name__)

SUFFIX = ".phones"
TOKEN_BYTES = 24
"""Random bytes in a token (32 characters of URL-safe Base64)."""
DEFAULT_PORT = 8080


def token_path(database: Path) -> Path:
    """Where the token of the table whose games are in ``database`` is kept."""
    return database.with_name(database.name + SUFFIX)


def read_token(database: Path) -> str | None:
    """The current token, or None when phones are off (or the file cannot be read)."""
    try:
        text = token_path(database).read_text(encoding="ascii").strip()
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as error:
        _log.warning("phones' token %s cannot be read: %s", token_path(database), error)
        return None
    return text or None


def new_token(database: Path) -> str:
    """Turn phones on with a fresh token (every older link stops working); the token."""
    token = secrets.token_urlsafe(TOKEN_BYTES)
    path = token_path(database)
    partial = path.with_name(path.name + ".new")
    descriptor = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o640)
    with os.fdopen(descriptor, "w", encoding="ascii") as file:
        file.write(token + "\n")
        file.flush()
        os.fsync(file.fileno())
    os.replace(partial, path)
    _log.info("phones: a new join link")
    return token


def turn_off(database: Path) -> None:
    """Turn phones off: no link works any more."""
    token_path(database).unlink(missing_ok=True)
    _log.info("phones: off")


def join_link(host: str, port: int, token: str) -> str:
    """``http://HOST:PORT/?t=TOKEN``."""
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/?t={token}"


def table_address() -> str:
    """The address phones on the table's network reach it at: the one the system would send
    from (a UDP "connection" sends nothing); in a process allowed no IP socket (the kiosk), the
    first private address the kernel lists as the machine's own; else loopback."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("10.254.254.254", 9))
            return str(probe.getsockname()[0])
    except OSError:
        pass
    return next(iter(_local_addresses(Path("/proc/net/fib_trie"))), "127.0.0.1")


def _local_addresses(fib_trie: Path) -> list[str]:
    """The machine's own private IPv4 addresses in the kernel's routing trie (``/32 host LOCAL``
    entries), loopback left out."""
    try:
        lines = fib_trie.read_text().splitlines()
    except OSError:
        return []
    found: list[str] = []
    for before, line in itertools.pairwise(lines):
        if "/32 host LOCAL" not in line:
            continue
        address = before.strip().removeprefix("|-- ").strip()
        try:
            parsed = ipaddress.ip_address(address)
        except ValueError:
            continue
        if parsed.is_private and not parsed.is_loopback and address not in found:
            found.append(address)
    return found


def qr_png(link: str) -> bytes:
    """The join link as a QR code (PNG, one pixel a module: a screen scales it up)."""
    import io

    import segno

    out = io.BytesIO()
    segno.make(link, error="m").save(out, kind="png", scale=1, border=2)
    return out.getvalue()
