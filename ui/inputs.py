"""Inputs besides touch: hardware events drained on the Kivy thread, the desktop's extra keys, and
the frame rate dropped while nobody touches anything (a button, a scan or a touch still drawn at
once: each ends the clock's sleep).
"""

from __future__ import annotations

import glob
import logging
import os
import select
import struct
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

from kivy.clock import Clock

if TYPE_CHECKING:
    from hardware.events import EventQueue, InputEvent

logger = logging.getLogger(__name__)

DESKTOP_KEYS: dict[str, str] = {
    "r": "redo",
    "c": "correct",
    "s": "score",
    "escape": "back",
    "h": "home",
}
"""Keys for the intents a desktop has on top of the table's buttons. The keys standing in for the
physical buttons (confirm, undo, next, menu, seat1-seat5) are :data:`hardware.keyboard.KEYBOARD`,
fed through :class:`hardware.keyboard.KeyboardButtons` so that they tap and hold like the buttons."""


class HardwarePump:
    """Owns the one :class:`EventQueue` devices post to; drains it on the Kivy thread.

    Devices call ``queue.post`` from their own threads; ``notify`` only schedules a Clock trigger
    (thread-safe), and the trigger hands each event to ``handle`` on the Kivy thread.
    """

    def __init__(self, handle: Callable[[InputEvent], None]) -> None:
        self._handle = handle
        self._trigger = Clock.create_trigger(self._drain, 0)
        self._queue: EventQueue | None = None

    @property
    def queue(self) -> EventQueue:
        """The queue, made when first asked for: by the devices as they open, after the first
        frame (the events' module, its seven dataclasses made as it loads, is not needed to draw
        it: some 5 ms of the start's CPU here)."""
        if self._queue is None:
            from hardware.events import EventQueue

            self._queue = EventQueue(notify=self._notify)
        return self._queue

    def _notify(self) -> None:
        self._trigger()
        clock_alarm.ring()  # at rest the clock sleeps up to 1/idle_fps: the event is drawn now

    def _drain(self, _dt: float) -> None:
        for event in self.queue.drain():
            self._handle(event)


class ClockAlarm:
    """Lets another thread end the Kivy clock's sleep before the next frame is due.

    Kivy's default clock sleeps in steps until ``1 / maxfps`` has passed since the last frame and
    nothing can cut that short (its ``interrupt`` clock can, but at a low ``maxfps`` it spins: a
    callback it has forgotten keeps it from sleeping at all). Installed, the clock sleeps on a
    :class:`threading.Event` instead, and :meth:`ring` (from any thread) starts the next frame now.
    """

    def __init__(self) -> None:
        self._event = threading.Event()
        self._installed = False

    def install(self) -> None:
        """Replace the running clock's sleep and readiness check (once per process)."""
        if self._installed:
            return
        check_ready = Clock._check_ready

        def ready(fps: float, min_sleep: float, undershoot: float) -> tuple[bool, float]:
            if self._event.is_set():
                self._event.clear()
                return True, 0.0
            result: tuple[bool, float] = check_ready(fps, min_sleep, undershoot)
            return result

        Clock._check_ready = ready
        Clock.usleep = self._sleep
        self._installed = True

    def _sleep(self, microseconds: float) -> None:
        self._event.wait(microseconds / 1_000_000)

    def ring(self) -> None:
        self._event.set()


clock_alarm = ClockAlarm()
"""The process's one alarm, as Kivy's clock is the process's one clock."""

INPUT_DEVICES = "/dev/input/event*"


INPUT_EVENT = struct.Struct("llHHi")
"""Linux's ``struct input_event``: the time (seconds, microseconds: C longs), type, code, value."""
EV_KEY = 1
"""The type of a key or button event: a finger landing or lifting (``BTN_TOUCH``), a click."""


def lands_or_lifts(report: bytes) -> bool:
    """Whether an evdev ``report`` holds a key or button event (a finger landing or lifting, not
    one moving)."""
    whole = len(report) - len(report) % INPUT_EVENT.size
    return any(kind == EV_KEY for _s, _us, kind, _c, _v in INPUT_EVENT.iter_unpack(report[:whole]))


