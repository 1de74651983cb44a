"""The shape every game's rules share (setup / legal actions / check / apply / score sheet).

A rules object is pure: no I/O, no clock, no randomness. The physical game supplies the cards and
choices as actions. States and actions are frozen dataclasses; actions carry a ``kind`` tag so the game
log can store them as JSON and read them back exactly.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Annotated, Any, ClassVar, Generic, TypeVar, dataclass_transform

from pydantic import ConfigDict, Field, TypeAdapter, ValidationError
from pydantic_core import PydanticSerializationError, to_json

from companion.after.player_names import check_name
from companion.installation.errors import WHOLE_INPUT, InputError
from companion.rules.rulings import RULINGS_OPTION, check_choices
from companion.rules.scoresheet import ScoreSheet
from companion.rules.verdict import RuleViolation, Verdict

_T = TypeVar("_T")
State = TypeVar("State")
Action = TypeVar("Action")
Options = TypeVar("Options")


@dataclass_transform(frozen_default=True, kw_only_default=True)
def game_action(cls: type[_T]) -> type[_T]:
    """An action (or a part of one): a frozen, keyword-only dataclass that refuses unknown fields
    when read from JSON."""
    cls.__pydantic_config__ = ConfigDict(extra="forbid")  # type: ignore[attr-defined]
    return dataclass(frozen=True, kw_only=True, slots=True)(cls)


@dataclass(frozen=True, kw_only=True)
class PlayerOptions:
    """A player at the table, as every game's options name them."""

    __pydantic_config__ = ConfigDict(extra="forbid")
    name: str
    """A new game's is checked by :func:`check_players` (:mod:`companion.after.player_names`)."""
    colour: Annotated[str, Field(min_length=1, max_length=24)]


def check_players(players: Sequence[PlayerOptions]) -> None:
    """Every game: each name follows the one rule for names (:mod:`companion.after.player_names`) and
    no two players share a colour (compared without case or surrounding spaces).
    :class:`InputError` names the field (and the colour)."""
    for index, player in enumerate(players):
        check_name(player.name, f"players.{index}.name")
    seen: dict[str, str] = {}
    for player in players:
        colour = player.colour.strip().casefold()
        if colour in seen:
            raise InputError(
                "invalid_value",
                f"players: {seen[colour]} and {player.name} both play {player.colour.strip()}; "
                "every player needs a different colour",
            )
        seen[colour] = player.name


class GameRules(ABC, Generic[Options, State, Action]):
    """Base of a game's rules; subclasses implement the pure functions and name their types."""

    name: ClassVar[str]
    options_adapter: ClassVar[TypeAdapter[Any]]
    action_adapter: ClassVar[TypeAdapter[Any]]

    @abstractmethod
    def setup(self, options: Options) -> State:
        """The state before the first action."""

    @abstractmethod
    def apply(self, state: State, action: Action) -> State:
        """The state after ``action``; raises :class:`RuleViolation` naming the rule it breaks."""

    @abstractmethod
    def legal_actions(self, state: State) -> list[Action]:
        """Every action the table may take now (see each game for how open choices are listed)."""

    def legal_iter(self, state: State) -> Iterator[Action]:
        """:meth:`legal_actions` one at a time, in their order: a caller that needs only the first
        ones (whose turn it is) stops there. A game whose actions are each checked by applying
        them works out only as many as are asked for."""
        yield from self.legal_actions(state)

    def legal_where(self, state: State, keep: Callable[[Action], bool]) -> list[Action]:
        """The legal actions ``keep`` keeps, in :meth:`legal_actions`' order (a scanned card's
        moves): a game whose actions are each checked by applying them checks only those."""
        return [action for action in self.legal_actions(state) if keep(action)]

    @abstractmethod
    def score_sheet(self, state: State) -> ScoreSheet:
        """The score sheet as it stands (final once the game is over)."""

    @abstractmethod
    def is_over(self, state: State) -> bool:
        """True once the game has ended."""

    def stored_options(self, settings: Mapping[str, Any]) -> dict[str, Any]:
        """Options this table confirmed once for this installation (read from the game's stored
        settings) that every new game starts with, e.g. card values no rulebook prints."""
        return {}

    @staticmethod
    def is_correction(action: Action) -> bool:
        """Corrections overrule the app's belief; they are logged apart from ordinary moves."""
        return bool(getattr(action, "correction", False))

    def check(self, state: State, action: Action) -> Verdict:
        """Whether ``action`` is legal in ``state``, and if not, the rule that forbids it."""
        try:
            self.apply(state, action)
        except RuleViolation as violation:
            return violation.verdict
        return Verdict.legal()

    def parse_options(self, data: Mapping[str, Any], *, stored: bool = False) -> Options:
        """A new game's options from their JSON form; :class:`InputError` names the bad field (a
        check of them as a whole is about the players).

        ``stored``: the options of a game already in the store, read back as they were accepted
        (checks added since, such as :func:`check_players`, must not lock an old game away).
        A new game's house rules (its ``rulings`` option) must name rulings and alternatives of
        this game (:func:`companion.rules.rulings.check_choices`).
        """
        options: Options = _validate(self.options_adapter, data, whole="players")
        if not stored:
            check_players(getattr(options, "players", ()))
            check_choices(self.name, getattr(options, RULINGS_OPTION, None) or {})
        return options

    def dump_options(self, options: Options) -> dict[str, Any]:
        dumped: dict[str, Any] = self.options_adapter.dump_python(options, mode="json")
        return dumped

    def parse_action(self, data: Mapping[str, Any]) -> Action:
        """An action from its JSON form; :class:`InputError` names the malformed field.

        Strict, for every game's actions alike: a value of the wrong JSON type is refused, never
        coerced (``true``, ``"1"`` and ``1.0`` are not integers, ``1`` is not a boolean). The data
        is read as the JSON it stands for, so strings still name enum members and arrays fill
        tuples, exactly as the game log stores them.
        """
        try:
            text = to_json(data)
        except PydanticSerializationError as error:
            raise InputError("invalid_value", f"{WHOLE_INPUT}: {error}") from None
        try:
            action: Action = self.action_adapter.validate_json(text, strict=True)
        except ValidationError as error:
            raise InputError.from_validation(error) from None
        return action

    def dump_action(self, action: Action) -> dict[str, Any]:
        dumped: dict[str, Any] = self.action_adapter.dump_python(action, mode="json")
        return dumped


def _validate(adapter: TypeAdapter[Any], data: Mapping[str, Any], whole: str) -> Any:
    try:
        return adapter.validate_python(data)
    except ValidationError as error:
        raise InputError.from_validation(error, whole) from None
