"""The CLI's JSON as text: exactly ``json.dumps(value, indent=2, ensure_ascii=False)``, character
for character (the output is a public contract), built in one pass.

With an indent, the standard library encodes in pure Python, one generator per container (its C
encoder is used without an indent only): a ``history`` of a thousand games (2 MB of JSON) spent a
fifth of its time there. Here the containers are walked by one recursive function appending to a
list, and every scalar is written by the very function ``json`` writes it with (its C string
encoder, ``int.__repr__``, ``float.__repr__`` and its names of the non-finite floats). Anything
else (a value ``json`` cannot encode, a container that holds itself) is handed to ``json.dumps``
whole, for its own output or error.
"""

from __future__ import annotations

import json
from json.encoder import encode_basestring
from typing import Any

INDENT = "  "


class _Unusual(Exception):
    """A value this encoder leaves to ``json.dumps`` (which encodes it or says why not)."""


def dumps(value: Any) -> str:
    """``json.dumps(value, indent=2, ensure_ascii=False)``."""
    parts: list[str] = []
    try:
        _value(value, parts, "\n", 0)
    except (_Unusual, RecursionError):
        return json.dumps(value, indent=2, ensure_ascii=False)
    return "".join(parts)


_MAX_DEPTH = 200
"""Deeper than this is no output of the CLI's: left to ``json`` (which detects a cycle)."""


def _float(value: float) -> str:
    """As ``json`` writes a float (``allow_nan``: ``NaN``, ``Infinity``, ``-Infinity``)."""
    if value != value:
        return "NaN"
    if value == float("inf"):
        return "Infinity"
    if value == -float("inf"):
        return "-Infinity"
    return float.__repr__(value)


def _scalar(value: Any) -> str:
    """A value that is no container, in ``json``'s order of checks; :class:`_Unusual` else."""
    if isinstance(value, str):
        return encode_basestring(value)
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        return int.__repr__(value)
    if isinstance(value, float):
        return _float(value)
    raise _Unusual


def _key(key: Any) -> str:
    """A dict's key as ``json`` turns it into a string (``skipkeys`` off: others are refused)."""
    if isinstance(key, str):
        return encode_basestring(key)
    if isinstance(key, float):
        return encode_basestring(_float(key))
    if key is True:
        return '"true"'
    if key is False:
        return '"false"'
    if key is None:
        return '"null"'
    if isinstance(key, int):
        return encode_basestring(int.__repr__(key))
    raise _Unusual


def _value(value: Any, parts: list[str], newline: str, depth: int) -> None:
    """Append ``value``'s text; ``newline`` is the line break and indent of its own level."""
    if isinstance(value, list | tuple):
        if not value:
            parts.append("[]")
            return
        if depth > _MAX_DEPTH:
            raise _Unusual
        inner = newline + INDENT
        separator, comma = "[" + inner, "," + inner
        for item in value:
            kind = type(item)
            if kind is str:  # the commonest first, as exactly the same text
                parts += (separator, encode_basestring(item))
            elif kind is int:
                parts += (separator, int.__repr__(item))
            elif kind is list or kind is dict or isinstance(item, list | tuple | dict):
                parts.append(separator)
                _value(item, parts, inner, depth + 1)
            else:
                parts += (separator, _scalar(item))
            separator = comma
        parts.append(newline + "]")
    elif isinstance(value, dict):
        if not value:
            parts.append("{}")
            return
        if depth > _MAX_DEPTH:
            raise _Unusual
        inner = newline + INDENT
        separator, comma = "{" + inner, "," + inner
        for key, item in value.items():
            parts += (separator, encode_basestring(key) if type(key) is str else _key(key), ": ")
            kind = type(item)
            if kind is str:
                parts.append(encode_basestring(item))
            elif kind is int:
                parts.append(int.__repr__(item))
            elif kind is list or kind is dict or isinstance(item, list | tuple | dict):
                _value(item, parts, inner, depth + 1)
            else:
                parts.append(_scalar(item))
            separator = comma
        parts.append(newline + "}")
    else:
        parts.append(_scalar(value))
