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

from companion.games.targi import actions as targi_actions
from companion.games.targi.actions import Exchange as TargiExchange
from companion.games.targi.model import Good as TargiGood
from companion.games.targi.model import Symbol as TargiSymbol
from companion.games.targi.names import symbol_name, upper_first
from companion.games.timbuktu.model import Good as TimbuktuGood
from companion.games.timbuktu.model import Phase as TimbuktuPhase
from companion.games.timbuktu.names import good_name as timbuktu_good_name
from companion.games.tuareg import actions as tuareg_actions
from companion.games.tuareg.model import Good, SpecialCard
from companion.games.tuareg.names import good_name, special_name
from companion.play.session import Session
from ui.audit import positions as p
from ui.audit.driver import Driver, TourError, plain
from ui.choices import kind_text
from ui.games.targi.gamescreen import exchange_text
from ui.games.timbuktu.view import good_markup
from ui.kv import tr
from ui.screens.home import game_title

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
    d.tap_text(f"{game_title(game)} · ", prefix=True)
    d.expect_screen(f"game-{game}")


def start_from_home(d: Driver, game: str, names: tuple[str, ...]) -> None:
    """Choose ``game`` on Home, name the players, start."""
    home = d.screen
    d.tap_text(game_title(game))
    while len(home.seats()) < len(names):
        d.tap(home.ids.add_player)
    for row, name in zip(home.seats(), names, strict=False):
        row.ids.name.text = name  # typed on the keyboard: see the home_keyboard state
    d.frames(1)
    d.tap(home.ids.start_game)
    d.expect_screen(f"game-{game}")


def type_on_keyboard(d: Driver, text: str) -> None:
    """Tap ``text``'s keys on the open on-screen keyboard (capitals come by themselves)."""
    from kivy.core.window import Window

    from ui.keyboard import OnScreenKeyboard

    keyboards = [w for w in Window.children if isinstance(w, OnScreenKeyboard)]
    if not keyboards:
        raise TourError(f"no keyboard is open on {d.screen.name}")
    for key in text:
        d.tap(keyboards[0].ids.space if key == " " else keyboards[0].keys[key.lower()])


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
    d.tap_text(game_title("tuareg"))
    for _ in range(3):
        d.tap(d.screen.ids.add_player)
    names = ("Karin", "Timo", "Alexandra-Sophie", "Omar", "Sami")
    for row, name in zip(d.screen.seats(), names, strict=False):
        row.ids.name.text = name
    d.frames(2)


@state
def home_chosen(d: Driver) -> None:
    """Tuareg and seat 2 as who starts chosen by real taps: both keep their fill once the finger
    lifts (``selection_hidden``)."""
    d.tap_text(game_title("tuareg"))
    d.tap(d.screen.seats()[1].ids.starts)


@state
def home_name_chooser(d: Driver) -> None:
    """Seat 2's name asked: the players this table played with, the latest first."""
    p.targi_finished(d.store)
    p.tuareg_opened(d.store)
    refresh_home(d)
    d.tap(d.screen.seats()[1].ids.name)


@state
def home_keyboard(d: Driver) -> None:
    """A new name typed on the on-screen keyboard."""
    d.tap(d.screen.seats()[1].ids.name)
    type_on_keyboard(d, "łucja żółć")


@state
def home_colour_chooser(d: Driver) -> None:
    d.tap(d.screen.seats()[0].ids.colour)


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
def home_many_games(d: Driver) -> None:
    for _ in range(4):
        p.targi(d.store)
    for _ in range(3):
        p.targi_finished(d.store)
    refresh_home(d)


@state
def settings(d: Driver) -> None:
    d.tap(d.screen.ids.settings)
    d.expect_screen("settings")


@state
def settings_enrol(d: Driver) -> None:
    """An unknown tag scanned during a game: which card is it?"""
    start_from_home(d, "targi", ("Amal", "Bilal"))
    d.app.unknown_tag("0A1B2C3D4E")
    d.frames(2)
    d.expect_screen("settings")


@state
def settings_backup(d: Driver) -> None:
    """Backup and restore, no USB stick plugged in (the machine's own mount table)."""
    settings(d)
    d.tap(d.screen.ids.backup)
    d.expect_screen("backup")


@state
def settings_phones(d: Driver) -> None:
    """Settings -> Phones, off (as a table finds it)."""
    settings(d)
    d.tap(d.screen.ids.phones)
    d.expect_screen("phones")


@state
def settings_labels(d: Driver) -> None:
    """Card labels: Tuareg's written on Letter sheets to the data folder (no USB stick here)."""
    settings(d)
    d.tap(d.screen.ids.labels)
    d.expect_screen("labels")
    d.tap_text(game_title("tuareg"))
    d.tap(part(d, "size_chips")["letter"])
    d.tap(d.screen.ids.write)


