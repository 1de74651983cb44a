"""Targi's rules reference: the rulebook summarised in its order (setup, the round's steps, the
cards in detail, the end and its tie-breaks), and what the current step offers
(:mod:`companion.rules.reference`). The raid is told right after the robber's step that causes it, as
the round runs; the English edition tells it among the rules in detail."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from companion.games.targi import actions as a
from companion.games.targi import explanations as book
from companion.games.targi.board import BORDER, BORDER_CARDS, RAID_CORNERS, BorderCard
from companion.games.targi.describe import border_words
from companion.games.targi.legal import candidates
from companion.games.targi.model import Phase, TargiState
from companion.games.targi.names import cell_words
from companion.installation.i18n import N_, _
from companion.rules.reference import Option, Part, Reference, app_part, first_open

PARTS = (
    Part(
        "setup",
        N_("Preparation"),
        N_(
            "The 16 border cards form a frame that stays the whole game; its four corners are "
            "raids. Five goods cards and four tribe cards are dealt face up into the centre. "
            "Each player starts with 3 Targi, 2 tribe markers, 2 dates, 2 salt, 2 pepper, 1 gold "
            "and 4 victory points. The robber waits by the Noble."
        ),
        (book.PREPARATION,),
    ),
    Part(
        "overview",
        N_("Overview"),
        N_(
            "Each round the robber moves, then both players place their Targi on border cards "
            "and their tribe markers where two of their Targi's lines cross. Every card a figure "
            "stands on gives its owner that card's action. The round always runs in the same "
            "steps."
        ),
        (book.OVERVIEW, book.ROUND),
    ),
    Part(
        "robber",
        N_("1. Move the robber"),
        N_(
            "At the start of each round the robber moves one card clockwise. No Targi may stand "
            "on its card this round; opposite it is allowed. When it reaches a corner, a raid "
            "takes place."
        ),
        (book.ROBBER,),
    ),
    Part(
        "raid",
        N_("Raid"),
        N_(
            "A raid corner shows what it takes. Starting with the start player, each player gives "
            "either the goods or the victory points shown; the last raid takes gold or victory "
            "points. Then the robber moves straight on to the next card."
        ),
        (book.RAID,),
    ),
    Part(
        "placing",
        N_("2. Place the Targi"),
        N_(
            "Starting with the start player, the players take turns placing one Targi until all "
            "three of each are out. A Targi may not go on the robber's card, on a raid corner, on "
            "a card already taken, or opposite an opponent's Targi."
        ),
        (book.PLACING,),
    ),
    Part(
        "markers",
        N_("3. Place the tribe markers"),
        N_(
            "Each player follows the lines from their Targi across the board: where two lines "
            "cross, a tribe marker goes on that centre card. Two Targi facing each other make "
            "only one crossing, so only one marker."
        ),
        (book.MARKERS,),
    ),
    Part(
        "actions",
        N_("4. Take the actions"),
        N_(
            "The start player uses all their cards first, one after another in any order, then "
            "the other player. Any card may be left unused. A used centre card is replaced by a "
            "card of the other sort. A tribe card may be displayed by paying its cost, kept as the "
            "one card in hand, or discarded."
        ),
        (book.ACTIONS,),
    ),
    Part(
        "edge_cards",
        N_("The border cards"),
        N_(
            "The Noble plays or discards the card in hand. The Merchant trades goods for gold or "
            "for another good, as often as wished. The Silversmith turns goods or gold into "
            "victory points. The Fata Morgana moves a tribe marker to a free centre card. Caravan "
            "and Tribal expansion draw a card."
        ),
        (book.EDGE_CARDS,),
    ),
    Part(
        "tribe_cards",
        N_("The tribe cards"),
        N_(
            "A tribe card costs the goods and gold printed on it; a slash lets 1 gold replace the "
            "goods. Its advantage counts from the moment it is displayed. The display has three "
            "rows of four cards, filled from left to right, and cards stay where they are laid."
        ),
        (book.TRIBE_CARDS,),
    ),
    Part(
        "turn_up",
        N_("5. Turn up new cards"),
        N_(
            "When both players have acted, the cards laid face down into the centre are turned "
            "up. The start player token passes to the other player, and the next round begins "
            "with the robber."
        ),
        (book.TURN_UP,),
    ),
    Part(
        "limits",
        N_("Limits at the end of a round"),
        N_(
            "A player may carry at most 10 goods and 3 gold into the next round. Whoever has more "
            "returns the excess to the supply, choosing which goods. During a round there is no "
            "limit."
        ),
        (book.LIMITS,),
    ),
    Part(
        "scoring",
        N_("Scoring"),
        N_(
            "Each player adds their victory point tokens, the points printed on their tribe cards "
            "and any points the cards' texts give. A full row of four cards with the same symbol "
            "scores 4 more, one with four different symbols 2 more."
        ),
        (book.END,),
    ),
    Part(
        "end",
        N_("Game end and tie-breaks"),
        N_(
            "The game ends after the round in which a player displays their 12th tribe card, or "
            "at once after the fourth raid. The most points wins. On a tie the most gold wins, "
            "then the most goods; after that the game is drawn."
        ),
        (book.END,),
    ),
    app_part(),
)

_PHASE_PARTS = {
    Phase.REVEAL: "turn_up",
    Phase.RAID: "raid",
    Phase.PLACEMENT: "placing",
    Phase.ACTIONS: "actions",
    Phase.LIMITS: "limits",
    Phase.GAME_OVER: "end",
}


def phase_part(state: TargiState) -> str:
    """The step's section; the first cards named, before anything is played, are the setup."""
    played = any(any(player.display) or player.hand is not None for player in state.players)
    if state.phase is Phase.REVEAL and state.round <= 1 and not played:
        return "setup"
    return _PHASE_PARTS[state.phase]


