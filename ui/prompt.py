"""The one prompt of a game screen's side panel: a title, a note, the answers as a grid of buttons
that scrolls (under a "▼ n more" cue) when it outgrows its room, and a row under the answers that
never scrolls, for the prompt's primary action (what the confirm button does) and its ways out.

A screen shows one prompt at a time: :meth:`Prompt.start`, then :meth:`Prompt.button` per answer
(:meth:`Prompt.add` for any other widget among them: a reason, a report row). The prompt knows no
game: it shows the words it is given and calls back.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from kivy.metrics import dp
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from ui import design
from ui.design import design as scale
from ui.kv import load_kv
from ui.widgets import BigButton, scroll_vertically

logger = logging.getLogger(__name__)

CHOSEN_FILL = list(design.hex_rgba("#0E3D2A"))
"""A chosen answer's fill: dark green, under which every good's colour keeps 4.5:1."""
CHOSEN_MARK = "✓"
"""Before a chosen answer's text: chosen is told by more than its fill."""


class PromptLabel(Label):
    """Words of the prompt (its title, its note, a line among the answers): wrapped, as tall as
    they are, no height when empty."""


class PromptButton(BigButton):
    """An answer, as tall as its wrapped text: in the primary colour when it is what the confirm
    button does, in the chosen fill (and ticked) when ``chosen``."""

    primary = BooleanProperty(False)
    chosen = BooleanProperty(False)
    chosen_fill = ListProperty(CHOSEN_FILL)


class Prompt(BoxLayout):
    """Title, note, the answers (``ids.options`` in ``ids.options_view``) and the row that never
    scrolls (``ids.actions``). A screen's ``.kv`` may set ``title_size``, ``note_size``, ``gap``
    and ``action_cols`` (0: the row's buttons side by side in one row)."""

    title = StringProperty("")
    note = StringProperty("")
    title_size = NumericProperty(0)
    note_size = NumericProperty(0)
    gap = NumericProperty(dp(design.GAP / 2))
    """Space between the prompt's parts and between its buttons."""
    action_cols = NumericProperty(2)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.primary: Callable[[], Any] | None = None
        """What the confirm button does for the prompt showing (None: nothing)."""
        self._group: Widget | None = None
        """The grid :meth:`group` opened for the answers that follow (None: the answers' own)."""

    def start(self, title: str, note: str = "", *, cols: int = 2, scrolls: bool = False) -> None:
        """A new prompt in place of the one showing: ``title``, then ``note`` above the answers,
        or at the top of them where it ``scrolls`` with them (a report that may outgrow the
        screen); the answers come in ``cols`` columns."""
        logger.debug("prompt: %s", title)
        options = self.ids.options
        if self.title != title:  # a new prompt starts at the top of its answers
            scroll_vertically(self.ids.options_view, 1.0)
        options.clear_widgets()
        self.ids.actions.clear_widgets()
        options.cols = 1 if scrolls else cols
        self.title = title
        self.note = "" if scrolls else note
        self.primary = None
        self._group = None
        if scrolls:
            self.add(PromptLabel(text=note, font_size=self.note_size))

    def button(
        self,
        text: str,
        callback: Callable[[], Any],
        *,
        primary: bool = False,
        fixed: bool = False,
        chosen: bool = False,
        option: bool = True,
        refused: str | None = None,
    ) -> PromptButton:
        """An answer that calls ``callback`` when tapped. ``primary``: what the confirm button
        does, drawn in the primary colour in the row that never scrolls, like the ways out
        (``fixed``); ``chosen``: ticked, in the chosen fill; ``option``: one item of a list
        (the layout audit accepts it scrolled out of view); ``refused``: the reason it is
        impossible, shown greyed out under its text, and a tap does nothing."""
        if chosen:
            text = f"[font={design.SYMBOL_FONT}]{CHOSEN_MARK}[/font] {text}"
        button = PromptButton(text=text, primary=primary and refused is None, chosen=chosen)
        if refused is not None:
            button.text = f"{text}\n{refused}"
            button.disabled = True
        button.bind(on_release=lambda _b: callback())
        if primary or fixed:
            self.ids.actions.add_widget(button)
        else:
            if option:
                button.audit_role = "option"
            self.add(button)
        if primary and refused is None:
            self.primary = callback
        return button

    def add(self, widget: Widget) -> None:
        """Any other widget among the answers, where the next button would go."""
        (self._group or self.ids.options).add_widget(widget)

    def group(self, cols: int) -> None:
        """The answers that follow go into a grid of their own with ``cols`` columns, under the
        ones before (a keypad, then a list of wider buttons)."""
        grid = GridLayout(
            cols=cols, spacing=self.gap, size_hint_y=None, row_default_height=scale.target
        )
        grid.bind(minimum_height=grid.setter("height"))
        self.ids.options.add_widget(grid)
        self._group = grid

    def hold_above(self, widget: Widget) -> None:
        """``widget`` stays between the note and the answers, never scrolled (a table the
        answers are about); it takes no room while it has no height."""
        self.ids.above.add_widget(widget)


load_kv(__file__)
