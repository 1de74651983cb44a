"""Where things live: the config file (TOML) and the game database.

The config file is found from an explicit path, else ``$TABLE_COMPANION_CONFIG``, else
``config.toml`` in the platform's user config directory if it exists; else the defaults apply.
``$TABLE_COMPANION_DB`` overrides the database path whatever the file says.
"""

from __future__ import annotations

import logging
import os
import tomllib
from dataclasses import dataclass
from pathlib import Path
from types import UnionType
from typing import Annotated, Any, Union, get_args, get_origin

from annotated_types import Ge, Le
from platformdirs import user_config_dir, user_data_dir
from pydantic import BaseModel, ConfigDict, Field, Strict, ValidationError
from pydantic.dataclasses import dataclass as section
from pydantic.fields import FieldInfo
from pydantic_core import ErrorDetails

from companion.device_config import DEFAULT_WIRING, ButtonConfig, ScannerConfig, Wiring
from companion.i18n import _

APP_NAME = "table-companion"
CONFIG_ENV = "TABLE_COMPANION_CONFIG"
DATABASE_ENV = "TABLE_COMPANION_DB"

_log = logging.getLogger(__name__)


class ConfigError(Exception):
    """A config file that cannot be read, or a key that is unknown, of the wrong type or out of
    range (the message names it)."""


@section(frozen=True, config=ConfigDict(extra="forbid"))
class StorageConfig:
    """The ``[storage]`` table."""

    database: Annotated[str, Strict()] | None = None
    """The game database; relative to the config file's directory; None: the user data directory."""


class ConfigFile(BaseModel):
    """The whole config file as written: every section, key, bound and default."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    storage: StorageConfig = StorageConfig()
    buttons: Wiring = Field(default_factory=lambda: dict(DEFAULT_WIRING))
    """The wiring: the default one unless the file has a [buttons] table, which then is the whole
    wiring."""
    scanner: ScannerConfig | None = None
    """The card scanner, if the file has a [scanner] section."""


@dataclass(frozen=True)
class Config:
    """The configuration in effect: the file's, with the database path resolved."""

    database: Path
    buttons: dict[str, ButtonConfig]
    """Button name -> its pin and timings."""
    scanner: ScannerConfig | None
    """The card scanner, if configured."""


def default_database_path() -> Path:
    return Path(user_data_dir(APP_NAME)) / "companion.sqlite3"


def default_config_path() -> Path:
    return Path(user_config_dir(APP_NAME)) / "config.toml"


def load_config(path: Path | None = None) -> Config:
    """The configuration from ``path``, or else from the usual places (see the module)."""
    source = _config_file(path)
    table = _read_toml(source) if source is not None else {}
    try:
        file = ConfigFile.model_validate(table)
    except ValidationError as error:
        raise ConfigError(_problem(error.errors()[0])) from None
    database = _database_path(file.storage.database, source)
    if os.environ.get(DATABASE_ENV):
        database = Path(os.environ[DATABASE_ENV]).expanduser()
    _log.debug(
        "config: %s; database %s; %d buttons; scanner %s",
        source or "defaults (no config file)",
        database,
        len(file.buttons),
        file.scanner.port if file.scanner is not None else "none",
    )
    return Config(database=database, buttons=dict(file.buttons), scanner=file.scanner)


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
    """The configured database; a relative path is taken from the config file's directory."""
    if configured is None:
        return default_database_path()
    database = Path(configured).expanduser()
    if source is not None and not database.is_absolute():
        database = source.parent / database
    return database


def _problem(error: ErrorDetails) -> str:
    """One sentence naming the key (``buttons.confirm.pin``) and what is wrong with its value."""
    loc = error["loc"]
    key = ".".join(str(part) for part in loc)
    kind = error["type"]
    value = error["input"]
    declared = _declaration(loc)
    hint = f" ({declared.description})" if declared is not None and declared.description else ""
    if kind == "extra_forbidden" and len(loc) == 1:
        return f"unknown config section [{key}]"
    if kind in ("extra_forbidden", "unexpected_keyword_argument"):
        return f"unknown config key {key}"
    if kind in ("dataclass_type", "dict_type", "model_type"):
        return f"{key}: expected a [{key}] table"
    if kind == "missing":
        return f"config key {key} is missing{hint}"
    if kind == "string_too_short":
        return f"config key {key} is empty{hint}"
    if kind in _TYPES:
        return f"config key {key} must be {_TYPES[kind]}, not {type(value).__name__}"
    if kind == "literal_error":
        return f"config key {key} must be one of {error['ctx']['expected']}, not {value!r}"
    if kind == "finite_number":
        return f"config key {key} must be a finite number, not {value}"
    if kind in ("greater_than_equal", "less_than_equal") and declared is not None:
        return f"config key {key} must be {_range(declared)}, not {value}"
    if kind in ("pin_in_use", "button_name"):
        return error["msg"]
    return f"config key {key}: {error['msg']}"


_TYPES = {
    "int_type": "an integer",
    "float_type": "a number",
    "bool_type": "true or false",
    "string_type": "a string",
}
"""Error type -> the TOML type a key must have."""


def _declaration(loc: tuple[int | str, ...]) -> FieldInfo | None:
    """The declared key at ``loc`` in :class:`ConfigFile` (for its bounds and description)."""
    owner: Any = ConfigFile
    declared: FieldInfo | None = None
    for part in loc:
        if get_origin(owner) in (Union, UnionType):  # an optional section
            owner = next(arg for arg in get_args(owner) if arg is not type(None))
        if get_origin(owner) is dict:  # part names an entry (a button): its value is declared
            owner = get_args(owner)[1]
            continue
        fields: dict[str, FieldInfo] = getattr(owner, "__pydantic_fields__", {})
        if part not in fields:
            return None
        declared = fields[str(part)]
        owner = declared.annotation
    return declared


def _range(declared: FieldInfo) -> str:
    """``between 0 and 27`` from the key's declared bounds."""
    low = next((m.ge for m in declared.metadata if isinstance(m, Ge)), None)
    high = next((m.le for m in declared.metadata if isinstance(m, Le)), None)
    if low is None:
        return f"at most {high}"
    return f"at least {low}" if high is None else f"between {low} and {high}"