def _raid_option(action: Any) -> tuple[str, str]:
    if isinstance(action, a.RaidProtected):
        return "escape", N_("Escape the raid (a tribe card allows it)")
    if action.vp:
        return "vp", N_("Give victory points")
    if action.gold:
        return "gold", N_("Give gold")
    if action.dates or action.salt or action.pepper:
        return "goods", N_("Give goods")
    return "nothing", N_("Give nothing (nothing to give)")


def _action_option(action: Any) -> tuple[str, str] | None:
    """The option an action of the actions step belongs to (the card it uses); None: skips,
    which are always open."""
    if isinstance(action, a.Skip):
        return None
    if isinstance(action, a.EndTurn):
        return "end", _("End turn")
    if isinstance(action, a.TakeGoods):
        return f"card-{action.card}", _("Use {card}").format(card=border_words(action.card))
    if isinstance(action, a.TakeCentralGoods | a.TakeCentralTribe):
        row, column = action.cell
        label = _("Use the card at centre {cell}").format(cell=cell_words(action.cell))
        return f"centre-{row}-{column}", label
    if isinstance(action, a.PlayFromHand):
        return "hand", _("Play the card in hand (a tribe card allows it)")
    if isinstance(action, a.SwapDisplayed):
        return "swap", _("Swap two displayed cards (a tribe card allows it)")
    numbers = [n for n, card in BORDER.items() if card.value == action.kind]
    number = numbers[0]
    return f"card-{number}", _("Use {card}").format(card=border_words(number))


def _grouped(
    rules: Any,
    state: TargiState,
    actions: Sequence[Any],
    key: Callable[[Any], tuple[str, str] | None],
) -> list[Option]:
    groups: dict[str, tuple[str, list[Any]]] = {}
    for action in actions:
        found = key(action)
        if found is not None:
            groups.setdefault(found[0], (found[1], []))[1].append(action)
    return [
        first_open(rules, state, option_id, label, group)
        for option_id, (label, group) in groups.items()
    ]


def options(rules: Any, state: TargiState) -> list[Option]:
    """What the current step offers: in placement every border card but the corners; in the
    actions step each card the player stands on, and the end of the turn; a raid's ways to pay;
    the cards to turn up; the returns over the limits."""
    seat = state.to_move
    phase = state.phase
    if phase is Phase.PLACEMENT and seat is not None:
        return [
            first_open(
                rules,
                state,
                f"place-{number}",
                _("Targi on {card}").format(card=border_words(number)),
                [a.Place(player=seat, card=number)],
            )
            for number in BORDER_CARDS
            if number not in RAID_CORNERS
        ]
    found = list(candidates(state))
    if phase is Phase.ACTIONS and seat is not None:
        uses = _grouped(rules, state, found, _action_option)
        shown = {option.id for option in uses}
        for number in state.players[seat].targi:  # the Fata Morgana without a marker to move
            if f"card-{number}" not in shown and BORDER[number] is BorderCard.FATA_MORGANA:
                label = _("Use {card}").format(card=border_words(number))
                probe = a.UseFataMorgana(player=seat, marker=(1, 1), to=(2, 2))
                uses.append(first_open(rules, state, f"card-{number}", label, [probe]))
        return uses
    if phase is Phase.RAID:
        return [
            Option(option.id, _(option.label), option.refusal)
            for option in _grouped(rules, state, found, _raid_option)
        ]
    if phase is Phase.REVEAL:
        return _grouped(
            rules,
            state,
            found,
            lambda action: (
                "reveal-{}-{}".format(*action.cell),
                _("Name the card at centre {cell}").format(cell=cell_words(action.cell)),
            ),
        )
    if phase is Phase.LIMITS:
        return _grouped(
            rules,
            state,
            found,
            lambda action: (
                f"return-{action.player}",
                _("{name} gives back the excess").format(name=state.players[action.player].name),
            ),
        )
    return []


REFERENCE = Reference("targi", PARTS, phase_part, options)
