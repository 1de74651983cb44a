"""The scripted tour: every screen and prompt of the three games, each a named function that
brings a fresh app (on an empty store) to that state.

Each state goes through the public UI as far as it can: games started on Home, resumed from
Home's list (positions the table logged through the session, :mod:`ui.audit.positions`), buttons
tapped by their text. Where a state needs a widget no text names (a grid cell, a pen, an animal),
the screen's attribute for it is used through :func:`part`, which fails clearly if a restructured
screen no longer has it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.games.timbuktu.model import Phase as TimbuktuPhase
from ui.audit import positions as p
from ui.audit.driver import Driver, TourError, plain

State = Callable[[Driver], None]
STATES: dict[str, State] = {}
"""Every state of the tour, in the order it runs."""


def state(function: State) -> State:
    STATES[function.__name__] = function
    return function


def part(d: Driver, name: str) -> Any:
    """The current screen's attribute ``name`` (a grid of cells, the pens...)."""
    found = getattr(d.screen, name, None)
    if found is None:
        raise TourError(f"the {d.screen.name} screen has no {name!r}")
    return found


def refresh_home(d: Driver) -> None:
    d.app.home()
    assert d.app.home_screen is not None
    d.app.home_screen.refresh()
    d.frames(2)


def open_game(d: Driver, game: str) -> None:
    """Resume the latest unfinished game of ``game`` from Home's list, as a table would."""
    refresh_home(d)
    d.tap_text(f"{game.capitalize()} · ", prefix=True)
    d.expect_screen(f"game-{game}")


def start_from_home(d: Driver, game: str, names: tuple[str, ...]) -> None:
    """Choose ``game`` on Home, type the players' names, start."""
    home = d.screen
    home.ids.game.text = game
    d.frames(1)
    while len(home.seats()) < len(names):
        d.tap_text("+ player")
    for row, name in zip(home.seats(), names, strict=False):
        row.ids.name.text = name
    d.frames(1)
    d.tap_text("Start the game")
    d.expect_screen(f"game-{game}")


def submit_all(d: Driver, actions: Any) -> None:
    """Actions the table enters as corrections would (through the game the screen shows)."""
    for action in actions:
        if not d.screen.table.submit(action, seq=d.screen.table.seq).ok:
            raise TourError(f"{action!r} refused on the screen")
    d.frames(2)


# --- Home, Settings ------------------------------------------------------------------------------


@state
def home_first_run(d: Driver) -> None:
    d.expect_screen("home")


@state
def home_names_entered(d: Driver) -> None:
    p.targi(d.store)
    p.tuareg_opened(d.store)
    p.targi_finished(d.store)
    refresh_home(d)
    for row, name in zip(d.screen.seats(), ("Amal", "Bilal"), strict=False):
        row.ids.name.text = name
    d.frames(2)


@state
def home_five_players(d: Driver) -> None:
    d.screen.ids.game.text = "tuareg"
    d.frames(1)
    for _ in range(3):
        d.tap_text("+ player")
    names = ("Karin", "Timo", "Alexandra-Sophie", "Omar", "Sami")
    for row, name in zip(d.screen.seats(), names, strict=False):
        row.ids.name.text = name
    d.frames(2)


@state
def home_many_games(d: Driver) -> None:
    for _ in range(4):
        p.targi(d.store)
    for _ in range(3):
        p.targi_finished(d.store)
    refresh_home(d)


@state
def settings(d: Driver) -> None:
    d.tap_text("Settings")
    d.expect_screen("settings")


@state
def settings_value_refused(d: Driver) -> None:
    d.tap_text("Settings")
    rows = part(d, "rows")
    first = next(iter(rows.values()))
    first.ids.points.text = "25"
    d.tap(d.screen.ids.save)


# --- Targi ---------------------------------------------------------------------------------------


@state
def targi_card_naming(d: Driver) -> None:
    start_from_home(d, "targi", ("Amal", "Bilal"))
    d.tap(part(d, "cells")[(1, 1)])


@state
def targi_placement(d: Driver) -> None:
    p.targi_placed(d.store, (2, 5))
    open_game(d, "targi")


@state
def targi_refusal(d: Driver) -> None:
    p.targi(d.store)
    open_game(d, "targi")
    cells = part(d, "cells")
    d.tap(cells[2])
    d.tap(cells[10])  # opposite Amal's Targi: refused, with the rule's reason


@state
def targi_refusal_read(d: Driver) -> None:
    targi_refusal(d)
    d.tap(d.screen.ids.bar.ids.message)


