"""A tap in a scroll view, as the tests and the layout audit tap: Kivy's ScrollView hands a still
finger's lift to the widgets under it 0.2 s later by its clock; :func:`ui.audit.touch.release_held`
hands it on at once through the scroll view's own handler, once, and leaves a tap outside a scroll
view alone."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from kivy.base import EventLoop
from kivy.core.window import Window
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.scrollview import ScrollView
from kivy.uix.widget import Widget

from ui.audit.touch import Finger, release_held


class Lifted(Widget):
    """A widget that acts on a finger lifted over it (as a row that opens on release does)."""

    def __init__(self, name: str, lifts: list[str], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.name, self.lifts = name, lifts

    def on_touch_up(self, touch: Any) -> bool:
        if self.collide_point(*touch.pos):
            self.lifts.append(self.name)
            return True
        return False


def frames(count: int = 2) -> None:
    for _ in range(count):
        EventLoop.idle()


@pytest.fixture
def window() -> Iterator[BoxLayout]:
    """A bare layout filling the window at 800x480, gone again after the test."""
    EventLoop.ensure_window()
    Window.size = (800, 480)
    root = BoxLayout()
    Window.add_widget(root)
    frames()
    yield root
    Window.remove_widget(root)
    frames(1)


def tap(widget: Widget) -> Finger:
    touch = Finger(*widget.to_window(*widget.center))
    touch.touch_down()
    touch.touch_up()
    return touch


def test_a_lift_the_scroll_view_holds_is_delivered_at_once_and_once(window: BoxLayout) -> None:
    lifts: list[str] = []
    scroller = ScrollView(do_scroll_x=False)
    column = BoxLayout(orientation="vertical", size_hint_y=None, height=2000)
    for n in range(20):
        column.add_widget(Lifted(f"row {n}", lifts))
    scroller.add_widget(column)
    window.add_widget(scroller)
    frames(3)
    shown = next(w for w in column.children if scroller.collide_point(*w.to_window(*w.center)))

    touch = tap(shown)
    assert lifts == []  # held back by the scroll view
    assert release_held(touch) is True
    assert lifts == [shown.name]
    assert release_held(touch) is False  # nothing held twice
    frames(20)  # a third of a second: the scroll view's own delivery would have come by now
    assert lifts == [shown.name]


def test_a_tap_outside_a_scroll_view_is_lifted_as_the_finger_lifts(window: BoxLayout) -> None:
    lifts: list[str] = []
    alone = Lifted("alone", lifts)
    window.add_widget(alone)
    frames(3)

    touch = tap(alone)
    assert lifts == ["alone"]
    assert release_held(touch) is False
    assert lifts == ["alone"]
