"""A game's rules at the table: the reference (the rules summarised in the rulebook's order) and
"What can I do now?" (the options of the moment, and the rule behind each one not open now).

Each game's spec names its reference (:attr:`companion.rules.spec.GameSpec.reference`), a
:class:`Reference`: its sections in order, each a title and a summary in the project's own words
(msgids), the rulebook sections it summarises (:class:`companion.rules.explanations.Section`, the ones the
explanations cite) and so the verdict codes it covers: a code belongs to the section that
summarises the rulebook section its explanation cites. The section of the app's own rules (every
game's last) covers the codes every game shares.

"Now" asks the rules, never decides: an option is open when the rules accept one of the actions it
stands for (:meth:`GameRules.check`), and one that is not open carries the refusal the rules give
its first action, with that code's explanation (:mod:`companion.rules.explanations`).
"""

from __future__ import annotations

import logging
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from companion.installation.i18n import N_, _, current_language
from companion.rules.explanations import APP, Section, explanation
from companion.rules.refusals import all_refusals
from companion.rules.verdict import Verdict

_log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Part:
    """One section of a game's reference."""

    id: str
    """Stable: the CLI's ``--section`` and the screen's links name it."""
    title: str
    """A msgid (the rulebook's section title at most, else our words)."""
    summary: str
    """A msgid: two to five short sentences of ours, never the rulebook's."""
    sources: tuple[Section, ...]
    """The rulebook sections summarised, the first the one cited."""


@dataclass(frozen=True)
class Option:
    """One thing the table may want to do now: open, or not with the rules' refusal."""

    id: str
    label: str
    """Translated, for people."""
    refusal: Verdict | None = None
    """None: open now."""


OptionsOf = Callable[[Any, Any], Sequence[Option]]
"""``options(rules, state)``: what the current phase offers."""


@dataclass(frozen=True)
class Reference:
    """A game's reference and how its moments map onto it."""

    game: str
    parts: tuple[Part, ...]
    phase_part: Callable[[Any], str]
    """The id of the section that matches the state's current phase."""
    options: OptionsOf

    def part(self, part_id: str) -> Part | None:
        return next((part for part in self.parts if part.id == part_id), None)


APP_PART_TITLE = N_("The app's own rules")
APP_PART_SUMMARY = N_(
    "Some refusals come from the app, not from the rulebook. Only the player whose turn it is may "
    "act. Undo and redo are entries in the game's record, and a move typed against an older view "
    "of the game is refused. A scanned card must be one the game expects now."
)


def app_part() -> Part:
    """Every game's last section: the app's own rules (the codes every game shares)."""
    from companion.rules.explanations import APP_CARDS, APP_LOG, APP_SCREEN, APP_STORAGE, APP_TURNS

    sources = (APP_TURNS, APP_LOG, APP_SCREEN, APP_CARDS, APP_STORAGE)
    return Part("app", APP_PART_TITLE, APP_PART_SUMMARY, sources)


def reference_of(game: str) -> Reference | None:
    """The reference ``game``'s spec declares (:attr:`companion.rules.spec.GameSpec.reference`), or None
    (a game without one, or an unknown one)."""
    from companion.rules.registry import part_of

    return part_of(game, "reference", Reference)


@cache
def codes_by_part(game: str) -> dict[str, tuple[str, ...]]:
    """Section id -> the verdict codes it covers, sorted (every code ``game`` can return)."""
    reference = reference_of(game)
    assert reference is not None
    owner: dict[int, str] = {}
    for part in reference.parts:
        for source in part.sources:
            owner.setdefault(id(source), part.id)
    codes: dict[str, list[str]] = {part.id: [] for part in reference.parts}
    for code in sorted({entry.code for entry in all_refusals() if entry.game in (None, game)}):
        found = explanation(game, code)
        if found is None:
            continue
        part_id = owner.get(id(found.section))
        if part_id is None and found.section.book is APP:
            part_id = "app"
        if part_id is not None and part_id in codes:
            codes[part_id].append(code)
        else:
            _log.warning("%s: code %r cites a section no reference section covers", game, code)
    return {part_id: tuple(found) for part_id, found in codes.items()}


def part_of_code(game: str, code: str) -> str | None:
    return next((p for p, codes in codes_by_part(game).items() if code in codes), None)


def part_dict(game: str, part: Part) -> dict[str, Any]:
    """A section as JSON, in the active language."""
    return {
        "id": part.id,
        "title": _(part.title),
        "summary": _(part.summary),
        "source": part.sources[0].as_dict(current_language()),
        "codes": list(codes_by_part(game)[part.id]),
    }


def folded(text: str) -> str:
    """``text`` for matching: lower case, accents taken off (``Räuber`` -> ``rauber``)."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c)).replace("ł", "l")


def matches(game: str, part: Part, words: str) -> bool:
    """Whether every word of ``words`` is in the section's title or summary (translated), without
    regard to case or accents; no words match every section."""
    haystack = folded(f"{_(part.title)} {_(part.summary)}")
    return all(word in haystack for word in folded(words).split())


def option_dict(game: str, option: Option) -> dict[str, Any]:
    """An option as JSON: open, or not with the refusal's code and sentence, the rule's title and
    the section that covers the code."""
    found: dict[str, Any] = {
        "id": option.id,
        "label": option.label,
        "available": option.refusal is None,
    }
    if option.refusal is not None:
        code = option.refusal.code
        rule = explanation(game, code)
        found.update(
            code=code,
            reason=option.refusal.message,
            rule=_(rule.title) if rule is not None else None,
            section=part_of_code(game, code),
        )
    return found


def now(game: str, rules: Any, state: Any) -> dict[str, Any]:
    """ "What can I do now?" for ``state``: the section of its phase and the options of the
    moment, open or not (with why not)."""
    reference = reference_of(game)
    assert reference is not None, f"{game} has no rules reference"
    phase = getattr(state, "phase", None)
    return {
        "game": game,
        "phase": getattr(phase, "value", phase),
        "section": reference.phase_part(state),
        "options": [option_dict(game, option) for option in reference.options(rules, state)],
    }


def first_open(
    rules: Any, state: Any, option_id: str, label: str, actions: Sequence[Any]
) -> Option:
    """The option standing for ``actions``: open if the rules accept one of them, else refused as
    the rules refuse the first."""
    first: Verdict | None = None
    for action in actions:
        verdict = rules.check(state, action)
        if verdict.ok:
            return Option(option_id, label)
        first = first or verdict
    assert first is not None, f"option {option_id} stands for no action"
    return Option(option_id, label, first)
