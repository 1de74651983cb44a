"""A finger on the window, for the audit, the taps count and the benchmarks: what Kivy's
``kivy.tests.common.UnitTestTouch`` does, without that module's import of the test framework
(``scripts/ui-audit`` and ``scripts/ui-taps`` run on the app's own packages)."""

from __future__ import annotations

from typing import Any

from kivy.base import EventLoop
from kivy.input.motionevent import MotionEvent


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
