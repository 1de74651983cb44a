"""What the exports need to know about this table, entered once: the table's time zone (the plays'
dates are written in it) and a BoardGameGeek id for a game whose id no source confirms.

Stored as settings (``table-companion settings set app time_zone '"Europe/Warsaw"'``,
``settings set tuareg bgg_id 12345``); read by :func:`read` into one :class:`TableFacts` that every
export of one game takes.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime, tzinfo
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from companion.installation.errors import InputError
from companion.installation.i18n import _
from companion.rules.registry import GAMES
from companion.store import Store

_log = logging.getLogger(__name__)

APP = "app"
"""The settings' "game" of what is the table's, not one game's."""
TIME_ZONE = "time_zone"
"""``app`` setting: an IANA time zone name (``Europe/Warsaw``); unset: the Pi's own zone."""
BGG_ID = "bgg_id"
"""Per-game setting: the game's BoardGameGeek id, for a game whose spec has none."""
APP_KEYS = (TIME_ZONE,)
GAME_KEYS = (BGG_ID,)
MAX_BGG_ID = 10_000_000


@dataclass(frozen=True)
class TableFacts:
    zone: tzinfo | None = None
    """The table's time zone; ``None``: the Pi's local zone."""
    bgg_ids: Mapping[str, int] = field(default_factory=dict)
    """game -> the BoardGameGeek id the table entered."""

    def local(self, moment: datetime) -> datetime:
        """``moment`` on the table's clock."""
        return moment.astimezone(self.zone)

    def bgg_id(self, game: str) -> int | None:
        """The sourced id of the game's spec, else the one the table entered, else ``None``."""
        spec = GAMES.get(game)
        if spec is not None and spec.bgg_id is not None:
            return spec.bgg_id
        return self.bgg_ids.get(game)


def read(store: Store) -> TableFacts:
    """The facts stored for this table (a stored value no longer valid is ignored and logged)."""
    zone: tzinfo | None = None
    name = store.get_setting(APP, TIME_ZONE)
    if name:
        try:
            zone = ZoneInfo(str(name))
        except (ZoneInfoNotFoundError, ValueError):
            _log.warning("stored time zone %r is unknown: the Pi's zone is used", name)
    ids = {}
    for game in GAMES:
        value = store.get_setting(game, BGG_ID)
        if isinstance(value, int) and not isinstance(value, bool):
            ids[game] = value
    return TableFacts(zone=zone, bgg_ids=ids)


def check(game: str, key: str, value: Any) -> Any:
    """``value`` as stored for ``settings set GAME KEY``; :class:`InputError` naming the field."""
    if game == APP and key == TIME_ZONE:
        if value is None or value == "":
            return None
        if not isinstance(value, str):
            raise InputError("invalid_value", _("time_zone: expected a time zone name (text)"))
        try:
            ZoneInfo(value)
        except (ZoneInfoNotFoundError, ValueError):
            raise InputError(
                "invalid_value",
                _("time_zone: {zone} is not a known time zone (e.g. Europe/Warsaw)").format(
                    zone=repr(value)
                ),
            ) from None
        return value
    if key == BGG_ID:
        if value is None:
            return None
        if not isinstance(value, int) or isinstance(value, bool) or not 0 < value < MAX_BGG_ID:
            raise InputError(
                "invalid_value",
                _("bgg_id: expected the game's BoardGameGeek id, a whole number from 1"),
            )
        return value
    raise InputError("unknown_setting", f"key: {game!r} has no setting {key!r}")
