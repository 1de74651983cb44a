"""Beside the games, never their record: what a command printed, kept as text with a digest of
exactly the inputs it was made from (:mod:`companion.after.printed` says which), so that a later
call whose inputs are the same prints it again instead of making it anew.

A kept output is a copy, never a source: one whose inputs differ from the caller's is not used; one
whose row does not match its own digest (damage: its text, inputs or key altered) is left out
(logged) and made again; and a store that cannot be written (a read-only database or mount, a full
disk, another process holding the write lock for long) keeps nothing, and the command prints what
it made.
"""

from __future__ import annotations

import hashlib
import logging
import sqlite3
from collections.abc import Collection, Iterable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any, NamedTuple

from companion.storage.base import StoreBase, snapshot, texts_of, transaction
from companion.storage.errors import StorageUnavailableError
from companion.storage.opening import BUSY_TIMEOUT

_log = logging.getLogger("companion.store")  # the store's name in the journal, as its parts have it

STAMP = "at:"
"""Where a key starts so, its row is kept in the table ``stamps``, not ``outputs``: a row that
says at which count of writes and within which window of time a whole text is what its inputs
make (:mod:`companion.after.printed`), with the same columns and checks as an output's."""

PARTS = "parts:"
"""Where a key starts so, its row is kept in the table ``parts``: what a whole text is made of
(:mod:`companion.after.stats_parts`), with the same columns and checks as an output's."""

WRITE_WAIT_MS = 200
"""Milliseconds keeping an output waits for another process's write lock before it gives up (a
reading command does not wait for the table's commits: the next call keeps it)."""


def output_digest(key: bytes, inputs: bytes, about: bytes, text: bytes) -> bytes:
    """What a kept output's row holds as ``digest``: of its key, inputs, facts and text (the
    SHA-256 of ``b"table-companion output\0" + inputs + b"\0" + key + b"\0" + about + b"\0" +
    text``, hashed part by part: a text of megabytes is not copied first)."""
    hashed = hashlib.sha256(b"table-companion output\0")
    for part in (inputs, b"\0", key, b"\0", about, b"\0", text):
        hashed.update(part)
    return hashed.digest()


class KeptOutput(NamedTuple):
    """A kept output's row, as read (checked by :meth:`text_for`)."""

    key: str
    inputs: bytes
    about: bytes
    digest: bytes
    text: bytes

    def text_for(self, inputs: bytes) -> str | None:
        """The output, if it was made from ``inputs`` and its row is sound; else None (damage
        logged)."""
        return self.text_if_sound() if inputs == self.inputs else None

    def text_if_sound(self) -> str | None:
        """The output, if its row is sound (whatever its inputs); else None (damage logged)."""
        return self._decoded() if self._digest_sound() else None

    def utf8_if_sound(self) -> bytes | None:
        """The output as the UTF-8 it is kept as (not decoded), if its row is sound (whatever
        its inputs), checked as :meth:`text_if_sound` checks it; else None (damage logged)."""
        if not self._digest_sound():
            return None
        if self.text.isascii() or self._decoded() is not None:  # ASCII is UTF-8: not decoded
            return self.text
        return None

    def _digest_sound(self) -> bool:
        if output_digest(self.key.encode(), self.inputs, self.about, self.text) != self.digest:
            _log.warning("the kept output %s is damaged: it is made again", self.key)
            return False
        return True

    def _decoded(self) -> str | None:
        try:
            return self.text.decode()
        except UnicodeDecodeError:  # a digest that matches damaged text: not ours
            _log.warning("the kept output %s is not UTF-8: it is made again", self.key)
            return None


Made = tuple[str, bytes, str, str]
"""An output to keep: its key, its inputs' digest, its facts (``about``) and its text."""


GameRow = tuple[Any, ...]
"""A game's row as :meth:`OutputsMixin.game_rows` reads it, unchecked (text as bytes): its id,
creation time and status; when it last changed if it is active, else None (as
:meth:`~companion.storage.log.LogMixin.list_games` says it); its options, last entry's seq and
digest; its kept result's seq, digest and text (None if none is kept); where it was played (None
if nowhere); and its seats linked to player records, each seat's number, player id, stable id
and name now (``hex`` of the text), in one text (None if none)."""

