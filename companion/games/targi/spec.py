"""Targi as the app knows it: the one place outside this package that needs Targi finds it here."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.installation.i18n import _
from companion.rules.spec import GameSpec, Question, TableSettings, question_set

if TYPE_CHECKING:
    from companion.rules.game import GameRules
    from companion.rules.verdict import Verdict


def _title() -> str:
    return _("Targi")


def _rules() -> GameRules[Any, Any, Any]:
    from companion.games.targi.rules import TargiRules

    return TargiRules()


def _questions() -> dict[str, Question]:
    from companion.games.targi.questions import QUESTIONS

    return question_set(QUESTIONS)


def _card_ids() -> frozenset[str]:
    """The catalog's ids, one per physical card (``TARGI-TRIBE-WELL-3``, ``TARGI-GOODS-2SALT``)."""
    from companion.games.targi.catalog import catalog

    cards = catalog()
    return frozenset((*cards.goods, *cards.tribe))


def _check_scan(state: Any, card: str) -> Verdict:
    from companion.games.targi.scans import check_scan

    return check_scan(state, card)


def _settings() -> TableSettings:
    from companion.games.targi.table_settings import ADAPTERS, check_setting

    return TableSettings(keys=tuple(sorted(ADAPTERS)), check=check_setting)


def _card_name(card: str) -> str:
    from companion.games.targi.names import card_name

    return card_name(card)


def _names() -> dict[str, str]:
    from companion.games.targi.names import names

    return names()


def _card_hints() -> dict[str, str]:
    from companion.games.targi.names import card_hints

    return card_hints()


def _describe(state: Any, action: Any) -> str | None:
    from companion.games.targi.describe import describe

    return describe(state, action)


SPEC = GameSpec(
    name="targi",
    title=_title,
    printed_title="Targi",
    bgg_id=118048,  # boardgamegeek.com/boardgame/118048/targi (the issue 24 report)
    rules=_rules,
    min_players=2,
    max_players=2,
    questions=_questions,
    card_ids=_card_ids,
    card_hints=_card_hints,
    check_scan=_check_scan,
    turn_end="end_turn",
    settings=_settings,
    names=_names,
    card_name=_card_name,
    describe=_describe,
    rulings="companion.games.targi.rulings:RULINGS",
    refusals="companion.games.targi.refusals:REFUSALS",
    explanations="companion.games.targi.explanations:EXPLANATIONS",
    reference="companion.games.targi.reference:REFERENCE",
)