@state
def targi_undone(d: Driver) -> None:
    targi_placement(d)
    d.tap(d.screen.ids.bar.ids.undo)  # the toast says what was taken back


@state
def targi_take_goods(d: Driver) -> None:
    p.targi_placed(d.store, (2, 5, 14, 3, 13, 11))
    open_game(d, "targi")


@state
def targi_choice_good(d: Driver) -> None:
    targi_take_goods(d)
    d.tap_text("Take goods")
    d.tap(part(d, "cells")[(2, 2)])  # the "one good of your choice" card


@state
def targi_tribe_card(d: Driver) -> None:
    targi_take_goods(d)
    d.tap(part(d, "cells")[(3, 2)])  # Amal's marker on a tribe card


@state
def targi_merchant(d: Driver) -> None:
    targi_take_goods(d)
    d.tap_text("End turn (leave the rest)")
    d.tap(part(d, "cells")[5])  # Bilal's Merchant
    d.tap_text("2 dates for 1 salt")


@state
def targi_raid(d: Driver) -> None:
    p.targi_at_raid(d.store)
    open_game(d, "targi")


@state
def targi_limits(d: Driver) -> None:
    p.targi_at_limits(d.store)
    open_game(d, "targi")


@state
def targi_score_midgame(d: Driver) -> None:
    targi_take_goods(d)
    d.tap_text("Score")
    d.expect_screen("sheet")


@state
def targi_final_sheet(d: Driver) -> None:
    p.targi_finished(d.store)
    refresh_home(d)
    d.tap_text("Targi · ", prefix=True)
    d.expect_screen("sheet")


@state
def targi_game_over(d: Driver) -> None:
    session = p.targi(d.store)
    last = None
    while not p.TARGI.is_over(session.state):
        last = p.targi_next(session.state)
        if p.TARGI.is_over(p.TARGI.apply(session.state, last)):
            break
        p.play(session, [last])
    open_game(d, "targi")
    submit_all(d, [last])
    if d.screen.name == "sheet":
        d.tap_text("Back")


@state
def correct_menu(d: Driver) -> None:
    p.targi(d.store)
    open_game(d, "targi")
    d.tap_text("Correct")
    d.expect_screen("correct")


@state
def correct_targi_stock(d: Driver) -> None:
    correct_menu(d)
    d.tap_text("Set stock")


# --- Tuareg --------------------------------------------------------------------------------------


@state
def tuareg_values_prompt(d: Driver) -> None:
    start_from_home(d, "tuareg", ("Karin", "Timo"))


@state
def tuareg_market_opening(d: Driver) -> None:
    start_from_home(d, "tuareg", ("Karin", "Timo"))
    d.tap_text("Later")


@state
def tuareg_turn(d: Driver) -> None:
    p.tuareg_opened(d.store)
    open_game(d, "tuareg")


@state
def tuareg_five_players(d: Driver) -> None:
    p.tuareg_opened(d.store, players=5)
    open_game(d, "tuareg")


@state
def tuareg_draw(d: Driver) -> None:
    tuareg_turn(d)
    d.tap_text("Draw")
    d.tap_text("rock salt", prefix=True)


@state
def tuareg_load_builder(d: Driver) -> None:
    tuareg_turn(d)
    d.tap_text("Load from the hand")
    d.tap(part(d, "animal_cells")[(p.KARIN, p.CAMEL_1)])
    d.tap_text("gold")


@state
def tuareg_take_market(d: Driver) -> None:
    tuareg_turn(d)
    d.tap_text("Take from the market")
    d.tap(part(d, "animal_cells")[(p.KARIN, p.CAMEL_1)])


@state
def tuareg_buy(d: Driver) -> None:
    tuareg_turn(d)
    d.tap_text("Buy a special card")
    d.tap_text("cave (", prefix=True)
    d.tap_text("gold from the hand", prefix=True)


@state
def tuareg_reveal(d: Driver) -> None:
    p.tuareg(d.store, p.TUAREG_STAGE_ONE)
    open_game(d, "tuareg")


@state
def tuareg_thief_reveal(d: Driver) -> None:
    tuareg_reveal(d)
    d.tap_text("gold")


@state
def tuareg_majorities(d: Driver) -> None:
    tuareg_thief_reveal(d)
    d.tap_text("gold")
    d.tap_text("Cash a map")


@state
def tuareg_stage_scored(d: Driver) -> None:
    tuareg_majorities(d)
    d.tap_text("Score stage 1")


