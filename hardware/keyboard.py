"""The keyboard as a stand-in for the GPIO buttons, where there is no Pi (a laptop, a desktop).

Keys carry Kivy's key names (``Keyboard.keycode_to_string``); this module imports no Kivy: the UI
passes the names of the keys going down and up. The events are exactly those the GPIO buttons post,
so the app cannot tell the two apart. A hold is recognised when the key comes up after at least the
button's ``hold_time`` (no timer thread); key repeat while a key is down is ignored.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Mapping

from hardware.buttons import ButtonGesture, ButtonSettings, Clock
from hardware.events import EventQueue

KEYBOARD: dict[str, str] = {
    "enter": "confirm",
    "numpadenter": "confirm",
    "backspace": "undo",
    "spacebar": "next",
    "m": "menu",
    "1": "seat1",
    "2": "seat2",
    "3": "seat3",
    "4": "seat4",
    "5": "seat5",
}
"""Key name -> the button it stands for."""

_log = logging.getLogger(__name__)


class KeyboardButtons:
    """Feeds key presses for the buttons of ``wiring`` through the same gestures as GPIO."""

    def __init__(
        self,
        wiring: Mapping[str, ButtonSettings],
        events: EventQueue,
        *,
        keys: Mapping[str, str] = KEYBOARD,
        clock: Clock = time.monotonic,
    ) -> None:
        self.keys = {key: button for key, button in keys.items() if button in wiring}
        self._gestures = {
            name: ButtonGesture(
                name, events, hold_time=settings.hold_time, bounce_time=0, clock=clock
            )
            for name, settings in wiring.items()
        }
        self._down: set[str] = set()
        _log.debug("keyboard buttons: %s", self.keys)

    def key_down(self, key: str) -> bool:
        """A key went down; True if it stands for a button (the UI then stops handling it)."""
        button = self.keys.get(key)
        if button is None:
            return False
        if key not in self._down:
            self._down.add(key)
            _log.debug("key %s down: button %s", key, button)
            self._gestures[button].press()
        return True

    def key_up(self, key: str) -> bool:
        button = self.keys.get(key)
        if button is None:
            return False
        if key in self._down:
            self._down.discard(key)
            self._gestures[button].release()
        return True
