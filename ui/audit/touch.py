"""A finger on the window, for the audit, the taps count and the benchmarks: what Kivy's
``kivy.tests.common.UnitTestTouch`` does, without that module's import of the test framework
(``scripts/ui-audit`` and ``scripts/ui-taps`` run on the app's own packages)."""

from __future__ import annotations

from functools import partial
from typing import Any

from kivy.base import EventLoop
from kivy.clock import Clock
from kivy.input.motionevent import MotionEvent
from kivy.uix.scrollview import ScrollView


class Finger(MotionEvent):
    """One touch at window pixel (``x``, ``y``): :meth:`touch_down`, then :meth:`touch_up`."""

    def __init__(self, x: float, y: float) -> None:
        window = EventLoop.window
        super().__init__(
            "Finger",
            99,
            {"x": x / (window.width - 1.0), "y": y / (window.height - 1.0)},
            is_touch=True,
            type_id="touch",
        )
        self.profile = ["pos"]

    def depack(self, args: dict[str, Any]) -> None:
        self.sx = args["x"]
        self.sy = args["y"]
        super().depack(args)

    def touch_down(self) -> None:
        EventLoop.post_dispatch_input("begin", self)

    def touch_up(self) -> None:
        EventLoop.post_dispatch_input("end", self)


def release_held(touch: MotionEvent) -> bool:
    """Deliver now the lift of ``touch`` that a scroll view holds back: Kivy's ScrollView hands a
    still finger's press to the widget under it as the finger lifts, and its release 0.2 s later by
    its clock. The scroll view's own handler runs, only without the wait, so a tap in a list
    reaches the same state sooner. False when no scroll view holds a release of ``touch`` (it went
    to the widget under it as the finger lifted)."""
    held = [
        event
        for event in Clock.get_events()
        if isinstance(callback := event.get_callback(), partial)
        and isinstance(getattr(callback.func, "__self__", None), ScrollView)
        and callback.args[:1]
        and callback.args[0] is touch
    ]
    for event in held:
        callback = event.get_callback()
        event.cancel()
        callback(0.0)
    return bool(held)
