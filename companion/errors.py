"""Errors for malformed input: they name the bad field and never change a game."""

from __future__ import annotations

from pydantic import ValidationError


class InputError(Exception):
    """Input that is not a well-formed question or action (as opposed to an illegal one)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def as_dict(self) -> dict[str, dict[str, str]]:
        return {"error": {"code": self.code, "message": self.message}}

    @classmethod
    def from_validation(cls, error: ValidationError) -> InputError:
        """The first pydantic error, phrased with the dotted path of the field it concerns."""
        first = error.errors(include_url=False)[0]
        field = ".".join(str(part) for part in first["loc"]) or "(input)"
        code = {
            "extra_forbidden": "unknown_field",
            "unexpected_keyword_argument": "unknown_field",
            "missing": "missing_field",
        }.get(first["type"], "invalid_value")
        return cls(code, f"{field}: {first['msg']}")
