"""What the table set once per installation: settings, RFID tags enrolled as cards
(:mod:`companion.play.cards`), and where each game was played."""

from __future__ import annotations

import json
import logging
import sqlite3
from collections.abc import Mapping
from typing import Any

from companion.installation.i18n import _
from companion.storage.base import StoreBase, dumps, transaction
from companion.storage.errors import DamagedSettingError

_log = logging.getLogger("companion.store")  # the store's name in the journal, as one module had it


LOCATION = ("app", "location")
"""The setting (game, key) naming where the table plays; each new game records it (``places``)."""


def place_game(connection: sqlite3.Connection, game_id: str) -> None:
    """Record where game ``game_id`` is played: the location setting as it is now, if one is set."""
    connection.execute(
        "INSERT OR IGNORE INTO places (game_id, location) SELECT ?, json_extract(value, '$') "
        "FROM settings WHERE game = ? AND key = ? AND json_valid(value) "
        "AND json_type(value) = 'text' AND json_extract(value, '$') <> ''",
        (game_id, *LOCATION),
    )


def place_existing_games(connection: sqlite3.Connection) -> None:
    """The games stored before locations were recorded get the location set now, if any."""
    for (game_id,) in connection.execute("SELECT id FROM games").fetchall():
        place_game(connection, game_id)


class SettingsMixin(StoreBase):
    """Settings, enrolled tags and places."""

    # --- settings confirmed once per installation ---------------------------------------------

    def get_setting(self, game: str, key: str, default: Any = None) -> Any:
        row = self._conn.execute(
            "SELECT value FROM settings WHERE game = ? AND key = ?", (game, key)
        ).fetchone()
        return default if row is None else self._setting_value(game, key, row[0])

    def set_setting(self, game: str, key: str, value: Any) -> None:
        self._conn.execute(
            "INSERT INTO settings (game, key, value, updated_at) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (game, key) DO UPDATE SET value = excluded.value, "
            "updated_at = excluded.updated_at",
            (game, key, dumps(value), self._now()),
        )

    def setting_keys(self) -> list[tuple[str, str]]:
        """Every stored setting's (game, key)."""
        rows = self._conn.execute("SELECT game, key FROM settings ORDER BY game, key")
        return [(str(game), str(key)) for game, key in rows]

    def list_settings(self, game: str) -> dict[str, Any]:
        rows = self._conn.execute(
            "SELECT key, value FROM settings WHERE game = ? ORDER BY key", (game,)
        )
        return {key: self._setting_value(game, key, value) for key, value in rows}

    def _setting_value(self, game: str, key: str, text: str) -> Any:
        try:
            return json.loads(text)
        except ValueError as error:
            _log.error("setting %s/%s in %s is not valid JSON: %s", game, key, self.path, error)
            raise DamagedSettingError(
                _(
                    "The stored setting {key} of {game} in {path} cannot be read (not valid "
                    "JSON: {error}). Set it again, or delete that row of the settings table."
                ).format(key=key, game=game, path=self.path, error=error)
            ) from None

    # --- RFID tags enrolled as cards (see companion.play.cards) -------------------------------------

    def enrol_tag(self, tag: str, card: str) -> str | None:
        """Store that ``tag`` stands for ``card``; return the card it stood for before, if any."""
        with transaction(self._conn):
            previous = self.card_for_tag(tag)
            self._conn.execute(
                "INSERT INTO tags (tag, card, enrolled_at) VALUES (?, ?, ?) "
                "ON CONFLICT (tag) DO UPDATE SET card = excluded.card, "
                "enrolled_at = excluded.enrolled_at",
                (tag, card, self._now()),
            )
        return previous

    def enrol_tags(self, tags: Mapping[str, str]) -> None:
        """Store every ``tag -> card`` of ``tags`` in one transaction: all of them or none."""
        now = self._now()
        with transaction(self._conn):
            self._conn.executemany(
                "INSERT INTO tags (tag, card, enrolled_at) VALUES (?, ?, ?) "
                "ON CONFLICT (tag) DO UPDATE SET card = excluded.card, "
                "enrolled_at = excluded.enrolled_at",
                [(tag, card, now) for tag, card in tags.items()],
            )

    def forget_tag(self, tag: str) -> bool:
        """Remove ``tag``'s enrolment; False if it was not enrolled."""
        return self._conn.execute("DELETE FROM tags WHERE tag = ?", (tag,)).rowcount > 0

    def card_for_tag(self, tag: str) -> str | None:
        row = self._conn.execute("SELECT card FROM tags WHERE tag = ?", (tag,)).fetchone()
        return None if row is None else row[0]

    def enrolled_tags(self) -> dict[str, str]:
        """Every enrolled tag -> its card."""
        return dict(self._conn.execute("SELECT tag, card FROM tags ORDER BY tag"))

    # --- where games were played ----------------------------------------------------------

    def location_of(self, game_id: str) -> str:
        """Where game ``game_id`` was played, as the location setting said when it was created."""
        row = self._conn.execute(
            "SELECT location FROM places WHERE game_id = ?", (game_id,)
        ).fetchone()
        return "" if row is None else str(row[0])

    def all_locations(self) -> dict[str, str]:
        """Game id -> where it was played (:meth:`location_of`), for the games that record it."""
        return {
            row[0]: str(row[1])
            for row in self._conn.execute("SELECT game_id, location FROM places")
        }
