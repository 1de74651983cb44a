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

from kivy.metrics import sp
from kivy.properties import BooleanProperty, ListProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.games.timbuktu import actions as a
from companion.games.timbuktu import table_settings
from companion.games.timbuktu.model import PENS, Layout, Phase, TimbuktuState
from companion.i18n import _
from companion.verdict import Verdict
from ui.games.timbuktu.drafts import CaravanDraft, MoveDraft, ThiefDraft
from ui.games.timbuktu.rounds import RoundPrompts
from ui.games.timbuktu.setup import SetupPrompts
from ui.games.timbuktu.view import (
    caravan_board_text,
    counters_text,
    ink_on,
    pens,
    piece_rgba,
    place_title,
    player_text,
    shown_place,
    status_text,
    tally_text,
)
from ui.kv import load_kv
from ui.screens.base import GameScreen
from ui.table import TableGame
from ui.widgets import BigButton, show_only

EMPTY_PITCH = [0.2, 0.2, 0.22, 1]
SWAP_PITCH = [0.22, 0.3, 0.42, 1]
NO_FRAME = [0, 0, 0, 0]
CHOSEN_FRAME = [1, 0.85, 0.2, 1]
CHOSEN_BUTTON = [0.35, 0.8, 0.4, 1]
DIM_INK = "8a8a8a"


class TimbuktuLabel(Label):
    """A label that wraps and is as tall as its text."""


class PitchCell(Label):
    """One pitch: the camel on it in its owner's colour, or the pitch's number."""

    background = ListProperty(EMPTY_PITCH)
    frame = ListProperty(NO_FRAME)


class PenColumn(ButtonBehavior, BoxLayout):
    """A pen: its heading (and where a camel would land) over its five pitches; the whole column
    is one tap target."""

    header = StringProperty("")
    highlighted = BooleanProperty(False)
    frame = ListProperty(NO_FRAME)

    def __init__(self, pen: int, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.pen = pen
        self.cells = [PitchCell() for _pitch in range(PENS)]
        for cell in self.cells:
            self.add_widget(cell)


class TimbuktuScreen(SetupPrompts, RoundPrompts, GameScreen):
    """Tap a pen, a camel or an answer; the rules answer."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.columns = [PenColumn(pen) for pen in range(1, PENS + 1)]
        for column in self.columns:
            column.bind(on_release=lambda c: self.tap_pen(c.pen))
            self.ids.pens.add_widget(column)
        self.pens_view = self.ids.pens.__self__  # the widget, not ids' weak proxy: see show_only
        self.caravan_view = TimbuktuLabel(font_size=sp(17), valign="top")
        """The caravan board being filled, shown instead of the pens while loading."""
        self.primary: Callable[[], None] | None = None
        self._layout = Layout()
        self._loading = False
        """What the game said when last seen: a change is what the table told the app once."""
        self.reset_drafts()

    @property
    def state(self) -> TimbuktuState:
        assert self.table is not None
        return self.table.state

    # --- the table shown and what is being entered on it ----------------------------------------

    def show(self, table: TableGame) -> None:
        self._layout = table.state.layout
        self._loading = table.state.phase is Phase.LOADING
        super().show(table)

    def reset_drafts(self) -> None:
        self.caravan: CaravanDraft | None = None
        self.placing: str | None = None
        """The camel the player to place picked (None: the first not placed)."""
        self.move: MoveDraft | None = None
        self.thief: ThiefDraft | None = None
        self.mode: str | None = None
        """A board entry in progress: ``arrows`` or ``swap_fields``."""
        self.swap_fields: set[tuple[int, int]] = set()
        self.reported_stage: int | None = None

    def reset(self) -> None:
        """A new log entry (or another game) forgets half-made entries; a refusal keeps them, so
        the player can mend what was refused (see :meth:`GameScreen._changed`)."""
        self.reset_drafts()
        if self.table is not None:
            self.remember()

    def remember(self) -> None:
        """Store for the next games what the table told the app once, whichever screen logged
        it: the printed loads once loading ends, the board's layout when it changes and at the
        game's end."""
        state = self.state
        store = self.nav.store
        if self._loading and state.phase is not Phase.LOADING:
            table_settings.remember_loads(store, state)
        self._loading = state.phase is Phase.LOADING
        if state.layout != self._layout or (self.table.over and state.layout != Layout()):
            table_settings.remember_layout(store, state.seats, state.layout)
            self._layout = state.layout

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

    def on_button(self, button: str) -> bool:
        if button == "confirm":
            if self.primary is not None:
                self.primary()
            return True
        return super().on_button(button)

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
        self.render_bar()
        self.ids.bar.status = status_text(state)
        self.ids.place_info.text = f"[b]{place_title(state)}[/b]\n{counters_text(state)}"
        self.ids.tally.text = tally_text(state)
        refusal = self.table.refusal
        self.ids.refusal.text = refusal.message if refusal is not None else ""
        self.ids.players.text = "\n\n".join(player_text(state, seat) for seat in range(state.seats))
        self.render_side()
        self.render_board()

    def render_board(self) -> None:
        state = self.state
        if self.caravan is not None and state.phase is Phase.LOADING:
            self.caravan_view.text = caravan_board_text(self.caravan)
            show_only(self.ids.board_area, self.caravan_view, Widget())
            return
        show_only(self.ids.board_area, self.pens_view)
        place = shown_place(state)
        targets = self.target_pens()
        for column, pitches in zip(self.columns, pens(state, place), strict=True):
            column.header = self.pen_header(column.pen)
            column.highlighted = column.pen in targets
            column.frame = CHOSEN_FRAME if column.pen == self.chosen_pen() else NO_FRAME
            marked = self.marked_pitches(column.pen)
            for cell, view in zip(column.cells, pitches, strict=True):
                cell.frame = CHOSEN_FRAME if view.pitch in marked else NO_FRAME
                if view.seat is None:
                    cell.background = SWAP_PITCH if view.swap else EMPTY_PITCH
                    label = _("swap") if view.swap else ""
                    cell.text = f"[color={DIM_INK}][size=13sp]{view.pitch} {label}[/size][/color]"
                    cell.color = (1, 1, 1, 1)
                    continue
                colour = piece_rgba(state.players[view.seat].colour)
                cell.background = list(colour)
                cell.color = ink_on(colour)
                cell.text = f"[b]{view.letter}[/b]"

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

    def panel(self, title: str, note: str = "", cols: int = 2) -> None:
        self.ids.title.text = title
        self.ids.note.text = note
        self.ids.options.clear_widgets()
        self.ids.options.cols = cols
        self.primary = None

    def button(
        self,
        text: str,
        callback: Callable[[], Any],
        *,
        primary: bool = False,
        chosen: bool = False,
    ) -> BigButton:
        button = BigButton(text=text, markup=True)
        if chosen:
            button.background_color = CHOSEN_BUTTON
        button.bind(on_release=lambda _b: callback())
        self.ids.options.add_widget(button)
        if primary:
            self.primary = callback
        return button

    def cancel(self) -> None:
        self.reset_drafts()
        self.render()


load_kv(__file__)
