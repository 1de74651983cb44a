"""Targi's rules: setup, every ordinary action of the round, and the score sheet."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import Annotated, Any, Final, Literal

from pydantic import ConfigDict, Field, TypeAdapter

from companion.games.targi import actions as a
from companion.games.targi import card_texts, effects, flow, piles, scoring, table_settings
from companion.games.targi.board import (
    BORDER,
    CENTRAL_CELLS,
    GOODS_CELLS,
    BorderCard,
    Cell,
    placement_refusals,
)
from companion.games.targi.catalog import catalog
from companion.games.targi.corrections import CORRECTIONS
from companion.games.targi.legal import legal_actions, legal_iter, legal_where
from companion.games.targi.model import (
    CardFacts,
    CardKind,
    Good,
    Phase,
    PlayerState,
    Slot,
    Stock,
    TargiState,
)
from companion.games.targi.names import border_name, cell_words, kind_name, resource_name
from companion.games.targi.raids import payment_matches, raid_options
from companion.games.targi.refusals import (
    ALREADY_REVEALED,
    EMPTY_HAND_OR_DISCARD,
    FACE_DOWN,
    MARKER_OCCUPIED,
    NO_CARD,
    NO_MARKER,
    NOT_YOUR_CARD,
    OCCUPIED,
    OPPOSITE_CARD,
    RAID_CORNER,
    ROBBER,
    WITHIN_LIMITS,
    WRONG_CARD,
    WRONG_CARD_AT,
    WRONG_PAYMENT,
    WRONG_PAYMENT_NOTHING,
    WRONG_RETURN,
    acting,
    require_earlier_round,
    require_phase,
    require_turn,
)
from companion.installation.i18n import _
from companion.rules.game import GameRules, PlayerOptions
from companion.rules.refusals import Refusal
from companion.rules.rulings import HouseRules, alternatives_chosen
from companion.rules.scoresheet import ScoreSheet

RULES_VERSION: Final = 2
STARTING_STOCK = Stock(dates=2, salt=2, pepper=2, gold=1, vp=4)
BORDER_GOODS = {
    BorderCard.DATES: Good.DATES,
    BorderCard.SALT: Good.SALT,
    BorderCard.PEPPER: Good.PEPPER,
}


@dataclass(frozen=True, kw_only=True)
class TargiOptions:
    """``gold_alternative`` and ``card_effects``: what this table confirmed about its tribe cards
    (copied from the settings when a game is created, see :mod:`.table_settings`)."""

    __pydantic_config__ = ConfigDict(extra="forbid")
    players: tuple[PlayerOptions, PlayerOptions]
    start_player: Annotated[int, Field(ge=0, le=1)] = 0
    gold_alternative: table_settings.GoldAlternatives = field(default_factory=dict)
    card_effects: table_settings.CardEffects = field(default_factory=dict)
    rulings: HouseRules = field(default_factory=dict)
    """House rules chosen for this game: ruling id -> alternative id (:mod:`companion.rules.rulings`)."""
    rules_version: Literal[1, 2] = RULES_VERSION
    """2 for every new game. 1: a game stored before the Noble waited for a later round and before
    "goods / 1 gold" kept the gold a card prints; its log replays under those rulings."""

    goods_reshuffle: Literal["at_once", "next_draw"] = "at_once"
    """``at_once`` for every new game: when the goods draw pile runs out, the discard pile is
    reshuffled at once (rulebook, *4. Executing actions*). ``next_draw``: a game stored before
    (its options name no ``goods_reshuffle``) kept the discard pile until the next goods draw;
    its log replays so."""

    def __post_init__(self) -> None:
        if self.players[0].name == self.players[1].name:
            raise ValueError("the two players need different names")


# --- refusals shared by the handlers ------------------------------------------------------------


def _take_back_targi(state: TargiState, seat: int, card: int) -> TargiState:
    """The player's Targi on border ``card`` goes back (refused if none of theirs stands there)."""
    player = state.players[seat]
    if card not in player.targi:
        raise NOT_YOUR_CARD.violation(card=card)
    return state.with_player(
        seat, replace(player, targi=tuple(c for c in player.targi if c != card))
    )


def _take_back_marker(state: TargiState, seat: int, cell: Cell) -> TargiState:
    """The player's tribe marker on ``cell`` goes back (refused if none of theirs stands there)."""
    player = state.players[seat]
    if cell not in player.markers:
        raise NO_MARKER.violation(cell=cell_words(cell))
    markers = tuple(m for m in player.markers if m != cell)
    return state.with_player(seat, replace(player, markers=markers))


