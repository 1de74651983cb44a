"""The one prompt of a game screen's side panel: a title, a note, the answers as a grid of buttons
that scrolls (under a "▼ n more" cue) when it outgrows its room, and a row under the answers that
never scrolls, for the prompt's primary action (what the confirm button does) and its ways out.

A screen shows one prompt at a time: :meth:`Prompt.start`, then :meth:`Prompt.button` per answer
(:meth:`Prompt.add` for any other widget among them: a reason, a report row). The prompt knows no
game: it shows the words it is given and calls back. :class:`ChoicePanel` is a prompt whose answers
are legal actions, narrowed one field at a time (:mod:`ui.choices`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any

from kivy.metrics import dp
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.installation.i18n import _
from ui import choices, design
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


class ChoicePanel(Prompt):
    """A prompt whose answers are legal actions, narrowed step by step (see :mod:`ui.choices`):
    its note names the field being chosen; tapping an answer that leaves one action calls
    ``on_choose(action)``. Back and the ``extra`` buttons (end turn, score sheet ...) go in the
    row that never scrolls."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._on_choose: Callable[[Any], object] = lambda _action: None
        self._texts: Mapping[str, choices.ValueText] | None = None
        self._stack: list[Sequence[Any]] = []
        self._extra: list[tuple[str, Callable[[], object]]] = []
        self._with_kind = True
        self._title = ""

    def offer(
        self,
        title: str,
        actions: Sequence[Any],
        on_choose: Callable[[Any], object],
        texts: Mapping[str, choices.ValueText] | None = None,
        extra: Sequence[tuple[str, Callable[[], object]]] = (),
        *,
        with_kind: bool = True,
    ) -> None:
        """Show ``actions`` (all legal) under ``title``; ``extra`` adds plain buttons at the end;
        ``with_kind=False`` leaves the action's kind out of the buttons (the title says it)."""
        self._title = title
        self._with_kind = with_kind
        self._on_choose = on_choose
        self._texts = texts
        self._extra = list(extra)
        self._stack = [list(actions)]
        self._show()

    def narrow(self, actions: Sequence[Any]) -> None:
        """Continue with ``actions`` only (a tapped option, or a scanned card)."""
        if len(actions) == 1:
            self._on_choose(actions[0])
            return
        self._stack.append(list(actions))
        self._show()

    @property
    def remaining(self) -> list[Any]:
        return list(self._stack[-1]) if self._stack else []

    def back(self) -> None:
        if len(self._stack) > 1:
            self._stack.pop()
            self._show()

    def _show(self) -> None:
        field, offered = choices.options(self._stack[-1], self._texts, with_kind=self._with_kind)
        step = _("Choose the {field}:").format(field=_(field.replace("_", " "))) if field else ""
        self.start(self._title, step)
        scroll_vertically(self.ids.options_view, 1.0)  # each step starts at its first answer
        for option in offered:
            self.button(option.label, partial(self.narrow, option.actions))
        if len(self._stack) > 1:
            self.button(_("Back"), self.back, fixed=True)
        for text, callback in self._extra:
            self.button(text, callback, fixed=True)


load_kv(__file__)
