"""The Tuareg card game's verdict codes (:data:`REFUSALS`), and the refusals every Tuareg handler
shares: the phase, the turn, the seat, and cards that cannot exist."""

from __future__ import annotations

from companion.games.tuareg.model import COPIES, SpecialCard
from companion.games.tuareg.names import good_name
from companion.games.tuareg.state import AnimalRef, Hidden, Phase, PlayerState, TuaregState
from companion.installation.i18n import N_, Nn_
from companion.rules.refusals import GAME_OVER, NOT_YOUR_TURN, Refusal, RefusalTable

REFUSALS = RefusalTable("tuareg")
"""The Tuareg card game's verdict codes (the shared ones are in :mod:`companion.rules.refusals`)."""

WRONG_PHASE_MARKET = REFUSALS.add(
    "wrong_phase", N_("First name the two cards laid out as the market.")
)
WRONG_PHASE_TURNS = REFUSALS.variant(WRONG_PHASE_MARKET, N_("The stage is still being played."))
WRONG_PHASE_REVEAL = REFUSALS.variant(
    WRONG_PHASE_MARKET, N_("The stage has ended: reveal the hidden cards and score it.")
)
NO_SUCH_PLAYER = REFUSALS.add(
    "no_such_player", Nn_("This game has {n} player.", "This game has {n} players."), count="n"
)
NO_SUCH_ANIMAL = REFUSALS.add("no_such_animal", N_("{name} has no {animal}."))
NO_SUCH_CARD = REFUSALS.add(
    "no_such_card",
    Nn_(
        "The game has only {n} {good} card, and it is elsewhere.",
        "The game has only {n} {good} cards, and they are all elsewhere.",
    ),
    count="n",
)
NO_SUCH_CAVE = REFUSALS.add(
    "no_such_cave",
    Nn_(
        "{name} holds {count} cave: there is no cave {n}.",
        "{name} holds {count} caves: there is no cave {n}.",
    ),
    count="count",
)
NO_SUCH_THIEF = REFUSALS.add(
    "no_such_thief",
    Nn_(
        "{name} holds {count} thief: there is no thief {n}.",
        "{name} holds {count} thieves: there is no thief {n}.",
    ),
    count="count",
)
# loading an animal (the reasons of loading.stack_refusals)
LOAD_CAPACITY = REFUSALS.add(
    "capacity",
    Nn_("An animal carries at most {n} card.", "An animal carries at most {n} cards."),
    count="n",
)
LOAD_GOLD = REFUSALS.add(
    "gold", Nn_("A camel carries at most {n} gold.", "A camel carries at most {n} gold."), count="n"
)
LOAD_KINDS = REFUSALS.add(
    "kinds",
    Nn_(
        "A camel carries at most {n} kind of goods.",
        "A camel carries at most {n} kinds of goods.",
    ),
    count="n",
)
LOAD_ORDER = REFUSALS.add(
    "order", N_("From bottom to top, the goods on a camel change kind only once.")
)
LOAD_WATER = REFUSALS.add("water", N_("A camel carrying water carries nothing else."))
# a turn
ONE_ACTION = REFUSALS.add("one_action", N_("This turn's action was taken already: end the turn."))
NOT_IN_HAND = REFUSALS.add(
    "not_in_hand",
    Nn_("{name} holds {n} card, not {k}.", "{name} holds {n} cards, not {k}."),
    count="n",
)
EMPTY_ANIMAL = REFUSALS.add("empty_animal", N_("{name}'s {animal} carries nothing."))
WRONG_CARD = REFUSALS.add("wrong_card", N_("The top card of {animal} is {good}."))
HIDDEN_CARD = REFUSALS.variant(WRONG_CARD, N_("The table saw {good} go under {what}."))
DECK_EMPTY = REFUSALS.add("deck_empty", N_("The deck is empty: choose another action."))
MARKET_CARD = REFUSALS.add(
    "market_card", N_("Lay at least one card from your cache into the market.")
)
NOT_IN_MARKET = REFUSALS.add(
    "not_in_market",
    Nn_("The market has {n} {good} card.", "The market has {n} {good} cards."),
    count="n",
)
MARKET_EMPTY = REFUSALS.variant(NOT_IN_MARKET, N_("The market is empty."))
SOLD_OUT = REFUSALS.add("sold_out", N_("No {card} card is left to buy."))
UNDERPAID = REFUSALS.add(
    "underpaid",
    Nn_("A special card costs {n} dinar.", "A special card costs {n} dinars."),
    count="n",
)
UNDERPAID_WORTH = REFUSALS.variant(
    UNDERPAID,
    Nn_(
        "A special card costs {n} dinar; these cards are worth {paid}.",
        "A special card costs {n} dinars; these cards are worth {paid}.",
    ),
)
CANNOT_PAY = REFUSALS.variant(
    UNDERPAID,
    Nn_(
        "A special card costs {n} dinar: {name} has nothing that pays it.",
        "A special card costs {n} dinars: {name} has nothing that pays it.",
    ),
)
CAVE_FULL = REFUSALS.add(
    "cave_full",
    Nn_("A cave hides at most {n} card.", "A cave hides at most {n} cards."),
    count="n",
)
CAVE_USED = REFUSALS.add("cave_used", N_("A cave hides one card per turn."))
THIEF_USED = REFUSALS.add("thief_used", N_("Each thief steals only once."))
OWN_CARDS = REFUSALS.add("own_cards", N_("A thief steals from another player."))
NOTHING_TO_STEAL = REFUSALS.variant(OWN_CARDS, N_("No other player holds a card to steal."))
MARKET_EXTRA = REFUSALS.add(
    "market_extra",
    N_(
        "At the end of the turn only the cards the hand limit requires go into the market: "
        "{name} holds {n}, so at most {k}."
    ),
)
OVER_HAND_LIMIT = REFUSALS.add(
    "hand_limit",
    Nn_(
        "{name} holds {n} card; at most {limit} may stay in hand at the end of a turn. "
        "Lay {k} more into the market (with the draw, or as the turn ends), or hide cards in caves.",
        "{name} holds {n} cards; at most {limit} may stay in hand at the end of a turn. "
        "Lay {k} more into the market (with the draw, or as the turn ends), or hide cards in caves.",
    ),
    count="n",
)
NO_ACTION = REFUSALS.add(
    "no_action",
    N_("Take one action first: draw, load from your cache, take from the market or buy."),
)
ACTION_POSSIBLE = REFUSALS.add(
    "action_possible",
    N_(
        "The deck is empty, but {name} can still {action}: only a player who can do nothing "
        "may end the turn without an action."
    ),
)
# the end of a stage
NOTHING_HIDDEN = REFUSALS.add("nothing_hidden", N_("Nothing is hidden under {what}."))
WRONG_COUNT = REFUSALS.add(
    "wrong_count", Nn_("{what} hides {n} card.", "{what} hides {n} cards."), count="n"
)
WRONG_HAND_COUNT = REFUSALS.variant(
    WRONG_COUNT, Nn_("{name} holds {n} card.", "{name} holds {n} cards.")
)
NO_MAP = REFUSALS.add("no_map", N_("{name} holds no unused map."))
UNREVEALED = REFUSALS.add("unrevealed", N_("Reveal the cards in {name}'s cave {n} first."))
UNREVEALED_THIEF = REFUSALS.variant(
    UNREVEALED, N_("Reveal the card under {name}'s thief {n} first.")
)

