"""GPIO buttons through gpiozero's own mock pin factory, and the keyboard stand-in.

gpiozero's mock fires pin callbacks in the thread that drives the pin and ignores ``bounce_time``;
debouncing is ours and runs on an injected clock. Holds come from gpiozero's real hold thread.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from collections.abc import Iterator

import pytest
from gpiozero import GPIOPinInUse
from gpiozero.pins.mock import MockFactory
from scanner_pty import WaitableQueue

from companion.installation.device_config import DEFAULT_WIRING, ButtonConfig
from hardware.buttons import GpioButtons, open_gpio_buttons
from hardware.events import ButtonHeld, ButtonPressed, InputEvent
from hardware.keyboard import KEYBOARD, KeyboardButtons


class SteppedClock:
    """Time moved by the test."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def factory() -> Iterator[MockFactory]:
    factory = MockFactory()
    yield factory
    factory.reset()


@pytest.fixture
def clock() -> SteppedClock:
    return SteppedClock()


def names(events: list[InputEvent]) -> list[tuple[str, str]]:
    return [(type(event).__name__, event.button) for event in events]  # type: ignore[attr-defined]


WIRING = {
    "confirm": ButtonConfig(17, bounce_time=0.02),
    "next": ButtonConfig(22, bounce_time=0.02, hold_time=2.0),
    "quick": ButtonConfig(24, bounce_time=0.02, hold_time=0.05),
    "seat1": ButtonConfig(5, pull_up=False, bounce_time=0.02),
}


@pytest.fixture
def wired(factory: MockFactory, clock: SteppedClock) -> Iterator[tuple[GpioButtons, WaitableQueue]]:
    events = WaitableQueue()
    with GpioButtons(WIRING, events, clock=clock, pin_factory=factory) as buttons:
        yield buttons, events
        for button in buttons.buttons.values():  # release before closing (see NOTES-testing)
            pin = button.pin
            pin.drive_high() if button.pull_up else pin.drive_low()


def test_a_press_is_posted_at_once_with_the_time(
    wired: tuple[GpioButtons, WaitableQueue], clock: SteppedClock
) -> None:
    buttons, events = wired
    buttons.buttons["confirm"].pin.drive_low()
    clock.now += 0.3
    buttons.buttons["confirm"].pin.drive_high()
    found = events.quiet_for(0)
    assert found == [ButtonPressed(button="confirm", at=100.0)]


def test_a_pull_down_button_is_pressed_by_driving_it_high(
    wired: tuple[GpioButtons, WaitableQueue],
) -> None:
    buttons, events = wired
    buttons.buttons["seat1"].pin.drive_high()
    assert names(events.quiet_for(0)) == [("ButtonPressed", "seat1")]


def test_contact_bounce_is_one_press(
    wired: tuple[GpioButtons, WaitableQueue], clock: SteppedClock
) -> None:
    buttons, events = wired
    pin = buttons.buttons["confirm"].pin
    for _ in range(3):  # the contact chatters for 6 ms on the way down ...
        pin.drive_low()
        clock.now += 0.001
        pin.drive_high()
        clock.now += 0.001
    pin.drive_low()
    clock.now += 0.2
    pin.drive_high()  # ... and for a moment on the way up
    clock.now += 0.005
    pin.drive_low()
    clock.now += 0.005
    pin.drive_high()
    assert names(events.quiet_for(0)) == [("ButtonPressed", "confirm")]
    clock.now += 0.3
    pin.drive_low()  # a real second press, well after the bounce time
    assert names(events.quiet_for(0)) == [("ButtonPressed", "confirm")] * 2


def test_a_tap_on_a_button_with_a_hold_is_posted_on_release(
    wired: tuple[GpioButtons, WaitableQueue], clock: SteppedClock
) -> None:
    buttons, events = wired
    pin = buttons.buttons["next"].pin
    pin.drive_low()
    assert events.quiet_for(0) == []  # it might still become a hold
    clock.now += 0.25
    pin.drive_high()
    assert events.quiet_for(0) == [ButtonPressed(button="next", at=100.25)]


def test_a_hold_comes_from_gpiozeros_hold_thread_and_is_no_tap(
    wired: tuple[GpioButtons, WaitableQueue],
) -> None:
    buttons, events = wired
    pin = buttons.buttons["quick"].pin
    pin.drive_low()
    found = events.wait_for(1, timeout=2.0)
    assert names(found) == [("ButtonHeld", "quick")]
    assert events.posting_threads[0] != threading.main_thread().name
    pin.drive_high()
    assert names(events.quiet_for(0.1)) == [("ButtonHeld", "quick")]


def test_a_hold_the_hold_thread_missed_is_reported_on_release(
    wired: tuple[GpioButtons, WaitableQueue], clock: SteppedClock
) -> None:
    buttons, events = wired
    pin = buttons.buttons["next"].pin  # hold_time 2 s: gpiozero's thread has not fired yet
    pin.drive_low()
    clock.now += 2.5
    pin.drive_high()
    assert events.quiet_for(0) == [ButtonHeld(button="next", at=102.5)]