def enrol_targi(d: Driver) -> None:
    """Settings, Enrol tags, Targi's deck."""
    settings(d)
    d.tap(d.screen.ids.enrol_tags)
    d.expect_screen("enrol")
    d.tap_text(game_title("targi"))


@state
def settings_enrol_walk(d: Driver) -> None:
    """Batch enrolment: a tag enrolled, then scanned again on the next card and refused."""
    from hardware.events import CardScanned, UnknownTag

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
    from companion.play.cards import TagDirectory
    from companion.play.labels import labels

    directory = TagDirectory.from_store(d.store)
    for n, label in enumerate(labels("targi")[:-2]):
        directory.enrol(d.store, f"TAG{n:04}", label.card)
    enrol_targi(d)
    d.tap(d.screen.ids.skip)
    d.tap(d.screen.ids.skip)


@state
def history(d: Driver) -> None:
    """Three finished Targi games in the history."""
    for _ in range(3):
        p.targi_finished(d.store)
    refresh_home(d)
    d.tap(d.screen.ids.history)
    d.expect_screen("history")


@state
def statistics(d: Driver) -> None:
    history(d)
    d.tap(d.screen.ids.statistics)
    d.tap_text(game_title("targi"))
    d.expect_screen("statistics")


@state
def statistics_five(d: Driver) -> None:
    """Timbuktu's statistics of five players: every bar in view or cued (``cut_option``)."""
    options = p.TIMBUKTU.parse_options({"players": TIMBUKTU_FIVE})
    p.play_until(Session.create(d.store, p.TIMBUKTU, options), p.timbuktu_next, p.TIMBUKTU.is_over)
    refresh_home(d)
    d.tap(d.screen.ids.history)
    d.tap(d.screen.ids.statistics)
    d.tap_text(game_title("timbuktu"))
    d.expect_screen("statistics")


@state
def players(d: Driver) -> None:
    """The players the table knows, from History."""
    p.tuareg_opened(d.store)
    history(d)
    d.tap(d.screen.ids.people)
    d.expect_screen("players")


@state
def players_actions(d: Driver) -> None:
    """A player tapped: rename, or merge into another."""
    players(d)
    d.tap(d.screen.ids.rows.children[-1])


@state
def players_renamed(d: Driver) -> None:
    """A new name typed on the on-screen keyboard, and the screen saying so."""
    from kivy.core.window import Window

    from ui.keyboard import OnScreenKeyboard

    players_actions(d)
    d.tap_text(tr("Rename"))
    type_on_keyboard(d, " junior")
    keyboard = next(w for w in Window.children if isinstance(w, OnScreenKeyboard))
    d.tap(keyboard.ids.ok)


@state
def players_merge_confirm(d: Driver) -> None:
    """Merge asked: the question names both players and how many games move."""
    from kivy.core.window import Window

    from ui.picker import Picker

    players_actions(d)
    d.tap_text(tr("Merge into another player"))
    picker = next(w for w in Window.children if isinstance(w, Picker))
    d.tap(picker.ids.options.children[-1])


@state
def game_log(d: Driver) -> None:
    """A finished game's log, from its row in the history."""
    history(d)
    d.tap(d.screen.ids.rows.children[-1].ids.log)
    d.expect_screen("gamelog")


@state
def settings_values_saved(d: Driver) -> None:
    d.tap(d.screen.ids.settings)
    rows = part(d, "rows")
    first = next(iter(rows.values()))
    for _ in range(3):
        d.tap(first.ids.points.ids.up)
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
    d.tap_text(kind_text(targi_actions.TakeGoods))
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
    d.tap_text(exchange_text(TargiExchange(give=TargiGood.DATES, get=TargiGood.SALT)))


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
        p.play(session, [last])
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
    d.tap_text(kind_text(targi_actions.SetStock))


@state
def correct_targi_marker(d: Driver) -> None:
    """A cell (two steppers) and a cell that may be empty."""
    correct_menu(d)
    d.tap_text(kind_text(targi_actions.MoveMarker))


@state
def correct_targi_card(d: Driver) -> None:
    """A card chosen by its chip: the tribe cards of one symbol, one chip per printed face."""
    correct_menu(d)
    d.tap_text(kind_text(targi_actions.SetHand))
    d.tap(part(d, "rows")["card"][1].ids.card)
    d.tap_text(upper_first(symbol_name(TargiSymbol.OASIS)))


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
def tuareg_draw_short(d: Driver) -> None:
    """Nothing laid into the market yet: the Draw is greyed out with the reason."""
    tuareg_turn(d)
    d.tap_text("Draw")


