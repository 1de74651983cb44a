"""Timbuktu's table in words and colours: goods, camels, the oasis shown, the counters, the removed
tally with the values, and what a thief pile takes. Pure Python (no Kivy), so the screen only places
these texts.

Nothing is decided here: the pitch a camel takes comes from :func:`board.lowest_free_pitch`, what a
thief takes from :func:`thefts.rob_pen` (applied to a copy of the state, as the rules will), the
values from :func:`scoring.values`.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from companion.games.timbuktu import board, scoring, thefts
from companion.games.timbuktu.model import (
    CAMELS,
    PENS,
    PITCHES,
    Camel,
    Good,
    Phase,
    Theft,
    TimbuktuState,
)
from companion.games.timbuktu.names import good_name
from companion.i18n import _
from ui.games.timbuktu.drafts import CaravanDraft

GOOD_INK = {
    Good.GOLD: "ffd447",
    Good.COFFEE: "c8925a",
    Good.PEPPER: "ff7a66",
    Good.SALT: "f2f2f2",
    Good.WATER: "6cc3ff",
}
"""Markup colour of each good's name (readable on the dark background)."""
GREEN_INK = "7ddc7d"

PIECE_RGBA = {
    "blue": (0.2, 0.42, 0.9, 1),
    "white": (0.92, 0.92, 0.9, 1),
    "red": (0.86, 0.2, 0.2, 1),
    "yellow": (0.95, 0.84, 0.2, 1),
    "green": (0.2, 0.68, 0.3, 1),
    "black": (0.08, 0.08, 0.08, 1),
    "orange": (0.96, 0.56, 0.14, 1),
    "purple": (0.6, 0.3, 0.8, 1),
}
"""The wooden camels' colours; a colour not listed is drawn grey (its name is shown anyway)."""
UNKNOWN_RGBA = (0.55, 0.55, 0.55, 1)

Stolen = Sequence[tuple[int, str, Sequence[Good]]]
"""(seat, camel letter, goods lost), as a :class:`Theft` records it."""


def good_markup(good: Good) -> str:
    return f"[color={GOOD_INK[good]}]{good_name(good)}[/color]"


def goods_markup(goods: Sequence[Good], empty: str = "—") -> str:
    return " · ".join(good_markup(g) for g in goods) if goods else empty


def piece_rgba(colour: str) -> tuple[float, float, float, float]:
    return PIECE_RGBA.get(colour, UNKNOWN_RGBA)


def ink_on(rgba: Sequence[float]) -> tuple[float, float, float, float]:
    """Black or white letters, whichever reads on a piece of colour ``rgba``."""
    red, green, blue = rgba[:3]
    light = 0.299 * red + 0.587 * green + 0.114 * blue > 0.55
    return (0, 0, 0, 1) if light else (1, 1, 1, 1)


def shown_place(state: TimbuktuState) -> int:
    """The place the board shows: the start area until the first stage, then the stage's oasis
    (where the camels are moving to, and where the thieves strike)."""
    return state.stage if state.phase not in (Phase.LOADING, Phase.PLACEMENT) else 0


def place_title(state: TimbuktuState) -> str:
    place = shown_place(state)
    name = board.place_name(state, place)
    if state.phase is Phase.MOVES or state.phase is Phase.SWAP:
        return _("Moving to {place}").format(place=name)
    return name[:1].upper() + name[1:]


@dataclass(frozen=True)
class PitchView:
    """One pitch of the board: the camel on it (seat and letter) and whether it is a swap field
    (None where the board entered says nothing)."""

    pitch: int
    seat: int | None
    letter: str | None
    swap: bool | None


def pens(state: TimbuktuState, place: int) -> list[list[PitchView]]:
    """Pens 1-5 of ``place``, each its pitches 1-5."""
    standing = {
        (camel.pen, camel.pitch): (seat, camel.letter)
        for seat, camel in state.camels()
        if camel.place == place
    }
    nobody: tuple[int | None, str | None] = (None, None)
    return [
        [
            PitchView(
                pitch,
                *standing.get((pen, pitch), nobody),
                swap=state.layout.is_swap_field(place, pen, pitch) if place else False,
            )
            for pitch in range(1, PITCHES + 1)
        ]
        for pen in range(1, PENS + 1)
    ]


def landing_pitch(state: TimbuktuState, place: int, pen: int) -> int | None:
    """The pitch a camel entering ``pen`` of ``place`` takes (None: the pen is full)."""
    return board.lowest_free_pitch(state.occupied(place, pen))


def where(state: TimbuktuState, camel: Camel) -> str:
    if camel.spot is None:
        return _("not placed")
    place, pen, pitch = camel.spot
    return _("{place}, pen {pen}, pitch {pitch}").format(
        place=board.place_name(state, place), pen=pen, pitch=pitch
    )


def camel_line(state: TimbuktuState, camel: Camel) -> str:
    """``A: gold · salt — oasis 1, pen 2, pitch 3``."""
    return (
        f"[b]{camel.letter}[/b]: {goods_markup(camel.goods, _('no goods'))} — {where(state, camel)}"
    )


