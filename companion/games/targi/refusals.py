"""Targi's verdict codes (:data:`REFUSALS`), and the refusals every Targi handler shares: the step
of the round, whose turn it is, and the hand."""

from __future__ import annotations

from companion.games.targi.model import Phase, PlayerState, TargiState
from companion.games.targi.names import phase_name
from companion.installation.i18n import N_, Nn_
from companion.rules.refusals import (
    GAME_OVER,
    NOT_YOUR_TURN,
    NOTHING_TO_SKIP,
    UNKNOWN_CARD,
    RefusalTable,
)

REFUSALS = RefusalTable("targi")
"""Targi's verdict codes (the shared ones are in :mod:`companion.rules.refusals`)."""

WRONG_PHASE = REFUSALS.add("wrong_phase", N_("That is not part of the {phase} step of the round."))
HAND_THIS_ROUND = REFUSALS.add(
    "hand_this_round",
    N_("{card} went into your hand this round: it may leave the hand only in a later round."),
)
# placing a Targi (the reasons of board.placement_refusals)
RAID_CORNER = REFUSALS.add("raid", N_("Card {card} is a raid corner: no Targi may stand there."))
ROBBER_ON_RAID = REFUSALS.variant(RAID_CORNER, N_("The robber never rests on a raid corner."))
TARGI_ON_RAID = REFUSALS.variant(RAID_CORNER, N_("No Targi may stand on a raid corner."))
ROBBER = REFUSALS.add("robber", N_("The robber stands on card {card}."))
OCCUPIED = REFUSALS.add("occupied", N_("A Targi already stands on card {card}."))
MARKER_OCCUPIED = REFUSALS.variant(OCCUPIED, N_("A tribe marker already stands at {cell}."))
OPPOSITE_CARD = REFUSALS.add("opposite", N_("Card {card} is opposite an opponent's Targi."))
# using the cards
NOT_YOUR_CARD = REFUSALS.add("not_your_card", N_("You have no Targi on card {card}."))
NOT_THEIR_CARD = REFUSALS.variant(NOT_YOUR_CARD, N_("{name} has no Targi on card {card}."))
NO_MARKER = REFUSALS.add("no_marker", N_("You have no tribe marker at {cell}."))
NOT_THEIR_MARKER = REFUSALS.variant(NO_MARKER, N_("{name} has no tribe marker at {cell}."))
WRONG_CARD = REFUSALS.add("wrong_card", N_("Card {card} is not a {kind} card."))
WRONG_CARD_AT = REFUSALS.variant(WRONG_CARD, N_("The card at {cell} is a {kind} card."))
NO_CARD = REFUSALS.add("no_card", N_("No face-up card lies at {cell}: skip it."))
ALREADY_REVEALED = REFUSALS.add(
    "already_revealed", N_("The card at {cell} is already known: correct it instead.")
)
FACE_DOWN = REFUSALS.add("face_down", N_("That card is face down until the round ends."))
WRONG_PAYMENT = REFUSALS.add("wrong_payment", N_("Raid {raid}: give {choices}."))
WRONG_PAYMENT_NOTHING = REFUSALS.variant(
    WRONG_PAYMENT, N_("Raid {raid}: you cannot pay it, so you give nothing.")
)
RAID_PAID = REFUSALS.add("raid_paid", N_("{name} has already given what this raid takes."))
WITHIN_LIMITS = REFUSALS.add("within_limits", N_("You hold no more than 10 goods and 3 gold."))
WRONG_RETURN = REFUSALS.add(
    "wrong_return", N_("Return exactly the excess: goods {goods}, gold {gold}.")
)
CANNOT_AFFORD = REFUSALS.add("cannot_afford", N_("{what} takes {cost}; you are missing {missing}."))
CHOICE_REQUIRED = REFUSALS.add(
    "choice_required", N_("{card} gives one good of your choice: name it.")
)
NO_CHOICE = REFUSALS.add("no_choice", N_("{card} shows what it gives: there is no choice."))
NO_EXCHANGE = REFUSALS.add("no_exchange", N_("Name at least one exchange, or skip the Merchant."))
SAME_GOOD = REFUSALS.add(
    "same_good", N_("Exchange {n}: the Merchant trades two goods for another good.")
)
GOOD_REQUIRED = REFUSALS.add("good_required", N_("Name the good you give the Silversmith."))
NO_GOOD_EXPECTED = REFUSALS.add(
    "no_good_expected", N_("This Silversmith trade takes gold, not goods.")
)
NO_GOLD_ALTERNATIVE = REFUSALS.add(
    "no_gold_alternative", N_("{card} cannot be paid with 1 gold instead of goods.")
)
NO_GOODS_FOR_GOLD = REFUSALS.variant(
    NO_GOLD_ALTERNATIVE, N_("{card} costs no goods that 1 gold could stand for.")
)
# the hand and the display
EMPTY_HAND = REFUSALS.add("empty_hand", N_("You hold no tribe card to play."))
EMPTY_HAND_OR_DISCARD = REFUSALS.variant(
    EMPTY_HAND, N_("You hold no tribe card to play or discard.")
)
HAND_FULL = REFUSALS.add(
    "hand_full", N_("You already hold a tribe card: display or discard this one.")
)
ROW_REQUIRED = REFUSALS.add("row_required", N_("Say which display row the card goes in."))
ROW_FULL = REFUSALS.add("row_full", N_("Row {row} of the display already holds four cards."))
ROW_FULL_OF = REFUSALS.variant(
    ROW_FULL, N_("Row {row} of {name}'s display already holds four cards.")
)
NO_SUCH_CARD = REFUSALS.add(
    "no_such_card",
    Nn_(
        "Row {row} of {name}'s display holds {count} card.",
        "Row {row} of {name}'s display holds {count} cards.",
    ),
    count="count",
)
SAME_CARD = REFUSALS.add("same_card", N_("Name two different displayed cards to swap."))
NO_CARD_EFFECT = REFUSALS.add(
    "no_card_effect",
    N_(
        "No card {name} displays is marked as letting its owner {effect}: mark the card in the "
        "Targi settings ({key}), or enter what happened as a correction."
    ),
)
# the piles, and scans
NOT_TARGI_CARD = REFUSALS.variant(UNKNOWN_CARD, N_("{card} is not a Targi card."))
WRONG_KIND = REFUSALS.add("wrong_kind", N_("{card} is not a {kind} card."))
NOT_TRIBE = REFUSALS.variant(WRONG_KIND, N_("{card} is not a tribe card."))
WRONG_KIND_DRAWN = REFUSALS.variant(
    WRONG_KIND, N_("{card} is a {kind} card, but a {expected} card is drawn now.")
)
CARD_IN_PLAY = REFUSALS.add(
    "card_in_play", N_("{card} is not in the draw pile: it is already in play or discarded.")
)
CARD_ON_TABLE = REFUSALS.variant(CARD_IN_PLAY, N_("{card} is already elsewhere on the table."))
CARD_IN_CENTRE = REFUSALS.variant(CARD_IN_PLAY, N_("{card} already lies elsewhere in the centre."))
CARD_ELSEWHERE = REFUSALS.variant(
    CARD_IN_PLAY,
    N_(
        "{card} is elsewhere on the table (the centre, a display or the other hand): "
        "correct that first."
    ),
)
# refused by the screen
BORDER_ONLY = REFUSALS.add("border_only", N_("Targi stand on border cards, not in the centre."))
NOTHING_TO_SKIP_NOW = REFUSALS.variant(
    NOTHING_TO_SKIP,
    N_("Nothing to skip now: answer the prompt, or end the turn with your seat button."),
)


def require_phase(state: TargiState, *phases: Phase) -> None:
    if state.phase not in phases:
        if state.phase is Phase.GAME_OVER:
            raise GAME_OVER.violation()
        raise WRONG_PHASE.violation(phase=phase_name(state.phase))


def require_turn(state: TargiState, seat: int) -> PlayerState:
    if state.to_move is not None and state.to_move != seat:
        raise NOT_YOUR_TURN.violation(name=state.players[state.to_move].name)
    return state.players[seat]


def acting(state: TargiState, seat: int) -> PlayerState:
    require_phase(state, Phase.ACTIONS)
    return require_turn(state, seat)


def require_earlier_round(state: TargiState, player: PlayerState) -> None:
    """A tribe card is played (or discarded with the Noble) from the hand only in a later round
    than the one it was taken into the hand (rulebook: "in a later round")."""
    if state.rules_version == 1:
        return  # logged before the app knew this rule: the log replays as it was played
    if player.hand is not None and player.hand_round == state.round:
        raise HAND_THIS_ROUND.violation(card=player.hand)
