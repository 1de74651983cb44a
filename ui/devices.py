"""The table's physical inputs, opened for the app: the GPIO buttons of the configured wiring (none
on a machine without pins), the keyboard standing in for the same buttons, and the card scanner
when the config has a ``[scanner]`` section. All of them post to the app's one event queue.

No Kivy here; gpiozero and pyserial are imported only when the devices are opened (after the app's
first frame), so neither costs start time.
"""

from __future__ import annotations

import time
import warnings
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping

    from companion.installation.device_config import ButtonConfig, ScannerConfig
    from hardware.buttons import GpioButtons
    from hardware.events import EventQueue
    from hardware.keyboard import KeyboardButtons
    from hardware.scanner.transport import ScannerSupervisor


class Devices:
    """Opens and closes every input device of one app; :meth:`open` once, :meth:`close` at stop."""

    def __init__(
        self,
        buttons: Mapping[str, ButtonConfig],
        scanner: ScannerConfig | None,
        events: EventQueue,
        resolve: Callable[[str], str | None],
        *,
        pin_factory: Any = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.wiring = buttons
        self.scanner_config = scanner
        self.events = events
        self.resolve = resolve
        self.pin_factory = pin_factory
        self.clock = clock
        self.gpio: GpioButtons | None = None
        self.keyboard: KeyboardButtons | None = None
        self.scanner: ScannerSupervisor | None = None

    def open(self) -> None:
        from gpiozero import PinFactoryFallback

        from hardware.buttons import open_gpio_buttons
        from hardware.keyboard import KeyboardButtons

        self.keyboard = KeyboardButtons(self.wiring, self.events, clock=self.clock)
        with warnings.catch_warnings():
            # off a Pi gpiozero warns about every pin library it tries before giving up: expected
            warnings.simplefilter("ignore", PinFactoryFallback)
            self.gpio = open_gpio_buttons(
                self.wiring, self.events, clock=self.clock, pin_factory=self.pin_factory
            )
        if self.scanner_config is not None:
            from hardware.scanner.transport import ScannerSupervisor

            self.scanner = ScannerSupervisor(
                self.scanner_config, self.events, self.resolve, clock=self.clock
            )
            self.scanner.start()

    def close(self) -> None:
        """Stop the scanner's thread and free the pins (buttons should be up: see gpiozero)."""
        if self.scanner is not None:
            self.scanner.stop()
            self.scanner = None
        if self.gpio is not None:
            self.gpio.close()
            self.gpio = None
