"""Timbuktu's table in words, colours and symbols: goods, camels, the oasis shown, the counters, the
removed tally with the values, every player's camels and what a thief pile takes. No widgets: the
screen only places these texts (markup; colours and shapes from :mod:`ui.design`).

Nothing is decided here: the pitch a camel takes comes from :func:`board.lowest_free_pitch`, what a
thief takes from :func:`thefts.rob_pen` (applied to a copy of the state, as the rules will), the
values from :func:`scoring.values`.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from companion.games.timbuktu import board, scoring, thefts
from companion.games.timbuktu.model import (
    PENS,
    PITCHES,
    Camel,
    Good,
    Goods,
    Phase,
    Theft,
    TimbuktuState,
)
from companion.games.timbuktu.names import good_name
from companion.installation.i18n import _, ngettext
from ui import design
from ui.games.timbuktu.drafts import CaravanDraft
from ui.spacing import NBSP, tied

GOOD_INK = {
    Good.GOLD: "ffd447",
    Good.COFFEE: "e6b88a",
    Good.PEPPER: "ffa08c",
    Good.SALT: "f2f2f2",
    Good.WATER: "8fd3ff",
}
"""Markup colour of each good: at least 4.5:1 on the buttons (``design.BUTTON``) and every darker
surface."""
GOOD_SYMBOL = {
    Good.GOLD: "☀",
    Good.COFFEE: "☕",
    Good.PEPPER: "✤",
    Good.SALT: "❄",
    Good.WATER: "≈",
}
"""Each good's second channel: a symbol of its own (none is a player's shape), drawn in
DejaVuSans, so that goods are never told apart by hue alone. Pepper is a solid cluster of
peppercorns (✤), not the hot-springs bowl (U+2668) that read as coffee's cup at arm's length."""
GREEN_INK = "8fd694"
FONT = design.SYMBOL_FONT

Stolen = Sequence[tuple[int, str, Sequence[Good]]]
"""(seat, camel letter, goods lost), as a :class:`Theft` records it."""


def symbol_markup(good: Good) -> str:
    """The good's symbol in its colour (no name): the compact form of the players' panel."""
    return f"[font={FONT}][color={GOOD_INK[good]}]{GOOD_SYMBOL[good]}[/color][/font]"


def good_markup(good: Good) -> str:
    """``☀ gold``: the symbol and the name, both in the good's colour, held together as one unit.

    Kivy may break a line wherever a markup run ends, whatever space follows: a symbol in a font
    run of its own fell to the line's end with its name on the next (Polish ``☀`` / ``złoto``).
    The name goes into the symbol's run (drawn in the symbol font, which has every letter of the
    app's languages) after a no-break space, so that the pair wraps as one word."""
    return (
        f"[color={GOOD_INK[good]}][font={FONT}]{GOOD_SYMBOL[good]}{NBSP}{good_name(good)}"
        "[/font][/color]"
    )


def good_key(good: Good) -> str:
    """A good on a narrow key (the caravan board's and a thief's goods card's five columns): its
    name in the text font, which is narrower, so Spanish ``✤ pimienta`` fits a key whole; where
    a key is narrower still, the name goes under its symbol (a break in a key, not in a line of
    text)."""
    return (
        f"[color={GOOD_INK[good]}][font={FONT}]{GOOD_SYMBOL[good]}[/font] {good_name(good)}[/color]"
    )


def goods_markup(goods: Sequence[Good], empty: str = "—") -> str:
    return " · ".join(good_markup(g) for g in goods) if goods else empty


def symbols_markup(goods: Sequence[Good], empty: str = "—") -> str:
    """Goods as their symbols only, side by side (``☀☕≈``)."""
    return "".join(symbol_markup(g) for g in goods) if goods else empty


def hex_code(rgba: Sequence[float]) -> str:
    return "".join(f"{round(c * 255):02x}" for c in rgba[:3])


def pitch_markup(colour: str, letter: str) -> str:
    """A camel on its pitch: its owner's shape and its letter (``▲ A``), drawn on the owner's
    :func:`ui.design.piece` fill by :func:`pitch_fill`."""
    return f"[font={FONT}]{design.piece(colour).shape}[/font] [b]{letter}[/b]"


def pitch_fill(colour: str) -> design.RGBA:
    return design.piece(colour).fill


def shown_place(state: TimbuktuState) -> int:
    """The place the board shows: the start area until the first stage, then the stage's oasis
    (where the camels are moving to, and where the thieves strike)."""
    return state.stage if state.phase not in (Phase.LOADING, Phase.PLACEMENT) else 0


def place_title(state: TimbuktuState, place: int) -> str:
    """What the board shows: ``place``, and where the camels are moving to."""
    name = board.place_name(state, place)
    if state.phase in (Phase.MOVES, Phase.SWAP) and place == state.stage:
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


