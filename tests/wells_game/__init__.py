"""A fourth game that plugs in through its spec alone (:mod:`wells_game.spec`): no module of the app
names it. Players draw 1-3 buckets from the well on their turn (more is refused as ``too_many``) and
end it with ``end_turn``; the first to the target wins. ``set_buckets`` is a correction.

Its spec (:mod:`wells_game.spec`) declares every part: rules, questions, settings, refusals,
explanations, rulings and reference; its UI entry (:mod:`wells_game.ui`) its own screen and tour
states. Installed as its own distribution by the entry points in ``entry_points.txt`` (see
``tests/test_fourth_game.py``), or registered in process with :func:`companion.rules.registry.register`
and :func:`ui.games.register`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from companion.rules.game import GameRules, PlayerOptions, game_action
from companion.rules.scoresheet import Category, ScoreSheet, build_sheet
from companion.rules.verdict import RuleViolation
from wells_game.refusals import DRAWN, NO_DRAW, NO_SUCH_PLAYER, TOO_MANY

MIN_PLAYERS, MAX_PLAYERS = 2, 4


@dataclass(frozen=True, kw_only=True)
class WellsOptions:
    __pydantic_config__ = ConfigDict(extra="forbid")
    players: Annotated[
        tuple[PlayerOptions, ...], Field(min_length=MIN_PLAYERS, max_length=MAX_PLAYERS)
    ]
    start_player: Annotated[int, Field(ge=0, le=MAX_PLAYERS - 1)] = 0
    target: Annotated[int, Field(ge=1, le=99)] = 10


@game_action
class Draw:
    kind: Literal["draw"] = "draw"
    player: Annotated[int, Field(ge=0, le=MAX_PLAYERS - 1)]
    buckets: Annotated[int, Field(ge=1, le=9)]


@game_action
class EndTurn:
    kind: Literal["end_turn"] = "end_turn"
    player: Annotated[int, Field(ge=0, le=MAX_PLAYERS - 1)]


@game_action
class SetBuckets:
    correction: ClassVar[bool] = True
    kind: Literal["set_buckets"] = "set_buckets"
    player: Annotated[int, Field(ge=0, le=MAX_PLAYERS - 1)]
    buckets: Annotated[int, Field(ge=0, le=99)]


WellsAction = Draw | EndTurn | SetBuckets


@dataclass(frozen=True)
class WellsPlayer:
    name: str
    buckets: int = 0


@dataclass(frozen=True)
class WellsState:
    players: tuple[WellsPlayer, ...]
    to_move: int
    drawn: bool
    target: int


class WellsRules(GameRules[WellsOptions, WellsState, WellsAction]):
    name = "wells"
    options_adapter = TypeAdapter(WellsOptions)
    action_adapter = TypeAdapter(Annotated[WellsAction, Field(discriminator="kind")])

    def setup(self, options: WellsOptions) -> WellsState:
        players = tuple(WellsPlayer(p.name) for p in options.players)
        return WellsState(players, options.start_player % len(players), False, options.target)

    def apply(self, state: WellsState, action: WellsAction) -> WellsState:
        if action.player >= len(state.players):
            raise NO_SUCH_PLAYER.violation()
        if isinstance(action, SetBuckets):
            return _with_buckets(state, action.player, action.buckets)
        if self.is_over(state):
            raise RuleViolation("game_over", "The game is over.")
        if action.player != state.to_move:
            raise RuleViolation("not_your_turn", "It is not this player's turn.")
        if isinstance(action, EndTurn):
            if not state.drawn:
                raise NO_DRAW.violation()
            return WellsState(
                state.players, (state.to_move + 1) % len(state.players), False, state.target
            )
        if state.drawn:
            raise DRAWN.violation()
        if action.buckets > 3:
            raise TOO_MANY.violation()
        after = _with_buckets(
            state, action.player, state.players[action.player].buckets + action.buckets
        )
        return WellsState(after.players, after.to_move, True, after.target)

    def stored_options(self, settings: Mapping[str, Any]) -> dict[str, Any]:
        return {"target": settings["target"]} if "target" in settings else {}

    def legal_actions(self, state: WellsState) -> list[WellsAction]:
        if self.is_over(state):
            return []
        if state.drawn:
            return [EndTurn(player=state.to_move)]
        return [Draw(player=state.to_move, buckets=n) for n in (1, 2, 3)]

    def score_sheet(self, state: WellsState) -> ScoreSheet:
        points = {p.name: {"buckets": p.buckets} for p in state.players}
        return build_sheet(
            self.name, [Category("buckets", "Buckets")], points, [], final=self.is_over(state)
        )

    def is_over(self, state: WellsState) -> bool:
        return any(p.buckets >= state.target for p in state.players)


def _with_buckets(state: WellsState, seat: int, buckets: int) -> WellsState:
    players = list(state.players)
    players[seat] = WellsPlayer(players[seat].name, buckets)
    return WellsState(tuple(players), state.to_move, state.drawn, state.target)


class NeededQuestion(BaseModel):
    model_config = ConfigDict(extra="forbid")
    buckets: Annotated[int, Field(ge=0, le=99)]
    target: Annotated[int, Field(ge=1, le=99)] | None = None


def needed(q: NeededQuestion, settings: Any) -> dict[str, Any]:
    """Turns still needed at 3 buckets a turn (the target given, else the table's, else 10)."""
    target = q.target or settings().get("target", 10)
    return {"turns": max(0, -(-(target - q.buckets) // 3)), "target": target}


QUESTIONS = {"needed": (NeededQuestion, needed)}