_WRONG_PHASE: dict[Phase, Refusal] = {
    Phase.MARKET: WRONG_PHASE_MARKET,
    Phase.TURNS: WRONG_PHASE_TURNS,
    Phase.REVEAL: WRONG_PHASE_REVEAL,
}


def require_phase(state: TuaregState, *phases: Phase) -> None:
    if state.phase not in phases:
        if state.phase is Phase.GAME_OVER:
            raise GAME_OVER.violation()
        raise _WRONG_PHASE[state.phase].violation()


def require_turn(state: TuaregState, seat: int) -> PlayerState:
    require_phase(state, Phase.TURNS)
    require_seat(state, seat)
    if state.to_move != seat:
        raise NOT_YOUR_TURN.violation(name=state.players[state.to_move].name)
    return state.players[seat]


def require_seat(state: TuaregState, seat: int) -> PlayerState:
    if seat >= len(state.players):
        raise NO_SUCH_PLAYER.violation(n=len(state.players))
    return state.players[seat]


def require_plausible(state: TuaregState) -> TuaregState:
    """Refuses a state that shows more cards of a good than the game has."""
    for good, unseen in state.unseen().items():
        if unseen < 0:
            raise NO_SUCH_CARD.violation(n=COPIES[good], good=good_name(good))
    return state


def require_animal(player: PlayerState, ref: AnimalRef) -> None:
    if not player.has(ref):
        raise NO_SUCH_ANIMAL.violation(name=player.name, animal=ref.label())


def require_special(player: PlayerState, card: SpecialCard, number: int) -> Hidden:
    """What lies under the player's cave or thief ``number``; refused as ``no_such_cave`` /
    ``no_such_thief`` if they hold no such card (``no_such_card`` is kept for a card shown more
    often than the game has copies of it)."""
    cave = card is SpecialCard.CAVE
    held = player.caves if cave else player.thieves
    if not 1 <= number <= len(held):
        raise (NO_SUCH_CAVE if cave else NO_SUCH_THIEF).violation(
            name=player.name, n=number, count=len(held)
        )
    return held[number - 1]
