"""Timbuktu at the table: the oasis shown as 5 pens x 5 pitches with every camel, the counters, the
removed-goods tally with the values, and each player's camels with their goods; the caravans loaded
on a caravan board (or in one tap from the remembered loads), the start area, the moves with their
arrow / payment and swap-field questions, and the thief piles at each stage's end.

The screen decides no rule: every option comes from ``TimbuktuRules.legal_actions``, the pitch a
camel takes from the board's own functions, what a thief takes from the rules' theft; every entry
goes to the session, whose verdict is shown.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.metrics import dp
from kivy.properties import BooleanProperty, ListProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.games.timbuktu import actions as a
from companion.games.timbuktu.model import PENS, Phase, Theft, TimbuktuState
from companion.installation.i18n import _, ngettext
from companion.rules.verdict import Verdict
from ui import design as tokens
from ui.design import design
from ui.games.timbuktu.drafts import CaravanDraft, MoveDraft, ThiefDraft
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
from ui.screens.base import GameScreen
from ui.widgets import BigButton, scroll_vertically, show_only

EMPTY_PITCH = list(tokens.SURFACE)
SWAP_PITCH = list(tokens.hex_rgba("#2E4A6B"))
NO_FRAME = [0, 0, 0, 0]
CHOSEN_FRAME = list(tokens.HIGHLIGHT)
CHOSEN_BUTTON = list(tokens.hex_rgba("#0E3D2A"))
"""A chosen option's fill: dark green, under which every good's colour keeps 4.5:1."""
OPTION_BUTTON = list(tokens.BUTTON)
DIM_INK = hex_code(tokens.MUTED_INK)
CHOSEN_MARK = "✓"
"""Before a chosen option's text: chosen is told by more than its fill."""
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


def _fit_height(button: BigButton, texture_size: list[float]) -> None:
    """A button as tall as its wrapped text needs, never lower than a touch row."""
    button.height = max(design.target, texture_size[1] + dp(10))