@state
def tuareg_buy_short(d: Driver) -> None:
    """Nothing paid yet: Buy is greyed out with the reason."""
    tuareg_turn(d)
    d.tap_text("Buy a special card")
    d.tap_text(special_name(SpecialCard.CAVE) + " (", prefix=True)


@state
def tuareg_load_builder(d: Driver) -> None:
    tuareg_turn(d)
    d.tap_text("Load from the hand")
    d.tap(part(d, "animal_cells")[(p.KARIN, p.CAMEL_1)])
    d.tap_text("gold")


@state
def tuareg_load_scanned(d: Driver) -> None:
    """A load built by scans: two gold cards on, a third card refused (Karin holds two)."""
    tuareg_turn(d)
    d.tap_text("Load from the hand")
    d.tap(part(d, "animal_cells")[(p.KARIN, p.CAMEL_1)])
    for card in ("TUAREG-GOOD-GOLD", "TUAREG-GOOD-GOLD", "TUAREG-GOOD-WATER"):
        d.scan(card)


@state
def tuareg_take_market(d: Driver) -> None:
    tuareg_turn(d)
    d.tap_text("Take from the market")
    d.tap(part(d, "animal_cells")[(p.KARIN, p.CAMEL_1)])


@state
def tuareg_buy(d: Driver) -> None:
    tuareg_turn(d)
    d.tap_text("Buy a special card")
    d.tap_text(special_name(SpecialCard.CAVE) + " (", prefix=True)
    paid = tr("{good} from the hand ({worth})").split("{worth}")[0]
    d.tap_text(paid.format(good=good_name(Good.GOLD)), prefix=True)


@state
def tuareg_buy_refused(d: Driver) -> None:
    """A refusal while the cave is paid for (Buy is greyed out while the payment is short, so a
    card no game knows is scanned): the toast leaves "Take the last card back" and the payment's
    answers free (``toast_over_control``)."""
    tuareg_buy(d)
    d.scan("NOT-A-CARD")


@state
def tuareg_draw_refused(d: Driver) -> None:
    """A refusal while drawing, before a card is laid (the confirm is greyed out until one is, so
    a card no game knows is scanned): the toast leaves the confirm row free."""
    tuareg_turn(d)
    d.tap_text("Draw")
    d.scan("NOT-A-CARD")


@state
def tuareg_reveal(d: Driver) -> None:
    p.tuareg(d.store, p.TUAREG_STAGE_ONE)
    open_game(d, "tuareg")


@state
def tuareg_thief_reveal(d: Driver) -> None:
    tuareg_reveal(d)
    d.tap_text(tr("gold"))


@state
def tuareg_majorities(d: Driver) -> None:
    tuareg_thief_reveal(d)
    d.tap_text(tr("gold"))
    d.tap_text(tr("Cash a map"))


@state
def tuareg_stage_scored(d: Driver) -> None:
    tuareg_majorities(d)
    d.tap_text(tr("Score stage {n}").format(n=1))


@state
def tuareg_final_sheet(d: Driver) -> None:
    tuareg_stage_scored(d)
    d.tap_text(tr("On to stage {n}").format(n=2))
    submit_all(d, p.TUAREG_STAGE_TWO)
    d.tap_text(tr("Score stage {n}").format(n=2))
    d.expect_screen("sheet")


@state
def tuareg_game_over(d: Driver) -> None:
    tuareg_final_sheet(d)
    d.tap_text(tr("Back"))


@state
def correct_tuareg_stack(d: Driver) -> None:
    tuareg_turn(d)
    d.tap_text(tr("Correct"))
    d.tap_text(kind_text(tuareg_actions.SetStack))


# --- Timbuktu ---------------------------------------------------------------------------------
# Its buttons are found by their translated text, so the tour runs in every language.


@state
def timbuktu_caravan_first(d: Driver) -> None:
    """The first game's first caravan board, empty: a camel of four kinds is one tap."""
    start_from_home(d, "timbuktu", ("Ada", "Ben", "Cleo"))


@state
def timbuktu_caravan_entry(d: Driver) -> None:
    start_from_home(d, "timbuktu", ("Ada", "Ben", "Cleo"))
    for good in p.patterned_loads(3)[0][0] + p.patterned_loads(3)[0][1][:2]:
        d.tap_text(timbuktu_good_name(good), suffix=True)


@state
def timbuktu_start_area(d: Driver) -> None:
    p.timbuktu(d.store, p.at_phase(TimbuktuPhase.PLACEMENT))
    open_game(d, "timbuktu")


@state
def timbuktu_camel_choice(d: Driver) -> None:
    p.timbuktu(d.store, p.at_phase(TimbuktuPhase.MOVES))
    open_game(d, "timbuktu")


def tap_pitch(d: Driver, pen: int, pitch: int) -> None:
    d.tap(part(d, "columns")[pen - 1].cells[pitch - 1])


