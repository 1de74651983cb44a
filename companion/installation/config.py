"""Where things live: the config file (TOML) and the game database.

The config file is found from an explicit path, else ``$TABLE_COMPANION_CONFIG``, else
``config.toml`` in the platform's user config directory if it exists; else the defaults apply.
``$TABLE_COMPANION_DB`` overrides the database path whatever the file says.

Reading the file is cheap; checking it against its schema (:mod:`companion.installation.config_schema`,
pydantic) is not. Every command checks the whole file first (:func:`load_config`); the app reads
where its database is to draw its first frame and checks the rest, its buttons and scanner, just
after it (:func:`read_config`, :meth:`ConfigRead.checked`).
"""

from __future__ import annotations

import logging
import os
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.installation.i18n import _

if TYPE_CHECKING:
    from companion.installation.device_config import ButtonConfig, ScannerConfig

APP_NAME = "table-companion"
CONFIG_ENV = "TABLE_COMPANION_CONFIG"
DATABASE_ENV = "TABLE_COMPANION_DB"

_log = logging.getLogger(__name__)


class ConfigError(Exception):
    """A config file that cannot be read, or a key that is unknown, of the wrong type or out of
    range (the message names it)."""


@dataclass(frozen=True)
class Config:
    """The configuration in effect: the file's, with the database path resolved."""

    database: Path
    buttons: dict[str, ButtonConfig]
    """Button name -> its pin and timings."""
    scanner: ScannerConfig | None
    """The card scanner, if configured."""

    def checked(self) -> Config:
        """Itself: a loaded config has been checked whole."""
        return self


@dataclass(frozen=True)
class ConfigRead:
    """A config file as read (its TOML parsed), not yet checked against the schema."""

    source: Path | None
    """The file read; None: no file, the defaults."""
    table: dict[str, Any]

    @property
    def database(self) -> Path:
        """The game database the file names (see the module), read without the schema: a
        ``[storage]`` table that is not as the schema wants it is checked whole, for its
        :class:`ConfigError`."""
        storage = self.table.get("storage", {})
        configured = storage.get("database") if isinstance(storage, dict) else None
        if not isinstance(storage, dict) or not isinstance(configured, str | None):
            return self.checked().database
        return _database_path(configured, self.source)

    def checked(self) -> Config:
        """The whole file checked against its schema; :class:`ConfigError` naming the first
        problem."""
        from companion.installation import config_schema  # pydantic, loaded here only

        file = config_schema.parse(self.table)
        database = _database_path(file.storage.database, self.source)
        _log.debug(
            "config: %s; database %s; %d buttons; scanner %s",
            self.source or "defaults (no config file)",
            database,
            len(file.buttons),
            file.scanner.port if file.scanner is not None else "none",
        )
        return Config(database=database, buttons=dict(file.buttons), scanner=file.scanner)


ConfigSource = Config | ConfigRead
"""A config checked, or read and checked when more than its database is needed."""


def default_database_path() -> Path:
    from platformdirs import user_data_dir  # not imported where the config names both files

    return Path(user_data_dir(APP_NAME)) / "companion.sqlite3"


def default_config_path() -> Path:
    """The config file read when none is named (``--config``, ``$TABLE_COMPANION_CONFIG``: the
    kiosk's service names it, and its file names the database, so the app's start imports no
    :mod:`platformdirs`)."""
    from platformdirs import user_config_dir

    return Path(user_config_dir(APP_NAME)) / "config.toml"


def load_config(path: Path | None = None) -> Config:
    """The configuration from ``path``, or else from the usual places (see the module), checked."""
    return read_config(path).checked()


def read_config(path: Path | None = None) -> ConfigRead:
    """The config file from ``path``, or else from the usual places, read but not checked."""
    source = _config_file(path)
    return ConfigRead(source, _read_toml(source) if source is not None else {})


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


def _database_path(configured: str | None, source: Path | None) -> Path:
    """The configured database; a relative path is taken from the config file's directory.
    ``$TABLE_COMPANION_DB`` overrides it."""
    if os.environ.get(DATABASE_ENV):
        return Path(os.environ[DATABASE_ENV]).expanduser()
    if configured is None:
        return default_database_path()
    database = Path(configured).expanduser()
    if source is not None and not database.is_absolute():
        database = source.parent / database
    return database
