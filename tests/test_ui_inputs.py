"""At rest the clock sleeps long between frames; an event from a device's thread must not wait."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

from kivy.base import EventLoop
from kivy.clock import Clock

from hardware.events import ButtonPressed, InputEvent
from ui.inputs import EV_KEY, INPUT_EVENT, HardwarePump, TouchWatch, clock_alarm, lands_or_lifts

SLOW_FPS = 0.5
"""A frame every 2 s: slower than the throttle's 5 fps, so that a sleep not ended stands out."""
EV_SYN, EV_ABS, BTN_TOUCH, ABS_X = 0, 3, 0x14A, 0
FINGER_LANDS = INPUT_EVENT.pack(0, 0, EV_KEY, BTN_TOUCH, 1) + INPUT_EVENT.pack(0, 0, EV_SYN, 0, 0)
"""A touchscreen's report of a finger landing, as the kernel writes it (evdev)."""
FINGER_MOVES = INPUT_EVENT.pack(0, 0, EV_ABS, ABS_X, 412) + INPUT_EVENT.pack(0, 0, EV_SYN, 0, 0)


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


def _frame_after_a_report(device: Path, watch: TouchWatch, report: bytes) -> float:
    """Seconds from a report on ``device`` (written 0.1 s from now) to the frame after it."""
    EventLoop.ensure_window()
    clock_alarm.install()
    saved = Clock._max_fps
    EventLoop.idle()
    Clock._max_fps = SLOW_FPS

    def write() -> None:
        with device.open("wb") as fifo:  # as the touchscreen's driver reports a touch
            fifo.write(report)

    reporter = threading.Timer(0.1, write)
    try:
        reporter.start()
        started = time.monotonic()
        EventLoop.idle()
        return time.monotonic() - started
    finally:
        reporter.join()
        Clock._max_fps = saved
        watch.stop()


def _watched(tmp_path: Path, at_rest: bool) -> tuple[Path, TouchWatch]:
    device = tmp_path / "event0"
    os.mkfifo(device)  # stands in for /dev/input/event0: SDL reads it only between frames
    watch = TouchWatch(at_rest=lambda: at_rest, pattern=str(tmp_path / "event*"))
    assert watch.start()
    return device, watch


def test_a_touch_at_rest_ends_the_clocks_sleep(tmp_path: Path) -> None:
    elapsed = _frame_after_a_report(*_watched(tmp_path, at_rest=True), FINGER_MOVES)
    assert elapsed < 1 / SLOW_FPS / 2, f"the touch waited {elapsed:.2f} s for its frame"


def test_a_finger_landing_while_awake_is_drawn_without_waiting_for_the_clock(
    tmp_path: Path,
) -> None:
    elapsed = _frame_after_a_report(*_watched(tmp_path, at_rest=False), FINGER_LANDS)
    assert elapsed < 1 / SLOW_FPS / 2, f"the tap waited {elapsed:.2f} s for its frame"


def test_a_finger_moving_while_awake_leaves_the_frames_to_the_clock(tmp_path: Path) -> None:
    assert _frame_after_a_report(*_watched(tmp_path, at_rest=False), FINGER_MOVES) >= 1.0


def test_a_report_is_read_event_by_event() -> None:
    assert lands_or_lifts(FINGER_LANDS)
    assert lands_or_lifts(FINGER_MOVES + FINGER_LANDS)
    assert not lands_or_lifts(FINGER_MOVES)
    assert not lands_or_lifts(FINGER_LANDS[: INPUT_EVENT.size - 1])  # a cut record is not read


def test_no_input_device_to_open_is_no_watch(tmp_path: Path) -> None:
    assert not TouchWatch(at_rest=lambda: True, pattern=str(tmp_path / "event*")).start()