class TouchWatch:
    """Rings :data:`clock_alarm` when a finger lands on or lifts from an input device, and at any
    report while ``at_rest()`` is true.

    SDL (the kiosk's KMS/DRM window) reads the touchscreen only between frames: a tap would wait
    for the next frame, up to 17 ms at full rate and up to 200 ms at the idle throttle's 5 fps,
    before anything sees it. Every reader of an evdev device gets its own copy of each event, so
    this thread reads (and drops) its copies and ends the clock's sleep; SDL still reads and
    dispatches the touch itself. A finger moving while the app is awake is left to the clock's
    rate (a drag reports a hundred times a second). Devices it may not open (a desktop user outside
    the ``input`` group), or none at all (offscreen), leave it unused.
    """

    def __init__(self, at_rest: Callable[[], bool], pattern: str = INPUT_DEVICES) -> None:
        self.at_rest = at_rest
        self.pattern = pattern
        self._devices: list[int] = []
        self._thread: threading.Thread | None = None
        self._stop_read, self._stop_write = -1, -1

    def start(self) -> bool:
        """Open the devices and watch them (once); whether any could be opened."""
        if self._thread is not None:
            return True
        for path in sorted(glob.glob(self.pattern)):
            try:
                self._devices.append(os.open(path, os.O_RDONLY | os.O_NONBLOCK))
            except OSError as error:
                logger.debug("not watched for touches at rest: %s (%s)", path, error.strerror)
        if not self._devices:
            return False
        logger.debug("input devices watched for touches at rest: %d", len(self._devices))
        self._stop_read, self._stop_write = os.pipe()
        self._thread = threading.Thread(target=self._watch, name="touch-watch", daemon=True)
        self._thread.start()
        return True

    def stop(self) -> None:
        if self._thread is not None:
            os.write(self._stop_write, b"x")
            self._thread.join()
            self._thread = None
            os.close(self._stop_read)
            os.close(self._stop_write)
        for device in self._devices:
            os.close(device)
        self._devices = []

    def _watch(self) -> None:
        watched = list(self._devices)
        while True:
            readable, _, _ = select.select([self._stop_read, *watched], [], [])
            if self._stop_read in readable:
                return
            now = False
            for device in readable:
                try:
                    report = os.read(device, 4096)
                except BlockingIOError:
                    continue
                except OSError:
                    report = b""
                if not report:  # unplugged
                    watched.remove(device)
                now = now or lands_or_lifts(report)
            if now or self.at_rest():
                clock_alarm.ring()


touch_watch = TouchWatch(at_rest=lambda: False)
"""The process's one watch of the input devices (started by the first :class:`IdleThrottle`)."""


class IdleThrottle:
    """Lowers Kivy's frame rate after ``after`` seconds without input; any input restores it.

    At rest Kivy redraws nothing but still wakes ``maxfps`` times a second; Kivy offers no public
    setter for the running clock's rate, so this sets the clock's ``_max_fps`` (read every frame).
    An input does not wait for the slow frame: :data:`clock_alarm` ends the clock's sleep
    (installed by :meth:`start`), rung by the hardware pump and, for touches, by :data:`touch_watch`.
    """

    def __init__(self, active_fps: float = 60, idle_fps: float = 5, after: float = 5.0) -> None:
        self.active_fps = active_fps
        self.idle_fps = idle_fps
        self._rest = Clock.create_trigger(self._go_idle, after)
        self.idle = False
        self.on_idle: Callable[[], None] = lambda: None
        """Called each time the app goes idle (the app makes its screens ready again then)."""

    def start(self) -> None:
        clock_alarm.install()
        touch_watch.at_rest = lambda: self.idle
        touch_watch.start()
        self.wake()

    def wake(self, *_args: object) -> None:
        """Input arrived: full frame rate now, and idle again ``after`` seconds from now."""
        if self.idle or Clock._max_fps != self.active_fps:
            Clock._max_fps = self.active_fps
        self.idle = False
        self._rest.cancel()
        self._rest()

    def _go_idle(self, _dt: float) -> None:
        self.idle = True
        Clock._max_fps = self.idle_fps
        self.on_idle()
