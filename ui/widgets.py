"""Widgets every screen shares, drawn with the design system (:mod:`ui.design`): big touch buttons,
a list's cue of how many more it holds, a refusal's line. A game's screen has its own besides
(:mod:`ui.game_widgets`: the game bar, the refusal dialog, the grid's cells), loaded with the first
game screen: Home's first frame needs none of them."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, TypeVar, cast
from weakref import WeakKeyDictionary

from kivy.clock import Clock
from kivy.properties import ListProperty, ObjectProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.button import Button
from kivy.uix.label import Label
from kivy.uix.scrollview import ScrollView
from kivy.uix.widget import Widget

from companion.installation.i18n import _
from ui import design
from ui.kv import load_kv

W = TypeVar("W", bound=Widget)


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


def reuse_children(container: Widget, count: int, make: Callable[[], W]) -> list[W]:
    """``count`` children for ``container`` (in order), to be given their texts anew: those it
    holds are kept, for making a widget costs far more than changing its text (a scan redraws the
    naming chips), and those it held before are taken back before ``make`` makes the rest (a
    Targi scan's next card alternates between shorter and longer rows of chips). A button a finger
    is on is dropped, never reused: its release does what it showed when the finger landed."""
    held = list(reversed(container.children))
    kept = [w for w in held if getattr(w, "state", "normal") != "down"]
    spare = cast(list[W], _SPARE.setdefault(container.__self__, []))  # not its ``ids`` proxy
    spare.extend(reversed(kept[count:]))
    widgets = kept[:count]
    while len(widgets) < count:
        widgets.append(spare.pop() if spare else make())
    if held != widgets:
        container.clear_widgets()
        for widget in widgets:
            container.add_widget(widget)
    return widgets


_SPARE: WeakKeyDictionary[Widget, list[Widget]] = WeakKeyDictionary()
"""The children :func:`reuse_children` took off each container, for when it needs more again."""


def make_ahead(container: Widget, count: int, make: Callable[[], Widget]) -> Iterator[None]:
    """Add children made by ``make`` to ``container`` until it holds ``count``, one a step (it
    yields after each): made in idle time (:mod:`ui.ready`), for :func:`reuse_children` to find
    and give their texts when the screen renders."""
    while len(container.children) < count:
        container.add_widget(make())
        yield


class RefusalLine(Label):
    """The refusal standing, on one line in the refusal's ink, in a place of its own that it holds
    whether or not a refusal stands: it never pushes the prompt's answers. A reason longer than
    the line ends in "…" there; the toast and the band's refusal mark read it whole."""

    audit_role = "summary"
    """For the layout audit: cut on purpose, the whole text one tap away (the band)."""


class MoreCue(Label):
    """``▼ 2 more`` under a list that does not fit its view: how many of its options (its
    buttons, or its items such as a statistics bar) lie wholly or partly below (``▲`` above, once
    scrolled to the end); nothing, and no height, when the whole list is in view. ``scroller`` is
    the list's ScrollView (it knows its cue as ``more_cue``)."""

    scroller = ObjectProperty(None, allownone=True)

    def __init__(self, **kwargs: Any) -> None:
        self._recount = Clock.create_trigger(self.recount, 0)
        super().__init__(**kwargs)

    def on_scroller(self, _cue: MoreCue, scroller: ScrollView | None) -> None:
        if scroller is None:
            return
        scroller.more_cue = self
        scroller.bind(scroll_y=self._recount, size=self._recount, pos=self._recount)
        scroller.bind(children=self._watch_content)
        self._watch_content()

    def _watch_content(self, *_args: Any) -> None:
        assert self.scroller is not None
        for content in self.scroller.children:
            content.bind(size=self._recount, children=self._recount)
        self._recount()

    def recount(self, *_args: Any) -> None:
        scroller = self.scroller
        if scroller is None or not scroller.children:
            return
        content = scroller.children[0]
        if content.height <= scroller.height + 1:
            self.text = ""
            return
        _left, bottom = scroller.to_window(scroller.x, scroller.y)
        _right, top = scroller.to_window(scroller.right, scroller.top)
        below = above = 0
        for item in content.walk(restrict=True):
            counted = isinstance(item, ButtonBehavior) or getattr(item, "audit_role", "") == "item"
            if not counted or item.width <= 0 or item.height <= 0 or item.opacity <= 0:
                continue
            _x, item_bottom = item.to_window(item.x, item.y)
            _x, item_top = item.to_window(item.x, item.top)
            below += item_bottom < bottom - 1
            above += item_top > top + 1
        mark = f"[font={design.SYMBOL_FONT}]{'▼' if below or not above else '▲'}[/font]"
        count = below or above
        self.text = _("{mark} {n} more").format(mark=mark, n=count) if count else ""


class BigButton(Button):
    """A button at least :data:`TOUCH_TARGET` dp high whose text wraps inside it; its face is
    ``fill`` (a chosen item's, a prompt's primary action's), the pressed colour only while a finger
    is on it."""

    fill = ListProperty(list(design.BUTTON))


class ChoiceButton(BigButton):
    """A button standing for one option of a prompt."""

    payload: object = None
    """Whatever the screen needs to know of the option tapped (its actions, a card ...)."""


load_kv(__file__)