class TimbuktuScreen(TimbuktuScans, SetupPrompts, RoundPrompts, GameScreen):
    """Tap a pen, a camel or an answer; the rules answer."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.columns = [PenColumn(pen) for pen in range(1, PENS + 1)]
        for column in self.columns:
            for cell in column.cells:
                cell.bind(on_release=lambda c: self.tap_pitch(c.pen, c.pitch))
            self.ids.pens.add_widget(column)
        self.pens_view = self.ids.pens.__self__  # the widget, not ids' weak proxy: see show_only
        self.caravan_view = TimbuktuLabel(font_size=design.body, valign="top")
        self.player_rows: list[TimbuktuPlayerRow] = []
        """The caravan board being filled, shown instead of the pens while loading."""
        self.answers: Any = self.ids.options
        """Where the prompt's answers go: the options' grid, or a group in it (:meth:`group`)."""
        self.reset_drafts()

    @property
    def state(self) -> TimbuktuState:
        assert self.table is not None
        return self.table.state

    # --- the table shown and what is being entered on it ----------------------------------------

    def reset_drafts(self) -> None:
        self.caravan: CaravanDraft | None = None
        self.placing: str | None = None
        """The camel the player to place picked (None: the first not placed)."""
        self.move: MoveDraft | None = None
        self.thief: ThiefDraft | None = None
        self.thief_cards: list[str] = []
        self.mode: str | None = None
        """A board entry in progress: ``arrows`` or ``swap_fields``."""
        self.swap_fields: set[tuple[int, int]] = set()
        self.reported_stage: int | None = None

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

    def tap_pitch(self, pen: int, pitch: int) -> None:
        """A tap on the board: a camel of the player to move chosen where they choose one, a swap
        field marked where they are entered, a pen otherwise."""
        phase = self.state.phase
        if self.reported_stage is not None:  # the thefts' report is read first
            return
        if phase is Phase.MOVES and self.mode == "swap_fields":
            self.toggle_swap_field((pen, pitch))
        elif phase is Phase.MOVES and self.mode is None and self.move is None:
            self.tap_camel(pen, pitch)
        else:
            self.tap_pen(pen)

    def tap_pen(self, pen: int) -> None:
        phase = self.state.phase
        if phase is Phase.PLACEMENT:
            self.place_in(pen)
        elif phase is Phase.MOVES and self.mode is None:
            self.enter_pen(pen)
        elif phase is Phase.THEFTS and self.reported_stage is None:
            self.thief_pen(pen)

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
        choosing = state.phase is Phase.MOVES and self.move is None and self.mode is None
        return state.stage - 1 if choosing else shown_place(state)

    def render_board(self) -> None:
        state = self.state
        if self.caravan is not None and state.phase is Phase.LOADING:
            self.caravan_view.text = caravan_board_text(self.caravan)
            show_only(self.ids.board_area, self.caravan_view, Widget())
            return
        show_only(self.ids.board_area, self.pens_view)
        place = self.board_place()
        targets = self.target_pens()
        for column, pitches in zip(self.columns, pens(state, place), strict=True):
            column.header = self.pen_header(column.pen)
            column.highlighted = column.pen in targets
            chosen = column.pen == self.chosen_pen() and self.mode is None
            column.frame = CHOSEN_FRAME if chosen else NO_FRAME
            marked = self.marked_pitches(column.pen)
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
            self.stage_report_prompt()
        elif phase is Phase.LOADING:
            self.loading_prompt()
        elif phase is Phase.PLACEMENT:
            self.placement_prompt()
        elif phase is Phase.MOVES:
            self.move_prompt()
        elif phase is Phase.SWAP:
            self.swap_prompt()
        elif phase is Phase.THEFTS:
            self.thief_prompt()
        else:
            self.game_over_prompt()

    # --- the side panel: one prompt at a time ---------------------------------------------------

    def panel(self, title: str, note: str = "", cols: int = 2, *, scrolls: bool = False) -> None:
        """A new prompt: ``title``, then ``note`` above the answers, or at the top of them where
        it ``scrolls`` with them (a report that may outgrow the screen)."""
        if self.ids.title.text != title:  # a new prompt starts at the top of its answers
            scroll_vertically(self.ids.options_view, 1.0)
        self.ids.options.clear_widgets()
        self.ids.actions.clear_widgets()
        self.ids.options.cols = 1 if scrolls else cols
        self.ids.title.text = title
        self.ids.note.text = "" if scrolls else note
        if scrolls:
            self.ids.options.add_widget(TimbuktuLabel(text=note))
        self.primary = None
        self.answers = self.ids.options

    def group(self, cols: int) -> None:
        """The answers that follow go into a grid of their own with ``cols`` columns, under the
        ones before (a keypad, then a list of wider buttons)."""
        grid = GridLayout(
            cols=cols,
            spacing=dp(4),
            size_hint_y=None,
            row_default_height=design.target,
        )
        grid.bind(minimum_height=grid.setter("height"))
        self.ids.options.add_widget(grid)
        self.answers = grid

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
            self.answers.add_widget(row)

    def button(
        self,
        text: str,
        callback: Callable[[], Any],
        *,
        primary: bool = False,
        chosen: bool = False,
        option: bool = False,
        action: bool = False,
    ) -> BigButton:
        """An answer to the prompt. ``primary``: the one the confirm button gives (drawn in the
        primary colour) and, like an ``action`` (a way back), in the row under the answers that
        never scrolls; ``chosen``: ticked; ``option``: one item of a list the board offers too."""
        if chosen:
            text = f"[font={tokens.SYMBOL_FONT}]{CHOSEN_MARK}[/font] {text}"
        button = BigButton(text=text, markup=True, font_size=design.body)
        button.background_normal = ""
        button.background_down = ""
        fill = CHOSEN_BUTTON if chosen else tokens.PRIMARY if primary else OPTION_BUTTON
        button.fill = list(fill)
        button.height = design.target
        button.bind(texture_size=_fit_height)
        if option:
            button.audit_role = "option"
        button.bind(on_release=lambda _b: callback())
        (self.ids.actions if primary or action else self.answers).add_widget(button)
        if primary:
            self.primary = callback
        return button

    def cancel(self) -> None:
        self.reset_drafts()
        self.render()


load_kv(__file__)
