"""What this table told the app once about its tribe cards (the store's settings, game ``targi``).

No public source prints which tribe cards offer "goods / 1 gold" or what their texts let a player do,
so the table confirms it per card once:

- ``gold_alternative``: card id -> whether the card prints the slash ("goods / 1 gold"), e.g.
  ``{"TARGI-TRIBE-TENT-4": true, "TARGI-TRIBE-WELL-1": false}``. A card left out is unconfirmed:
  the purchase then offers both payments and the player's statement stands.
- ``card_effects``: card id -> what the card lets its owner do (:class:`.CardEffect` values), e.g.
  ``{"TARGI-TRIBE-OASIS-2": ["raid_protection"]}``. Once displayed, such a card makes the matching
  action legal (``play_from_hand``, ``swap_displayed``, ``raid_protected``).

A new game copies both into its options (:func:`stored_options`), so its log replays the same
whatever is stored later. A stored value that does not read back is reported
(:class:`InputError` ``invalid_setting``), never ignored.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Annotated, Any

from pydantic import AfterValidator, TypeAdapter, ValidationError

from companion.games.targi.catalog import catalog
from companion.games.targi.model import CardEffect
from companion.installation.errors import InputError
from companion.store import Store

logger = logging.getLogger(__name__)

SETTINGS_GAME = "targi"
GOLD_ALTERNATIVE_KEY = "gold_alternative"
CARD_EFFECTS_KEY = "card_effects"


def _tribe_card(card: str) -> str:
    if card not in catalog().tribe:
        raise ValueError(f"{card!r} is not a Targi tribe card")
    return card


def _distinct(effects: tuple[CardEffect, ...]) -> tuple[CardEffect, ...]:
    """Each effect once, in the enum's order."""
    return tuple(effect for effect in CardEffect if effect in effects)


TribeCardId = Annotated[str, AfterValidator(_tribe_card)]
Effects = Annotated[tuple[CardEffect, ...], AfterValidator(_distinct)]
GoldAlternatives = dict[TribeCardId, bool]
CardEffects = dict[TribeCardId, Effects]

ADAPTERS: dict[str, TypeAdapter[Any]] = {
    GOLD_ALTERNATIVE_KEY: TypeAdapter(GoldAlternatives),
    CARD_EFFECTS_KEY: TypeAdapter(CardEffects),
}
"""Every Targi setting and what it accepts."""


def check_setting(key: str, value: Any) -> Any:
    """``value`` as stored for ``key`` (JSON form, sorted by card); :class:`InputError` naming the
    key and the card for anything else (e.g. from a settings command)."""
    adapter = ADAPTERS.get(key)
    if adapter is None:
        raise InputError(
            "unknown_setting", f"key: Targi has no setting {key!r}; known: {sorted(ADAPTERS)}"
        )
    try:
        parsed = adapter.validate_python(value)
    except ValidationError as error:
        problem = InputError.from_validation(error).message
        raise InputError("invalid_value", f"{key}.{problem}") from None
    dumped = adapter.dump_python(parsed, mode="json")
    return {card: dumped[card] for card in sorted(dumped)}


def _stored(settings: Mapping[str, Any], key: str) -> Any:
    try:
        return check_setting(key, settings.get(key, {}))
    except InputError as error:
        raise InputError(
            "invalid_setting", f"the stored value does not read: {error.message}"
        ) from None


def stored_options(settings: Mapping[str, Any]) -> dict[str, Any]:
    """What a new game's options (JSON form) take from the settings."""
    return {key: _stored(settings, key) for key in (GOLD_ALTERNATIVE_KEY, CARD_EFFECTS_KEY)}


def remember_gold_alternative(store: Store, card: str, printed: bool | None) -> None:
    """Store whether ``card`` prints "goods / 1 gold" (None: forget it, unconfirmed again)."""
    stored = dict(_stored(store.list_settings(SETTINGS_GAME), GOLD_ALTERNATIVE_KEY))
    stored.pop(card, None)
    if printed is not None:
        stored[card] = printed
    store.set_setting(
        SETTINGS_GAME, GOLD_ALTERNATIVE_KEY, check_setting(GOLD_ALTERNATIVE_KEY, stored)
    )
    logger.info("Targi %s: gold alternative %s", card, printed)


def remember_effects(store: Store, card: str, effects: tuple[CardEffect, ...]) -> None:
    """Store what ``card`` lets its owner do (no effects: forget the card)."""
    stored = dict(_stored(store.list_settings(SETTINGS_GAME), CARD_EFFECTS_KEY))
    stored.pop(card, None)
    if effects:
        stored[card] = [effect.value for effect in effects]
    store.set_setting(SETTINGS_GAME, CARD_EFFECTS_KEY, check_setting(CARD_EFFECTS_KEY, stored))
    logger.info("Targi %s: card effects %s", card, [effect.value for effect in effects])
