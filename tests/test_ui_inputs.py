"""At rest the clock sleeps long between frames; an event from a device's thread must not wait."""

from __future__ import annotations

import threading
import time

from kivy.base import EventLoop
from kivy.clock import Clock

from hardware.events import ButtonPressed, InputEvent
from ui.inputs import HardwarePump, clock_alarm

SLOW_FPS = 0.5
"""A frame every 2 s: slower than the throttle's 5 fps, so that a sleep not ended stands out."""


def test_an_event_from_a_device_thread_ends_the_clocks_sleep_at_once() -> None:
    EventLoop.ensure_window()
    handled: list[InputEvent] = []
    pump = HardwarePump(handled.append)
    clock_alarm.install()
    clock_alarm.install()  # once per process: a second call changes nothing
    saved = Clock._max_fps
    EventLoop.idle()
    Clock._max_fps = SLOW_FPS  # the next frame is due 2 s after this one
    try:
        posted = threading.Timer(0.1, pump.queue.post, args=(ButtonPressed(button="undo"),))
        started = time.monotonic()
        posted.start()
        while not handled and time.monotonic() - started < 10:
            EventLoop.idle()
        elapsed = time.monotonic() - started
        posted.join()
    finally:
        Clock._max_fps = saved
    assert [event.button for event in handled] == ["undo"]  # type: ignore[attr-defined]
    assert elapsed < 1 / SLOW_FPS / 2, f"the event waited {elapsed:.2f} s for its frame"


def test_without_an_event_the_clock_keeps_its_slow_rate() -> None:
    EventLoop.ensure_window()
    clock_alarm.install()
    saved = Clock._max_fps
    EventLoop.idle()
    Clock._max_fps = 4.0
    try:
        last = Clock.get_time()  # when the last frame began
        EventLoop.idle()
        between = Clock.get_time() - last
    finally:
        Clock._max_fps = saved
    assert between >= 0.1  # a 4 fps frame: 0.25 s after the last (less Kivy's undershoot)