def choose_camel(d: Driver, letter: str) -> None:
    """Tap the camel of the player to move on the board, where it stands."""
    state = d.screen.table.state
    camel = state.players[state.to_move].camel(letter)
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
    state = d.screen.table.state
    camel = state.players[(state.to_move + 1) % len(state.players)].camel("A")
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
    p.timbuktu(d.store, p.at_phase(TimbuktuPhase.THEFTS, stage=1))
    open_game(d, "timbuktu")
    d.tap(part(d, "columns")[0])
    d.tap_text("1 + 3")  # the pitch card: its goods card is asked next


@state
def timbuktu_thief_pitches(d: Driver) -> None:
    """A thief pile's pitch card, one chip per face (pen 1 preselected)."""
    p.timbuktu(d.store, p.at_phase(TimbuktuPhase.THEFTS, stage=1))
    open_game(d, "timbuktu")


def tap_thief_goods(d: Driver, *goods: TimbuktuGood) -> None:
    """The chip of a thief's goods card showing ``goods``: it logs the theft."""
    d.tap_text("\n".join(plain(good_markup(good)) for good in goods))


@state
def timbuktu_thief_scanned(d: Driver) -> None:
    """Two cards of a thief pile scanned, the third still to come."""
    p.timbuktu(d.store, p.at_phase(TimbuktuPhase.THEFTS, stage=1))
    open_game(d, "timbuktu")
    d.scan("TIMBUKTU-THIEF-PEN-1")
    d.scan("TIMBUKTU-THIEF-GOODS-GOLD-SALT")


@state
def timbuktu_thefts_report(d: Driver) -> None:
    p.timbuktu(d.store, p.at_phase(TimbuktuPhase.THEFTS, stage=1))
    open_game(d, "timbuktu")
    table = d.screen.table
    while len(table.state.robbed_pens) < 4:
        submit_all(d, [p.timbuktu_next(table.state)])
    last = next(pen for pen in range(1, 6) if pen not in table.state.robbed_pens)
    d.tap(part(d, "columns")[last - 1])  # the last thief pile by touch: the screen reports
    d.tap_text("1")
    tap_thief_goods(d, TimbuktuGood.COFFEE)


@state
def timbuktu_final_sheet(d: Driver) -> None:
    p.timbuktu(d.store, p.at_phase(TimbuktuPhase.THEFTS, stage=3))
    open_game(d, "timbuktu")
    table = d.screen.table
    while len(table.state.robbed_pens) < 4:
        submit_all(d, [p.timbuktu_next(table.state)])
    last = next(pen for pen in range(1, 6) if pen not in table.state.robbed_pens)
    d.tap(part(d, "columns")[last - 1])  # the last thief pile, by touch: the sheet follows
    d.tap_text("1")
    tap_thief_goods(d, TimbuktuGood.COFFEE)
    d.expect_screen("sheet")


TIMBUKTU_FIVE = [
    {"name": n, "colour": c}
    for n, c in zip(
        ("Małgorzata", "Bartholomäus", "Cleo", "Dara", "Emil"),
        ("red", "blue", "green", "yellow", "black"),
        strict=True,
    )
]
"""The widest sheet: five players, two of them with long names."""


@state
def timbuktu_five_sheet(d: Driver) -> None:
    """A finished game of five (all five share the victory), reopened from Home's list."""
    options = p.TIMBUKTU.parse_options({"players": TIMBUKTU_FIVE})
    session = Session.create(d.store, p.TIMBUKTU, options)
    p.play_until(session, p.timbuktu_next, p.TIMBUKTU.is_over)
    refresh_home(d)
    d.tap_text("Timbuktu · ", prefix=True)
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


# --- The rules reference -------------------------------------------------------------------------


def open_rules(d: Driver) -> None:
    """The Rules screen from the game bar of the game showing."""
    d.tap(d.screen.ids.bar.ids.rules)
    d.expect_screen("rules")


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
    from kivy.core.window import Window

    from ui.keyboard import OnScreenKeyboard

    (keyboard,) = [w for w in Window.children if isinstance(w, OnScreenKeyboard)]
    d.tap(keyboard.ids.ok)


@state
def rules_tuareg(d: Driver) -> None:
    tuareg_turn(d)
    open_rules(d)


@state
def rules_timbuktu(d: Driver) -> None:
    timbuktu_camel_choice(d)
    open_rules(d)


def all_states() -> dict[str, State]:
    """The whole tour: the states above, then each game's own (the ``tour`` its UI entry
    declares, :func:`ui.games.tour_states`), so a game installed as its own package is toured."""
    from ui.games import tour_states

    games = tour_states()
    taken = sorted(set(games) & set(STATES))
    if taken:
        raise ValueError(f"a game's tour states are named as shared ones: {taken}")
    return {**STATES, **games}