def _use_border(state: TargiState, seat: int, card: int, *kinds: BorderCard) -> TargiState:
    """The player's Targi on ``card`` goes back: the card is used (or refused if it is not theirs)."""
    acting(state, seat)
    state = _take_back_targi(state, seat, card)
    if BORDER[card] not in kinds:
        raise WRONG_CARD.violation(card=card, kind=" / ".join(border_name(k) for k in kinds))
    return state


def _use_special(state: TargiState, seat: int, kind: BorderCard) -> TargiState:
    """Use the one border card of ``kind`` (Noble, Merchant, Silversmith, ...)."""
    card = next(number for number, printed in BORDER.items() if printed is kind)
    return _use_border(state, seat, card, kind)


def _use_central(
    state: TargiState, seat: int, cell: Cell, kind: CardKind
) -> tuple[TargiState, str]:
    """The player's marker on ``cell`` goes back and the card is replaced face down by the other
    kind; returns the new state and the card that was used."""
    acting(state, seat)
    state = _take_back_marker(state, seat, cell)
    slot = state.slot(cell)
    if slot.card is None:
        raise NO_CARD.violation(cell=cell_words(cell))
    if slot.kind is not kind:
        raise WRONG_CARD_AT.violation(cell=cell_words(cell), kind=kind_name(slot.kind))
    return state.with_slot(cell, Slot(kind.other)), slot.card


def _gain(state: TargiState, seat: int, gain: Stock) -> TargiState:
    player = state.players[seat]
    return state.with_player(seat, player.with_stock(player.stock + gain))


# --- handlers, one per ordinary action ---------------------------------------------------------


def _reveal(state: TargiState, action: a.RevealCard) -> TargiState:
    if not flow.late_reveal(state):
        require_phase(state, Phase.REVEAL)
    slot = state.slot(action.cell)
    if slot.card is not None:
        raise ALREADY_REVEALED.violation(cell=cell_words(action.cell))
    state = piles.draw(state, action.card, slot.kind)
    return state.with_slot(action.cell, Slot(slot.kind, action.card))


def _pay_raid(state: TargiState, action: a.PayRaid) -> TargiState:
    require_phase(state, Phase.RAID)
    player = require_turn(state, action.player)
    assert state.raid is not None
    payment = Stock(action.dates, action.salt, action.pepper, action.gold, action.vp)
    options, opponent_gains = raid_options(state.raid, player.stock, state.house_rules)
    if options and not any(payment_matches(o, payment) for o in options):
        choices = _(" or ").join(f"{o.amount} {resource_name(o.resource)}" for o in options)
        raise WRONG_PAYMENT.violation(raid=state.raid, choices=choices)
    if not options and payment != Stock():
        raise WRONG_PAYMENT_NOTHING.violation(raid=state.raid)
    effects.require_covers(player.stock, payment, _("This payment"))
    state = state.with_player(action.player, player.with_stock(player.stock - payment))
    if opponent_gains:
        state = _gain(state, 1 - action.player, Stock(vp=opponent_gains))
    state = replace(state, raid_paid=flow.flag_seat(state.raid_paid, action.player))
    return flow.finish_raid(state) if all(state.raid_paid) else state


def _place(state: TargiState, action: a.Place) -> TargiState:
    require_phase(state, Phase.PLACEMENT)
    player = require_turn(state, action.player)
    theirs = state.players[1 - action.player].targi
    reason = placement_refusals(state.robber, player.targi, theirs).get(action.card)
    if reason is not None:
        raise PLACEMENT_REFUSALS[reason].violation(card=action.card)
    state = state.with_player(action.player, replace(player, targi=(*player.targi, action.card)))
    state = replace(state, placements=state.placements + 1)
    return flow.finish_placement(state) if state.placements == 6 else state


PLACEMENT_REFUSALS: dict[str, Refusal] = {
    "raid": RAID_CORNER,
    "robber": ROBBER,
    "occupied": OCCUPIED,
    "opposite": OPPOSITE_CARD,
}
"""The refusal of each reason :func:`placement_refusals` gives."""


def _take_goods(state: TargiState, action: a.TakeGoods) -> TargiState:
    state = _use_border(state, action.player, action.card, *BORDER_GOODS)
    return _gain(state, action.player, Stock.of(BORDER_GOODS[BORDER[action.card]]))


