"""The game database as the phones' web view reads it: opened read-only, and a finished game's
result that the app has not cached yet is kept in this process instead (the file is never
written), so that the history and statistics pages replay each game once, not at every visit."""

from __future__ import annotations

import logging
from collections.abc import Generator
from typing import Any

from companion.storage.base import dumps
from companion.store import Store

_log = logging.getLogger(__name__)


class ReadingStore(Store):
    """:class:`companion.store.Store` opened with :meth:`Store.open_read_only`; results kept in
    memory against the game's last log entry, as the store keeps them in its file."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._kept: dict[str, tuple[int, Any]] = {}
        """Game id -> (its last log entry, its result) replayed in this process."""

    def kept_texts_in_steps(
        self, every: int | None = 100
    ) -> Generator[None, None, dict[str, bytes]]:
        stored = yield from super().kept_texts_in_steps(every)
        kept = self._kept
        if not kept:
            return stored
        last = {game.id: game.last_seq for game in self.list_games()}
        here = {
            game_id: dumps(result).encode()
            for game_id, (seq, result) in kept.items()
            if last.get(game_id) == seq
        }
        return {**here, **stored}

    def cache_result(self, game_id: str, seq: int, result: Any) -> None:
        self._kept[game_id] = (seq, result)
        _log.debug("result of game %s kept in memory (seq %d)", game_id, seq)
