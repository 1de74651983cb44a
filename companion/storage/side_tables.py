"""Beside the log, never in it: each game's kept result (for the history, checked against the log's
head) and its last refusal (what the table was last told, :mod:`companion.play.last_refusal`)."""

from __future__ import annotations

import hashlib
import logging
import sqlite3
from collections.abc import Callable, Generator
from typing import Any, NamedTuple

from companion.storage.base import StoreBase, at_once, decoded, dumps, loads, transaction
from companion.storage.errors import StorageUnavailableError, StoreError

_log = logging.getLogger("companion.store")  # the store's name in the journal, as one module had it


def result_text(game_id: str, result: Callable[[str], Any], now: str) -> str | None:
    """``result(now)`` as JSON text, or None (logged) if it cannot be computed."""
    try:
        return dumps(result(now))
    except Exception:  # the rules' sheet of a legal state: a failure costs only a later replay
        _log.exception("game %s: its result is not kept (the history computes it)", game_id)
        return None


def _result_digest(head: bytes, text: bytes) -> bytes:
    """What a kept result's row holds as ``last_digest``: a digest of the game's last digest (the
    chain's head when the result was computed) and the result's text."""
    return hashlib.sha256(b"table-companion result\0" + head + text).digest()


def keep_result(
    connection: sqlite3.Connection, game_id: str, seq: int, head: bytes, text: str
) -> None:
    """Keep ``text`` as game ``game_id``'s result after entry ``seq`` (whose digest is ``head``)."""
    connection.execute(
        "INSERT OR REPLACE INTO results (game_id, last_seq, last_digest, result) "
        "VALUES (?, ?, ?, ?)",
        (game_id, seq, _result_digest(head, text.encode()), text),
    )


_KEPT = (
    "SELECT results.game_id, CAST(games.last_digest AS BLOB), CAST(results.last_digest AS BLOB), "
    "CAST(results.result AS BLOB) FROM results JOIN games "
    "ON games.id = results.game_id AND games.last_seq = results.last_seq"
)
"""Each kept result still of its game's last entry: game id, the game's last digest, the row's
digest, the result's text (as bytes: damaged UTF-8 is left out, not a crash)."""
_AFTER = " WHERE results.game_id > ?"
_IN_ORDER = " ORDER BY results.game_id LIMIT ?"
_LEFT_OUT = object()
"""What :func:`_decoded` gives for a row it leaves out."""


def _sound(game_id: str, head: Any, digest: Any, text: Any) -> bool:
    """Whether a kept result's row checks against its game's head (one that does not is logged)."""
    if isinstance(text, bytes) and isinstance(head, bytes) and _result_digest(head, text) == digest:
        return True
    _log.warning("the kept result of game %s does not match its log", game_id)
    return False


def _decoded(game_id: str, text: bytes) -> Any:
    """A sound row's result, or :data:`_LEFT_OUT` (logged) if its text is not JSON."""
    try:
        return loads(decoded(text, "it"), f"the result of game {game_id}")
    except StoreError as error:
        _log.warning("%s; it is computed again", error)
        return _LEFT_OUT


class ResultRow(NamedTuple):
    """A game's chain head and its kept result's row as read, unchecked (no result kept: None;
    :meth:`~companion.storage.outputs.OutputsMixin.game_rows` reads them)."""

    seq: Any
    head: Any
    result_seq: Any
    digest: Any
    text: Any

    def sound(self, game_id: str) -> bool:
        """Whether a result is kept for the game's last entry and checks against its head, as
        :meth:`SideTablesMixin.cached_results` checks it (a row that does not is logged)."""
        if self.result_seq is None or self.result_seq != self.seq:
            return False  # none kept, or kept for an earlier entry: computed again
        return _sound(game_id, self.head, self.digest, self.text)

    def decoded(self, game_id: str) -> Any:
        """The result of a :meth:`sound` row, or None (logged) if its text is not JSON."""
        result = _decoded(game_id, self.text)
        return None if result is _LEFT_OUT else result