_GAME_ROWS = (
    "SELECT CAST(g.id AS BLOB), CAST(g.created_at AS BLOB), CAST(g.status AS BLOB), "
    "CASE WHEN g.status = 'active' THEN CAST(max(g.updated_at, coalesce("
    "  (SELECT created_at FROM log WHERE game_id = g.id ORDER BY seq DESC LIMIT 1), ''"
    ")) AS BLOB) END, "
    "CAST(g.options AS BLOB), g.last_seq, CAST(g.last_digest AS BLOB), "
    "r.last_seq, CAST(r.last_digest AS BLOB), CAST(r.result AS BLOB), CAST(p.location AS BLOB), "
    "(SELECT group_concat(s.seat || ' ' || s.player_id || ' ' || hex(pr.uid) || ' ' "
    "   || hex(pr.name), ',') "
    " FROM seats AS s JOIN players AS pr ON pr.id = s.player_id WHERE s.game_id = g.id) "
    "FROM games AS g LEFT JOIN results AS r ON r.game_id = g.id "
    "LEFT JOIN places AS p ON p.game_id = g.id"
)


TABLES = ("outputs", "stamps", "parts")


def _table(key: str) -> str:
    """The table a row kept under ``key`` is in (:data:`STAMP`, :data:`PARTS`)."""
    return "stamps" if key.startswith(STAMP) else "parts" if key.startswith(PARTS) else "outputs"


def _past(prefix: str) -> str:
    """The first key after every key that starts with ``prefix``."""
    return prefix[:-1] + chr(ord(prefix[-1]) + 1)