def _noble(state: TargiState, action: a.UseNoble) -> TargiState:
    state = _use_special(state, action.player, BorderCard.NOBLE)
    player = state.players[action.player]
    if player.hand is None:
        raise EMPTY_HAND_OR_DISCARD.violation()
    require_earlier_round(state, player)
    card, player = player.hand, replace(player, hand=None, hand_round=None)
    state = state.with_player(action.player, player)
    return effects.take_tribe_card(
        state, action.player, card, action.decision, action.row, action.pay_gold
    )


def _merchant(state: TargiState, action: a.UseMerchant) -> TargiState:
    state = _use_special(state, action.player, BorderCard.MERCHANT)
    player = state.players[action.player]
    return state.with_player(
        action.player, player.with_stock(effects.merchant(player.stock, action.exchanges))
    )


SILVERSMITH_REPEATS = "silversmith_repeats"
"""The house rule (alternative of the ruling ``trades_per_visit``): the Silversmith may trade
several times in one visit."""


def _silversmith(state: TargiState, action: a.UseSilversmith) -> TargiState:
    """One trade; under the house rule :data:`SILVERSMITH_REPEATS` the Targi stays on the card
    after it, for another trade, until the player skips the card or ends the turn."""
    if SILVERSMITH_REPEATS in state.house_rules:
        card = next(n for n, printed in BORDER.items() if printed is BorderCard.SILVERSMITH)
        acting(state, action.player)
        if card not in state.players[action.player].targi:
            raise NOT_YOUR_CARD.violation(card=card)
    else:
        state = _use_special(state, action.player, BorderCard.SILVERSMITH)
    player = state.players[action.player]
    stock = effects.silversmith(player.stock, action.trade, action.good)
    return state.with_player(action.player, player.with_stock(stock))


def _fata_morgana(state: TargiState, action: a.UseFataMorgana) -> TargiState:
    state = _use_special(state, action.player, BorderCard.FATA_MORGANA)
    player = state.players[action.player]
    if action.marker not in player.markers:
        raise NO_MARKER.violation(cell=cell_words(action.marker))
    if action.to in state.marker_owner:
        raise MARKER_OCCUPIED.violation(cell=cell_words(action.to))
    if state.slot(action.to).card is None:
        raise FACE_DOWN.violation()
    markers = tuple(action.to if m == action.marker else m for m in player.markers)
    return state.with_player(action.player, replace(player, markers=markers))


def _caravan(state: TargiState, action: a.UseCaravan) -> TargiState:
    state = _use_special(state, action.player, BorderCard.CARAVAN)
    state = piles.draw(state, action.card, CardKind.GOODS)
    state = _gain(state, action.player, effects.goods_card_gain(action.card, action.choice))
    return piles.discard(state, action.card)


def _tribal_expansion(state: TargiState, action: a.UseTribalExpansion) -> TargiState:
    state = _use_special(state, action.player, BorderCard.TRIBAL_EXPANSION)
    state = piles.draw(state, action.card, CardKind.TRIBE)
    return effects.take_tribe_card(
        state, action.player, action.card, action.decision, action.row, action.pay_gold
    )


def _take_central_goods(state: TargiState, action: a.TakeCentralGoods) -> TargiState:
    state, card = _use_central(state, action.player, action.cell, CardKind.GOODS)
    state = _gain(state, action.player, effects.goods_card_gain(card, action.choice))
    return piles.discard(state, card)


def _take_central_tribe(state: TargiState, action: a.TakeCentralTribe) -> TargiState:
    state, card = _use_central(state, action.player, action.cell, CardKind.TRIBE)
    return effects.take_tribe_card(
        state, action.player, card, action.decision, action.row, action.pay_gold
    )


def _skip(state: TargiState, action: a.Skip) -> TargiState:
    acting(state, action.player)
    if isinstance(action.space, int):
        return _take_back_targi(state, action.player, action.space)
    return _take_back_marker(state, action.player, action.space)


def _end_turn(state: TargiState, action: a.EndTurn) -> TargiState:
    player = acting(state, action.player)
    state = state.with_player(action.player, replace(player, targi=(), markers=()))
    return flow.mark_turn_done(state, action.player)


def _return_excess(state: TargiState, action: a.ReturnExcess) -> TargiState:
    require_phase(state, Phase.LIMITS)
    player = state.players[action.player]
    returned = Stock(action.dates, action.salt, action.pepper, action.gold)
    if not flow.over_limit(player):
        raise WITHIN_LIMITS.violation()
    effects.require_covers(player.stock, returned, _("Returning this"))
    excess_goods, excess_gold = flow.excess(player)
    if returned.goods != excess_goods or returned.gold != excess_gold:
        raise WRONG_RETURN.violation(goods=excess_goods, gold=excess_gold)
    return state.with_player(action.player, player.with_stock(player.stock - returned))