def test_presses_arriving_on_another_thread_reach_the_consumer_in_order(
    wired: tuple[GpioButtons, WaitableQueue], clock: SteppedClock
) -> None:
    buttons, events = wired

    def pi_edges() -> None:  # what lgpio does on a Pi: callbacks on its own thread
        for name in ("seat1", "confirm", "confirm", "seat1"):
            pin = buttons.buttons[name].pin
            if buttons.buttons[name].pull_up:
                pin.drive_low()
                pin.drive_high()
            else:
                pin.drive_high()
                pin.drive_low()
            clock.now += 0.5

    edges = threading.Thread(target=pi_edges, name="gpio-edges")
    edges.start()
    found = events.wait_for(4)
    edges.join()
    assert names(found) == [
        ("ButtonPressed", "seat1"),
        ("ButtonPressed", "confirm"),
        ("ButtonPressed", "confirm"),
        ("ButtonPressed", "seat1"),
    ]
    assert set(events.posting_threads) == {"gpio-edges"}
    assert [event.at for event in found] == [100.0, 100.5, 101.0, 101.5]


def test_the_default_wiring_claims_its_pins(factory: MockFactory) -> None:
    events = WaitableQueue()
    with GpioButtons(DEFAULT_WIRING, events, pin_factory=factory) as buttons:
        pins = {name: str(button.pin) for name, button in buttons.buttons.items()}
        assert pins == {name: f"GPIO{config.pin}" for name, config in DEFAULT_WIRING.items()}
        assert all(button.pull_up for button in buttons.buttons.values())
        buttons.buttons["seat2"].pin.drive_low()
        buttons.buttons["seat2"].pin.drive_high()
        assert names(events.quiet_for(0)) == [("ButtonPressed", "seat2")]


def test_a_pin_already_in_use_frees_the_ones_taken(factory: MockFactory) -> None:
    wiring = {"a": ButtonConfig(17), "b": ButtonConfig(27), "c": ButtonConfig(17)}
    with pytest.raises(GPIOPinInUse, match="GPIO17"):
        GpioButtons(wiring, WaitableQueue(), pin_factory=factory)
    with GpioButtons(
        {"x": ButtonConfig(17), "y": ButtonConfig(27)}, WaitableQueue(), pin_factory=factory
    ):
        pass  # the pins taken before the failure were given back


def test_without_gpio_pins_there_are_no_gpio_buttons() -> None:
    probe = (
        "import warnings; warnings.simplefilter('ignore')\n"
        "from companion.installation.device_config import DEFAULT_WIRING\n"
        "from hardware.buttons import open_gpio_buttons\n"
        "from hardware.events import EventQueue\n"
        "print(open_gpio_buttons(DEFAULT_WIRING, EventQueue()))"
    )
    environment = {k: v for k, v in os.environ.items() if k != "GPIOZERO_PIN_FACTORY"}
    done = subprocess.run(
        [sys.executable, "-c", probe], env=environment, capture_output=True, text=True, timeout=60
    )
    assert (done.returncode, done.stdout.strip()) == (0, "None"), done.stderr


def test_with_gpio_pins_there_are(factory: MockFactory) -> None:
    buttons = open_gpio_buttons({"confirm": ButtonConfig(17)}, WaitableQueue(), pin_factory=factory)
    assert buttons is not None
    buttons.close()


# --- the keyboard ---------------------------------------------------------------------------


def test_every_default_button_has_a_key() -> None:
    assert set(KEYBOARD.values()) == set(DEFAULT_WIRING)


def test_keys_post_the_same_events_as_the_buttons(clock: SteppedClock) -> None:
    events = WaitableQueue()
    keys = KeyboardButtons(DEFAULT_WIRING, events, clock=clock)
    assert keys.key_down("enter") and keys.key_down("enter")  # key repeat: still one press
    assert keys.key_up("enter")
    keys.key_down("spacebar")
    clock.now += 0.3
    keys.key_up("spacebar")  # a tap on next
    keys.key_down("m")
    clock.now += 3.0
    keys.key_up("m")  # held for the menu's 3 s: a hold
    assert not keys.key_down("q") and not keys.key_up("q")  # not a button: the UI's to handle
    assert events.quiet_for(0) == [
        ButtonPressed(button="confirm", at=100.0),
        ButtonPressed(button="next", at=100.3),
        ButtonHeld(button="menu", at=103.3),
    ]


def test_keys_for_buttons_not_wired_are_not_taken() -> None:
    keys = KeyboardButtons({"confirm": ButtonConfig(17)}, WaitableQueue())
    assert keys.keys == {"enter": "confirm", "numpadenter": "confirm"}
    assert not keys.key_down("1")
