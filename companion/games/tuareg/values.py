"""The majority points of each good, as the table confirmed them once for this installation.

The rulebook prints only gold's majority value (5 points); water's, rock salt's and millet's are on
the cards, so the table enters them once and they are stored in the settings table: game ``tuareg``,
key ``values``, a JSON object from good to points, e.g. ``{"water": 4, "salt": 3, "millet": 2}``
(goods left out are not confirmed). A value given with a question wins over the stored one, which
wins over the rulebook's (gold only). Nothing is ever invented: a value found nowhere is an error.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from companion.errors import InputError
from companion.games.tuareg.model import KNOWN_VALUES, Good
from companion.store import Store

SETTINGS_GAME = "tuareg"
VALUES_KEY = "values"

Settings = Callable[[], Mapping[str, Any]]
"""Reads the game's stored settings (key -> JSON value); called only when one is needed."""


def _points(raw: Any) -> bool:
    return isinstance(raw, int) and not isinstance(raw, bool) and raw >= 1


def confirmed_values(settings: Mapping[str, Any]) -> dict[Good, int]:
    """The values stored in ``settings`` (the game's settings table).

    :class:`InputError` ``invalid_setting`` names a stored entry that is not an object of goods to
    whole points from 1: it is reported, never ignored.
    """
    stored = settings.get(VALUES_KEY, {})
    if not isinstance(stored, dict):
        raise InputError(
            "invalid_setting",
            f"values: the stored confirmed values are {stored!r}, not an object of goods to points",
        )
    values = {}
    for name, raw in stored.items():
        try:
            good = Good(name)
        except ValueError:
            raise InputError(
                "invalid_setting", f"values.{name}: a confirmed value is stored for an unknown good"
            ) from None
        if not _points(raw):
            raise InputError(
                "invalid_setting",
                f"values.{name}: the stored confirmed value is {raw!r}, not a whole number from 1",
            )
        values[good] = raw
    return values


def resolve_values(given: Mapping[Good, int], settings: Settings) -> dict[Good, int]:
    """Every good's majority value: ``given``, else the confirmed one, else the rulebook's.

    ``settings`` is read only if a good is not ``given``. :class:`InputError` ``missing_value``
    names the first good (in :class:`Good` order) whose value is nowhere.
    """
    values = dict(given)
    if len(values) < len(Good):
        confirmed = confirmed_values(settings())
        for good in Good:
            if good not in values and good in confirmed:
                values[good] = confirmed[good]
            elif good not in values and good in KNOWN_VALUES:
                values[good] = KNOWN_VALUES[good]
    missing = [good.value for good in Good if good not in values]
    if missing:
        others = f" (nor for {', '.join(missing[1:])})" if missing[1:] else ""
        raise InputError(
            "missing_value",
            f"values.{missing[0]}: no majority value was given and none is confirmed for this "
            f"table{others}; give it, or confirm it once (setting {VALUES_KEY!r} of game "
            f"{SETTINGS_GAME!r})",
        )
    return {good: values[good] for good in Good}


def confirm_values(store: Store, values: Mapping[Good, int]) -> None:
    """Store the table's confirmed ``values``, keeping those of goods not mentioned."""
    for good, points in values.items():
        if not _points(points):
            raise ValueError(f"{good.value}: a majority value is a whole number from 1")
    stored = dict(confirmed_values(store.list_settings(SETTINGS_GAME)))
    stored.update(values)
    store.set_setting(
        SETTINGS_GAME, VALUES_KEY, {good.value: stored[good] for good in Good if good in stored}
    )
