"""Timbuktu's rules: setup, loading, the start area, moves, swap fields, thefts and the score sheet."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Field, TypeAdapter

from companion.games.timbuktu import actions as a
from companion.games.timbuktu import board, caravans, flow, scoring, table_settings, thefts
from companion.games.timbuktu.corrections import CORRECTIONS, camel_of, seat_of
from companion.games.timbuktu.legal import legal_actions
from companion.games.timbuktu.model import (
    CAMELS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PENS,
    PITCHES,
    Camel,
    Good,
    Goods,
    Layout,
    Load,
    Phase,
    PlayerCount,
    PlayerState,
    TimbuktuState,
)
from companion.games.timbuktu.names import good_name, phase_name
from companion.games.timbuktu.refusals import (
    ALREADY_MOVED,
    ALREADY_PLACED,
    COVER_PEN,
    COVER_PLAYER,
    FREE_MOVE,
    LAYOUT_NO_SWAP,
    LAYOUT_SWAP,
    MUST_PAY,
    NO_SUCH_GOOD,
    PEN_FULL,
    PEN_ROBBED,
    SWAP_PENDING,
    SWAP_UNKNOWN,
    WRONG_PHASE,
)
from companion.installation.i18n import _
from companion.rules.game import GameRules, PlayerOptions
from companion.rules.refusals import GAME_OVER, NOT_YOUR_TURN
from companion.rules.rulings import HouseRules
from companion.rules.scoresheet import ScoreSheet
from companion.rules.verdict import RuleViolation


@dataclass(frozen=True, kw_only=True)
class TimbuktuOptions:
    """Players in clockwise order; ``start_player`` is the oldest. ``layouts`` is what the table has
    entered about the board, by number of players (the stored one, see :mod:`.table_settings`); the
    game uses the one for its number of players."""

    __pydantic_config__ = ConfigDict(extra="forbid")
    players: Annotated[
        tuple[PlayerOptions, ...], Field(min_length=MIN_PLAYERS, max_length=MAX_PLAYERS)
    ]
    start_player: Annotated[int, Field(ge=0, le=MAX_PLAYERS - 1)] = 0
    variant: Literal["printed", "dealt"] = "printed"
    leftovers_removed: bool = False
    layouts: dict[PlayerCount, Layout] = field(default_factory=dict)
    caravans: dict[str, Annotated[tuple[Load, ...], Field(max_length=len(CAMELS[3]))]] = field(
        default_factory=dict
    )
    """The last printed loads by colour, offered as one-tap loads (printed variant only)."""
    rulings: HouseRules = field(default_factory=dict)
    """House rules without a setting of their own (:mod:`companion.rules.rulings`); Timbuktu's are all
    chosen through ``variant`` and ``leftovers_removed``."""

    def __post_init__(self) -> None:
        if len({p.name for p in self.players}) != len(self.players):
            raise ValueError("every player needs a different name")
        if self.start_player >= len(self.players):
            raise ValueError(f"start_player: there is no seat {self.start_player}")
        for players, layout in self.layouts.items():
            problem = board.layout_problem(layout, players)
            if problem is not None:
                raise ValueError(f"layouts.{players}: {problem}")


# --- refusals shared by the handlers ------------------------------------------------------------


def _require_phase(state: TimbuktuState, phase: Phase) -> None:
    if state.phase is phase:
        return
    if state.phase is Phase.GAME_OVER:
        raise GAME_OVER.violation()
    if state.phase is Phase.SWAP:
        raise SWAP_PENDING.violation()
    raise WRONG_PHASE.violation(phase=phase_name(state.phase), first=_waiting_for(state))


def _waiting_for(state: TimbuktuState) -> str:
    """What the game waits for now, as a sentence saying what comes first."""
    if state.phase is Phase.LOADING:
        names = ", ".join(p.name for p in state.players if not p.loaded)
        return _("the caravans are loaded first (still to load: {names}).").format(names=names)
    if state.phase is Phase.PLACEMENT:
        placing = state.players[(state.start_player + state.turn) % state.seats]
        return _("the camels are placed in the start area first ({name} places next).").format(
            name=placing.name
        )
    moving = sum(1 for _seat, camel in state.camels() if camel.place != state.stage)
    if state.phase is Phase.MOVES:
        return _(
            "every camel moves to {place} first ({n} still to get there); the thief piles "
            "strike after that."
        ).format(place=board.place_name(state, state.stage), n=moving)
    pens = ", ".join(str(p) for p in range(1, PENS + 1) if p not in state.robbed_pens)
    return _("the thief piles of pens {pens} are entered first.").format(pens=pens)


def _require_turn(state: TimbuktuState, seat: int) -> None:
    seat_of(state, seat)
    if state.to_move is not None and state.to_move != seat:
        raise NOT_YOUR_TURN.violation(name=state.players[state.to_move].name)


def _pen_full(state: TimbuktuState, place: int, pen: int) -> RuleViolation:
    return PEN_FULL.violation(pen=pen, place=board.place_name(state, place))


# --- handlers, one per ordinary action ---------------------------------------------------------


def _load(state: TimbuktuState, action: a.LoadCaravan) -> TimbuktuState:
    _require_phase(state, Phase.LOADING)
    player = state.players[seat_of(state, action.player)]
    caravans.check_loads(state, action.player, action.camels)
    camels = tuple(
        Camel(letter, goods)
        for letter, goods in zip(CAMELS[state.seats], action.camels, strict=True)
    )
    return state.with_player(action.player, replace(player, camels=camels, loaded=True))


def _place(state: TimbuktuState, action: a.PlaceCamel) -> TimbuktuState:
    _require_phase(state, Phase.PLACEMENT)
    _require_turn(state, action.player)
    camel = camel_of(state, action.player, action.camel)
    if camel.place is not None:
        raise ALREADY_PLACED.violation(camel=action.camel)
    pitch = board.lowest_free_pitch(state.occupied(0, action.pen))
    if pitch is None:
        raise _pen_full(state, 0, action.pen)
    state = state.with_camel(action.player, replace(camel, place=0, pen=action.pen, pitch=pitch))
    _require_cover(state)
    return replace(state, turn=state.turn + 1)


def _require_cover(state: TimbuktuState) -> None:
    """Refuse a placement after which some player could not end with a camel in every pen."""
    unplaced = [sum(1 for c in p.camels if c.place is None) for p in state.players]
    present = [
        {c.pen for c in p.camels if c.place == 0 and c.pen is not None} for p in state.players
    ]
    free = [PITCHES - len(state.occupied(0, pen)) for pen in range(1, PENS + 1)]
    shortfall = board.cover_shortfall(unplaced, present, free)
    if shortfall is None:
        return
    what, _sep, number = shortfall.partition(":")
    if what == "player":
        raise COVER_PLAYER.violation(name=state.players[int(number)].name)
    raise COVER_PEN.violation(pen=number)


def _move(state: TimbuktuState, action: a.MoveCamel) -> TimbuktuState:
    _require_phase(state, Phase.MOVES)
    _require_turn(state, action.player)
    camel = camel_of(state, action.player, action.camel)
    if camel.place == state.stage:
        raise ALREADY_MOVED.violation(camel=action.camel)
    assert camel.place is not None and camel.pen is not None
    pitch = board.lowest_free_pitch(state.occupied(state.stage, action.pen))
    if pitch is None:
        raise _pen_full(state, state.stage, action.pen)
    goods = _pay(state, camel, action)
    swap = _swap_field(state, action.pen, pitch, action.swap)
    moved = replace(camel, goods=goods, place=state.stage, pen=action.pen, pitch=pitch)
    state = state.with_camel(action.player, moved)
    if action.paid is not None:
        state = replace(state, removed=state.removed + Goods.of([action.paid]))
    return replace(state, turn=state.turn + 1, phase=Phase.SWAP if swap else state.phase)


def _pay(state: TimbuktuState, camel: Camel, action: a.MoveCamel) -> tuple[Good, ...]:
    """The camel's goods after the move's payment; refuses a payment the layout contradicts."""
    assert camel.place is not None and camel.pen is not None
    free = board.free_move(state.layout, camel.place, camel.pen, action.pen)
    if free and action.paid is not None:
        raise FREE_MOVE.violation(pen=action.pen, origin=camel.pen)
    if free is False and action.paid is None and camel.goods:
        raise MUST_PAY.violation(pen=action.pen, origin=camel.pen, camel=camel.letter)
    if action.paid is None:
        return camel.goods
    if action.paid not in camel.goods:
        raise NO_SUCH_GOOD.violation(camel=camel.letter, good=good_name(action.paid))
    at = camel.goods.index(action.paid)
    return camel.goods[:at] + camel.goods[at + 1 :]


def _swap_field(state: TimbuktuState, pen: int, pitch: int, said: bool | None) -> bool:
    known = state.layout.is_swap_field(state.stage, pen, pitch)
    if known is None and said is None:
        raise SWAP_UNKNOWN.violation(pitch=pitch, pen=pen)
    if known is not None and said is not None and said != known:
        raise (LAYOUT_SWAP if known else LAYOUT_NO_SWAP).violation(pitch=pitch, pen=pen)
    return bool(known if known is not None else said)


def _pass_thief_piles(state: TimbuktuState, action: a.PassThiefPiles) -> TimbuktuState:
    _require_phase(state, Phase.SWAP)
    return replace(state, phase=Phase.MOVES)


def _thief(state: TimbuktuState, action: a.RevealThief) -> TimbuktuState:
    _require_phase(state, Phase.THEFTS)
    if action.pen in state.robbed_pens:
        raise PEN_ROBBED.violation(pen=action.pen)
    return thefts.rob_pen(state, action.pen, action.pitches, action.goods)


HANDLERS: dict[type, Callable[[TimbuktuState, Any], TimbuktuState]] = {
    a.LoadCaravan: _load,
    a.PlaceCamel: _place,
    a.MoveCamel: _move,
    a.PassThiefPiles: _pass_thief_piles,
    a.RevealThief: _thief,
    **CORRECTIONS,
}


def _remembered(
    options: TimbuktuOptions, colour: str, camels: int
) -> tuple[tuple[Good, ...], ...] | None:
    """The remembered printed loads of ``colour``'s first ``camels`` camels, if there are enough."""
    loads = options.caravans.get(colour, ())
    if options.variant != "printed" or len(loads) < camels:
        return None
    return loads[:camels]


