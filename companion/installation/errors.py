"""Errors for malformed input: they name the bad field and never change a game."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pydantic is loaded by what validates, not by every user of these errors
    from pydantic import ValidationError
    from pydantic_core import ErrorDetails

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
        field it concerns (see :meth:`from_details`)."""
        return cls.from_details(error.errors(include_url=False)[0], whole)

    @classmethod
    def from_details(
        cls, first: ErrorDetails, whole: str = WHOLE_INPUT, prefix: str = ""
    ) -> InputError:
        """One pydantic error, phrased ``field: what is wrong`` with the dotted path of the field
        it concerns (after ``prefix``, e.g. ``with.``), in the language of the messages
        (:mod:`companion.installation.validation_messages`); the path and the code stay as they are.

        A check of the input as a whole (a model validator) has no path: its message is used as it
        is when it names its field itself, else it is put after ``whole``. The text pydantic puts
        before a validator's own message ("Value error, ") is left out.
        """
        from companion.installation.validation_messages import reason

        code = {
            "extra_forbidden": "unknown_field",
            "unexpected_keyword_argument": "unknown_field",
            "missing": "missing_field",
        }.get(first["type"], "invalid_value")
        message = reason(first)
        field = prefix + ".".join(str(part) for part in first["loc"])
        if not first["loc"]:
            if _NAMED.match(message) and not prefix:
                return cls(code, message)
            field = prefix.rstrip(".") or whole
        return cls(code, f"{field}: {message}")


class LogCorruptionError(Exception):
    """A stored log that cannot be replayed: an entry no longer applies, or entries are missing.

    :meth:`companion.play.session.Session.resume` raises it only for a game it cannot set up at all
    (its kind unknown, its options damaged); a log damaged further on opens read-only instead.
    Defined here, beside the input errors, so that a command catching it (``history``, ``stats``)
    does not load the rules' machinery to name it.
    """
