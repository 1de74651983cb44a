"""JSON typed or piped in by a person or a script, read within bounds.

Python's own parser meets hostile input with a RecursionError (deep nesting), a ValueError (an
integer of more than 4300 digits) or lone surrogates in strings that no database can store. This
reader refuses all of it as :class:`InputError` naming the field, before any of it reaches a model:
the text's size and nesting depth are checked before it is parsed, numbers too long for any count
and the non-standard ``NaN`` / ``Infinity`` are named with their path, and so are text that is not
UTF-8 and an object giving one key twice (Python would keep the last silently).
"""

from __future__ import annotations

import json
import logging
import re
from typing import Any

from companion.installation.errors import InputError
from companion.installation.i18n import _, ngettext

logger = logging.getLogger(__name__)

MAX_CHARS = 65_536
"""The longest input: every action and question of every game fits in a few kilobytes."""
MAX_DEPTH = 16
"""The deepest nesting of arrays and objects: the deepest action or question has 5 levels."""
MAX_DIGITS = 20
"""The most characters a number may have: every count in every game has at most 3 digits."""

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")


class DuplicateKeyError(InputError):
    """An object that gives ``key`` twice; ``path`` names the object (``field.a.b``)."""

    def __init__(self, path: str, key: str) -> None:
        self.path = path
        self.key = key
        message = _("{field}: the key {key} is given twice")
        super().__init__("duplicate_key", message.format(field=path, key=json.dumps(key)[:80]))


class _Repeated(dict[str, Any]):
    """An object whose pairs gave ``key`` twice: refused with its path afterwards."""

    def __init__(self, value: dict[str, Any], key: str) -> None:
        super().__init__(value)
        self.key = key


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """The parser's object: a dict, or a :class:`_Repeated` one if a key came twice."""
    seen: set[str] = set()
    for key, _item in pairs:
        if key in seen:
            return _Repeated(dict(pairs), key)
        seen.add(key)
    return dict(pairs)


class _Rejected:
    """A number or constant the parser must not convert: it is named with its path afterwards."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text


def decode(data: bytes, field: str) -> str:
    """``data`` as UTF-8 text, or :class:`InputError` saying where it is not."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        message = _("{field}: not UTF-8 text (byte {index} is {byte:#04x})")
        raise InputError(
            "malformed_json",
            message.format(field=field, index=error.start, byte=data[error.start]),
        ) from None


def check_text(text: str, field: str) -> None:
    """:class:`InputError` unless ``text`` is UTF-8-encodable (command-line arguments that were
    not UTF-8 arrive as lone surrogates)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        message = _("{field}: not UTF-8 text (at character {index})")
        raise InputError("invalid_value", message.format(field=field, index=error.start)) from None


def read_json(text: str | bytes, field: str, *, max_chars: int = MAX_CHARS) -> Any:
    """The JSON value in ``text``; :class:`InputError` names ``field`` (and the path inside it).

    ``max_chars``: the longest text accepted (a file of many entries may need more than an action).
    """
    try:
        return _read(text, field, max_chars)
    except InputError as error:
        logger.info("refused %s input (%d characters): %s", error.code, len(text), error.message)
        raise


def _read(text: str | bytes, field: str, max_chars: int) -> Any:
    if isinstance(text, bytes):
        text = decode(text, field)
    check_text(text, field)
    if len(text) > max_chars:
        message = ngettext(
            "{field}: {length} character; at most {limit}",
            "{field}: {length} characters; at most {limit}",
            len(text),
        )
        raise InputError(
            "too_large", message.format(field=field, length=len(text), limit=max_chars)
        )
    _check_depth(text, field)
    try:
        value = json.loads(
            text,
            parse_int=_int,
            parse_float=_float,
            parse_constant=_Rejected,
            object_pairs_hook=_object,
        )
    except json.JSONDecodeError as error:
        raise InputError("malformed_json", f"{field}: {error}") from None
    _check_values(value, field)
    return value


def _int(text: str) -> int | _Rejected:
    return _Rejected(text) if len(text) > MAX_DIGITS else int(text)


def _float(text: str) -> float | _Rejected:
    return _Rejected(text) if len(text) > MAX_DIGITS else float(text)


def _check_depth(text: str, field: str) -> None:
    """Nesting deeper than :data:`MAX_DEPTH` (brackets inside strings do not count)."""
    depth = 0
    for bracket in _BRACKET.findall(_STRING.sub("", text)):
        depth += 1 if bracket in "[{" else -1
        if depth > MAX_DEPTH:
            message = _("{field}: nested deeper than {limit} levels")
            raise InputError("too_deep", message.format(field=field, limit=MAX_DEPTH))


def _check_values(value: Any, path: str) -> None:
    """Every number and string inside ``value`` (already bounded in depth) is acceptable."""
    if isinstance(value, _Rejected):
        if value.text.lstrip("-").isalpha():  # NaN, Infinity, -Infinity
            message = _("{field}: {text} is not a JSON number")
            raise InputError("malformed_json", message.format(field=path, text=value.text))
        message = ngettext(
            "{field}: a number of {length} character is out of range",
            "{field}: a number of {length} characters is out of range",
            len(value.text),
        )
        raise InputError("invalid_value", message.format(field=path, length=len(value.text)))
    if isinstance(value, str):
        check_text(value, path)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            _check_values(item, f"{path}.{index}")
    elif isinstance(value, dict):
        if isinstance(value, _Repeated):
            raise DuplicateKeyError(path, value.key)
        for key, item in value.items():
            check_text(key, path)
            _check_values(item, f"{path}.{key}")
