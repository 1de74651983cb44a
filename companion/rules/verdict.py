"""Verdicts: every refusal names the rule that forbids an action, with a sentence a player can read."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Verdict:
    """The answer to "may this action be taken now?".

    ``code`` is a stable identifier (``"opposite"``, ``"cannot_afford"``, ...) that tests, the CLI and
    the screen rely on; ``message`` is the translated human sentence.
    """

    ok: bool
    code: str = "ok"
    message: str = ""

    @classmethod
    def legal(cls) -> Verdict:
        return _LEGAL

    def as_dict(self) -> dict[str, object]:
        return {"ok": self.ok, "code": self.code, "message": self.message}


_LEGAL = Verdict(ok=True)


class RuleViolation(Exception):
    """Raised inside a rules module when an action breaks a rule; becomes a refusing :class:`Verdict`."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message

    @property
    def verdict(self) -> Verdict:
        return Verdict(ok=False, code=self.code, message=self.message)
