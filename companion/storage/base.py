"""What every part of the store shares: the connection, the clock, one transaction, one snapshot,
and JSON and text read back from SQLite (damaged bytes are a :class:`~companion.storage.errors.StoreError`,
never a crash).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Generator, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

from companion.storage.errors import StoreError

Clock = Callable[[], datetime]


def utc_now() -> datetime:
    return datetime.now(UTC)


class StoreBase:
    """The state every part of :class:`~companion.storage.store.Store` works on: one connection
    (one instance per thread), the database's path and the clock that stamps what is written."""

    _conn: sqlite3.Connection
    path: Path
    _clock: Clock
    _checked_whole: bool

    def _now(self) -> str:
        return self._clock().astimezone(UTC).isoformat(timespec="microseconds")


_T = TypeVar("_T")


def at_once(steps: Generator[None, None, _T]) -> _T:
    """What a work made in steps (a generator that yields between them) returns, all its steps
    run now."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            returned: _T = done.value
            return returned


def listed(data: Any) -> str:
    """A listed field as text; bytes that are not UTF-8 escaped (as ``surrogateescape`` does)."""
    return data.decode("utf-8", "surrogateescape") if isinstance(data, bytes) else str(data)


def readable(text: str) -> str:
    """``text`` as a screen or a page can show it: each byte :func:`listed` escaped (a lone
    surrogate) shown as U+FFFD, any other text as it is. Drawn or sent as it was, it would raise
    ``UnicodeEncodeError`` (SDL2 and HTTP take UTF-8)."""
    try:
        text.encode()
    except UnicodeEncodeError:
        try:
            raw = text.encode("utf-8", "surrogateescape")
        except UnicodeEncodeError:  # a lone surrogate no escape made (from JSON's \ud800, say)
            raw = text.encode("utf-8", "replace")
        return raw.decode("utf-8", "replace")
    return text


def is_text(game_id: str) -> bool:
    """Whether ``game_id`` can be stored as SQLite text (a listed damaged id may not be)."""
    try:
        game_id.encode()
    except UnicodeEncodeError:
        return False
    return True


def texts_of(*data: Any) -> tuple[str, ...] | None:
    """A row's texts read back as bytes (``CAST(... AS BLOB)``), decoded; None if one is not
    UTF-8 (a flipped bit) or not bytes at all (a NULL): the caller leaves the row out, and logs
    it."""
    try:
        return tuple(map(bytes.decode, data))
    except (TypeError, UnicodeDecodeError):
        return None


def decoded(data: bytes, what: str) -> str:
    """Text read back as bytes (so that damaged UTF-8 is a StoreError, not a crash)."""
    try:
        return data.decode()
    except UnicodeDecodeError as error:
        raise StoreError(f"{what} is not valid UTF-8: {error}") from None


def loads(text: str, what: str) -> Any:
    """JSON read back from the database; damaged text (a flipped bit, say) is a StoreError."""
    try:
        return json.loads(text)
    except ValueError as error:
        raise StoreError(f"{what} is not valid JSON: {error}") from None


dumps = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode
"""Compact JSON; one encoder for all calls (``json.dumps`` with options builds one per call)."""


@contextmanager
def transaction(connection: sqlite3.Connection) -> Iterator[None]:
    """``BEGIN IMMEDIATE`` ... ``COMMIT``: one atomic, durable write (rolled back on any error)."""
    connection.execute("BEGIN IMMEDIATE")
    try:
        yield
        connection.execute("COMMIT")
    except BaseException:
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        raise


@contextmanager
def snapshot(connection: sqlite3.Connection) -> Iterator[None]:
    """``BEGIN`` ... ``COMMIT``: every read inside sees the database as one moment left it (in WAL
    mode the first read fixes the snapshot). Inside a transaction already, that one is the snapshot.
    """
    if connection.in_transaction:
        yield
        return
    connection.execute("BEGIN")
    try:
        yield
    finally:
        if connection.in_transaction:
            connection.execute("COMMIT")
