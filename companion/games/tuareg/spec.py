"""The Tuareg card game as the app knows it: the one place outside this package that needs Tuareg
finds it here."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.installation.i18n import _
from companion.rules.spec import GameSpec, Question, ScanForm, TableSettings, question_set

if TYPE_CHECKING:
    from companion.rules.game import GameRules


def _title() -> str:
    return _("Tuareg")


def _rules() -> GameRules[Any, Any, Any]:
    from companion.games.tuareg.rules import TuaregRules

    return TuaregRules()


def _questions() -> dict[str, Question]:
    from companion.games.tuareg.questions import QUESTIONS, READS_SETTINGS

    return question_set(QUESTIONS, READS_SETTINGS)


def _card_ids() -> frozenset[str]:
    """Copies of a card are alike, so one id per kind: ``TUAREG-GOOD-<WATER|GOLD|SALT|MILLET>`` and
    ``TUAREG-SPECIAL-<DONKEY|CAVE|THIEF|MAP>``."""
    from companion.games.tuareg.model import Good, SpecialCard

    return frozenset(
        [f"TUAREG-GOOD-{good.name}" for good in Good]
        + [f"TUAREG-SPECIAL-{card.name}" for card in SpecialCard]
    )


def _card_copies() -> dict[str, int]:
    """44 goods (:data:`~companion.games.tuareg.model.COPIES`) and 17 special cards."""
    from companion.games.tuareg.model import COPIES, SPECIAL_COPIES

    return {f"TUAREG-GOOD-{good.name}": count for good, count in COPIES.items()} | {
        f"TUAREG-SPECIAL-{card.name}": count for card, count in SPECIAL_COPIES.items()
    }


def _scan_forms() -> dict[str, ScanForm]:
    from companion.games.tuareg.scans import forms

    return forms()


def _settings() -> TableSettings:
    from companion.games.tuareg import values

    return TableSettings(
        keys=values.SETTING_KEYS,
        check=values.parse_setting,
        remember_accepted=values.remember_action,
    )


def _names() -> dict[str, str]:
    from companion.games.tuareg.names import names

    return names()


def _describe(state: Any, action: Any) -> str | None:
    from companion.games.tuareg.describe import describe

    return describe(state, action)


SPEC = GameSpec(
    name="tuareg",
    title=_title,
    printed_title="Tuareg",
    rules=_rules,
    min_players=2,
    max_players=5,
    questions=_questions,
    card_ids=_card_ids,
    card_copies=_card_copies,
    scan_forms=_scan_forms,
    turn_end="end_turn",
    stage_end="score_stage",
    settings=_settings,
    names=_names,
    describe=_describe,
    rulings="companion.games.tuareg.rulings:RULINGS",
    refusals="companion.games.tuareg.refusals:REFUSALS",
    explanations="companion.games.tuareg.explanations:EXPLANATIONS",
    reference="companion.games.tuareg.reference:REFERENCE",
)
