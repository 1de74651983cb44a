"""May a player end a turn without its action? Only with the deck empty (the last round), and only if
they can do nothing (under the house rule "pass when empty": anyone, with the deck empty).

Hands are secret, so the app refuses a pass only when an action is *certainly* possible from what
the table has seen: market cards that fit an animal, a card from the hand that would fit whatever
good it is, or a special card paid with cards whose dinar values are confirmed. Where the hand
might make an action impossible, the player's word stands.
"""

from __future__ import annotations

from collections.abc import Iterable

from companion.games.tuareg.loading import load_refusals
from companion.games.tuareg.model import SPECIAL_CARD_PRICE, Good
from companion.games.tuareg.names import good_name
from companion.games.tuareg.state import PlayerState, TuaregState
from companion.installation.i18n import _

PASS_WHEN_EMPTY = "pass_when_empty"
"""The house rule (ruling ``turn_needs_option``) under which anyone may pass once the deck is
empty."""


def may_pass(state: TuaregState, seat: int) -> bool:
    """With the deck empty: whether ``seat`` may end the turn without one of its options."""
    return PASS_WHEN_EMPTY in state.house_rules or possible_action(state, seat) is None


def possible_action(state: TuaregState, seat: int) -> str | None:
    """A sentence naming a main action ``seat`` can certainly take now, or None if none is sure."""
    player = state.players[seat]
    for good, available in state.market.items():
        if available and _fits(player, good):
            return _("take {good} from the market").format(good=good_name(good))
    in_hand = [good for good, unseen in state.unseen().items() if unseen]
    if player.hand and in_hand and all(_fits(player, good) for good in in_hand):
        return _("load a card from the hand (any card fits an animal)")
    if not any(left for _card, left in state.supply):
        return None
    for ref, stack in player.animals():
        if _certain_worth(state, reversed(stack)) >= SPECIAL_CARD_PRICE:
            return _("buy a special card with the top cards of {animal}").format(animal=ref.label())
    dinars = [state.value(good).dinars for good in in_hand]
    known = [value for value in dinars if value is not None]
    if player.hand and len(known) == len(dinars) and player.hand * min(known) >= SPECIAL_CARD_PRICE:
        return _("buy a special card with the cards in hand")
    return None


def _fits(player: PlayerState, good: Good) -> bool:
    return any(not load_refusals(ref.animal, stack, (good,)) for ref, stack in player.animals())


def _certain_worth(state: TuaregState, goods: Iterable[Good]) -> int:
    """The confirmed dinars of ``goods`` taken in order, up to the first of unconfirmed value."""
    worth = 0
    for good in goods:
        dinars = state.value(good).dinars
        if dinars is None:
            break
        worth += dinars
    return worth
