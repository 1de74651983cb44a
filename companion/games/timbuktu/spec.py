"""Timbuktu as the app knows it: the one place outside this package that needs Timbuktu finds it
here."""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations
from typing import TYPE_CHECKING, Any

from companion.installation.i18n import _
from companion.rules.spec import GameSpec, Question, ScanForm, TableSettings, question_set

if TYPE_CHECKING:
    from companion.rules.game import GameRules

THIEF_GOODS = ("GOLD", "COFFEE", "PEPPER", "SALT", "WATER")
THIEF_PENS = THIEF_PITCHES = range(1, 6)
CAMEL_LETTERS = "ABCDEFGH"
CARAVAN_COLOURS = 5
"""The box's caravans: 5 colours, each with camels A-H and a camel card for each (40 cards)."""


def _title() -> str:
    return _("Timbuktu")


def _rules() -> GameRules[Any, Any, Any]:
    from companion.games.timbuktu.rules import TimbuktuRules

    return TimbuktuRules()


def _questions() -> dict[str, Question]:
    from companion.games.timbuktu.questions import QUESTIONS

    return question_set(QUESTIONS)


def _faces(values: Iterable[str]) -> list[str]:
    """One value, or two different ones in their given order, joined by ``-``."""
    ordered = list(values)
    return ordered + ["-".join(pair) for pair in combinations(ordered, 2)]


def _card_ids() -> frozenset[str]:
    """The 40 camel cards: ``TIMBUKTU-CAMEL-<A..H>``, one id per letter (a card's colour is its
    player's, and every colour has the same 8 letters). The 15 thief cards are drawn face down,
    and their printed faces are not public: their ids describe what a face shows, not a copy:
    ``TIMBUKTU-THIEF-PEN-<1..5>``,
    ``TIMBUKTU-THIEF-PITCH-<a>[-<b>]`` (one or two pitch numbers 1-5, ascending) and
    ``TIMBUKTU-THIEF-GOODS-<X>[-<Y>]`` (one or two different goods in the order gold, coffee,
    pepper, salt, water), as a revealed thief pile is entered in the game. Every well-formed face
    is accepted because which ones exist is unknown; pens are numbered 1-5 in the order the table
    agreed on."""
    return frozenset(
        [f"TIMBUKTU-CAMEL-{letter}" for letter in CAMEL_LETTERS]
        + [f"TIMBUKTU-THIEF-PEN-{pen}" for pen in THIEF_PENS]
        + [f"TIMBUKTU-THIEF-PITCH-{face}" for face in _faces(map(str, THIEF_PITCHES))]
        + [f"TIMBUKTU-THIEF-GOODS-{face}" for face in _faces(THIEF_GOODS)]
    )


def _card_copies() -> dict[str, int]:
    """A camel card of each letter in each caravan colour."""
    return {f"TIMBUKTU-CAMEL-{letter}": CARAVAN_COLOURS for letter in CAMEL_LETTERS}


def _card_hints() -> dict[str, str]:
    hint = _("a camel card: one of this letter in every caravan colour")
    return {f"TIMBUKTU-CAMEL-{letter}": hint for letter in CAMEL_LETTERS}


def _scan_forms() -> dict[str, ScanForm]:
    from companion.games.timbuktu.scans import forms

    return forms()


def _settings() -> TableSettings:
    from companion.games.timbuktu import table_settings

    return TableSettings(
        keys=table_settings.SETTING_KEYS,
        check=table_settings.parse_setting,
        remember_accepted=table_settings.remember_action,
    )


def _card_name(card: str) -> str:
    from companion.games.timbuktu.names import card_name

    return card_name(card)


def _names() -> dict[str, str]:
    from companion.games.timbuktu.names import names

    return names()


def _describe(state: Any, action: Any) -> str | None:
    from companion.games.timbuktu.describe import describe

    return describe(state, action)


SPEC = GameSpec(
    name="timbuktu",
    title=_title,
    printed_title="Timbuktu",
    rules=_rules,
    min_players=3,
    max_players=5,
    questions=_questions,
    card_ids=_card_ids,
    card_copies=_card_copies,
    card_hints=_card_hints,
    scan_forms=_scan_forms,
    settings=_settings,
    names=_names,
    card_name=_card_name,
    describe=_describe,
    rulings="companion.games.timbuktu.rulings:RULINGS",
    refusals="companion.games.timbuktu.refusals:REFUSALS",
    explanations="companion.games.timbuktu.explanations:EXPLANATIONS",
    reference="companion.games.timbuktu.reference:REFERENCE",
)
