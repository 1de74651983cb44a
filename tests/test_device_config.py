"""The [buttons.NAME] and [scanner] config sections, read from real TOML files."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from companion.installation.config import Config, ConfigError, load_config
from companion.installation.config_schema import ConfigFile
from companion.installation.device_config import DEFAULT_WIRING, ButtonConfig, ScannerConfig


@pytest.fixture
def config_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for name in ("TABLE_COMPANION_CONFIG", "TABLE_COMPANION_DB"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config-home"))
    return tmp_path / "config.toml"


def load(path: Path, text: str) -> Config:
    path.write_text(text, encoding="utf-8")
    return load_config(path)


def test_without_sections_the_default_wiring_and_no_scanner(config_file: Path) -> None:
    config = load(config_file, '[storage]\ndatabase = "x.sqlite3"\n')
    assert config.buttons == DEFAULT_WIRING
    assert config.scanner is None
    assert {"confirm", "undo", "next", "menu"} <= set(DEFAULT_WIRING)
    assert [name for name in DEFAULT_WIRING if name.startswith("seat")] == [
        f"seat{n}" for n in range(1, 6)
    ]
    assert len({button.pin for button in DEFAULT_WIRING.values()}) == len(DEFAULT_WIRING)
    assert not {14, 15} & {button.pin for button in DEFAULT_WIRING.values()}  # the UART's


def test_a_buttons_table_is_the_whole_wiring(config_file: Path) -> None:
    config = load(
        config_file,
        "[buttons.confirm]\npin = 4\n\n"
        "[buttons.end_stage]\npin = 12\npull_up = false\nbounce_time = 0.05\nhold_time = 2\n",
    )
    assert config.buttons == {
        "confirm": ButtonConfig(4),
        "end_stage": ButtonConfig(12, pull_up=False, bounce_time=0.05, hold_time=2.0),
    }


def test_a_scanner_section_with_defaults(config_file: Path) -> None:
    config = load(config_file, '[scanner]\nport = "/dev/serial/by-id/usb-scanner"\n')
    assert config.scanner == ScannerConfig(port="/dev/serial/by-id/usb-scanner")
    assert (config.scanner.protocol, config.scanner.baudrate) == ("lines", 9600)


def test_a_full_scanner_section(config_file: Path) -> None:
    config = load(
        config_file,
        '[scanner]\nport = "hwgrep://1a86:7523"\nprotocol = "rdm6300"\nbaudrate = 9600\n'
        "max_length = 32\nrepeat_gap = 0.5\nretry_max = 5\n",
    )
    assert config.scanner == ScannerConfig(
        port="hwgrep://1a86:7523",
        protocol="rdm6300",
        max_length=32,
        repeat_gap=0.5,
        retry_max=5.0,
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[buttons.confirm]\npull_up = true\n", r"buttons\.confirm\.pin is missing"),
        ("[buttons.confirm]\npin = 28\n", r"buttons\.confirm\.pin must be between 0 and 27"),
        ('[buttons.confirm]\npin = "17"\n', r"buttons\.confirm\.pin must be an integer"),
        ("[buttons.confirm]\npin = true\n", r"buttons\.confirm\.pin must be an integer"),
        ("[buttons.a]\npin = 5\n[buttons.b]\npin = 5\n", r"BCM 5 is already used by buttons\.a"),
        ("[buttons.confirm]\npin = 5\npull_up = 1\n", r"pull_up must be true or false"),
        ("[buttons.confirm]\npin = 5\nhold_time = -1\n", r"hold_time must be between 0 and 10"),
        (
            "[buttons.confirm]\npin = 5\nbounce = 0.1\n",
            r"unknown config key buttons\.confirm\.bounce",
        ),
        ("[buttons.Confirm]\npin = 5\n", r"button name 'Confirm' must be lower-case"),
        ("[buttons]\nconfirm = 5\n", r"buttons\.confirm: expected a \[buttons\.confirm\] table"),
        ("[scanner]\nprotocol = 'lines'\n", r"scanner\.port is missing \(the port: a device path"),
        ("[scanner]\nport = '  '\n", r"scanner\.port is empty \(the port"),
        ("[scanner]\nport = '/dev/x'\nrepeat_gap = nan\n", r"scanner\.repeat_gap must be a finite"),
        (
            "[scanner]\nport = '/dev/x'\nretry_max = 0.05\n",
            r"retry_max must be between 0\.1 and 60",
        ),
        (
            "[buttons.confirm]\npin = 5\nbounce_time = 1.5\n",
            r"bounce_time must be between 0 and 1,",
        ),
        ("[scanner]\nport = '/dev/x'\nprotocol = 'qr'\n", r"scanner\.protocol must be one of"),
        (
            "[scanner]\nport = '/dev/x'\nbaudrate = 9600.0\n",
            r"scanner\.baudrate must be an integer",
        ),
        (
            "[scanner]\nport = '/dev/x'\nrepeat_gap = 'long'\n",
            r"scanner\.repeat_gap must be a number",
        ),
        ("[scanner]\nport = '/dev/x'\nmax_length = 0\n", r"scanner\.max_length must be between 1"),
        ("[scanner]\nport = '/dev/x'\nparity = 'N'\n", r"unknown config key scanner\.parity"),
        ("scanner = '/dev/x'\n", r"scanner: expected a \[scanner\] table"),
    ],
)
def test_bad_device_config_names_the_key(config_file: Path, text: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        load(config_file, text)


def test_an_empty_buttons_table_is_a_table_without_buttons(config_file: Path) -> None:
    assert load(config_file, "[buttons]\n").buttons == {}


def test_the_defaults_are_the_models(config_file: Path) -> None:
    """One place for every default: a file without a section gets the model's own defaults."""
    config = load(config_file, '[scanner]\nport = " /dev/ttyUSB0 "\n')
    assert config.buttons == ConfigFile().buttons == DEFAULT_WIRING
    assert config.scanner == ScannerConfig(port="/dev/ttyUSB0")  # the port stripped


@pytest.mark.parametrize(
    "make",
    [
        lambda: ButtonConfig(True),  # type: ignore[arg-type]
        lambda: ButtonConfig(28),
        lambda: ScannerConfig(port="/dev/x", protocol="qr"),  # type: ignore[arg-type]
        lambda: ScannerConfig(port="/dev/x", baudrate=9600.0),  # type: ignore[arg-type]
    ],
)
def test_values_built_in_code_are_checked_too(make: object) -> None:
    with pytest.raises(ValidationError):
        make()  # type: ignore[operator]
