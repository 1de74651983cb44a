"""``table-companion rules GAME QUESTION [FILE]``: one JSON object in, one JSON object out.

Exit 0 for every well-formed question (an illegal placement is an answer); exit 2 with
``{"error": {"code", "message"}}`` naming the bad field for malformed JSON, unknown fields or values
out of range.

Three more forms read no JSON: ``rules explain GAME CODE`` (why a verdict code refuses, with its
rulebook source: :mod:`companion.rules.explanations`), ``rules rulings GAME`` (how the app rules where
the rulebooks are silent or ambiguous: :mod:`companion.rules.rulings`) and ``rules reference GAME
[--section ID]`` (the rules summarised in the rulebook's order: :mod:`companion.rules.reference`); exit 2
naming ``game``, ``code`` or ``section`` for one it does not know.

Every question also takes ``rulings``: the house rules the table chose for its game (ruling id ->
alternative id, as ``rules rulings GAME`` lists them under ``house_rule``); absent, the app's
rulings hold. The answers follow them (e.g. Targi's ``raid`` under ``raid_nothing``); exit 2 names
a ruling or alternative the game does not have.

A few questions also read what the table confirmed once for this installation (card values no
rulebook prints; :attr:`companion.rules.spec.Question.reads_settings`): :func:`answer` takes a reader
of a game's stored settings, which the command opens the game database for only when such a
question calls it.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Mapping
from functools import cache
from typing import IO, TYPE_CHECKING, Any

from companion.installation.errors import WHOLE_INPUT, InputError
from companion.installation.json_input import check_text, read_json
from companion.rules.explanations import explained
from companion.rules.reference import part_dict, reference_of
from companion.rules.refusals import all_refusals
from companion.rules.registry import GAMES
from companion.rules.rulings import RULINGS_OPTION, HouseRules, check_choices, rulings_of

if TYPE_CHECKING:  # pydantic loads for a question only, not for the other commands
    from pydantic import BaseModel

SettingsReader = Callable[[str], Mapping[str, Any]]
"""Game name -> the settings stored for it (key -> JSON value)."""

EXIT_OK = 0
EXIT_BAD_INPUT = 2
EXPLAIN, RULINGS, REFERENCE = "explain", "rulings", "reference"
"""The first operands of ``rules explain GAME CODE``, ``rules rulings GAME`` and ``rules reference
GAME`` (no game's name)."""


def _known_game(game: str) -> None:
    check_text(game, "game")
    if game not in GAMES:
        raise InputError("unknown_game", f"game: unknown game {game!r}; known: {sorted(GAMES)}")


def explain(game: str, code: str) -> dict[str, Any]:
    """``rules explain GAME CODE``: why ``game`` refuses with the verdict ``code``, in the active
    language: ``{"code", "title", "explanation", "source": {"book", "section", "page"},
    "quote"}``; raises InputError naming ``game`` or ``code``."""
    _known_game(game)
    check_text(code, "code")
    codes = {entry.code for entry in all_refusals() if entry.game in (None, game)}
    found = explained(game, code) if code in codes else None
    if found is None:
        raise InputError(
            "unknown_code", f"code: {game} has no verdict code {code!r}; known: {sorted(codes)}"
        )
    return found


def rulings(game: str) -> dict[str, Any]:
    """``rules rulings GAME``: how the app rules where ``game``'s rulebooks are silent or
    ambiguous, in the active language; raises InputError naming ``game``."""
    _known_game(game)
    return {"game": game, "rulings": [ruling.as_dict() for ruling in rulings_of(game)]}


def reference(game: str, section: str | None = None) -> dict[str, Any]:
    """``rules reference GAME [--section ID]``: ``game``'s rules summarised in the rulebook's
    order, in the active language: ``{"game", "sections": [{"id", "title", "summary", "source",
    "codes"}]}`` (only the section ``section`` names, if given); raises InputError naming
    ``game`` or ``section``."""
    _known_game(game)
    found = reference_of(game)
    parts = found.parts if found is not None else ()
    if section is not None:
        check_text(section, "section")
        parts = tuple(part for part in parts if part.id == section)
        if not parts:
            known = [part.id for part in found.parts] if found is not None else []
            raise InputError(
                "unknown_section", f"section: {game} has no section {section!r}; known: {known}"
            )
    return {"game": game, "sections": [part_dict(game, part) for part in parts]}


def answer(
    game: str, question: str, text: str | bytes, settings: SettingsReader | None = None
) -> dict[str, Any]:
    """The answer to ``question`` about ``game`` asked with the JSON ``text`` (UTF-8 if bytes);
    raises InputError.

    ``settings`` reads a game's stored settings; it is called only by a question that needs a stored
    value, and without it nothing counts as stored.
    """
    if game not in GAMES:
        raise InputError("unknown_game", f"game: unknown game {game!r}; known: {sorted(GAMES)}")
    questions = GAMES[game].questions()
    if question not in questions:
        raise InputError(
            "unknown_question",
            f"question: {game} has no question {question!r}; known: {sorted(questions)}",
        )
    from pydantic import ValidationError
    from pydantic_core import to_json

    model, handler = _asked(questions[question].model), questions[question].handler
    value = read_json(text, WHOLE_INPUT)
    try:  # validated as JSON, strictly: strings name enum members, no type is coerced
        parsed = model.model_validate_json(to_json(value), strict=True)
    except ValidationError as error:
        raise InputError.from_validation(error) from None
    check_choices(game, getattr(parsed, RULINGS_OPTION), RULINGS_OPTION)
    if questions[question].reads_settings:
        return handler(parsed, lambda: {} if settings is None else settings(game))
    return handler(parsed)


@cache
def _asked(model: type[BaseModel]) -> type[BaseModel]:
    """A question's model that also takes the game's house rules (``rulings``), empty unless
    given: the handler reads them as the question's ``rulings``."""
    from pydantic import Field, create_model

    asked: type[BaseModel] = create_model(
        model.__name__,
        __base__=model,
        __doc__=model.__doc__,
        rulings=(HouseRules, Field(default_factory=dict)),
    )
    return asked


def run(
    game: str,
    question: str,
    source: IO[bytes] | IO[str],
    out: IO[str] | None = None,
    settings: SettingsReader | None = None,
) -> int:
    """Answer one question read from ``source``, printing to ``out`` (standard output as it is
    when the question is asked)."""
    out = sys.stdout if out is None else out
    try:
        result = answer(game, question, source.read(), settings)
    except InputError as error:
        out.write(json.dumps(error.as_dict(), ensure_ascii=False) + "\n")
        return EXIT_BAD_INPUT
    out.write(json.dumps(result, ensure_ascii=False) + "\n")
    return EXIT_OK
