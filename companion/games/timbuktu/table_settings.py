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

from collections.abc import Mapping
from typing import Annotated, Any

from pydantic import Field, TypeAdapter, ValidationError

from companion.errors import InputError
from companion.games.timbuktu.board import layout_problem
from companion.games.timbuktu.model import CAMELS, Layout, Load, TimbuktuState
from companion.store import Store

SETTINGS_GAME = "timbuktu"
LAYOUTS_KEY = "layouts"
CARAVANS_KEY = "caravans"
LEFTOVERS_KEY = "leftovers_removed"
VARIANT_KEY = "variant"
VARIANTS = ("printed", "dealt")
PLAYER_COUNTS = tuple(str(count) for count in CAMELS)

_LAYOUT = TypeAdapter(Layout)
_CARAVAN = TypeAdapter(Annotated[tuple[Load, ...], Field(max_length=len(CAMELS[3]))])


def _read(adapter: TypeAdapter[Any], raw: Any, where: str) -> Any:
    try:
        return adapter.validate_python(raw)
    except ValidationError as error:
        problem = InputError.from_validation(error).message
        raise InputError(
            "invalid_setting", f"{where}: the stored value does not read: {problem}"
        ) from None


def _object(settings: Mapping[str, Any], key: str) -> dict[str, Any]:
    stored = settings.get(key, {})
    if not isinstance(stored, dict):
        raise InputError("invalid_setting", f"{key}: the stored value {stored!r} is no object")
    return stored


def stored_layout(settings: Mapping[str, Any], players: int) -> Layout:
    """The layout stored for a ``players``-player board (empty, all unknown, if none)."""
    raw = _object(settings, LAYOUTS_KEY).get(str(players))
    if raw is None:
        return Layout()
    layout = _read(_LAYOUT, raw, f"{LAYOUTS_KEY}.{players}")
    problem = layout_problem(layout, players)
    if problem is not None:
        raise InputError("invalid_setting", f"{LAYOUTS_KEY}.{players}: {problem}")
    return layout


def remember_layout(store: Store, players: int, layout: Layout) -> None:
    """Store ``layout`` for ``players``-player games (e.g. a game's layout once it is over)."""
    problem = layout_problem(layout, players)
    if problem is not None:
        raise ValueError(problem)
    layouts = _object(store.list_settings(SETTINGS_GAME), LAYOUTS_KEY)
    layouts[str(players)] = _LAYOUT.dump_python(layout, mode="json")
    store.set_setting(SETTINGS_GAME, LAYOUTS_KEY, layouts)


def stored_caravans(settings: Mapping[str, Any]) -> dict[str, tuple[Any, ...]]:
    """The last printed loads stored for each colour, camel A first."""
    return {
        colour: _read(_CARAVAN, raw, f"{CARAVANS_KEY}.{colour}")
        for colour, raw in _object(settings, CARAVANS_KEY).items()
    }


def remember_loads(store: Store, state: TimbuktuState) -> None:
    """Store the printed loads of every loaded caravan by colour; camels this game did not use keep
    their stored loads (a 5-player game uses A-E of a board that has A-H)."""
    if state.variant != "printed":
        return
    caravans = _object(store.list_settings(SETTINGS_GAME), CARAVANS_KEY)
    for player in state.players:
        if not player.loaded:
            continue
        loads = [[good.value for good in camel.goods] for camel in player.camels]
        before = caravans.get(player.colour)
        kept = list(before[len(loads) :]) if isinstance(before, list) else []
        caravans[player.colour] = loads + kept
    store.set_setting(SETTINGS_GAME, CARAVANS_KEY, caravans)


def leftovers_removed(settings: Mapping[str, Any]) -> bool:
    stored = settings.get(LEFTOVERS_KEY, False)
    if not isinstance(stored, bool):
        raise InputError(
            "invalid_setting", f"{LEFTOVERS_KEY}: the stored value {stored!r} is not true or false"
        )
    return stored


def remember_leftovers_removed(store: Store, counted: bool) -> None:
    store.set_setting(SETTINGS_GAME, LEFTOVERS_KEY, counted)


def stored_variant(settings: Mapping[str, Any]) -> str:
    stored = settings.get(VARIANT_KEY, "printed")
    if stored not in VARIANTS:
        raise InputError(
            "invalid_setting",
            f"{VARIANT_KEY}: the stored value {stored!r} is not one of {VARIANTS}",
        )
    return stored


def remember_variant(store: Store, variant: str) -> None:
    if variant not in VARIANTS:
        raise ValueError(f"the variant is one of {VARIANTS}")
    store.set_setting(SETTINGS_GAME, VARIANT_KEY, variant)


def stored_options(settings: Mapping[str, Any]) -> dict[str, Any]:
    """What a new game's options (JSON form) take from the settings: every stored layout (the game
    uses the one for its number of players), the last printed loads (offered as one-tap loads), the
    variant and the leftovers setting."""
    layouts = _object(settings, LAYOUTS_KEY)
    for count in layouts:
        if count not in PLAYER_COUNTS:
            raise InputError(
                "invalid_setting",
                f"{LAYOUTS_KEY}.{count}: a layout is stored for {count!r} players; "
                f"Timbuktu is played by {', '.join(PLAYER_COUNTS)}",
            )
    return {
        "variant": stored_variant(settings),
        "leftovers_removed": leftovers_removed(settings),
        "caravans": {
            colour: _CARAVAN.dump_python(loads, mode="json")
            for colour, loads in stored_caravans(settings).items()
        },
        "layouts": {
            count: _LAYOUT.dump_python(stored_layout(settings, int(count)), mode="json")
            for count in sorted(layouts)
        },
    }
