"""``table-companion rules GAME QUESTION [FILE]``: one JSON object in, one JSON object out.

Exit 0 for every well-formed question (an illegal placement is an answer); exit 2 with
``{"error": {"code", "message"}}`` naming the bad field for malformed JSON, unknown fields or values
out of range.

A few questions also read what the table confirmed once for this installation (Tuareg's majority
values): :func:`answer` takes a reader of a game's stored settings, which the command opens the game
database for only when such a question calls it.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Mapping
from typing import IO, Any

from pydantic import ValidationError

from companion.errors import InputError
from companion.games.targi.questions import QUESTIONS as TARGI_QUESTIONS
from companion.games.timbuktu.questions import QUESTIONS as TIMBUKTU_QUESTIONS
from companion.games.tuareg.questions import QUESTIONS as TUAREG_QUESTIONS
from companion.games.tuareg.questions import READS_SETTINGS as TUAREG_READS_SETTINGS

QUESTION_SETS = {
    "targi": TARGI_QUESTIONS,
    "tuareg": TUAREG_QUESTIONS,
    "timbuktu": TIMBUKTU_QUESTIONS,
}
READS_SETTINGS: dict[str, frozenset[str]] = {"tuareg": TUAREG_READS_SETTINGS}
"""Game -> the questions whose handler also takes a reader of the game's stored settings."""

SettingsReader = Callable[[str], Mapping[str, Any]]
"""Game name -> the settings stored for it (key -> JSON value)."""

EXIT_OK = 0
EXIT_BAD_INPUT = 2


def answer(
    game: str, question: str, text: str, settings: SettingsReader | None = None
) -> dict[str, Any]:
    """The answer to ``question`` about ``game`` asked with the JSON ``text``; raises InputError.

    ``settings`` reads a game's stored settings; it is called only by a question that needs a stored
    value, and without it nothing counts as stored.
    """
    questions = QUESTION_SETS.get(game)
    if questions is None:
        raise InputError(
            "unknown_game", f"game: unknown game {game!r}; known: {sorted(QUESTION_SETS)}"
        )
    if question not in questions:
        raise InputError(
            "unknown_question",
            f"question: {game} has no question {question!r}; known: {sorted(questions)}",
        )
    model, handler = questions[question]
    try:
        parsed = model.model_validate_json(text)
    except ValidationError as error:
        if error.errors()[0]["type"] == "json_invalid":
            raise InputError("malformed_json", f"(input): {error.errors()[0]['msg']}") from None
        raise InputError.from_validation(error) from None
    if question in READS_SETTINGS.get(game, frozenset()):
        return handler(parsed, lambda: {} if settings is None else settings(game))
    return handler(parsed)


def run(
    game: str,
    question: str,
    source: IO[str],
    out: IO[str] = sys.stdout,
    settings: SettingsReader | None = None,
) -> int:
    try:
        result = answer(game, question, source.read(), settings)
    except InputError as error:
        out.write(json.dumps(error.as_dict()) + "\n")
        return EXIT_BAD_INPUT
    out.write(json.dumps(result) + "\n")
    return EXIT_OK
