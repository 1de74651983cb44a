"""A tiny game for testing sessions and storage without a real game's rules.

Players add 0-5 to their own counter (more is refused as ``too_big``); the game is over once a
counter reaches the target. ``SetCount`` is a correction. Importing this module registers the game
as ``"counter"`` so that :meth:`companion.play.session.Session.resume` can find it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, ClassVar, Literal

from pydantic import Field, TypeAdapter

from companion.rules.game import GameRules
from companion.rules.registry import register
from companion.rules.scoresheet import Category, ScoreSheet, build_sheet
from companion.rules.spec import GameSpec
from companion.rules.verdict import RuleViolation


@dataclass(frozen=True, kw_only=True)
class CounterOptions:
    players: tuple[str, ...] = ("ann", "bob")
    target: int = 20


@dataclass(frozen=True, kw_only=True)
class Add:
    kind: Literal["add"] = "add"
    n: int
    player: int = 0


@dataclass(frozen=True, kw_only=True)
class SetCount:
    correction: ClassVar[bool] = True
    kind: Literal["set"] = "set"
    count: int
    player: int = 0


CounterAction = Add | SetCount


@dataclass(frozen=True)
class CounterState:
    players: tuple[str, ...]
    counts: tuple[int, ...]
    target: int


class CounterRules(GameRules[CounterOptions, CounterState, CounterAction]):
    name = "counter"
    options_adapter = TypeAdapter(CounterOptions)
    action_adapter = TypeAdapter(Annotated[CounterAction, Field(discriminator="kind")])

    def setup(self, options: CounterOptions) -> CounterState:
        return CounterState(options.players, (0,) * len(options.players), options.target)

    def apply(self, state: CounterState, action: CounterAction) -> CounterState:
        if not 0 <= action.player < len(state.players):
            raise RuleViolation("no_such_player", "There is no such player.")
        if isinstance(action, SetCount):
            return self._with_count(state, action.player, action.count)
        if self.is_over(state):
            raise RuleViolation("game_over", "The game is over.")
        if action.n > 5:
            raise RuleViolation("too_big", "You may add at most 5.")
        return self._with_count(state, action.player, state.counts[action.player] + action.n)

    def legal_actions(self, state: CounterState) -> list[CounterAction]:
        if self.is_over(state):
            return []
        return [Add(n=n, player=p) for p in range(len(state.players)) for n in range(6)]

    def score_sheet(self, state: CounterState) -> ScoreSheet:
        points = {p: {"count": c} for p, c in zip(state.players, state.counts, strict=True)}
        return build_sheet(
            self.name, [Category("count", "Count")], points, [], final=self.is_over(state)
        )

    def is_over(self, state: CounterState) -> bool:
        return max(state.counts) >= state.target

    @staticmethod
    def _with_count(state: CounterState, player: int, count: int) -> CounterState:
        counts = list(state.counts)
        counts[player] = count
        return CounterState(state.players, tuple(counts), state.target)


RULES = CounterRules()
SPEC = GameSpec(
    name="counter", title=lambda: "Counter", rules=lambda: RULES, min_players=1, max_players=8
)
register(SPEC)
