"""Widgets every screen shares: big touch buttons, and the game bar (whose turn, the last refusal,
undo / redo / correct / score sheet / home).

The bar is one touch target high, so a long refusal may not fit in it: the refusal wraps in the
largest of :data:`REFUSAL_FONT_SIZES` that fits, and is cut at a word with a hint otherwise. Tapping
the bar's text always opens the whole reason in large type (:class:`RefusalDialog`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from kivy.clock import Clock
from kivy.metrics import sp
from kivy.properties import BooleanProperty, ListProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView
from kivy.uix.scrollview import ScrollView
from kivy.uix.widget import Widget

from companion.i18n import _
from ui import choices
from ui.kv import load_kv


def scroll_vertically(scroller: ScrollView, scroll_y: float) -> None:
    """Scroll to ``scroll_y`` (1 is the top), the scroll effect with it: Kivy's ScrollView does not
    move its effect when ``scroll_y`` is set in code, so the next touch would jump back."""
    scroller.scroll_y = scroll_y
    if scroller.effect_y is not None:
        scroller.effect_y.value = scroller.effect_y.max * scroll_y


def show_only(container: Widget, *widgets: Widget) -> None:
    """Make ``widgets`` (in this order) the children of ``container``; nothing is rebuilt when they
    already are, so a redraw keeps the widgets' state. A widget taken off must be held by a strong
    reference to come back: ``self.ids.x`` is a weak proxy (keep ``self.ids.x.__self__``)."""
    if list(reversed(container.children)) != list(widgets):
        container.clear_widgets()
        for widget in widgets:
            container.add_widget(widget)


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


REFUSAL_FONT_SIZES = (15, 13, 12)
"""Font sizes (sp) tried in turn for the refusal in the game bar, the largest that fits first."""


class FittedLabel(Label):
    """A label showing ``full_text`` wrapped in the largest of :data:`REFUSAL_FONT_SIZES` that fits
    its box; text too long even at the smallest is cut at a word and ends with a hint to tap."""

    full_text = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        self._fit_trigger = Clock.create_trigger(lambda _dt: self.fit())
        super().__init__(**kwargs)
        self.bind(full_text=self._fit_trigger, size=self._fit_trigger)

    def fit(self) -> None:
        for size in REFUSAL_FONT_SIZES:
            if self._shows(self.full_text, sp(size)):
                return
        words = self.full_text.split()
        smallest = sp(REFUSAL_FONT_SIZES[-1])
        shown, hidden = 0, len(words)  # binary search: the most words that fit before the hint
        while hidden - shown > 1:
            middle = (shown + hidden) // 2
            if self._shows(self._cut(words, middle), smallest):
                shown = middle
            else:
                hidden = middle
        self._shows(self._cut(words, shown), smallest)

    @staticmethod
    def _cut(words: Sequence[str], count: int) -> str:
        return _("{start}... (tap to read all)").format(start=" ".join(words[:count]))

    def _shows(self, text: str, font_size: float) -> bool:
        """Lay ``text`` out at ``font_size``; True if all of it fits the label's box."""
        self.text, self.font_size = text, font_size
        self.text_size = (self.width, None)
        self.texture_update()
        return self.texture_size[1] <= self.height


class BarMessage(ButtonBehavior, BoxLayout):
    """The bar's text (whose turn, the last refusal): the whole area is one touch target."""

    text = StringProperty("")
    """All it says, as a button's text does."""


class RefusalDialog(ModalView):
    """The last refusal's whole reason, in large type, until closed (or the refusal changes)."""

    text = StringProperty("")


class GameBar(BoxLayout):
    """The top bar of a game screen; the screen binds the ``on_*`` events to its intents."""

    status = StringProperty("")
    refusal = StringProperty("")
    __events__ = ("on_undo", "on_redo", "on_correct", "on_score", "on_home")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.dialog: RefusalDialog | None = None

    def read_refusal(self) -> None:
        """Show the whole refusal in a dialog (nothing to read: nothing happens)."""
        if self.refusal and self.dialog is None:
            self.dialog = RefusalDialog(text=self.refusal)
            self.dialog.bind(on_dismiss=lambda _d: setattr(self, "dialog", None))
            self.dialog.open(animation=False)

    def on_refusal(self, _bar: GameBar, _refusal: str) -> None:
        if self.dialog is not None:
            self.dialog.dismiss(animation=False)

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
        scroll_vertically(self.ids.scroller, 1)


load_kv(__file__)
