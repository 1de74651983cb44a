"""The fourth game's spec: all the app learns about it."""

from __future__ import annotations

from typing import Any

from pydantic import TypeAdapter, ValidationError

from companion.installation.errors import InputError
from companion.rules.spec import GameSpec, Question, TableSettings, question_set

_TARGET = TypeAdapter(int)


def _rules() -> Any:
    from wells_game import WellsRules

    return WellsRules()


def _questions() -> dict[str, Question]:
    from wells_game import QUESTIONS

    return question_set(QUESTIONS, reads_settings={"needed"})


def _check(key: str, value: Any) -> Any:
    if key != "target":
        raise InputError("unknown_setting", f"key: wells has no setting {key!r}")
    try:
        target = _TARGET.validate_python(value, strict=True)
    except ValidationError:
        raise InputError("invalid_value", f"target: {value!r} is not a whole number") from None
    if not 1 <= target <= 99:
        raise InputError("invalid_value", f"target: {target} is not between 1 and 99")
    return target


SPEC = GameSpec(
    name="wells",
    title=lambda: "Wells",
    rules=_rules,
    min_players=2,
    max_players=4,
    questions=_questions,
    card_ids=lambda: frozenset({"WELLS-BUCKET-1", "WELLS-BUCKET-2"}),
    turn_end="end_turn",
    settings=lambda: TableSettings(keys=("target",), check=_check),
    names=lambda: {"water": "water"},
    rulings="wells_game.rulings:RULINGS",
    refusals="wells_game.refusals:REFUSALS",
    explanations="wells_game.explanations:EXPLANATIONS",
    reference="wells_game.reference:REFERENCE",
)
