"""The game store's public face: :class:`Store` and what its callers use with it, from the
package that holds one module per concern (:mod:`companion.storage`)."""

from companion.storage.base import Clock, is_text, readable, utc_now
from companion.storage.errors import (
    DamagedGameError,
    DamagedSettingError,
    DuplicateEntryError,
    NewerSchemaError,
    StorageUnavailableError,
    StoreError,
    UnknownGameError,
)
from companion.storage.log import STATUSES, GameSummary, HistoryGame, LogEntry, StoredGame
from companion.storage.opening import BUSY_TIMEOUT, KNOWN_APPLICATIONS, OUR_TABLES
from companion.storage.players import (
    PlayerRecord,
    Seated,
    link_seats,
    new_player_uid,
    seat_known_player,
    seat_player,
)
from companion.storage.schema import MIGRATIONS, SCHEMA_VERSION, MigrationStep
from companion.storage.settings import LOCATION
from companion.storage.standings import Standing
from companion.storage.store import Store

__all__ = [
    "BUSY_TIMEOUT",
    "KNOWN_APPLICATIONS",
    "LOCATION",
    "MIGRATIONS",
    "OUR_TABLES",
    "SCHEMA_VERSION",
    "STATUSES",
    "Clock",
    "DamagedGameError",
    "DamagedSettingError",
    "DuplicateEntryError",
    "GameSummary",
    "HistoryGame",
    "LogEntry",
    "MigrationStep",
    "NewerSchemaError",
    "PlayerRecord",
    "Seated",
    "Standing",
    "StorageUnavailableError",
    "Store",
    "StoreError",
    "StoredGame",
    "UnknownGameError",
    "is_text",
    "link_seats",
    "new_player_uid",
    "readable",
    "seat_known_player",
    "seat_player",
    "utc_now",
]
