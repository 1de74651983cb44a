"""The ``[buttons.NAME]`` and ``[scanner]`` sections of the config file: their keys, bounds and
defaults, declared once as strict pydantic dataclasses (:mod:`companion.installation.config` reads the file).

Plain values only: the core imports neither gpiozero nor pyserial; :mod:`hardware` reads these.

Buttons: without a ``[buttons]`` table the default wiring (:data:`DEFAULT_WIRING`) applies. A config
that has one *is* the wiring: only the buttons it names exist; each needs ``pin`` (a BCM GPIO number,
0-27, one button per pin) and may set ``pull_up`` (true: the button connects the pin to ground),
``bounce_time`` (seconds) and ``hold_time`` (seconds; 0 means the button has no hold).

Scanner: none unless the config has a ``[scanner]`` section, which needs ``port`` (a device path,
a udev symlink, a ``/dev/serial/by-id/...`` path or ``hwgrep://VID:PID``) and may set ``protocol``
(``lines`` or ``rdm6300``), ``baudrate``, ``max_length`` (lines only), ``repeat_gap`` (seconds within
which a frame repeating the one just before is the reader repeating itself; by default the
protocol's own; 0 reports every read) and ``retry_max`` (the longest wait,
in seconds, between attempts to reopen a lost port). The defaults are those of :class:`ScannerConfig`.

Every value must have its TOML type (``true``, ``"17"`` and ``17.0`` are not pins; an integer is a
number of seconds) and lie within its bounds; unknown keys are refused.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Annotated, Final, Literal, get_args

from pydantic import AfterValidator, ConfigDict, Field, Strict, StringConstraints
from pydantic.dataclasses import dataclass
from pydantic_core import PydanticCustomError

_SECTION = ConfigDict(extra="forbid", allow_inf_nan=False)
"""Strictness is per field (``Strict()``): a strict dataclass would refuse the TOML table itself."""

ScannerProtocol = Literal["lines", "rdm6300"]
PROTOCOLS: Final = get_args(ScannerProtocol)
_BUTTON_NAME = re.compile(r"[a-z][a-z0-9_]{0,31}")


@dataclass(frozen=True, config=_SECTION)
class ButtonConfig:
    """One ``[buttons.NAME]`` table."""

    pin: Annotated[int, Strict(), Field(ge=0, le=27, description="the BCM GPIO number")]
    pull_up: Annotated[bool, Strict()] = True
    bounce_time: Annotated[float, Strict(), Field(ge=0, le=1)] = 0.02
    hold_time: Annotated[float, Strict(), Field(ge=0, le=10)] = 0.0


@dataclass(frozen=True, config=_SECTION)
class ScannerConfig:
    """The ``[scanner]`` table."""

    port: Annotated[
        str,
        Strict(),
        StringConstraints(strip_whitespace=True, min_length=1),
        Field(
            description="the port: a device path, a /dev/serial/by-id/... path or hwgrep://VID:PID"
        ),
    ]
    protocol: ScannerProtocol = "lines"
    baudrate: Annotated[int, Strict(), Field(ge=300, le=4_000_000)] = 9600
    max_length: Annotated[int, Strict(), Field(ge=1, le=4096)] = 64
    repeat_gap: Annotated[float, Strict(), Field(ge=0, le=60)] | None = None
    """None: the protocol's own (:data:`hardware.scanner.parser.REPEAT_GAPS`)."""
    retry_max: Annotated[float, Strict(), Field(ge=0.1, le=60)] = 2.0


def _one_button_per_pin(wiring: Mapping[str, ButtonConfig]) -> Mapping[str, ButtonConfig]:
    users: dict[int, str] = {}
    for name, button in wiring.items():
        if button.pin in users:
            raise PydanticCustomError(
                "pin_in_use",
                "config key buttons.{name}.pin: BCM {pin} is already used by buttons.{other}",
                {"name": name, "pin": button.pin, "other": users[button.pin]},
            )
        users[button.pin] = name
    return wiring


def _button_name(name: str) -> str:
    if not _BUTTON_NAME.fullmatch(name):
        raise PydanticCustomError(
            "button_name",
            "button name {name} must be lower-case letters, digits and _ (e.g. seat1)",
            {"name": repr(name)},
        )
    return name


ButtonName = Annotated[str, Strict(), AfterValidator(_button_name)]
Wiring = Annotated[dict[ButtonName, ButtonConfig], AfterValidator(_one_button_per_pin)]
"""A ``[buttons]`` table: button name -> its pin and timings."""

DEFAULT_WIRING: Final[Mapping[str, ButtonConfig]] = {
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
