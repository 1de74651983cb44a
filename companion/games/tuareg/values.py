"""What each good's cards print, as the table confirmed it once for this installation.

The rulebook prints only gold's values (2 dinars, 5 majority points); water's, rock salt's and
millet's are on the cards, so the table enters them once and they are stored in the settings table,
game ``tuareg``: key ``values`` holds majority points and key ``dinars`` dinar values, each a JSON
object from good to a whole number, e.g. ``{"water": 4, "salt": 3, "millet": 2}`` (goods left out
are not confirmed). A value given with a question wins over the stored one, which wins over the
rulebook's (gold only). Nothing is ever invented: a value found nowhere is an error or, in a game,
a value the score sheet says is missing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from companion.errors import InputError
from companion.games.tuareg.model import DINARS, KNOWN_VALUES, Good
from companion.games.tuareg.state import CardValue
from companion.store import Store

SETTINGS_GAME = "tuareg"
VALUES_KEY = "values"
DINARS_KEY = "dinars"

Settings = Callable[[], Mapping[str, Any]]
"""Reads the game's stored settings (key -> JSON value); called only when one is needed."""


def _points(raw: Any) -> bool:
    return isinstance(raw, int) and not isinstance(raw, bool) and raw >= 1


def confirmed_values(settings: Mapping[str, Any], key: str = VALUES_KEY) -> dict[Good, int]:
    """The values stored in ``settings`` (the game's settings table) under ``key``.

    :class:`InputError` ``invalid_setting`` names a stored entry that is not an object of goods to
    whole numbers from 1: it is reported, never ignored.
    """
    stored = settings.get(key, {})
    if not isinstance(stored, dict):
        raise InputError(
            "invalid_setting",
            f"{key}: the stored confirmed values are {stored!r}, not an object of goods to numbers",
        )
    values = {}
    for name, raw in stored.items():
        try:
            good = Good(name)
        except ValueError:
            raise InputError(
                "invalid_setting", f"{key}.{name}: a confirmed value is stored for an unknown good"
            ) from None
        if not _points(raw):
            raise InputError(
                "invalid_setting",
                f"{key}.{name}: the stored confirmed value is {raw!r}, not a whole number from 1",
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


def confirm_values(store: Store, values: Mapping[Good, int], key: str = VALUES_KEY) -> None:
    """Store the table's confirmed ``values`` (majority points, or dinars with ``key`` ``dinars``),
    keeping those of goods not mentioned."""
    for good, number in values.items():
        if not _points(number):
            raise ValueError(f"{good.value}: a confirmed value is a whole number from 1")
    stored = dict(confirmed_values(store.list_settings(SETTINGS_GAME), key))
    stored.update(values)
    store.set_setting(
        SETTINGS_GAME, key, {good.value: stored[good] for good in Good if good in stored}
    )


def table_values(settings: Mapping[str, Any]) -> dict[Good, CardValue]:
    """Every good's printed values as far as they are known: the rulebook's, then the stored ones
    (``None`` where neither says)."""
    points = {**KNOWN_VALUES, **confirmed_values(settings, VALUES_KEY)}
    dinars = {**DINARS, **confirmed_values(settings, DINARS_KEY)}
    return {good: CardValue(dinars=dinars.get(good), points=points.get(good)) for good in Good}