class OutputsMixin(StoreBase):
    """Kept outputs."""

    @contextmanager
    def one_moment(self) -> Iterator[None]:
        """Every read inside sees the database as one moment left it (nothing is written inside:
        keep outputs after)."""
        with snapshot(self._conn):
            yield

    def change_count(self) -> int | None:
        """How many rows were written to the tables the kept outputs are made of
        (:data:`~companion.storage.schema.COUNTED`) since the count began: a write by any
        connection changes it (the schema's triggers count it). None (logged) if its row is
        damaged (the count and its negation do not add up to 0)."""
        count, negated = self._conn.execute("SELECT count, negated FROM changes").fetchone()
        if isinstance(count, int) and isinstance(negated, int) and count + negated == 0:
            return count
        _log.warning("the count of writes is damaged: no output is kept whole")
        return None

    def kept_output(self, key: str) -> KeptOutput | None:
        """The output kept under ``key``, if any (unchecked)."""
        row = self._conn.execute(
            "SELECT CAST(inputs AS BLOB), CAST(about AS BLOB), CAST(digest AS BLOB), "
            "CAST(output AS BLOB) "
            f"FROM {_table(key)} WHERE key = ?",
            (key,),
        ).fetchone()
        return None if row is None else KeptOutput(key, *row)

    def kept_outputs(self, prefix: str) -> dict[str, KeptOutput]:
        """Key -> the output kept under it, for every key that starts with ``prefix``
        (unchecked)."""
        return {
            row[0]: KeptOutput(*row)
            for row in self._conn.execute(
                "SELECT key, CAST(inputs AS BLOB), CAST(about AS BLOB), CAST(digest AS BLOB), "
                "CAST(output AS BLOB) "
                "FROM outputs WHERE key >= ? AND key < ?",
                (prefix, _past(prefix)),
            )
        }

    def game_rows(self, ids: list[str] | None = None) -> list[GameRow]:
        """Every game's :data:`GameRow` (the games ``ids`` only, if given): what the history's
        plays are made of, undecoded.

        The seats' text lists them in the order SQLite reads them (by seat, along the key): were
        that order ever another, a play's inputs would differ and it would be made again, never
        mistaken for another (each seat says its number)."""
        if ids is None:
            return self._conn.execute(_GAME_ROWS).fetchall()
        return self._conn.execute(
            f"{_GAME_ROWS} WHERE g.id IN ({', '.join('?' * len(ids))})", ids
        ).fetchall()

    def touched_since(self, count: int) -> list[str] | None:
        """The ids of the games written to since :meth:`change_count` was ``count`` (a game
        deleted included); None (logged) if a row that says so is damaged (its count and
        negation do not add up to 0, or its two ids differ)."""
        touched = []
        for game_id, at, negated, again in self._conn.execute(
            "SELECT CAST(game_id AS BLOB), count, negated, CAST(game AS BLOB) FROM touched "
            "WHERE count > ? OR count + negated != 0 OR game IS NOT game_id "
            "OR typeof(count) != 'integer' OR typeof(negated) != 'integer'",
            (count,),
        ):
            sound = isinstance(at, int) and isinstance(negated, int) and at + negated == 0
            text = texts_of(game_id) if sound and game_id == again else None
            if text is None:
                _log.warning("the games written to are damaged: no output is made of a kept one")
                return None
            touched.append(text[0])
        return touched

    def keep_outputs(
        self, made: Iterable[Made], digests: Mapping[str, bytes] | None = None
    ) -> None:
        """Keep ``made`` in place of the outputs kept under the same keys, in one transaction,
        without waiting for the disk (``synchronous=NORMAL``: a power cut may lose a kept output,
        which is made again) nor for long for another process's write lock. A store that cannot
        be written keeps nothing (logged). ``digests``: key -> the :func:`output_digest` of the
        row ``made`` holds under it, where the caller has it already (a text of hundreds of
        kilobytes is not hashed twice); a wrong one only makes the row read as damaged."""
        self._keep(made, None, digests or {})

    def replace_outputs(
        self,
        made: Iterable[Made],
        under: str,
        keeping: Collection[str],
        digests: Mapping[str, bytes] | None = None,
    ) -> None:
        """:meth:`keep_outputs`, and in the same transaction drop every other output kept under
        a key that starts with ``under``, but those of ``keeping`` (the pieces of a text kept in
        pieces no longer in it)."""
        self._keep(made, (under, keeping), digests or {})

    def _keep(
        self,
        made: Iterable[Made],
        dropping: tuple[str, Collection[str]] | None,
        digests: Mapping[str, bytes],
    ) -> None:
        rows = [
            (key, inputs, about, digests.get(key) or output_digest(key.encode(), inputs,
                                                                    about.encode(), text.encode()),
             text)
            for key, inputs, about, text in made
        ]  # fmt: skip
        if not rows:
            return
        try:
            if self._conn.execute("PRAGMA query_only").fetchone()[0]:
                _log.info("%d outputs not kept: the store is read-only", len(rows))
                return
            self._conn.execute(f"PRAGMA busy_timeout = {WRITE_WAIT_MS}")
            self._conn.execute("PRAGMA synchronous=NORMAL")
            try:
                with transaction(self._conn):
                    if dropping is not None:
                        self._drop_outputs(*dropping)
                    for table in TABLES:
                        self._conn.executemany(
                            f"INSERT OR REPLACE INTO {table} (key, inputs, about, digest, output) "
                            "VALUES (?, ?, ?, ?, ?)",
                            [row for row in rows if _table(row[0]) == table],
                        )
            finally:
                self._conn.execute("PRAGMA synchronous=FULL")
                self._conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT * 1000)}")
        except (StorageUnavailableError, sqlite3.Error) as error:
            _log.info("%d outputs not kept: %s", len(rows), error)

    def _drop_outputs(self, under: str, keeping: Collection[str]) -> None:
        """Drop the outputs kept under a key that starts with ``under``, but those of
        ``keeping`` (inside a transaction)."""
        found = self._conn.execute(
            "SELECT key FROM outputs WHERE key >= ? AND key < ?", (under, _past(under))
        ).fetchall()
        self._conn.executemany(
            "DELETE FROM outputs WHERE key = ?", [row for row in found if row[0] not in keeping]
        )
