"""Widgets every screen shares: big touch buttons, and the game bar (whose turn, the last refusal,
undo / redo / correct / score sheet / home)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from kivy.properties import BooleanProperty, ListProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.label import Label

from companion.i18n import _
from ui import choices
from ui.kv import load_kv


class BigButton(Button):
    """A button at least :data:`TOUCH_TARGET` dp high whose text wraps inside it."""


class ChoiceButton(BigButton):
    """A button standing for one option of a prompt (``payload`` is whatever the screen needs)."""

    payload = None


class TextCell(ButtonBehavior, Label):
    """A tappable cell with a background colour and an optional highlight frame (the Targi grid)."""

    background = ListProperty([0.2, 0.2, 0.22, 1])
    frame = ListProperty([0, 0, 0, 0])
    highlighted = BooleanProperty(False)


class GameBar(BoxLayout):
    """The top bar of a game screen; the screen binds the ``on_*`` events to its intents."""

    status = StringProperty("")
    refusal = StringProperty("")
    __events__ = ("on_undo", "on_redo", "on_correct", "on_score", "on_home")

    def on_undo(self) -> None:
        pass

    def on_redo(self) -> None:
        pass

    def on_correct(self) -> None:
        pass

    def on_score(self) -> None:
        pass

    def on_home(self) -> None:
        pass


class ChoicePanel(BoxLayout):
    """A prompt: a title and one button per option among legal actions, narrowed step by step
    (see :mod:`ui.choices`); tapping an option that leaves one action calls ``on_choose(action)``."""

    title = StringProperty("")
    step = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._on_choose: Callable[[Any], None] = lambda _action: None
        self._texts: Mapping[str, choices.ValueText] | None = None
        self._stack: list[Sequence[Any]] = []
        self._extra: list[tuple[str, Callable[[], None]]] = []
        self._with_kind = True

    def offer(
        self,
        title: str,
        actions: Sequence[Any],
        on_choose: Callable[[Any], None],
        texts: Mapping[str, choices.ValueText] | None = None,
        extra: Sequence[tuple[str, Callable[[], None]]] = (),
        *,
        with_kind: bool = True,
    ) -> None:
        """Show ``actions`` (all legal) under ``title``; ``extra`` adds plain buttons at the end;
        ``with_kind=False`` leaves the action's kind out of the buttons (the title says it)."""
        self.title = title
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
        grid = self.ids.options
        grid.clear_widgets()
        field, offered = choices.options(self._stack[-1], self._texts, with_kind=self._with_kind)
        self.step = (
            _("Choose the {field}:").format(field=_(field.replace("_", " "))) if field else ""
        )
        for option in offered:
            button = ChoiceButton(text=option.label)
            button.payload = option.actions
            button.bind(on_release=lambda b: self.narrow(b.payload))
            grid.add_widget(button)
        if len(self._stack) > 1:
            grid.add_widget(BigButton(text=_("Back"), on_release=lambda _b: self.back()))
        for text, callback in self._extra:
            grid.add_widget(BigButton(text=text, on_release=lambda _b, c=callback: c()))
        self.ids.scroller.scroll_y = 1


load_kv(__file__)