HANDLERS: dict[type, Callable[[TargiState, Any], TargiState]] = {
    a.RevealCard: _reveal,
    a.PayRaid: _pay_raid,
    a.Place: _place,
    a.TakeGoods: _take_goods,
    a.UseNoble: _noble,
    a.UseMerchant: _merchant,
    a.UseSilversmith: _silversmith,
    a.UseFataMorgana: _fata_morgana,
    a.UseCaravan: _caravan,
    a.UseTribalExpansion: _tribal_expansion,
    a.TakeCentralGoods: _take_central_goods,
    a.TakeCentralTribe: _take_central_tribe,
    a.Skip: _skip,
    a.EndTurn: _end_turn,
    a.ReturnExcess: _return_excess,
    a.PlayFromHand: card_texts.play_from_hand,
    a.SwapDisplayed: card_texts.swap_displayed,
    a.RaidProtected: card_texts.raid_protected,
    **CORRECTIONS,
}


class TargiRules(GameRules[TargiOptions, TargiState, a.TargiAction]):
    name = "targi"
    options_adapter = TypeAdapter(TargiOptions)
    action_adapter = a.ACTION_ADAPTER

    def setup(self, options: TargiOptions) -> TargiState:
        players = tuple(PlayerState(p.name, p.colour, STARTING_STOCK) for p in options.players)
        centre = tuple(
            (cell, Slot(CardKind.GOODS if cell in GOODS_CELLS else CardKind.TRIBE))
            for cell in CENTRAL_CELLS
        )
        return TargiState(
            players=(players[0], players[1]),
            start_player=options.start_player,
            round=0,
            robber=None,
            phase=Phase.REVEAL,
            centre=centre,
            card_facts=tuple(
                CardFacts(
                    card,
                    options.gold_alternative.get(card),
                    options.card_effects.get(card, ()),
                )
                for card in sorted({*options.gold_alternative, *options.card_effects})
            ),
            rules_version=options.rules_version,
            house_rules=alternatives_chosen(options.rulings),
            goods_reshuffle=options.goods_reshuffle,
        )

    def apply(self, state: TargiState, action: a.TargiAction) -> TargiState:
        handler = HANDLERS[type(action)]
        return flow.settle(handler(state, action))

    def legal_actions(self, state: TargiState) -> list[a.TargiAction]:
        return legal_actions(self, state)

    def legal_iter(self, state: TargiState) -> Iterator[a.TargiAction]:
        return legal_iter(self, state)

    def legal_where(
        self, state: TargiState, keep: Callable[[a.TargiAction], bool]
    ) -> list[a.TargiAction]:
        return legal_where(self, state, keep)

    def parse_options(self, data: Mapping[str, Any], *, stored: bool = False) -> TargiOptions:
        """As every game's; a game stored before rules version 2 (its options name no
        ``rules_version``) replays under version 1, one stored before the goods were reshuffled
        at once (no ``goods_reshuffle``) with the discard pile kept until the next goods draw."""
        if stored and "rules_version" not in data:
            data = {**data, "rules_version": 1}
        if stored and "goods_reshuffle" not in data:
            data = {**data, "goods_reshuffle": "next_draw"}
        return super().parse_options(data, stored=stored)

    def stored_options(self, settings: Mapping[str, Any]) -> dict[str, Any]:
        """The tribe-card facts this table confirmed (see :mod:`.table_settings`)."""
        return table_settings.stored_options(settings)

    def is_over(self, state: TargiState) -> bool:
        return state.phase is Phase.GAME_OVER

    def score_sheet(self, state: TargiState) -> ScoreSheet:
        tribe = catalog().tribe
        tallies = {
            p.name: scoring.Tally(
                vp_tokens=p.stock.vp,
                card_vp=sum(tribe[card].vp for row in p.display for card in row),
                card_bonus=p.card_bonus,
                gold=p.stock.gold,
                goods=p.stock.goods,
                display=[[tribe[card].symbol for card in row] for row in p.display],
            )
            for p in state.players
        }
        unverified = sorted(
            card
            for p in state.players
            for row in p.display
            for card in row
            if not tribe[card].verified
        )
        notes = (
            [
                _(
                    "Printed VP of {cards} come from a single public source: "
                    "check them against the cards and enter any difference as a card-text bonus."
                ).format(cards=", ".join(unverified))
            ]
            if unverified
            else []
        )
        return scoring.sheet(tallies, final=self.is_over(state), notes=notes)
