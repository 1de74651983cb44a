"""The ``[buttons.NAME]`` and ``[scanner]`` sections of the config file, checked and defaulted.

Plain values only: the core imports neither gpiozero nor pyserial; :mod:`hardware` reads these.

Buttons: without a ``[buttons]`` table the default wiring (:data:`DEFAULT_WIRING`) applies. A config
that has one *is* the wiring: only the buttons it names exist; each needs ``pin`` (a BCM GPIO number,
0-27) and may set ``pull_up`` (true: the button connects the pin to ground), ``bounce_time``
(seconds, default 0.02) and ``hold_time`` (seconds; 0, the default, means the button has no hold).

Scanner: none unless the config has a ``[scanner]`` section, which needs ``port`` (a device path,
a udev symlink, a ``/dev/serial/by-id/...`` path or ``hwgrep://VID:PID``) and may set ``protocol``
(``lines``, the default, or ``rdm6300``), ``baudrate`` (9600), ``max_length`` (64, lines only),
``repeat_gap`` (1.0 s of absence before the same tag counts again; 0 reports every read) and
``retry_max`` (2.0 s, the longest wait between attempts to reopen a lost port).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

PROTOCOLS = ("lines", "rdm6300")
_BUTTON_NAME = re.compile(r"[a-z][a-z0-9_]{0,31}")
_BCM_PINS = range(28)


@dataclass(frozen=True)
class ButtonConfig:
    pin: int
    pull_up: bool = True
    bounce_time: float = 0.02
    hold_time: float = 0.0


@dataclass(frozen=True)
class ScannerConfig:
    port: str
    protocol: str = "lines"
    baudrate: int = 9600
    max_length: int = 64
    repeat_gap: float = 1.0
    retry_max: float = 2.0


DEFAULT_WIRING: dict[str, ButtonConfig] = {
    "confirm": ButtonConfig(17),
    "undo": ButtonConfig(27),
    "next": ButtonConfig(22, hold_time=2.0),
    "menu": ButtonConfig(23, hold_time=3.0),
    "seat1": ButtonConfig(5),
    "seat2": ButtonConfig(6),
    "seat3": ButtonConfig(13),
    "seat4": ButtonConfig(19),
    "seat5": ButtonConfig(26),
}
"""Tap ``next`` to go on or skip, hold it 2 s to end the stage; tap ``menu`` for the menu, hold it
3 s for a new game; ``seatN`` is seat N's "my turn is done". Every pin is wired to ground (pull-up);
BCM 14/15 stay free for an RDM6300 on the Pi's UART."""


class DeviceConfigError(ValueError):
    """A ``[buttons]`` or ``[scanner]`` value that is missing, unknown, of the wrong type or out of
    range; the message names the key."""


def _number(key: str, value: Any, low: float, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise DeviceConfigError(f"config key {key} must be a number, not {type(value).__name__}")
    if not low <= value <= high:
        raise DeviceConfigError(f"config key {key} must be between {low} and {high}, not {value}")
    return float(value)


def _integer(key: str, value: Any, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise DeviceConfigError(f"config key {key} must be an integer, not {type(value).__name__}")
    if not low <= value <= high:
        raise DeviceConfigError(f"config key {key} must be between {low} and {high}, not {value}")
    return int(value)


def _table(key: str, value: Any) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise DeviceConfigError(f"{key}: expected a [{key}] table")
    return value


def _only(key: str, table: Mapping[str, Any], allowed: set[str]) -> None:
    unknown = sorted(set(table) - allowed)
    if unknown:
        raise DeviceConfigError(f"unknown config key {key}.{unknown[0]}")


def parse_buttons(section: Any) -> dict[str, ButtonConfig]:
    """The wiring a ``[buttons]`` table describes (see the module for the keys)."""
    wiring: dict[str, ButtonConfig] = {}
    users: dict[int, str] = {}
    for name, values in _table("buttons", section).items():
        key = f"buttons.{name}"
        if not _BUTTON_NAME.fullmatch(name):
            raise DeviceConfigError(
                f"button name {name!r} must be lower-case letters, digits and _ (e.g. seat1)"
            )
        table = _table(key, values)
        _only(key, table, {"pin", "pull_up", "bounce_time", "hold_time"})
        if "pin" not in table:
            raise DeviceConfigError(f"config key {key}.pin is missing (the BCM GPIO number)")
        pin = _integer(f"{key}.pin", table["pin"], _BCM_PINS.start, _BCM_PINS.stop - 1)
        if pin in users:
            raise DeviceConfigError(
                f"config key {key}.pin: BCM {pin} is already used by buttons.{users[pin]}"
            )
        users[pin] = name
        pull_up = table.get("pull_up", True)
        if not isinstance(pull_up, bool):
            raise DeviceConfigError(f"config key {key}.pull_up must be true or false")
        wiring[name] = ButtonConfig(
            pin=pin,
            pull_up=pull_up,
            bounce_time=_number(f"{key}.bounce_time", table.get("bounce_time", 0.02), 0, 1),
            hold_time=_number(f"{key}.hold_time", table.get("hold_time", 0.0), 0, 10),
        )
    return wiring


def parse_scanner(section: Any) -> ScannerConfig:
    """The scanner a ``[scanner]`` table describes (see the module for the keys)."""
    table = _table("scanner", section)
    _only(
        "scanner",
        table,
        {"port", "protocol", "baudrate", "max_length", "repeat_gap", "retry_max"},
    )
    port = table.get("port")
    if not isinstance(port, str) or not port.strip():
        raise DeviceConfigError(
            "config key scanner.port must name the port: a device path, a /dev/serial/by-id/... "
            "path or hwgrep://VID:PID"
        )
    protocol = table.get("protocol", "lines")
    if protocol not in PROTOCOLS:
        raise DeviceConfigError(
            f"config key scanner.protocol must be one of {', '.join(PROTOCOLS)}, not {protocol!r}"
        )
    return ScannerConfig(
        port=port.strip(),
        protocol=protocol,
        baudrate=_integer("scanner.baudrate", table.get("baudrate", 9600), 300, 4_000_000),
        max_length=_integer("scanner.max_length", table.get("max_length", 64), 1, 4096),
        repeat_gap=_number("scanner.repeat_gap", table.get("repeat_gap", 1.0), 0, 60),
        retry_max=_number("scanner.retry_max", table.get("retry_max", 2.0), 0.1, 60),
    )
