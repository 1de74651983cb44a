"""Another database's games, settings and tags copied into this one (``table-companion import``,
:mod:`companion.after.transfer`)."""

from __future__ import annotations

import logging
from collections.abc import Iterable
from pathlib import Path

from companion.storage.base import StoreBase, texts_of, transaction
from companion.storage.players import seat_known_player

_log = logging.getLogger(__name__)


class MergeMixin(StoreBase):
    """Copying from another database."""

    def merge_from(
        self, other: Path, settings: Iterable[tuple[str, str]] = (), tags: Iterable[str] = ()
    ) -> tuple[list[str], list[tuple[str, str]], list[str]]:
        """Copy into this database every game of the database at ``other`` (current schema,
        checked by the caller) whose id is not here yet, with its log (digests as they are) and
        its seats linked to player records (:func:`seat_known_player`), and the ``settings`` (game,
        key) and enrolled ``tags`` of ``other`` that are not set here (the table's own win); one
        transaction. The game ids, the settings and the tags copied."""
        self._conn.execute("ATTACH DATABASE ? AS other", (str(other),))
        copied: list[tuple[str, str]] = []
        enrolled: list[str] = []
        try:
            with transaction(self._conn):
                for tag in tags:
                    if self._conn.execute(
                        "INSERT OR IGNORE INTO main.tags SELECT * FROM other.tags WHERE tag = ?",
                        (tag,),
                    ).rowcount:
                        enrolled.append(tag)
                for game, key in settings:
                    if self._conn.execute(
                        "INSERT OR IGNORE INTO main.settings SELECT * FROM other.settings "
                        "WHERE game = ? AND key = ?",
                        (game, key),
                    ).rowcount:
                        copied.append((game, key))
                new = [
                    row[0]
                    for row in self._conn.execute(
                        "SELECT id FROM other.games WHERE id NOT IN (SELECT id FROM main.games) "
                        "ORDER BY created_at, id"
                    )
                ]
                for game_id in new:
                    self._conn.execute(
                        "INSERT INTO main.games SELECT * FROM other.games WHERE id = ?", (game_id,)
                    )
                    self._conn.execute(
                        "INSERT INTO main.log SELECT * FROM other.log WHERE game_id = ?", (game_id,)
                    )
                    self._conn.execute(
                        "INSERT INTO main.places SELECT * FROM other.places WHERE game_id = ?",
                        (game_id,),
                    )
                    seated = self._conn.execute(
                        "SELECT s.seat, CAST(p.name AS BLOB), CAST(p.colour AS BLOB), "
                        "CAST(p.last_played_at AS BLOB), CAST(p.uid AS BLOB) "
                        "FROM other.seats AS s JOIN other.players AS p ON p.id = s.player_id "
                        "WHERE s.game_id = ? ORDER BY s.seat",
                        (game_id,),
                    ).fetchall()
                    for seat, *texts in seated:
                        player = texts_of(*texts)
                        if player is None:
                            _log.error(
                                "game %s: the player record of seat %s in %s is damaged (not "
                                "UTF-8 text): the seat is not linked, its name in the game stands",
                                game_id,
                                seat,
                                other,
                            )
                            continue
                        name, colour, when, uid = player
                        seat_known_player(self._conn, game_id, seat, (name, colour, when, uid))
        finally:
            self._conn.execute("DETACH DATABASE other")
        return new, copied, enrolled
