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

import logging
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from companion.games.tuareg.actions import CONFIRMED_BOUNDS, ConfirmValue
from companion.games.tuareg.model import DINARS, KNOWN_VALUES, Good
from companion.games.tuareg.state import CardValue, TuaregState
from companion.installation.errors import InputError
from companion.store import Store

logger = logging.getLogger(__name__)

SETTINGS_GAME = "tuareg"
VALUES_KEY = "values"
DINARS_KEY = "dinars"

Settings = Callable[[], Mapping[str, Any]]
"""Reads the game's stored settings (key -> JSON value); called only when one is needed."""


SETTING_KEYS = (DINARS_KEY, VALUES_KEY)
"""The settings of game ``tuareg`` a table may set (``table-companion settings``, the screens)."""

BOUNDS = {VALUES_KEY: CONFIRMED_BOUNDS["points"], DINARS_KEY: CONFIRMED_BOUNDS["dinars"]}
"""The whole numbers a card may print, as a ``confirm_value`` action takes them."""


def parse_setting(key: str, value: Any, code: str = "invalid_value") -> dict[str, int]:
    """The one check of a stored or entered setting: ``key`` is ``values`` or ``dinars`` and
    ``value`` an object of goods to whole numbers within :data:`BOUNDS`; returned in good order.

    :class:`InputError` ``unknown_setting`` names an unknown key, ``code`` (``invalid_value`` for
    what is entered, ``invalid_setting`` for what is stored) the first bad field, e.g.
    ``values.water``."""
    if key not in BOUNDS:
        raise InputError(
            "unknown_setting",
            f"key: game {SETTINGS_GAME!r} has no setting {key!r}; known: {list(SETTING_KEYS)}",
        )
    if not isinstance(value, dict):
        raise InputError(
            code, f'{key}: {value!r} is not an object of goods to numbers, e.g. {{"water": 4}}'
        )
    low, high = BOUNDS[key]
    for name, raw in value.items():
        if name not in {good.value for good in Good}:
            raise InputError(
                code, f"{key}.{name}: no such good; goods are {[g.value for g in Good]}"
            )
        if not isinstance(raw, int) or isinstance(raw, bool) or not low <= raw <= high:
            raise InputError(
                code, f"{key}.{name}: {raw!r} is not a whole number from {low} to {high}"
            )
    return {good.value: value[good.value] for good in Good if good.value in value}


def confirmed_values(settings: Mapping[str, Any], key: str = VALUES_KEY) -> dict[Good, int]:
    """The values stored in ``settings`` (the game's settings table) under ``key``.

    :class:`InputError` ``invalid_setting`` names a stored entry that :func:`parse_setting` refuses:
    it is reported, never ignored.
    """
    stored = parse_setting(key, settings.get(key, {}), code="invalid_setting")
    return {Good(name): number for name, number in stored.items()}


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
    keeping those of goods not mentioned; :class:`InputError` (nothing stored) as
    :func:`parse_setting` says."""
    entered = parse_setting(key, {good.value: number for good, number in values.items()})
    stored = parse_setting(key, store.list_settings(SETTINGS_GAME).get(key, {}), "invalid_setting")
    set_setting(store, key, {**stored, **entered})


def set_setting(store: Store, key: str, value: Any) -> dict[str, int]:
    """Store ``value`` as setting ``key`` (replacing it) once :func:`parse_setting` accepts it."""
    checked = parse_setting(key, value)
    store.set_setting(SETTINGS_GAME, key, checked)
    logger.info("tuareg setting %s stored: %s", key, checked)
    return checked


def remember_confirmed(store: Store, actions: Sequence[ConfirmValue]) -> None:
    """Keep values confirmed in a game for every later game at this table (both keys), whichever
    way they were entered (the screen's prompt, or ``confirm_value`` through the command line)."""
    confirm_values(store, {x.good: x.points for x in actions}, VALUES_KEY)
    confirm_values(store, {x.good: x.dinars for x in actions}, DINARS_KEY)


def remember_action(store: Store, action: object, state: TuaregState) -> None:
    """What an accepted ``confirm_value`` taught the app about this table, stored: the values the
    game now holds for its good (after an undo, those it holds again, if it knows them)."""
    if not isinstance(action, ConfirmValue):
        return
    value = state.value(action.good)
    if value.dinars is not None and value.points is not None:
        held = ConfirmValue(good=action.good, dinars=value.dinars, points=value.points)
        remember_confirmed(store, (held,))


def table_values(settings: Mapping[str, Any]) -> dict[Good, CardValue]:
    """Every good's printed values as far as they are known: the rulebook's, then the stored ones
    (``None`` where neither says)."""
    points = {**KNOWN_VALUES, **confirmed_values(settings, VALUES_KEY)}
    dinars = {**DINARS, **confirmed_values(settings, DINARS_KEY)}
    return {good: CardValue(dinars=dinars.get(good), points=points.get(good)) for good in Good}