def camel_line(camel: Camel) -> str:
    """A camel chooser's button, one line: the letter big and bold, its goods as symbols
    (``A ☀☕❄≈``); where it stands, the board shows."""
    letter = f"[size={round(design.design.title)}][b]{camel.letter}[/b][/size]"
    return f"{letter} {symbols_markup(camel.goods, _('no goods'))}"


def camel_count(state: TimbuktuState, seat: int) -> str:
    """How far the player's camels are: placed in the start area, moved this stage."""
    camels = state.players[seat].camels
    total = len(camels)
    if state.phase is Phase.PLACEMENT:
        placed = sum(camel.place == 0 for camel in camels)
        return _("{n} of {total} placed").format(n=placed, total=total)
    if state.phase in (Phase.MOVES, Phase.SWAP):
        moved = sum(camel.place == state.stage for camel in camels)
        return _("{n} of {total} moved").format(n=moved, total=total)
    return ""


def stock_markup(goods: Goods) -> str:
    """A player's goods by kind at 20 sp or more, so that the far side of the table can read
    them: each good's symbol and count in its colour, as one unit (``☀ 3  ☕ 5  ✤ 0 …``; every
    kind, so that rows compare at a glance)."""
    units = "  ".join(
        f"[color={GOOD_INK[good]}]{GOOD_SYMBOL[good]}{NBSP}{count}[/color]"
        for good, count in goods.as_dict().items()
    )
    return design.counters(f"[font={FONT}]{units}[/font]")


def player_text(state: TimbuktuState, seat: int) -> str:
    """A player's row, one line: their badge (shape and initial) and name, a mark if it is their
    turn, the goods their camels carry by kind and how many camels are placed or moved (both at
    20 sp), and the counters they hold. Each camel's load is on the camel chooser when its owner
    moves: eight camels of four symbols each do not fit a line at a size read across the table."""
    player = state.players[seat]
    turn = f"[font={FONT}]▶[/font] " if state.to_move == seat else ""
    header = f"{turn}{design.badge(player.colour, player.name)} [b]{player.name}[/b]"
    if state.phase is Phase.LOADING and not player.loaded:
        return f"{header} · " + _("caravan not loaded yet")
    count = camel_count(state, seat)
    parts = [
        stock_markup(player.goods),
        design.counters(tied(count)) if count else "",
        *counters(state, seat),
    ]
    return f"{header}  " + " · ".join(part for part in parts if part)


def tally_text(state: TimbuktuState) -> str:
    """The goods removed by kind, which are the values (the score sheet multiplies by them), each
    good by its symbol (the buttons name them)."""
    worth = scoring.values(state)
    # each symbol and its value one run, so that a line never ends with '≈' and its 0 on the next
    counted = "  ".join(
        f"[font={FONT}][color={GOOD_INK[g]}]{GOOD_SYMBOL[g]}{NBSP}{worth[g]}[/color][/font]"
        for g in Good
    )
    text = _("Worth: {counts}").format(counts=counted)
    if state.out_of_play.total:
        aside = " · ".join(
            f"{good_markup(g)} {n}" for g, n in state.out_of_play.as_dict().items() if n
        )
        text += "\n" + _("Out of play, not counted: {goods}").format(goods=aside)
    return text


def counters(state: TimbuktuState, seat: int) -> list[str]:
    """The counters ``seat`` holds: the stage counter, the round counter (while camels move)."""
    held = []
    stage = state.phase not in (Phase.LOADING, Phase.PLACEMENT) and state.stage_holder == seat
    round_ = state.phase in (Phase.MOVES, Phase.SWAP) and state.round_starter == seat
    if stage and round_:  # one phrase: both words in Spanish wrapped a row of five players
        held.append(_("stage and round counters"))
    elif stage:
        held.append(_("stage counter"))
    elif round_:
        held.append(_("round counter"))
    if state.phase is Phase.PLACEMENT and state.start_player == seat:
        held.append(_("start player"))
    return held


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
    if state.to_move is not None and state.phase in (Phase.PLACEMENT, Phase.MOVES):
        # the band's title above names the player (all the actions allowed are theirs): a long
        # name said twice wrapped the band onto a second line, and the pens fell under 48 px
        text += " · " + _("to move")
    elif state.to_move is not None:
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


def pitch_face(pitches: Sequence[int]) -> str:
    """A thief's pitch card as its button and the thefts report read it: ``1 + 3``, never
    broken."""
    return tied(" + ".join(str(p) for p in pitches))


def theft_header(theft: Theft) -> str:
    """A thefts report row's head: ``Pen 3 · pitches 2 + 4`` over ``☀ gold · ❄ salt``."""
    pitches = pitch_face(theft.pitches)
    head = ngettext(
        "Pen {pen} · pitch {pitches}", "Pen {pen} · pitches {pitches}", len(theft.pitches)
    ).format(pen=theft.pen, pitches=pitches)
    return f"[b]{tied(head)}[/b]\n{goods_markup(theft.goods)}"


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