@state
def tuareg_final_sheet(d: Driver) -> None:
    tuareg_stage_scored(d)
    d.tap_text("On to stage 2")
    submit_all(d, p.TUAREG_STAGE_TWO)
    d.tap_text("Score stage 2")
    d.expect_screen("sheet")


@state
def tuareg_game_over(d: Driver) -> None:
    tuareg_final_sheet(d)
    d.tap_text("Back")


@state
def correct_tuareg_stack(d: Driver) -> None:
    tuareg_turn(d)
    d.tap_text("Correct")
    d.tap_text("Set stack")


# --- Timbuktu ------------------------------------------------------------------------------------


@state
def timbuktu_caravan_entry(d: Driver) -> None:
    start_from_home(d, "timbuktu", ("Ada", "Ben", "Cleo"))
    for good in p.patterned_loads(3)[0][0] + p.patterned_loads(3)[0][1][:2]:
        d.tap_text(good.value)


@state
def timbuktu_start_area(d: Driver) -> None:
    p.timbuktu(d.store, p.at_phase(TimbuktuPhase.PLACEMENT))
    open_game(d, "timbuktu")


@state
def timbuktu_camel_choice(d: Driver) -> None:
    p.timbuktu(d.store, p.at_phase(TimbuktuPhase.MOVES))
    open_game(d, "timbuktu")


def choose_camel(d: Driver, letter: str) -> None:
    found = [w for w in d.screen.ids.options.children if plain(w.text).startswith(f"{letter}:")]
    if not found:
        raise TourError(f"no button names camel {letter}")
    d.tap(found[0])


@state
def timbuktu_camel_chosen(d: Driver) -> None:
    timbuktu_camel_choice(d)
    choose_camel(d, "A")


@state
def timbuktu_arrow_or_payment(d: Driver) -> None:
    timbuktu_camel_chosen(d)
    d.tap(part(d, "columns")[0])


@state
def timbuktu_swap_question(d: Driver) -> None:
    timbuktu_arrow_or_payment(d)
    d.tap_text("Paid with ", prefix=True)


@state
def timbuktu_swap_pass(d: Driver) -> None:
    timbuktu_arrow_or_payment(d)
    d.tap_text("Along an arrow: free")
    d.tap_text("Yes, a swap field")


@state
def timbuktu_arrows_entry(d: Driver) -> None:
    timbuktu_camel_chosen(d)
    d.tap_text("Enter the arrows of pen", prefix=True)


@state
def timbuktu_swap_fields_entry(d: Driver) -> None:
    timbuktu_arrow_or_payment(d)
    d.tap_text("Enter the swap fields of", prefix=True)
    d.tap_text("3·2")


@state
def timbuktu_thief_pile(d: Driver) -> None:
    p.timbuktu(d.store, p.at_phase(TimbuktuPhase.THEFTS, stage=1))
    open_game(d, "timbuktu")
    d.tap(part(d, "columns")[0])
    d.tap_text("Pitch 1")
    d.tap_text("Pitch 3")
    d.tap_text("gold")
    d.tap_text("salt")


@state
def timbuktu_thefts_report(d: Driver) -> None:
    p.timbuktu(d.store, p.at_phase(TimbuktuPhase.THEFTS, stage=1))
    open_game(d, "timbuktu")
    table = d.screen.table
    while table.state.phase is TimbuktuPhase.THEFTS:
        submit_all(d, [p.timbuktu_next(table.state)])


@state
def timbuktu_final_sheet(d: Driver) -> None:
    p.timbuktu(d.store, p.at_phase(TimbuktuPhase.THEFTS, stage=3))
    open_game(d, "timbuktu")
    table = d.screen.table
    while len(table.state.robbed_pens) < 4:
        submit_all(d, [p.timbuktu_next(table.state)])
    last = next(pen for pen in range(1, 6) if pen not in table.state.robbed_pens)
    d.tap(part(d, "columns")[last - 1])  # the last thief pile, by touch: the sheet follows
    d.tap_text("Pitch 1")
    d.tap_text("coffee")
    d.tap_text("Confirm")
    d.expect_screen("sheet")


@state
def timbuktu_game_over(d: Driver) -> None:
    timbuktu_final_sheet(d)
    d.tap_text("Back")


@state
def correct_timbuktu(d: Driver) -> None:
    timbuktu_camel_choice(d)
    d.tap_text("Correct")
    d.expect_screen("correct")
