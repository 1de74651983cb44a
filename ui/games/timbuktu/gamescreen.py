"""Timbuktu at the table: the oasis shown as 5 pens x 5 pitches with every camel, the counters, the
removed-goods tally with the values, and each player's camels with their goods; the caravans loaded
on a caravan board (or in one tap from the remembered loads), the start area, the moves with their
arrow / payment and swap-field questions, and the thief piles at each stage's end.

The screen decides no rule: every option comes from ``TimbuktuRules.legal_actions``, the pitch a
camel takes from the board's own functions, what a thief takes from the rules' theft; every entry
goes to the session, whose verdict is shown.
"""

from __future__ import annotations

from typing import Any

from kivy.properties import BooleanProperty, ListProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.games.timbuktu import actions as a
from companion.games.timbuktu.model import PENS, Phase, Theft, TimbuktuState
from companion.installation.i18n import _, ngettext
from companion.rules.verdict import Verdict
from ui import design as tokens
from ui.design import design
from ui.games.timbuktu.rounds import RoundPrompts
from ui.games.timbuktu.scanning import TimbuktuScans
from ui.games.timbuktu.setup import SetupPrompts
from ui.games.timbuktu.view import (
    GOOD_SYMBOL,
    caravan_board_text,
    hex_code,
    pens,
    pitch_fill,
    pitch_markup,
    place_title,
    player_text,
    shown_place,
    status_text,
    tally_text,
    theft_header,
)
from ui.kv import load_kv
from ui.prompt import Prompt
from ui.scans import ScanSteps
from ui.screens.base import GameScreen
from ui.widgets import show_only

EMPTY_PITCH = list(tokens.SURFACE)
SWAP_PITCH = list(tokens.hex_rgba("#2E4A6B"))
NO_FRAME = [0, 0, 0, 0]
CHOSEN_FRAME = list(tokens.HIGHLIGHT)
DIM_INK = hex_code(tokens.MUTED_INK)
SWAP_MARK = "⇄"
"""Drawn on a pitch the table entered as a swap field."""


class TimbuktuLabel(Label):
    """A label that wraps and is as tall as its text."""