class TimbuktuRules(GameRules[TimbuktuOptions, TimbuktuState, a.TimbuktuAction]):
    name = "timbuktu"
    options_adapter = TypeAdapter(TimbuktuOptions)
    action_adapter = a.ACTION_ADAPTER

    def setup(self, options: TimbuktuOptions) -> TimbuktuState:
        letters = CAMELS[len(options.players)]
        players = tuple(
            PlayerState(
                p.name,
                p.colour,
                tuple(Camel(letter) for letter in letters),
                remembered=_remembered(options, p.colour, len(letters)),
            )
            for p in options.players
        )
        return TimbuktuState(
            players=players,
            start_player=options.start_player,
            variant=options.variant,
            leftovers_removed=options.leftovers_removed,
            layout=options.layouts.get(len(options.players), Layout()),
            stage_holder=options.start_player,
            round_starter=options.start_player,
        )

    def apply(self, state: TimbuktuState, action: a.TimbuktuAction) -> TimbuktuState:
        return flow.settle(HANDLERS[type(action)](state, action))

    def legal_actions(self, state: TimbuktuState) -> list[a.TimbuktuAction]:
        return legal_actions(self, state)

    def is_over(self, state: TimbuktuState) -> bool:
        return state.phase is Phase.GAME_OVER

    def score_sheet(self, state: TimbuktuState) -> ScoreSheet:
        return scoring.state_sheet(state, final=self.is_over(state))

    def stored_options(self, settings: Mapping[str, Any]) -> dict[str, Any]:
        """The board layouts, variant and leftovers setting this table entered once."""
        return table_settings.stored_options(settings)
