"""What this table told the app once and the app remembers (the store's settings, game ``timbuktu``).

- ``layouts``: the board layout by number of players (the boards differ: 3 players leave out both
  small boards, 4 players one), e.g. ``{"5": {"arrows": [{"place": 0, "pen": 1, "to": [2, 4]}],
  "swap_fields": [{"place": 1, "fields": [[3, 2]]}]}}``. Arrows and swap fields are not public: the
  table enters them once; a new game takes the stored layout into its options, so its log replays
  the same even if the setting changes later.
- ``caravans``: the printed caravan board's loads by colour, camel A first (up to H), so the next
  game loads each caravan with one tap (the game lists it among the legal actions).
- ``leftovers_removed``: whether the variant's leftover goods count as removed (default false).
- ``variant``: ``printed`` (the caravan boards' loads, the default) or ``dealt`` (the variant).

New games start with these (:func:`stored_options`, which the rules' ``stored_options`` returns).

A stored value that does not read back is reported (:class:`InputError` ``invalid_setting``), never
ignored or guessed around.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Annotated, Any

from pydantic import Field, TypeAdapter, ValidationError

from companion.games.timbuktu.actions import LoadCaravan, SetArrows, SetSwapFields
from companion.games.timbuktu.board import layout_problem
from companion.games.timbuktu.model import CAMELS, Layout, Load, Phase, TimbuktuState
from companion.installation.errors import InputError
from companion.store import Store

logger = logging.getLogger(__name__)

SETTINGS_GAME = "timbuktu"
LAYOUTS_KEY = "layouts"
CARAVANS_KEY = "caravans"
LEFTOVERS_KEY = "leftovers_removed"
VARIANT_KEY = "variant"
VARIANTS = ("printed", "dealt")
PLAYER_COUNTS = tuple(str(count) for count in CAMELS)

SETTING_KEYS = (CARAVANS_KEY, LAYOUTS_KEY, LEFTOVERS_KEY, VARIANT_KEY)
"""The settings of game ``timbuktu`` a table may set (``table-companion settings``, the screens)."""

_LAYOUT = TypeAdapter(Layout)
_CARAVAN = TypeAdapter(Annotated[tuple[Load, ...], Field(max_length=len(CAMELS[3]))])
_COLOUR = TypeAdapter(Annotated[str, Field(min_length=1, max_length=24)])


def parse_setting(key: str, value: Any, code: str = "invalid_value") -> Any:
    """The one check of a stored or entered setting, as its JSON form (what the store keeps).

    :class:`InputError` ``unknown_setting`` names an unknown key, ``code`` (``invalid_value`` for
    what is entered, ``invalid_setting`` for what is stored) the first bad field, e.g.
    ``layouts.3.arrows.0.pen``."""
    if key == LAYOUTS_KEY:
        return {
            count: _LAYOUT.dump_python(_layout(raw, count, code), mode="json")
            for count, raw in sorted(_object(value, key, code).items())
        }
    if key == CARAVANS_KEY:
        return {
            colour: _CARAVAN.dump_python(_caravan(raw, colour, code), mode="json")
            for colour, raw in sorted(_object(value, key, code).items())
        }
    if key == LEFTOVERS_KEY:
        if not isinstance(value, bool):
            raise InputError(code, f"{key}: {value!r} is not true or false")
        return value
    if key == VARIANT_KEY:
        if value not in VARIANTS:
            raise InputError(code, f"{key}: {value!r} is not one of {list(VARIANTS)}")
        return value
    raise InputError(
        "unknown_setting",
        f"key: game {SETTINGS_GAME!r} has no setting {key!r}; known: {list(SETTING_KEYS)}",
    )


def _read(adapter: TypeAdapter[Any], raw: Any, where: str, code: str) -> Any:
    try:
        return adapter.validate_python(raw)
    except ValidationError as error:
        problem = InputError.from_validation(error).message
        stored = "stored " if code == "invalid_setting" else ""
        raise InputError(code, f"{where}: the {stored}value does not read: {problem}") from None


def _object(value: Any, key: str, code: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        stored = "stored " if code == "invalid_setting" else ""
        raise InputError(code, f"{key}: the {stored}value {value!r} is no object")
    return value


def _layout(raw: Any, count: str, code: str) -> Layout:
    where = f"{LAYOUTS_KEY}.{count}"
    if count not in PLAYER_COUNTS:
        raise InputError(
            code,
            f"{where}: a layout is for {count!r} players; "
            f"Timbuktu is played by {', '.join(PLAYER_COUNTS)}",
        )
    layout: Layout = _read(_LAYOUT, raw, where, code)
    problem = layout_problem(layout, int(count))
    if problem is not None:
        raise InputError(code, f"{where}: {problem}")
    return layout


def _caravan(raw: Any, colour: str, code: str) -> tuple[Any, ...]:
    _read(_COLOUR, colour, f"{CARAVANS_KEY}.{colour}", code)
    caravan: tuple[Any, ...] = _read(_CARAVAN, raw, f"{CARAVANS_KEY}.{colour}", code)
    return caravan


def _stored(settings: Mapping[str, Any], key: str, default: Any) -> Any:
    """A stored setting as :func:`parse_setting` reads it (``invalid_setting`` if it does not)."""
    return parse_setting(key, settings.get(key, default), code="invalid_setting")


def stored_layout(settings: Mapping[str, Any], players: int) -> Layout:
    """The layout stored for a ``players``-player board (empty, all unknown, if none)."""
    raw = _stored(settings, LAYOUTS_KEY, {}).get(str(players))
    return Layout() if raw is None else _LAYOUT.validate_python(raw)


def remember_layout(store: Store, players: int, layout: Layout) -> None:
    """Store ``layout`` for ``players``-player games (e.g. a game's layout once it is over)."""
    layouts = _stored(store.list_settings(SETTINGS_GAME), LAYOUTS_KEY, {})
    layouts[str(players)] = _LAYOUT.dump_python(layout, mode="json")
    set_setting(store, LAYOUTS_KEY, layouts)


def stored_caravans(settings: Mapping[str, Any]) -> dict[str, tuple[Any, ...]]:
    """The last printed loads stored for each colour, camel A first."""
    return {
        colour: _CARAVAN.validate_python(raw)
        for colour, raw in _stored(settings, CARAVANS_KEY, {}).items()
    }


def remember_loads(store: Store, state: TimbuktuState) -> None:
    """Store the printed loads of every loaded caravan by colour; camels this game did not use keep
    their stored loads (a 5-player game uses A-E of a board that has A-H)."""
    if state.variant != "printed":
        return
    caravans = _stored(store.list_settings(SETTINGS_GAME), CARAVANS_KEY, {})
    for player in state.players:
        if not player.loaded:
            continue
        loads = [[good.value for good in camel.goods] for camel in player.camels]
        before = caravans.get(player.colour, [])
        caravans[player.colour] = loads + list(before[len(loads) :])
    set_setting(store, CARAVANS_KEY, caravans)


def leftovers_removed(settings: Mapping[str, Any]) -> bool:
    return bool(_stored(settings, LEFTOVERS_KEY, False))


def remember_leftovers_removed(store: Store, counted: bool) -> None:
    set_setting(store, LEFTOVERS_KEY, counted)


def stored_variant(settings: Mapping[str, Any]) -> str:
    return str(_stored(settings, VARIANT_KEY, "printed"))


def remember_variant(store: Store, variant: str) -> None:
    set_setting(store, VARIANT_KEY, variant)


def set_setting(store: Store, key: str, value: Any) -> Any:
    """Store ``value`` as setting ``key`` (replacing it) once :func:`parse_setting` accepts it;
    :class:`InputError` names the bad field and nothing is stored."""
    checked = parse_setting(key, value)
    store.set_setting(SETTINGS_GAME, key, checked)
    logger.info("timbuktu setting %s stored", key)
    return checked


def remember_action(store: Store, action: object, state: TimbuktuState) -> None:
    """What an accepted action taught the app about this table (the session calls it after each,
    from the screen and the command line alike): the printed loads once the last caravan is loaded,
    the board layout a correction entered, and the layout the game ended with, if it knows one."""
    if isinstance(action, LoadCaravan) and state.phase is not Phase.LOADING:
        remember_loads(store, state)
    ended = state.phase is Phase.GAME_OVER and state.layout != Layout()
    if isinstance(action, SetArrows | SetSwapFields) or ended:
        remember_layout(store, state.seats, state.layout)


def stored_options(settings: Mapping[str, Any]) -> dict[str, Any]:
    """What a new game's options (JSON form) take from the settings: every stored layout (the game
    uses the one for its number of players), the last printed loads (offered as one-tap loads), the
    variant and the leftovers setting."""
    return {
        "variant": stored_variant(settings),
        "leftovers_removed": leftovers_removed(settings),
        "caravans": _stored(settings, CARAVANS_KEY, {}),
        "layouts": _stored(settings, LAYOUTS_KEY, {}),
    }
