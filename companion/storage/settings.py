"""What the table set once per installation: settings, RFID tags enrolled as cards
(:mod:`companion.play.cards`), and where each game was played."""

from __future__ import annotations

import json
import logging
import sqlite3
from collections.abc import Mapping
from typing import Any

from companion.installation.i18n import _
from companion.storage.base import StoreBase, dumps, texts_of, transaction
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
            "SELECT CAST(value AS BLOB) FROM settings WHERE game = ? AND key = ?", (game, key)
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
        rows = self._conn.execute(
            "SELECT CAST(game AS BLOB), CAST(key AS BLOB) FROM settings ORDER BY game, key"
        )
        return [pair for row in rows if (pair := _texts("setting", row)) is not None]

    def list_settings(self, game: str) -> dict[str, Any]:
        rows = self._conn.execute(
            "SELECT CAST(key AS BLOB), CAST(value AS BLOB) FROM settings WHERE game = ? "
            "ORDER BY key",
            (game,),
        )
        return {
            key: self._setting_value(game, key, value)
            for key_bytes, value in rows
            if (key := _text(f"a setting key of {game}", key_bytes)) is not None
        }

    def _setting_value(self, game: str, key: str, text: bytes | None) -> Any:
        """A setting's value as read (bytes: JSON's UTF-8, checked as it is parsed; None, a
        NULL, is no JSON either)."""
        try:
            return json.loads(text or b"")
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
        row = self._conn.execute(
            "SELECT CAST(card AS BLOB) FROM tags WHERE tag = ?", (tag,)
        ).fetchone()
        return None if row is None else _text(f"the card of tag {tag}", row[0])

    def enrolled_tags(self) -> dict[str, str]:
        """Every enrolled tag -> its card (a damaged enrolment left out, logged: enrol it again)."""
        rows = self._conn.execute(
            "SELECT CAST(tag AS BLOB), CAST(card AS BLOB) FROM tags ORDER BY tag"
        )
        return dict(pair for row in rows if (pair := _texts("enrolled tag", row)) is not None)

    # --- where games were played ----------------------------------------------------------

    def location_of(self, game_id: str) -> str:
        """Where game ``game_id`` was played, as the location setting said when it was created."""
        row = self._conn.execute(
            "SELECT CAST(location AS BLOB) FROM places WHERE game_id = ?", (game_id,)
        ).fetchone()
        place = None if row is None else _text(f"the place of game {game_id}", row[0])
        return place or ""

    def all_locations(self) -> dict[str, str]:
        """Game id -> where it was played (:meth:`location_of`), for the games that record it
        (a damaged one left out, logged)."""
        rows = self._conn.execute(
            "SELECT CAST(game_id AS BLOB), CAST(location AS BLOB) FROM places"
        )
        return dict(pair for row in rows if (pair := _texts("place", row)) is not None)


def _text(what: str, data: Any) -> str | None:
    """Text read back as bytes; None (logged) if it is damaged."""
    text = texts_of(data)
    if text is None:
        _log.error("%s in the database is damaged (not UTF-8 text): left out", what)
        return None
    return text[0]


def _texts(what: str, row: tuple[Any, Any]) -> tuple[str, str] | None:
    """A row of two texts read back as bytes; None (logged) if either is damaged."""
    texts = texts_of(*row)
    if texts is None:
        _log.error("a %s in the database is damaged (not UTF-8 text): left out", what)
        return None
    first, second = texts
    return first, second
