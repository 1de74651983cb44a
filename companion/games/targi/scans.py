"""Which scanned card fits Targi's current phase: a scan names a card just drawn from a pile.

Cards are drawn when the table reveals face-down central cards (setup and round end), and in the
actions phase by the Caravan (a goods card) and the Tribal expansion (a tribe card) of the player
whose turn it is. Any other scan is refused with the reason; the card itself must still be in its
draw pile.
"""

from __future__ import annotations

from companion.games.targi import piles
from companion.games.targi.board import BORDER, BorderCard
from companion.games.targi.flow import awaiting_reveal
from companion.games.targi.model import CardKind, Phase, TargiState
from companion.games.targi.names import kind_name, phase_name
from companion.games.targi.refusals import WRONG_KIND_DRAWN
from companion.rules.refusals import NO_CARD_EXPECTED
from companion.rules.verdict import RuleViolation, Verdict

_DRAWN_BY: dict[BorderCard, CardKind] = {
    BorderCard.CARAVAN: CardKind.GOODS,
    BorderCard.TRIBAL_EXPANSION: CardKind.TRIBE,
}


def expected_draws(state: TargiState) -> set[CardKind]:
    """The kinds of card the table may draw now (empty: no card is drawn in this step)."""
    if state.phase is Phase.REVEAL:
        return {state.slot(cell).kind for cell in awaiting_reveal(state)}
    seat = state.to_move
    if state.phase is Phase.ACTIONS and seat is not None:
        border = (BORDER[card] for card in state.players[seat].targi)
        return {_DRAWN_BY[kind] for kind in border if kind in _DRAWN_BY}
    return set()


def check_scan(state: TargiState, card: str) -> Verdict:
    """Whether the scanned ``card`` can be the card drawn now, and if not, why."""
    try:
        kind = piles.kind_of(card)
        expected = expected_draws(state)
        if not expected:
            raise NO_CARD_EXPECTED.violation(phase=phase_name(state.phase), card=card)
        if kind not in expected:
            raise WRONG_KIND_DRAWN.violation(
                card=card, kind=kind_name(kind), expected=kind_name(kind.other)
            )
        piles.draw(state, card, kind)
    except RuleViolation as violation:
        return violation.verdict
    return Verdict.legal()
