"""The layout tour's states of Tuareg (see :mod:`ui.audit.tour`): its turns, prompts, refusals,
stages, sheets and rules, what Home shows of it, its card labels and its card values in Settings."""

from __future__ import annotations

from companion.games.tuareg import actions
from companion.games.tuareg.model import Good, SpecialCard
from companion.games.tuareg.names import good_name, special_name
from ui.audit.driver import Driver, TourError
from ui.audit.tour import (
    State,
    collecting,
    open_game,
    open_rules,
    part,
    settings,
    start_from_home,
    submit_all,
)
from ui.choices import kind_text
from ui.games.tuareg import positions as p
from ui.kv import tr
from ui.screens.home import game_title

STATES: dict[str, State] = {}
"""Tuareg's states, in the order they run."""
state = collecting(STATES)


# --- Home, Settings ------------------------------------------------------------------------------


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
def settings_labels(d: Driver) -> None:
    """Card labels: Tuareg's written on Letter sheets to the data folder (no USB stick here)."""
    settings(d)
    d.tap(d.screen.ids.labels)
    d.expect_screen("labels")
    d.tap_text(game_title("tuareg"))
    d.tap(part(d, "size_chips")["letter"])
    d.tap(d.screen.ids.write)


@state
def settings_values_saved(d: Driver) -> None:
    """The card values Tuareg contributes to Settings, one stepped up and saved."""
    settings(d)
    section = part(d, "sections").get("tuareg")
    if section is None:
        raise TourError("Settings shows no Tuareg section")
    first = next(iter(section.rows.values()))
    for _ in range(3):
        d.tap(first.ids.points.ids.up)
    d.tap(section.ids.save)


# --- the turns -----------------------------------------------------------------------------------


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


# --- the stages' ends ----------------------------------------------------------------------------


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
    d.tap_text(kind_text(actions.SetStack))


@state
def rules_tuareg(d: Driver) -> None:
    tuareg_turn(d)
    open_rules(d)