class PitchCell(ButtonBehavior, Label):
    """One pitch: the camel on it (its owner's fill, shape and its letter), or the pitch's number.
    A tap on it is a tap on the board at that pitch (the screen decides what it means)."""

    background = ListProperty(EMPTY_PITCH)
    frame = ListProperty(NO_FRAME)

    def __init__(self, pen: int, pitch: int, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.pen = pen
        self.pitch = pitch


class CamelChip(Label):
    """A robbed camel in the thefts report, as the board draws it: its owner's fill, shape and
    letter; under them the symbols of what it lost."""

    background = ListProperty(EMPTY_PITCH)


class TheftRow(BoxLayout):
    """One thief pile of the thefts report: its pen, pitches and goods, then a chip per camel
    it robbed (or the word that it took nothing)."""

    header = StringProperty("")


class PenColumn(BoxLayout):
    """A pen: its number over its five pitches, each a tap target."""

    header = StringProperty("")
    highlighted = BooleanProperty(False)
    frame = ListProperty(NO_FRAME)

    def __init__(self, pen: int, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.pen = pen
        self.cells = [PitchCell(pen, pitch) for pitch in range(1, PENS + 1)]
        for cell in self.cells:
            self.add_widget(cell)


class TimbuktuPlayerRow(Label):
    """One player at a glance: badge and name, camels placed or moved, every camel's goods."""


class TimbuktuScreen(ScanSteps, GameScreen[TimbuktuState]):
    """Tap a pen, a camel or an answer; the rules answer. What each step asks and what a tap or
    a scan means in it, the prompt objects the screen holds say (typed against
    :class:`ui.games.timbuktu.host.TimbuktuHost`)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.setup = SetupPrompts(self)
        self.rounds = RoundPrompts(self)
        self.scans = TimbuktuScans(self)
        self.reported_stage: int | None = None
        """The stage whose thefts' report is showing, if any."""
        self.columns = [PenColumn(pen) for pen in range(1, PENS + 1)]
        for column in self.columns:
            for cell in column.cells:
                cell.bind(on_release=lambda c: self.tap_pitch(c.pen, c.pitch))
            self.ids.pens.add_widget(column)
        self.pens_view = self.ids.pens.__self__  # the widget, not ids' weak proxy: see show_only
        self.caravan_view = TimbuktuLabel(font_size=design.body, valign="top")
        self.player_rows: list[TimbuktuPlayerRow] = []
        """The caravan board being filled, shown instead of the pens while loading."""
        self.prompt: Prompt = self.ids.prompt.__self__
        """The side panel's prompt: the setup's or stage's prompt object fills it."""
        self.reset_drafts()

    # --- the table shown and what is being entered on it ----------------------------------------

    def reset_drafts(self) -> None:
        self.setup.reset()
        self.rounds.reset()
        self.scans.reset()
        self.reported_stage = None

    def reset(self) -> None:
        """A new log entry (or another game) forgets half-made entries; a refusal keeps them, so
        the player can mend what was refused (see :meth:`GameScreen._changed`). What an entry
        taught the table (printed loads, the board's layout) the session stored as it logged it."""
        self.reset_drafts()

    def submit(self, action: Any) -> Verdict:
        """Log ``action``; a thief pile that ends a stage leads to the report of its thefts, and
        at the end to the score sheet."""
        assert self.table is not None
        before = (self.state.stage, self.state.phase)
        verdict = super().submit(action)
        ended = before != (self.state.stage, self.state.phase)
        if verdict.ok and isinstance(action, a.RevealThief) and ended:
            self.reported_stage = before[0]
            if self.table.over:
                self.nav.show_sheet(self.table.score_sheet(), back_to=self.name)
            self.render()
        return verdict

    def on_scan(self, card: str) -> bool:
        return self.scans.on_scan(card)

    def tap_pitch(self, pen: int, pitch: int) -> None:
        """A tap on the board: a camel of the player to move chosen where they choose one, a swap
        field marked where they are entered, a pen otherwise."""
        phase = self.state.phase
        if self.reported_stage is not None:  # the thefts' report is read first
            return
        if phase is Phase.MOVES and self.rounds.mode == "swap_fields":
            self.rounds.toggle_swap_field((pen, pitch))
        elif phase is Phase.MOVES and self.rounds.mode is None and self.rounds.move is None:
            self.rounds.tap_camel(pen, pitch)
        else:
            self.tap_pen(pen)

    def tap_pen(self, pen: int) -> None:
        phase = self.state.phase
        if phase is Phase.PLACEMENT:
            self.setup.place_in(pen)
        elif phase is Phase.MOVES and self.rounds.mode is None:
            self.rounds.enter_pen(pen)
        elif phase is Phase.THEFTS and self.reported_stage is None:
            self.rounds.thief_pen(pen)

    # --- rendering ------------------------------------------------------------------------------

    def render(self) -> None:
        if self.table is None:
            return
        state = self.state
        self.render_bar(status_text(state))
        place = self.board_place()
        info = f"[b]{place_title(state, place)}[/b]"
        if state.phase in (Phase.LOADING, Phase.PLACEMENT):
            info += " · " + ngettext(
                "{n} stage to Timbuktu", "{n} stages to Timbuktu", state.timbuktu
            ).format(n=state.timbuktu)
        self.ids.place_info.text = info
        self.ids.tally.text = tally_text(state)
        refusal = self.table.refusal
        self.ids.refusal.text = refusal.message if refusal is not None else ""
        self.render_players()
        self.render_side()
        self.primary = self.prompt.primary
        self.render_board()

    def render_players(self) -> None:
        """Every player at once, a row each (never scrolled away)."""
        state = self.state
        rows = self.ids.players
        while len(self.player_rows) < state.seats:
            self.player_rows.append(TimbuktuPlayerRow())
        show_only(rows, *self.player_rows[: state.seats])
        for seat, row in enumerate(self.player_rows[: state.seats]):
            row.text = player_text(state, seat)

    def board_place(self) -> int:
        """The place the board shows: where the camels stand while one is chosen to move (tap
        it), else :func:`shown_place`."""
        state = self.state
        choosing = (
            state.phase is Phase.MOVES and self.rounds.move is None and self.rounds.mode is None
        )
        return state.stage - 1 if choosing else shown_place(state)

    def render_board(self) -> None:
        state = self.state
        if self.setup.caravan is not None and state.phase is Phase.LOADING:
            self.caravan_view.text = caravan_board_text(self.setup.caravan)
            show_only(self.ids.board_area, self.caravan_view, Widget())
            return
        show_only(self.ids.board_area, self.pens_view)
        place = self.board_place()
        targets = self.rounds.target_pens()
        for column, pitches in zip(self.columns, pens(state, place), strict=True):
            column.header = self.rounds.pen_header(column.pen)
            column.highlighted = column.pen in targets
            chosen = column.pen == self.rounds.chosen_pen() and self.rounds.mode is None
            column.frame = CHOSEN_FRAME if chosen else NO_FRAME
            marked = self.rounds.marked_pitches(column.pen)
            for cell, view in zip(column.cells, pitches, strict=True):
                cell.frame = CHOSEN_FRAME if view.pitch in marked else NO_FRAME
                if view.seat is None:
                    cell.background = SWAP_PITCH if view.swap else EMPTY_PITCH
                    mark = f" [font={tokens.SYMBOL_FONT}]{SWAP_MARK}[/font]" if view.swap else ""
                    cell.text = f"[color={DIM_INK}]{view.pitch}{mark}[/color]"
                    cell.color = tokens.INK
                    continue
                colour = state.players[view.seat].colour
                cell.background = list(pitch_fill(colour))
                cell.color = tokens.ink_on(pitch_fill(colour))
                cell.text = pitch_markup(colour, view.letter or "")

    def render_side(self) -> None:
        phase = self.state.phase
        if self.reported_stage is not None and phase is not Phase.GAME_OVER:
            self.rounds.stage_report_prompt()
        elif phase is Phase.LOADING:
            self.setup.loading_prompt()
        elif phase is Phase.PLACEMENT:
            self.setup.placement_prompt()
        elif phase is Phase.MOVES:
            self.rounds.move_prompt()
        elif phase is Phase.SWAP:
            self.rounds.swap_prompt()
        elif phase is Phase.THEFTS:
            self.rounds.thief_prompt()
        else:
            self.rounds.game_over_prompt()

    # --- the side panel: one prompt at a time ---------------------------------------------------

    def theft_rows(self, thefts: list[Theft]) -> None:
        """The thefts report: a row per pen (its pitches and goods in words), a chip per camel
        robbed with its owner's shape and letter and the symbols of what it lost."""
        state = self.state
        for theft in thefts:
            row = TheftRow(header=theft_header(theft))
            for seat, letter, lost in theft.stolen:
                colour = state.players[seat].colour
                fill = pitch_fill(colour)
                chip = CamelChip(
                    text=f"{pitch_markup(colour, letter)}\n{''.join(GOOD_SYMBOL[g] for g in lost)}",
                    background=list(fill),
                    color=tokens.ink_on(fill),
                    font_name=tokens.SYMBOL_FONT,
                )
                row.ids.chips.add_widget(chip)
            if not theft.stolen:
                row.ids.chips.add_widget(TimbuktuLabel(text=_("nothing"), height=row.height))
            row.ids.chips.add_widget(Widget())
            self.prompt.add(row)

    def cancel(self) -> None:
        self.reset_drafts()
        self.render()


load_kv(__file__)
