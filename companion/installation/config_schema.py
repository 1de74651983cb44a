"""The config file's schema: every section, key, bound and default, checked by pydantic, and each
problem phrased as one sentence naming its key. Imported only to check a file (:meth:`companion.
config.ConfigRead.checked`): pydantic is not loaded before the app's first frame."""

from __future__ import annotations

from types import UnionType
from typing import Annotated, Any, Union, get_args, get_origin

from annotated_types import Ge, Le
from pydantic import BaseModel, ConfigDict, Field, Strict, ValidationError
from pydantic.dataclasses import dataclass as section
from pydantic.fields import FieldInfo
from pydantic_core import ErrorDetails

from companion.installation.config import ConfigError
from companion.installation.device_config import DEFAULT_WIRING, ScannerConfig, Wiring


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


def parse(table: dict[str, Any]) -> ConfigFile:
    """The file's ``table`` (its TOML) checked; :class:`ConfigError` naming the first problem."""
    try:
        return ConfigFile.model_validate(table)
    except ValidationError as error:
        raise ConfigError(_problem(error.errors()[0])) from None


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
