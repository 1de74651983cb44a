"""A number entered by touch: a big minus, the value, a big plus (no keyboard anywhere).

A tap steps by one; holding a button keeps stepping (faster after a while), so a long way (a
stock of 30) is one hold, not thirty taps. The value stays within ``minimum`` and ``maximum``; a
stepper with ``blank`` may also be empty (``None``, shown as ``blank_text``): plus from empty
starts at the minimum, minus below the minimum empties it again.
"""

from __future__ import annotations

from typing import Any

from kivy.clock import Clock, ClockEvent
from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from ui.kv import load_kv

HOLD_DELAY = 0.45
"""Seconds a button is held before it starts repeating."""
REPEAT_EVERY = 0.12
"""Seconds between the steps of a held button."""
FAST_AFTER = 8
"""Steps after which a held button steps by :data:`FAST_STEP`."""
FAST_STEP = 5


def stepped(value: int | None, delta: int, low: int, high: int, *, blank: bool) -> int | None:
    """``value`` moved by ``delta`` within ``low``..``high``; with ``blank``, ``None`` (empty)
    below ``low``, and plus from empty gives ``low``."""
    if value is None:
        return low if delta > 0 or not blank else None
    moved = value + delta
    if moved < low:
        return None if blank else low
    return min(moved, high)


class Stepper(BoxLayout):
    """Minus, the value, plus. ``value`` is an ``int`` (``None`` only with ``blank``)."""

    value = ObjectProperty(None, allownone=True)
    minimum = NumericProperty(0)
    maximum = NumericProperty(99)
    blank = BooleanProperty(False)
    blank_text = StringProperty("?")
    shown = StringProperty("")
    """What the middle reads: the value, or ``blank_text``."""

    def __init__(self, **kwargs: Any) -> None:
        self._hold: ClockEvent | None = None
        self._held_steps = 0
        super().__init__(**kwargs)
        self.bind(value=self._show, blank_text=self._show)
        self._show()

    def _show(self, *_args: object) -> None:
        self.shown = self.blank_text if self.value is None else str(self.value)

    def step(self, delta: int) -> None:
        low, high = int(self.minimum), int(self.maximum)
        self.value = stepped(self.value, delta, low, high, blank=self.blank)

    # --- a tap steps once; a hold repeats -------------------------------------------------------

    def pressed(self, delta: int) -> None:
        self._held_steps = 0
        self.stop_hold()
        self._hold = Clock.schedule_once(lambda _dt: self._repeat(delta), HOLD_DELAY)

    def released(self, delta: int) -> None:
        self.stop_hold()
        if self._held_steps == 0:  # a tap, not the end of a hold
            self.step(delta)

    def _repeat(self, delta: int) -> None:
        self._held_steps += 1
        self.step(delta if self._held_steps <= FAST_AFTER else delta * FAST_STEP)
        self._hold = Clock.schedule_once(lambda _dt: self._repeat(delta), REPEAT_EVERY)

    def stop_hold(self) -> None:
        if self._hold is not None:
            self._hold.cancel()
            self._hold = None


load_kv(__file__)
