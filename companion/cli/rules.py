"""``table-companion rules GAME QUESTION [FILE]``: one JSON object in, one JSON object out.

Exit 0 for every well-formed question (an illegal placement is an answer); exit 2 with
``{"error": {"code", "message"}}`` naming the bad field for malformed JSON, unknown fields or values
out of range.
"""

from __future__ import annotations

import json
import sys
from typing import IO, Any

from pydantic import ValidationError

from companion.errors import InputError
from companion.games.targi.questions import QUESTIONS as TARGI_QUESTIONS

QUESTION_SETS = {"targi": TARGI_QUESTIONS}

EXIT_OK = 0
EXIT_BAD_INPUT = 2


def answer(game: str, question: str, text: str) -> dict[str, Any]:
    """The answer to ``question`` about ``game`` asked with the JSON ``text``; raises InputError."""
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
    return handler(parsed)


def run(game: str, question: str, source: IO[str], out: IO[str] = sys.stdout) -> int:
    try:
        result = answer(game, question, source.read())
    except InputError as error:
        out.write(json.dumps(error.as_dict()) + "\n")
        return EXIT_BAD_INPUT
    out.write(json.dumps(result) + "\n")
    return EXIT_OK
