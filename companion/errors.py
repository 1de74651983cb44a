"""Errors for malformed input: they name the bad field and never change a game."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pydantic is loaded by what validates, not by every user of these errors
    from pydantic import ValidationError

WHOLE_INPUT = "(input)"
"""How a message names the input as a whole, when no one field of it is wrong."""

_NAMED = re.compile(r"^[A-Za-z_][\w.]*: ")
"""A message that already starts with the field it concerns (``start_player: ...``)."""


class InputError(Exception):
    """Input that is not a well-formed question or action (as opposed to an illegal one)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def as_dict(self) -> dict[str, dict[str, str]]:
        return {"error": {"code": self.code, "message": self.message}}

    @classmethod
    def from_validation(cls, error: ValidationError, whole: str = WHOLE_INPUT) -> InputError:
        """The first pydantic error, phrased ``field: what is wrong`` with the dotted path of the
        field it concerns.

        A check of the input as a whole (a model validator) has no path: its message is used as it
        is when it names its field itself, else it is put after ``whole``. The text pydantic puts
        before a validator's own message ("Value error, ") is left out.
        """
        first = error.errors(include_url=False)[0]
        code = {
            "extra_forbidden": "unknown_field",
            "unexpected_keyword_argument": "unknown_field",
            "missing": "missing_field",
        }.get(first["type"], "invalid_value")
        reason = first.get("ctx", {}).get("error") if first["type"] == "value_error" else None
        message = str(reason) if reason is not None else first["msg"]
        field = ".".join(str(part) for part in first["loc"])
        if not field:
            if _NAMED.match(message):
                return cls(code, message)
            field = whole
        return cls(code, f"{field}: {message}")
