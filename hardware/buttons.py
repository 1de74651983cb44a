"""Named push buttons on GPIO pins (gpiozero), turned into press and hold events on the queue.

A button without a hold action (``hold_time`` 0) reports :class:`ButtonPressed` as soon as it goes
down. A button with one reports *either* a tap (:class:`ButtonPressed`, when it comes up before
``hold_time``) *or* a hold (:class:`ButtonHeld`, once it has been down for ``hold_time``), never
both: a destructive hold never also triggers the button's everyday meaning.

Debouncing is done here, not by gpiozero: an edge less than ``bounce_time`` after the last accepted
edge of the same button is contact bounce and is ignored. The clock is injectable, so the same
debouncer runs on a Pi and in tests (gpiozero's mock pins ignore ``bounce_time``). Callbacks arrive
on gpiozero's threads (pin edges, and a hold thread); they only ever post to the queue.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Mapping
from typing import Protocol

from gpiozero import BadPinFactory, Button
from gpiozero.pins import Factory

from hardware.events import ButtonHeld, ButtonPressed, EventQueue

Clock = Callable[[], float]

_log = logging.getLogger(__name__)


class ButtonSettings(Protocol):
    """One ``[buttons.NAME]`` config section (see :mod:`companion.installation.device_config`)."""

    @property
    def pin(self) -> int: ...
    @property
    def pull_up(self) -> bool: ...
    @property
    def bounce_time(self) -> float: ...
    @property
    def hold_time(self) -> float: ...


class Debouncer:
    """Accepts an edge only if ``bounce_time`` has passed since the last accepted one."""

    def __init__(self, bounce_time: float) -> None:
        self.bounce_time = bounce_time
        self._last: float | None = None

    def accept(self, now: float) -> bool:
        if self._last is not None and now - self._last < self.bounce_time:
            return False
        self._last = now
        return True


class ButtonGesture:
    """One button's edges (from any thread) -> its tap, press or hold events."""

    def __init__(
        self,
        name: str,
        events: EventQueue,
        *,
        hold_time: float,
        bounce_time: float,
        clock: Clock = time.monotonic,
    ) -> None:
        self.name = name
        self.hold_time = hold_time
        self._events = events
        self._clock = clock
        self._debouncer = Debouncer(bounce_time)
        self._lock = threading.Lock()
        self._down_since: float | None = None
        self._held = False

    def press(self) -> None:
        """The contact closed. A press after a missed release still counts as a new press."""
        with self._lock:
            now = self._clock()
            if not self._debouncer.accept(now):
                _log.debug("button %s: bounce ignored", self.name)
                return
            self._down_since, self._held = now, False
            if self.hold_time <= 0:
                _log.debug("button %s: pressed", self.name)
                self._events.post(ButtonPressed(button=self.name, at=now))

    def hold(self) -> None:
        """The button has been down for ``hold_time`` (gpiozero's hold thread says so)."""
        with self._lock:
            if self.hold_time > 0 and self._down_since is not None and not self._held:
                self._held = True
                _log.debug("button %s: held", self.name)
                self._events.post(ButtonHeld(button=self.name, at=self._clock()))

    def release(self) -> None:
        """The contact opened: the end of a tap, or of a hold that nothing reported yet."""
        with self._lock:
            now = self._clock()
            if self._down_since is None or not self._debouncer.accept(now):
                return
            down_for, already_held = now - self._down_since, self._held
            self._down_since, self._held = None, False
            if self.hold_time <= 0 or already_held:
                return
            if down_for >= self.hold_time:  # held long enough though no hold thread reported it
                _log.debug("button %s: held %.2f s (reported on release)", self.name, down_for)
                self._events.post(ButtonHeld(button=self.name, at=now))
            else:
                _log.debug("button %s: tapped", self.name)
                self._events.post(ButtonPressed(button=self.name, at=now))


class GpioButtons:
    """One gpiozero :class:`~gpiozero.Button` per named button of the wiring.

    Raises gpiozero's ``BadPinFactory`` where there are no GPIO pins (not a Pi and no mock factory):
    the app then uses the keyboard (:mod:`hardware.keyboard`). Close it (or use ``with``) to free
    the pins.
    """

    def __init__(
        self,
        wiring: Mapping[str, ButtonSettings],
        events: EventQueue,
        *,
        clock: Clock = time.monotonic,
        pin_factory: Factory | None = None,
    ) -> None:
        self.buttons: dict[str, Button] = {}
        self.gestures: dict[str, ButtonGesture] = {}
        try:
            for name, settings in wiring.items():
                self._add(name, settings, events, clock, pin_factory)
        except BaseException:
            self.close()
            raise
        _log.info(
            "GPIO buttons: %s",
            ", ".join(f"{name} BCM {settings.pin}" for name, settings in wiring.items()),
        )

    def _add(
        self,
        name: str,
        settings: ButtonSettings,
        events: EventQueue,
        clock: Clock,
        pin_factory: Factory | None,
    ) -> None:
        gesture = ButtonGesture(
            name,
            events,
            hold_time=settings.hold_time,
            bounce_time=settings.bounce_time,
            clock=clock,
        )
        button = Button(
            settings.pin,
            pull_up=settings.pull_up,
            bounce_time=None,  # debounced by the gesture, identically on a Pi and in tests
            hold_time=settings.hold_time,
            pin_factory=pin_factory,
        )
        self.buttons[name] = button
        self.gestures[name] = gesture
        button.when_pressed = gesture.press
        button.when_released = gesture.release
        if settings.hold_time > 0:
            button.when_held = gesture.hold

    def close(self) -> None:
        for button in self.buttons.values():
            button.close()
        self.buttons.clear()

    def __enter__(self) -> GpioButtons:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


def open_gpio_buttons(
    wiring: Mapping[str, ButtonSettings],
    events: EventQueue,
    *,
    clock: Clock = time.monotonic,
    pin_factory: Factory | None = None,
) -> GpioButtons | None:
    """The GPIO buttons, or None on a machine without GPIO pins (the app then uses the keyboard)."""
    try:
        return GpioButtons(wiring, events, clock=clock, pin_factory=pin_factory)
    except BadPinFactory as error:
        _log.info("no GPIO pins here (%s): the keyboard stands in for the buttons", error)
        return None
