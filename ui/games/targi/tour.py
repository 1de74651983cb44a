"""The layout tour's states of Targi (see :mod:`ui.audit.tour`): its board, prompts, refusals,
corrections, sheets and rules, and what Home, Settings and the statistics show of it."""

from __future__ import annotations

from companion.games.targi import actions
from companion.games.targi.actions import Exchange
from companion.games.targi.model import Good, Symbol
from companion.games.targi.names import symbol_name, upper_first
from companion.play.cards import TagDirectory
from companion.play.labels import labels
from hardware.events import CardScanned, UnknownTag
from ui.audit.driver import Driver, TourError
from ui.audit.positions import play
from ui.audit.tour import (
    State,
    collecting,
    open_game,
    open_history,
    open_keyboard,
    open_rules,
    part,
    refresh_home,
    settings,
    start_from_home,
    submit_all,
    type_on_keyboard,
)
from ui.choices import kind_text
from ui.games.targi import positions as p
from ui.games.targi.gamescreen import exchange_text
from ui.kv import tr
from ui.screens.home import game_title

STATES: dict[str, State] = {}
"""Targi's states, in the order they run."""
state = collecting(STATES)


# --- Home, Settings, the statistics --------------------------------------------------------------


@state
def home_house_rules(d: Driver) -> None:
    """Targi's house rules asked (its four rulings with an alternative), one of them chosen."""
    from kivy.core.window import Window

    from ui.house_rules import HouseRulesDialog

    d.tap_text(game_title("targi"))
    d.tap(d.screen.ids.house_rules)
    dialog = next(w for w in Window.children if isinstance(w, HouseRulesDialog))
    rows = list(reversed(dialog.ids.rulings.children))
    d.tap(rows[1].ids.ways.children[0])  # the first raids' alternative
    d.frames(2)


@state
def settings_enrol(d: Driver) -> None:
    """An unknown tag scanned during a game: which card is it?"""
    start_from_home(d, "targi", ("Amal", "Bilal"))
    d.app.unknown_tag("0A1B2C3D4E")
    d.frames(2)
    d.expect_screen("settings")


def enrol_targi(d: Driver) -> None:
    """Settings, Enrol tags, Targi's deck."""
    settings(d)
    d.tap(d.screen.ids.enrol_tags)
    d.expect_screen("enrol")
    d.tap_text(game_title("targi"))


@state
def settings_enrol_walk(d: Driver) -> None:
    """Batch enrolment: a tag enrolled, then scanned again on the next card and refused."""
    enrol_targi(d)
    d.app.pump.queue.post(UnknownTag(tag="0A1B2C3D4E"))  # as the scanner's thread posts it
    d.frames(3)
    card = d.app.tags.resolve("0A1B2C3D4E")
    if card is None:
        raise TourError("the scanned tag was not enrolled")
    d.app.pump.queue.post(CardScanned(tag="0A1B2C3D4E", card=card))
    d.frames(3)


@state
def settings_enrol_summary(d: Driver) -> None:
    """The end of a walk with two cards skipped."""
    directory = TagDirectory.from_store(d.store)
    for n, label in enumerate(labels("targi")[:-2]):
        directory.enrol(d.store, f"TAG{n:04}", label.card)
    enrol_targi(d)
    d.tap(d.screen.ids.skip)
    d.tap(d.screen.ids.skip)


@state
def statistics(d: Driver) -> None:
    """Three finished Targi games' statistics, from the history."""
    for _ in range(3):
        p.targi_finished(d.store)
    open_history(d)
    d.tap(d.screen.ids.statistics)
    d.tap_text(game_title("targi"))
    d.expect_screen("statistics")


# --- the board -----------------------------------------------------------------------------------


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
    d.tap_text(kind_text(actions.TakeGoods))
    d.tap(part(d, "cells")[(2, 2)])  # the "one good of your choice" card


@state
def targi_tribe_card(d: Driver) -> None:
    targi_take_goods(d)
    d.tap(part(d, "cells")[(3, 2)])  # Amal's marker on a tribe card


@state
def targi_drawn_tribe_card(d: Driver) -> None:
    """Amal's Targi on the Tribal expansion: the tribe card drawn is named by symbol and face."""
    targi_take_goods(d)
    d.tap(part(d, "cells")[14])


@state
def targi_drawn_goods_card(d: Driver) -> None:
    """Amal's Targi on the Caravan: the goods card drawn is named by its face."""
    targi_take_goods(d)
    d.tap(part(d, "cells")[13])


@state
def targi_merchant(d: Driver) -> None:
    targi_take_goods(d)
    d.tap_text("End turn (leave the rest)")
    d.tap(part(d, "cells")[5])  # Bilal's Merchant
    d.tap_text(exchange_text(Exchange(give=Good.DATES, get=Good.SALT)))


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
    d.tap_text(tr("Score"))
    d.expect_screen("sheet")


@state
def targi_final_sheet(d: Driver) -> None:
    p.targi_finished(d.store)
    refresh_home(d)
    d.tap_text(f"{game_title('targi')} · ", prefix=True)
    d.expect_screen("sheet")


@state
def correct_finished(d: Driver) -> None:
    """A finished game corrected from its sheet."""
    targi_final_sheet(d)
    d.tap_text(tr("Correct"))
    d.expect_screen("correct")


@state
def targi_game_over(d: Driver) -> None:
    session = p.targi(d.store)
    last = None
    while not p.TARGI.is_over(session.state):
        last = p.targi_next(session.state)
        if p.TARGI.is_over(p.TARGI.apply(session.state, last)):
            break
        play(session, [last])
    open_game(d, "targi")
    submit_all(d, [last])
    if d.screen.name == "sheet":
        d.tap_text("Back")


@state
def correct_menu(d: Driver) -> None:
    p.targi(d.store)
    open_game(d, "targi")
    d.tap_text(tr("Correct"))
    d.expect_screen("correct")


@state
def correct_targi_stock(d: Driver) -> None:
    correct_menu(d)
    d.tap_text(kind_text(actions.SetStock))


@state
def correct_targi_marker(d: Driver) -> None:
    """A cell (two steppers) and a cell that may be empty."""
    correct_menu(d)
    d.tap_text(kind_text(actions.MoveMarker))


@state
def correct_targi_card(d: Driver) -> None:
    """A card chosen by its chip: the tribe cards of one symbol, one chip per printed face."""
    correct_menu(d)
    d.tap_text(kind_text(actions.SetHand))
    d.tap(part(d, "rows")["card"][1].ids.card)
    d.tap_text(upper_first(symbol_name(Symbol.OASIS)))


# --- the rules reference -------------------------------------------------------------------------


@state
def rules_targi(d: Driver) -> None:
    """Targi's rules mid-placement: the open placements and each closed one with its rule."""
    targi_placement(d)
    open_rules(d)


@state
def rules_targi_actions(d: Driver) -> None:
    """Targi's rules in the actions step: the cards the player stands on, to use in any order."""
    targi_take_goods(d)
    open_rules(d)


@state
def rules_targi_search(d: Driver) -> None:
    """Targi's rules from Home, searched for a word typed on the on-screen keyboard."""
    refresh_home(d)
    d.tap_text(game_title("targi"))
    d.tap(d.screen.ids.rules)
    d.expect_screen("rules")
    d.tap(d.screen.ids.search)
    type_on_keyboard(d, tr("Raid").lower())
    d.tap(open_keyboard(d).ids.ok)
