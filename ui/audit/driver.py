"""The app in the process's Kivy window, driven as a player would: taps on the middle of a widget
(scrolled into view first), taps on a button by its text, frames, screenshots.

Kivy must already be configured for the window wanted (see :mod:`ui.audit.run`): this module
imports it."""

from __future__ import annotations

import gc
import re
import time
from pathlib import Path

from kivy.base import EventLoop
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.uix.modalview import ModalView
from kivy.uix.scrollview import ScrollView
from kivy.uix.widget import Widget

from companion.installation.i18n import _ as translated
from companion.store import Store
from ui.app import CompanionApp
from ui.audit.checks import Problem, describe
from ui.audit.touch import Finger, release_held
from ui.header import HeaderBand
from ui.widgets import scroll_vertically

MARKUP = re.compile(r"\[/?(?:b|i|u|s|color|size|font)(?:=[^\]]*)?\]")


class TourError(Exception):
    """The tour could not bring the app to a state (a button missing, a screen not shown)."""


def plain(text: str) -> str:
    return MARKUP.sub("", text)


def read(text: str) -> str:
    """``text`` as a player reads it: where it breaks and which space it uses aside (a no-break
    space, a key's name put under its words)."""
    return " ".join(text.split())


def frames_now(count: int) -> None:
    """``count`` frames, each begun as soon as the last ends: Kivy's clock would wait until
    ``1 / maxfps`` s had passed since the last one began, time in which a driver counting frames
    (not seconds) does nothing. What is scheduled after a delay still runs by the clock's time, so
    waits for it are counted in seconds (:meth:`Driver.run_for`). A rate the app sets during a
    frame (:class:`ui.inputs.IdleThrottle`) stands."""
    for _ in range(count):
        cap, Clock._max_fps = Clock._max_fps, 0
        try:
            EventLoop.idle()
        finally:
            if Clock._max_fps == 0:
                Clock._max_fps = cap


def within(widget: Widget, root: Widget) -> bool:
    """Whether ``widget`` is ``root`` or lies under it."""
    while widget is not None:
        if widget is root:
            return True
        if widget.parent is widget:
            return False
        widget = widget.parent
    return False


def is_button(widget: Widget) -> bool:
    return hasattr(widget, "trigger_action")


def scroller_of(widget: Widget) -> ScrollView | None:
    """The scroll view ``widget`` lies in, if any."""
    ancestor = widget.parent
    while ancestor is not None and ancestor is not Window:
        if isinstance(ancestor, ScrollView):
            return ancestor
        ancestor = ancestor.parent
    return None


def scroll_into_view(scroller: ScrollView, widget: Widget) -> bool:
    """Scroll ``scroller`` vertically until ``widget`` sits in the middle of its view (as far as it
    can), as a finger would before tapping it, unless it is wholly in view already: whether it
    scrolled (the caller lets a frame or two lay the view out)."""
    content = scroller.children[0]
    spare = content.height - scroller.height
    _left, bottom = widget.to_window(widget.x, widget.y)
    _right, top = widget.to_window(widget.right, widget.top)
    _sx, view_bottom = scroller.to_window(scroller.x, scroller.y)
    _sr, view_top = scroller.to_window(scroller.right, scroller.top)
    if view_bottom <= bottom and top <= view_top:
        return False  # wholly in view already: a finger reaches it without a swipe
    if spare <= 0:
        return False
    _x, y = content.to_widget(*widget.to_window(widget.x, widget.y))
    middle = y - (scroller.height - widget.height) / 2
    scroll_vertically(scroller, min(1.0, max(0.0, middle / spare)))
    return True


class Driver:
    """One app on one store, shown in the process's window at ``size``."""

    def __init__(self, store: Store, size: tuple[int, int]) -> None:
        EventLoop.ensure_window()
        for child in Window.children[:]:
            Window.remove_widget(child)
        Window.size = size
        self.store = store
        self.app = CompanionApp(store)
        self.root = self.app.build()
        Window.add_widget(self.root)
        self.frames(3)
        assert self.app.home_screen is not None
        self.app.home_screen.settle()  # as the app does once its first frame is drawn
        self.stale: list[Problem] = []
        """Refusals still standing after a tap the screen accepted (``stale_refusal``)."""

    def close(self) -> None:
        self.app.on_stop()
        for child in Window.children[:]:
            if isinstance(child, ModalView):  # unbinds it from the window too
                child.dismiss(animation=False)
        self.frames(1)
        for child in Window.children[:]:
            Window.remove_widget(child)
        self.frames(1)

    @property
    def screen(self) -> Widget:
        return self.app.manager.current_screen

    def frames(self, count: int = 2) -> None:
        frames_now(count)

    def run_for(self, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            EventLoop.idle()

    def tap(self, widget: Widget) -> None:
        """A finger down and up on the middle of ``widget``, scrolled into view first."""
        gc.collect()  # a widget kept only through a weak ``ids`` proxy dies now, not by luck later
        self.frames(2)
        scroller = scroller_of(widget)
        if scroller is not None:
            self._scroll_into_view(scroller, widget)
        x, y = widget.to_window(*widget.center)
        screen = self.screen
        table = getattr(screen, "table", None)
        before = getattr(table, "refusal", None)
        touch = Finger(x, y)
        touch.touch_down()
        touch.touch_up()
        if scroller is not None:
            release_held(touch)
        self.frames(2)
        accepted = (
            before is not None
            and self.screen is screen
            and within(widget, screen)
            and not isinstance(widget, HeaderBand)
            and not widget.disabled
        )
        if accepted and getattr(table, "refusal", None) is before:
            self.stale.append(
                Problem(describe(widget), "stale_refusal", "the refusal stands after this tap")
            )

    def scan(self, card: str) -> None:
        """``card`` read by the scanner, delivered as its thread delivers it (to the app's queue)."""
        from hardware.events import CardScanned

        self.app.pump.queue.post(CardScanned(tag=card, card=card))
        self.frames(3)

    def buttons(self, text: str, *, prefix: bool = False, suffix: bool = False) -> list[Widget]:
        """The buttons of the current screen (and any open dialog) reading ``text``, or its
        translation in the language shown (``--lang``); or starting or ending with it (a good's
        name after its symbol, say)."""
        found = []
        wanted = {read(w) for w in (text, translated(text))}
        for root in [self.screen, *Window.children[:-1]]:
            for widget in root.walk():
                shown = read(plain(getattr(widget, "text", "") or ""))
                matches = any(
                    shown.startswith(w) if prefix else shown.endswith(w) if suffix else shown == w
                    for w in wanted
                )
                if is_button(widget) and matches:
                    found.append(widget)
        return found

    def tap_text(
        self, text: str, *, prefix: bool = False, suffix: bool = False, index: int = 0
    ) -> None:
        """Tap the button reading ``text`` (or starting or ending with it); ``index`` picks among
        several."""
        found = self.buttons(text, prefix=prefix, suffix=suffix)
        if len(found) <= index:
            raise TourError(f"no button reads {text!r} on {self.screen.name}")
        self.tap(found[index])

    def expect_screen(self, name: str) -> None:
        if self.screen.name != name:
            raise TourError(f"expected the {name} screen, {self.screen.name} is shown")

    def screenshot(self, target: Path) -> Path:
        self.frames(2)
        written = Path(Window.screenshot(name=str(target)))  # Kivy numbers the file it writes
        return written.replace(target)

    def _scroll_into_view(self, scroller: ScrollView, widget: Widget) -> None:
        """:func:`scroll_into_view`, the view laid out after a scroll (a counter of swipes
        overrides it)."""
        if scroll_into_view(scroller, widget):
            self.frames(2)