def player_text(state: TimbuktuState, seat: int) -> str:
    """A player's name and colour, whether it is their turn, and every camel with its goods."""
    player = state.players[seat]
    header = f"[b]{player.name}[/b] ({_(player.colour)})"
    if state.to_move == seat:
        header += f" · [color={GREEN_INK}]" + _("to move") + "[/color]"
    if state.phase is Phase.LOADING and not player.loaded:
        return header + "\n" + _("caravan not loaded yet")
    return "\n".join((header, *(camel_line(state, camel) for camel in player.camels)))


def tally_text(state: TimbuktuState) -> str:
    """The goods removed by kind, which are the values (the score sheet multiplies by them)."""
    worth = scoring.values(state)
    counted = " · ".join(f"{good_markup(g)} {worth[g]}" for g in Good)
    text = _("Removed, so each good is worth: {counts}").format(counts=counted)
    if state.out_of_play.total:
        aside = " · ".join(
            f"{good_markup(g)} {n}" for g, n in state.out_of_play.as_dict().items() if n
        )
        text += "\n" + _("Out of play, not counted: {goods}").format(goods=aside)
    return text


def counters_text(state: TimbuktuState) -> str:
    """``Stage 2 of 3 · round 4 of 8 · stage counter: Ada · round counter: Ben``."""
    if state.phase in (Phase.LOADING, Phase.PLACEMENT):
        return _("Setup · {n} stages to Timbuktu · start player: {name}").format(
            n=state.timbuktu, name=state.players[state.start_player].name
        )
    parts = [_("Stage {n} of {last}").format(n=state.stage, last=state.timbuktu)]
    if state.phase in (Phase.MOVES, Phase.SWAP):
        parts.append(_("round {n} of {last}").format(n=state.round, last=len(CAMELS[state.seats])))
    parts.append(_("stage counter: {name}").format(name=state.players[state.stage_holder].name))
    if state.phase in (Phase.MOVES, Phase.SWAP):
        parts.append(
            _("round counter: {name}").format(name=state.players[state.round_starter].name)
        )
    return " · ".join(parts)


def status_text(state: TimbuktuState) -> str:
    """The game bar's line: the step of the game and whose turn it is."""
    phases = {
        Phase.LOADING: _("Load the caravans"),
        Phase.PLACEMENT: _("Start area"),
        Phase.MOVES: _("Stage {n}, round {r}").format(n=state.stage, r=state.round),
        Phase.SWAP: _("Swap field: pass the thief piles"),
        Phase.THEFTS: _("Thefts at {place}").format(place=board.place_name(state, state.stage)),
        Phase.GAME_OVER: _("The game is over."),
    }
    text = phases[state.phase]
    if state.to_move is not None:
        text += " · " + _("{name} to move").format(name=state.players[state.to_move].name)
    return text


def stolen_text(state: TimbuktuState, stolen: Stolen) -> str:
    """``Ada's camel A: gold · gold; Ben's camel C: salt``, or that nothing was taken."""
    if not stolen:
        return _("nothing")
    return "; ".join(
        _("{name}'s camel {camel}: {goods}").format(
            name=state.players[seat].name, camel=letter, goods=goods_markup(lost)
        )
        for seat, letter, lost in stolen
    )


def theft_preview(
    state: TimbuktuState, pen: int, pitches: Collection[int], goods: Collection[Good]
) -> Stolen:
    """What a thief pile would take now, by the rules' own theft applied to a copy of the game."""
    return thefts.rob_pen(state, pen, pitches, goods).thefts[-1].stolen


def theft_line(state: TimbuktuState, theft: Theft) -> str:
    """``Pen 3, pitches 2 and 4, gold and salt: took Ada's camel A: gold``."""
    return _("Pen {pen}, pitches {pitches}, {goods}: took {stolen}").format(
        pen=theft.pen,
        pitches=_(" and ").join(str(p) for p in theft.pitches),
        goods=_(" and ").join(good_markup(g) for g in theft.goods),
        stolen=stolen_text(state, theft.stolen),
    )


def stage_thefts(state: TimbuktuState, stage: int) -> list[Theft]:
    return [theft for theft in state.thefts if theft.stage == stage]


def caravan_board_text(draft: CaravanDraft) -> str:
    """The caravan board as entered so far, a camel a line; the camel being filled in green."""
    filling = draft.filling
    lines = []
    for index, letter in enumerate(draft.letters):
        goods = draft.loads[index] if index < len(draft.loads) else []
        if index == filling:  # the letter in green, and a cursor where the next good goes
            cursor = f"[color={GREEN_INK}]_[/color]"
            shown = " · ".join([*(good_markup(g) for g in goods), cursor])
            lines.append(f"[color={GREEN_INK}][b]{letter}[/b][/color]: {shown}")
        else:
            lines.append(f"[b]{letter}[/b]: " + goods_markup(goods, ""))
    name = _("Caravan board")
    return f"[b]{name}[/b]\n" + "\n".join(lines)
