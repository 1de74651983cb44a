"""Where things live: the config file (TOML) and the game database.

The config file is found from an explicit path, else ``$TABLE_COMPANION_CONFIG``, else
``config.toml`` in the platform's user config directory if it exists; else the defaults apply.
``$TABLE_COMPANION_DB`` overrides the database path whatever the file says.
"""

from __future__ import annotations

import logging
import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from platformdirs import user_config_dir, user_data_dir

from companion.device_config import (
    DEFAULT_WIRING,
    ButtonConfig,
    DeviceConfigError,
    ScannerConfig,
    parse_buttons,
    parse_scanner,
)
from companion.i18n import _

APP_NAME = "table-companion"
CONFIG_ENV = "TABLE_COMPANION_CONFIG"
DATABASE_ENV = "TABLE_COMPANION_DB"

_KNOWN: dict[str, dict[str, type]] = {"storage": {"database": str}}
"""Section -> key -> the TOML type its value must have."""
_DEVICE_SECTIONS = ("buttons", "scanner")
"""Sections checked by :mod:`companion.device_config`."""

_log = logging.getLogger(__name__)


class ConfigError(Exception):
    """A config file that cannot be read, or a key that is unknown or has the wrong type."""


@dataclass(frozen=True)
class Config:
    database: Path
    buttons: dict[str, ButtonConfig] = field(default_factory=lambda: dict(DEFAULT_WIRING))
    """Button name -> its pin and timings (the default wiring unless the file has [buttons])."""
    scanner: ScannerConfig | None = None
    """The card scanner, if the file has a [scanner] section."""


def default_database_path() -> Path:
    return Path(user_data_dir(APP_NAME)) / "companion.sqlite3"


def default_config_path() -> Path:
    return Path(user_config_dir(APP_NAME)) / "config.toml"


def load_config(path: Path | None = None) -> Config:
    """The configuration from ``path``, or else from the usual places (see the module)."""
    source = _config_file(path)
    table = _read_toml(source) if source is not None else {}
    _check_keys(table)
    database = _database_path(table, source)
    if os.environ.get(DATABASE_ENV):
        database = Path(os.environ[DATABASE_ENV]).expanduser()
    try:
        buttons = parse_buttons(table["buttons"]) if "buttons" in table else dict(DEFAULT_WIRING)
        scanner = parse_scanner(table["scanner"]) if "scanner" in table else None
    except DeviceConfigError as error:
        raise ConfigError(str(error)) from None
    return Config(database=database, buttons=buttons, scanner=scanner)


def _config_file(path: Path | None) -> Path | None:
    """The file to read: one named explicitly must exist; the default one is optional."""
    try:
        return _find_config_file(path)
    except OSError as error:  # e.g. another user's HOME: the place cannot even be looked at
        _log.error("config location unreadable: %s", error)
        raise ConfigError(
            _("The config file {path} cannot be read ({reason}): check its permissions.").format(
                path=error.filename or path or default_config_path(), reason=error.strerror
            )
        ) from None


def _find_config_file(path: Path | None) -> Path | None:
    explicit = path
    if explicit is None and os.environ.get(CONFIG_ENV):
        explicit = Path(os.environ[CONFIG_ENV])
    if explicit is not None:
        if not explicit.is_file():
            raise ConfigError(f"config file {explicit} does not exist")
        return explicit
    default = default_config_path()
    return default if default.is_file() else None


def _read_toml(source: Path) -> dict[str, Any]:
    try:
        with source.open("rb") as file:
            return tomllib.load(file)
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{source}: not valid TOML ({error})") from None
    except OSError as error:
        raise ConfigError(f"{source}: cannot be read ({error.strerror})") from None


def _check_keys(table: Mapping[str, Any]) -> None:
    for section, values in table.items():
        if section in _DEVICE_SECTIONS:
            continue
        if section not in _KNOWN:
            raise ConfigError(f"unknown config section [{section}]")
        if not isinstance(values, dict):
            raise ConfigError(f"{section}: expected a [{section}] table")
        for key, value in values.items():
            expected = _KNOWN[section].get(key)
            if expected is None:
                raise ConfigError(f"unknown config key {section}.{key}")
            if not isinstance(value, expected):
                raise ConfigError(
                    f"config key {section}.{key} must be a {expected.__name__}, "
                    f"not {type(value).__name__}"
                )


def _database_path(table: Mapping[str, Any], source: Path | None) -> Path:
    """The configured database; a relative path is taken from the config file's directory."""
    configured = table.get("storage", {}).get("database")
    if configured is None:
        return default_database_path()
    database = Path(configured).expanduser()
    if source is not None and not database.is_absolute():
        database = source.parent / database
    return database
