"""The last refusal each game's table was told, kept beside the game, never in its log.

A refusal changes nothing in a game: its log, hash chain and sequence number stay as they were. What
the table was told is still worth reading again, on a phone's rules page, while the game stays at
that moment: :func:`keep` (called by the session for every refusal it answers) records the game's
last one in the store's ``refusals`` table, outside the hash-chained log, and :func:`current` gives
it back only while the game is still at the entry it was refused at. An accepted input, an undo or
a redo moves the game on, and the refusal is no longer shown. A read-only store (the phones' web
view) writes nothing; a store that cannot be written keeps nothing, and the refusal is answered
exactly as before (keeping it is never a reason to fail).
"""

from __future__ import annotations

import json
import logging
import sqlite3
from dataclasses import dataclass

from companion.installation.i18n import current_language
from companion.rules.verdict import Verdict
from companion.store import Store, StoreError

_log = logging.getLogger(__name__)


@dataclass(frozen=True)
class LastRefusal:
    """What the table was told: the verdict's ``code`` and ``message`` (in the table's language
    ``lang`` then), the entry ``seq`` the game was at, and when (UTC, ISO)."""

    game_id: str
    seq: int
    code: str
    message: str
    lang: str
    at: str


def keep(store: Store, game_id: str, seq: int, verdict: Verdict) -> None:
    """Record ``verdict`` (a refusal; an accepting verdict is ignored) as game ``game_id``'s last,
    answered at entry ``seq``; the one before it is replaced."""
    if verdict.ok or store.read_only:
        return
    text = json.dumps(verdict.as_dict(), ensure_ascii=False, separators=(",", ":"))
    try:
        store.keep_refusal(game_id, seq, verdict.code, text, current_language())
    except (StoreError, sqlite3.Error) as error:
        _log.warning("game %s: refusal %s not kept: %s", game_id, verdict.code, error)


def current(store: Store, game_id: str, seq: int) -> LastRefusal | None:
    """Game ``game_id``'s last refusal if it was answered at entry ``seq`` (the game's moment now),
    else ``None``; an unreadable record reads as none (logged)."""
    row = store.last_refusal(game_id)
    if row is None or row[0] != seq:
        return None
    found_seq, code, text, lang, at = row
    try:
        verdict = json.loads(text)
        message = verdict["message"]
        if not isinstance(message, str):
            raise TypeError("message is not text")
    except (ValueError, TypeError, KeyError) as error:
        _log.warning("game %s: its last refusal cannot be read (%s)", game_id, error)
        return None
    return LastRefusal(game_id, found_seq, code, message, lang, at)
