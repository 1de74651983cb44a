"""The Tuareg card game's rules: setup for 2-5 players, every action of a turn, the stage ends and the
score sheet."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Annotated, Any

from pydantic import ConfigDict, Field, TypeAdapter

from companion.games.tuareg import actions as a
from companion.games.tuareg import scoring, stage, turns
from companion.games.tuareg.corrections import CORRECTIONS
from companion.games.tuareg.legal import legal_actions
from companion.games.tuareg.model import (
    COPIES,
    DINARS,
    KNOWN_VALUES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    SPECIAL_SUPPLY,
    Good,
)
from companion.games.tuareg.names import good_name
from companion.games.tuareg.refusals import require_phase, require_plausible
from companion.games.tuareg.state import CardValue, GoodCounts, Phase, PlayerState, TuaregState
from companion.games.tuareg.values import table_values
from companion.installation.i18n import _
from companion.rules.game import GameRules, PlayerOptions
from companion.rules.rulings import HouseRules, alternatives_chosen
from companion.rules.scoresheet import ScoreSheet

CAMELS = {2: 3}
"""Camels per player by the number of players (the camel card's 3-camel side for two); else 2."""
DEFAULT_CAMELS = 2
MARKET_SIZE = 2


@dataclass(frozen=True, kw_only=True)
class ValueOptions:
    """What a good's cards print, as the table confirmed it (either may still be unknown)."""

    __pydantic_config__ = ConfigDict(extra="forbid")
    dinars: Annotated[int, Field(ge=1, le=9)] | None = None
    points: Annotated[int, Field(ge=1, le=20)] | None = None


@dataclass(frozen=True, kw_only=True)
class TuaregOptions:
    """``values`` are the table's confirmed card values (from the settings when a game is created);
    gold's come from the rulebook unless given."""

    __pydantic_config__ = ConfigDict(extra="forbid")
    players: Annotated[
        tuple[PlayerOptions, ...], Field(min_length=MIN_PLAYERS, max_length=MAX_PLAYERS)
    ]
    start_player: Annotated[int, Field(ge=0, le=MAX_PLAYERS - 1)] = 0
    values: Mapping[Good, ValueOptions] = Field(default_factory=dict)
    rulings: HouseRules = field(default_factory=dict)
    """House rules chosen for this game: ruling id -> alternative id (:mod:`companion.rules.rulings`)."""

    def __post_init__(self) -> None:
        if len({p.name for p in self.players}) != len(self.players):
            raise ValueError("every player needs a different name")
        if self.start_player >= len(self.players):
            raise ValueError(f"start_player: there are {len(self.players)} players")


def _open_market(state: TuaregState, action: a.OpenMarket) -> TuaregState:
    require_phase(state, Phase.MARKET)
    state = replace(
        state, market=GoodCounts.of(action.goods), deck=state.deck - MARKET_SIZE, phase=Phase.TURNS
    )
    return require_plausible(state)


def _confirm_value(state: TuaregState, action: a.ConfirmValue) -> TuaregState:
    values = tuple(
        (good, CardValue(action.dinars, action.points) if good is action.good else value)
        for good, value in state.values
    )
    return replace(state, values=values)


HANDLERS: dict[type, Callable[[TuaregState, Any], TuaregState]] = {
    a.OpenMarket: _open_market,
    a.Draw: turns.draw,
    a.LoadFromCache: turns.load_from_cache,
    a.TakeFromMarket: turns.take_from_market,
    a.Buy: turns.buy,
    a.Hide: turns.hide,
    a.Steal: turns.steal,
    a.EndTurn: turns.end_turn,
    a.RevealCave: stage.reveal_cave,
    a.RevealThief: stage.reveal_thief,
    a.CashMap: stage.cash_map,
    a.ScoreStage: stage.score_stage,
    a.RevealHand: stage.reveal_hand,
    a.ConfirmValue: _confirm_value,
    **CORRECTIONS,
}


class TuaregRules(GameRules[TuaregOptions, TuaregState, a.TuaregAction]):
    name = "tuareg"
    options_adapter = TypeAdapter(TuaregOptions)
    action_adapter = a.ACTION_ADAPTER

    def setup(self, options: TuaregOptions) -> TuaregState:
        camels = CAMELS.get(len(options.players), DEFAULT_CAMELS)
        players = tuple(
            PlayerState(p.name, p.colour, camels=((),) * camels) for p in options.players
        )
        values = tuple(
            (good, _initial_value(good, options.values.get(good, ValueOptions()))) for good in Good
        )
        return TuaregState(
            players=players,
            values=values,
            supply=tuple(SPECIAL_SUPPLY[len(players)].items()),
            to_move=options.start_player,
            deck=sum(COPIES.values()),
            house_rules=alternatives_chosen(options.rulings),
        )

    def apply(self, state: TuaregState, action: a.TuaregAction) -> TuaregState:
        return HANDLERS[type(action)](state, action)

    def legal_actions(self, state: TuaregState) -> list[a.TuaregAction]:
        return legal_actions(state)

    def is_over(self, state: TuaregState) -> bool:
        return state.phase is Phase.GAME_OVER

    def score_sheet(self, state: TuaregState) -> ScoreSheet:
        return game_sheet(state)

    def stored_options(self, settings: Mapping[str, Any]) -> dict[str, Any]:
        """The card values this table confirmed (see :mod:`.values`)."""
        return {
            "values": {
                good.value: {"dinars": value.dinars, "points": value.points}
                for good, value in table_values(settings).items()
            }
        }


def _initial_value(good: Good, given: ValueOptions) -> CardValue:
    return CardValue(
        dinars=given.dinars if given.dinars is not None else DINARS.get(good),
        points=given.points if given.points is not None else KNOWN_VALUES.get(good),
    )


def game_sheet(state: TuaregState) -> ScoreSheet:
    """The score sheet as it stands: majority points use the values known now, so a value the table
    confirms later corrects every stage already scored."""
    values = dict(state.values)
    unconfirmed = [good for good in Good if values[good].points is None]
    points = {good: values[good].points or 0 for good in Good}
    stage_points = [
        scoring.majorities(
            points, {p.name: dict(c.items()) for p, c in zip(state.players, s.counts, strict=True)}
        ).points
        for s in state.stages
    ]
    over = state.phase is Phase.GAME_OVER
    tallies = {
        p.name: scoring.GameTally(
            stages=[
                {g: 0 if g in unconfirmed else pts[p.name][g] for g in Good} for pts in stage_points
            ],
            maps_cashed=[s.maps[seat] for s in state.stages],
            unused=p.unused(),
            cache_value=_cache_value(state, p),
        )
        for seat, p in enumerate(state.players)
    }
    notes = [
        _(
            "{good}: the majority points its cards print are not confirmed yet, so its majorities "
            "score nothing; confirm the value to score them."
        ).format(good=good_name(good))
        for good in unconfirmed
        if state.stages
    ]
    if over and any(p.hand_revealed is None and p.hand for p in state.players):
        notes.append(_("The cache tie-break counts only the caches shown."))
    sheet = scoring.game_sheet(tallies, final=over, notes=notes)
    if _tie_open(state, sheet):
        steps = sheet.tiebreaks  # they decide once the hands are shown
        sheet = scoring.game_sheet(tallies, final=over, notes=notes, by_cache=False)
        sheet = replace(sheet, tiebreak=scoring.PENDING, tiebreaks=steps)
    return sheet


def _tie_open(state: TuaregState, sheet: ScoreSheet) -> bool:
    """Players tied on the best total, one of whom has not shown the cards in hand: the cache
    tie-break cannot be decided yet (a hand of no cards needs no showing)."""
    best = max(sheet.totals.values())
    tied = [p for p in state.players if sheet.totals[p.name] == best]
    return len(tied) > 1 and any(p.hand_revealed is None and p.hand for p in tied)


def _cache_value(state: TuaregState, player: PlayerState) -> int:
    """The dinars of the cache shown at the game's end (a good of unconfirmed value counts 0)."""
    return sum(state.value(good).dinars or 0 for good in player.hand_revealed or ())
