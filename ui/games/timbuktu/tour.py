"""The layout tour's states of Timbuktu (see :mod:`ui.audit.tour`): its caravans, moves, swaps,
thefts, sheets and rules, and its statistics of five. Its buttons are found by their translated
text, so the tour runs in every language."""

from __future__ import annotations

from companion.games.timbuktu.model import Good, Phase
from companion.games.timbuktu.names import good_name
from ui.audit.driver import Driver, TourError, plain
from ui.audit.tour import (
    State,
    collecting,
    open_game,
    open_history,
    open_rules,
    part,
    refresh_home,
    start_from_home,
    submit_all,
)
from ui.games.timbuktu import positions as p
from ui.games.timbuktu.view import good_markup
from ui.kv import tr
from ui.screens.home import game_title

STATES: dict[str, State] = {}
"""Timbuktu's states, in the order they run."""
state = collecting(STATES)


@state
def statistics_five(d: Driver) -> None:
    """Timbuktu's statistics of five players: every bar in view or cued (``cut_option``)."""
    p.timbuktu_five_finished(d.store)
    open_history(d)
    d.tap(d.screen.ids.statistics)
    d.tap_text(game_title("timbuktu"))
    d.expect_screen("statistics")


@state
def timbuktu_caravan_first(d: Driver) -> None:
    """The first game's first caravan board, empty: a camel of four kinds is one tap."""
    start_from_home(d, "timbuktu", ("Ada", "Ben", "Cleo"))


@state
def timbuktu_caravan_entry(d: Driver) -> None:
    start_from_home(d, "timbuktu", ("Ada", "Ben", "Cleo"))
    for good in p.patterned_loads(3)[0][0] + p.patterned_loads(3)[0][1][:2]:
        d.tap_text(good_name(good), suffix=True)


@state
def timbuktu_start_area(d: Driver) -> None:
    p.timbuktu(d.store, p.at_phase(Phase.PLACEMENT))
    open_game(d, "timbuktu")


@state
def timbuktu_camel_choice(d: Driver) -> None:
    p.timbuktu(d.store, p.at_phase(Phase.MOVES))
    open_game(d, "timbuktu")


def tap_pitch(d: Driver, pen: int, pitch: int) -> None:
    d.tap(part(d, "columns")[pen - 1].cells[pitch - 1])


def choose_camel(d: Driver, letter: str) -> None:
    """Tap the camel of the player to move on the board, where it stands."""
    shown = d.screen.table.state
    camel = shown.players[shown.to_move].camel(letter)
    if camel is None or camel.spot is None:
        raise TourError(f"camel {letter} is not on the board")
    tap_pitch(d, camel.pen, camel.pitch)


@state
def timbuktu_camel_chosen(d: Driver) -> None:
    timbuktu_camel_choice(d)
    choose_camel(d, "A")


@state
def timbuktu_arrow_or_payment(d: Driver) -> None:
    timbuktu_camel_chosen(d)
    d.tap(part(d, "columns")[0])


def tap_other_camel(d: Driver) -> None:
    """Tap a camel of the player after the one to move: refused."""
    shown = d.screen.table.state
    camel = shown.players[(shown.to_move + 1) % len(shown.players)].camel("A")
    tap_pitch(d, camel.pen, camel.pitch)


@state
def timbuktu_camel_refused(d: Driver) -> None:
    """Another player's camel tapped: the refusal in its fixed line, the toast over no control."""
    timbuktu_camel_choice(d)
    tap_other_camel(d)


@state
def timbuktu_refusal_corrected(d: Driver) -> None:
    """A wrong tap, then two right ones: the refusal is over (``stale_refusal``), the answers in
    view."""
    timbuktu_camel_refused(d)
    choose_camel(d, "A")
    d.tap(part(d, "columns")[0])


@state
def timbuktu_swap_question(d: Driver) -> None:
    timbuktu_arrow_or_payment(d)
    d.tap_text(tr("Paid with {good}").split("{")[0], prefix=True)


@state
def timbuktu_swap_pass(d: Driver) -> None:
    timbuktu_arrow_or_payment(d)
    d.tap_text(tr("Along an arrow: free"))
    d.tap_text(tr("Yes, a swap field"))


@state
def timbuktu_arrows_entry(d: Driver) -> None:
    timbuktu_camel_chosen(d)
    d.tap_text(tr("Enter the arrows of pen {pen}").split("{")[0], prefix=True)


@state
def timbuktu_swap_fields_entry(d: Driver) -> None:
    timbuktu_arrow_or_payment(d)
    d.tap_text(tr("Enter the swap fields of {place}").split("{")[0], prefix=True)
    tap_pitch(d, 3, 2)


@state
def timbuktu_thief_pile(d: Driver) -> None:
    p.timbuktu(d.store, p.at_phase(Phase.THEFTS, stage=1))
    open_game(d, "timbuktu")
    d.tap(part(d, "columns")[0])
    d.tap_text("1 + 3")  # the pitch card: its goods card is asked next


@state
def timbuktu_thief_pitches(d: Driver) -> None:
    """A thief pile's pitch card, one chip per face (pen 1 preselected)."""
    p.timbuktu(d.store, p.at_phase(Phase.THEFTS, stage=1))
    open_game(d, "timbuktu")


def tap_thief_goods(d: Driver, *goods: Good) -> None:
    """The chip of a thief's goods card showing ``goods``: it logs the theft."""
    d.tap_text("\n".join(plain(good_markup(good)) for good in goods))


@state
def timbuktu_thief_scanned(d: Driver) -> None:
    """Two cards of a thief pile scanned, the third still to come."""
    p.timbuktu(d.store, p.at_phase(Phase.THEFTS, stage=1))
    open_game(d, "timbuktu")
    d.scan("TIMBUKTU-THIEF-PEN-1")
    d.scan("TIMBUKTU-THIEF-GOODS-GOLD-SALT")


def last_thief_pile(d: Driver, stage: int) -> None:
    """Stage ``stage``'s thefts: four thief piles entered, the last one by touch."""
    p.timbuktu(d.store, p.at_phase(Phase.THEFTS, stage=stage))
    open_game(d, "timbuktu")
    table = d.screen.table
    while len(table.state.robbed_pens) < 4:
        submit_all(d, [p.timbuktu_next(table.state)])
    last = next(pen for pen in range(1, 6) if pen not in table.state.robbed_pens)
    d.tap(part(d, "columns")[last - 1])
    d.tap_text("1")
    tap_thief_goods(d, Good.COFFEE)


@state
def timbuktu_thefts_report(d: Driver) -> None:
    last_thief_pile(d, 1)  # the screen reports the stage's thefts


@state
def timbuktu_final_sheet(d: Driver) -> None:
    last_thief_pile(d, 3)  # the sheet follows
    d.expect_screen("sheet")


@state
def timbuktu_five_sheet(d: Driver) -> None:
    """A finished game of five (all five share the victory), reopened from Home's list."""
    p.timbuktu_five_finished(d.store)
    refresh_home(d)
    d.tap_text(f"{game_title('timbuktu')} · ", prefix=True)
    d.expect_screen("sheet")


@state
def timbuktu_game_over(d: Driver) -> None:
    timbuktu_final_sheet(d)
    d.tap_text(tr("Back"))


@state
def correct_timbuktu(d: Driver) -> None:
    timbuktu_camel_choice(d)
    d.tap_text(tr("Correct"))
    d.expect_screen("correct")


@state
def rules_timbuktu(d: Driver) -> None:
    timbuktu_camel_choice(d)
    open_rules(d)