class SideTablesMixin(StoreBase):
    """Kept results and last refusals."""

    def cached_results(self) -> dict[str, Any]:
        """Game id -> the result kept by :meth:`append` or :meth:`cache_result`, for the games
        whose log has not changed since: its row's digest is of the game's last digest and the
        result's text (:func:`_result_digest`), so a stale, damaged or altered one is left out
        (logged) and the history computes it again. Every row is read, its digest checked and its
        text decoded at each call."""
        texts = at_once(self.kept_texts_in_steps(every=None))
        results = {game_id: _decoded(game_id, text) for game_id, text in texts.items()}
        return {game_id: result for game_id, result in results.items() if result is not _LEFT_OUT}

    def kept_texts_in_steps(
        self, every: int | None = 100
    ) -> Generator[None, None, dict[str, bytes]]:
        """Game id -> the text of its kept result (undecoded, as bytes), for the games whose row
        checks against the log's head as :meth:`cached_results` checks it (one that does not is
        logged and left out), ``every`` rows a step (it yields between steps; ``None``: all in
        one): the app's idle time after its start reads and checks them a hundred at a time
        (:mod:`ui.ready`). A commit between two steps may leave it reading a mix of before and
        after: its caller starts again then. The history's list decodes only what it shows of
        each."""
        texts: dict[str, bytes] = {}
        after: str | None = None  # the last game id read, in the order of the table's key
        while True:
            if every is None:
                rows = self._conn.execute(_KEPT).fetchall()
            elif after is None:
                rows = self._conn.execute(_KEPT + _IN_ORDER, (every,)).fetchall()
            else:
                rows = self._conn.execute(_KEPT + _AFTER + _IN_ORDER, (after, every)).fetchall()
            for game_id, head, digest, text in rows:
                if _sound(game_id, head, digest, text):
                    texts[game_id] = text
            if every is None or len(rows) < every:
                return texts
            after = rows[-1][0]
            yield

    def forget_result(self, game_id: str) -> None:
        """Drop game ``game_id``'s cached result (its log was found damaged: the result must be
        what the log still proves). A store that cannot be written keeps it (logged)."""
        try:
            self._conn.execute("DELETE FROM results WHERE game_id = ?", (game_id,))
        except (StorageUnavailableError, sqlite3.OperationalError) as error:  # read-only
            _log.info("cached result of game %s not dropped: %s", game_id, error)

    def cache_result(self, game_id: str, seq: int, result: Any) -> None:
        """Keep ``result`` (JSON) of game ``game_id`` as replayed up to entry ``seq``, if that is
        still its last entry. A store that cannot be written keeps nothing (logged)."""
        try:
            with transaction(self._conn):
                head = self._conn.execute(
                    "SELECT CAST(last_digest AS BLOB) FROM games WHERE id = ? AND last_seq = ?",
                    (game_id, seq),
                ).fetchone()
                if head is not None and isinstance(head[0], bytes):
                    keep_result(self._conn, game_id, seq, head[0], dumps(result))
        except StorageUnavailableError as error:
            _log.info("result of game %s not cached: %s", game_id, error)

    def keep_refusal(self, game_id: str, seq: int, code: str, verdict: str, lang: str) -> None:
        """Keep ``verdict`` (JSON) as game ``game_id``'s last refusal, answered at entry ``seq`` in
        the language ``lang``, in place of the one before: beside the game, never in its log.

        Written without waiting for the disk (``synchronous=NORMAL``, safe in WAL mode): a power cut
        may lose what the table was last told, never a log entry, and a refused tap costs no fsync.
        """
        self._conn.execute("PRAGMA synchronous=NORMAL")
        try:
            self._conn.execute(
                "INSERT OR REPLACE INTO refusals (game_id, seq, code, verdict, lang, at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (game_id, seq, code, verdict, lang, self._now()),
            )
        finally:
            self._conn.execute("PRAGMA synchronous=FULL")

    def last_refusal(self, game_id: str) -> tuple[int, str, str, str, str] | None:
        """Game ``game_id``'s last refusal kept: (seq, code, verdict JSON, language, time)."""
        row = self._conn.execute(
            "SELECT seq, code, verdict, lang, at FROM refusals WHERE game_id = ?", (game_id,)
        ).fetchone()
        return None if row is None else (int(row[0]), str(row[1]), str(row[2]), str(row[3]),
                                         str(row[4]))  # fmt: skip
