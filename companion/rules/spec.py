"""A game as one plugin: everything the rest of the app needs to know about a game, in one value.

Each game's package exports ``SPEC`` (a :class:`GameSpec`) from its ``spec`` module, and
:mod:`companion.rules.registry` finds it there; nothing else in the app names a game. A spec is cheap to
import: the rules engine, the questions, the card catalogue and the table settings are loaded by the
spec's callables on first use, and its rulings, refusals, explanations and rules reference are named
as ``"module:attr"`` targets that :func:`companion.rules.registry.load` imports when first asked for, so
listing the games loads none of them.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pydantic import BaseModel

    from companion.rules.game import GameRules
    from companion.rules.verdict import Verdict
    from companion.store import Store

Handler = Callable[..., dict[str, Any]]
"""A rules question's handler: the validated question in, the JSON answer out."""
SettingsReader = Callable[[], Mapping[str, Any]]
"""Reads the game's stored settings (key -> JSON value); called only when one is needed."""
ScanCheck = Callable[[Any, str], "Verdict"]
"""Whether a scanned card of the game fits the state's current phase, and if not, why."""
Describer = Callable[[Any, Any], "str | None"]
"""``describe(state, action)``: the action in a few words for people (``Amal's Targi on 2 Dates``),
``state`` being the game as it was when the action was taken; None: the generic words do."""
ScanFill = Callable[[tuple[str, ...]], "dict[str, Any] | Verdict | None"]
"""The fields of one action kind that scanned cards (in scan order) fill; a refusal when the cards
are of that kind of move but not a whole one yet (why); None when they make no such move."""


@dataclass(frozen=True)
class ScanForm:
    """How the cards of one action kind are scanned: the action's ``fields`` they fill, and how."""

    fields: frozenset[str]
    fill: ScanFill


@dataclass(frozen=True)
class Question:
    """One ``table-companion rules GAME QUESTION``: its input model and its handler.

    ``reads_settings``: the handler also takes a :data:`SettingsReader` (values the table confirmed
    once, e.g. card values no rulebook prints)."""

    model: type[BaseModel]
    handler: Handler
    reads_settings: bool = False


def question_set(
    questions: Mapping[str, tuple[type[BaseModel], Handler]], reads_settings: Collection[str] = ()
) -> dict[str, Question]:
    """A game's questions from its ``name -> (model, handler)`` table."""
    return {
        name: Question(model, handler, name in reads_settings)
        for name, (model, handler) in questions.items()
    }


@dataclass(frozen=True, kw_only=True)
class TableSettings:
    """What a table confirms once for a game and every new game starts with
    (``table-companion settings``; stored in the game database under the game's name)."""

    keys: tuple[str, ...]
    """Every setting a table may set, in the order they are listed."""
    check: Callable[[str, Any], Any]
    """``check(key, value)``: the value as it is stored; :class:`~companion.installation.errors.InputError`
    naming the field (``unknown_setting`` for a key not in :attr:`keys`)."""
    remember_accepted: Callable[[Store, Any, Any], None] | None = None
    """``remember_accepted(store, action, state_after)``: store what an accepted action taught the
    app about this table; None when no action teaches anything. The session calls it after every
    action, correction and redo it logs, and after an undo with the action taken back (the game as
    the entry leaves it: what the table's memory keeps then follows the game)."""


def _no_questions() -> dict[str, Question]:
    return {}


def _no_cards() -> frozenset[str]:
    return frozenset()


def _no_names() -> dict[str, str]:
    return {}


def _one_copy_each() -> dict[str, int]:
    return {}


@dataclass(frozen=True, kw_only=True)
class GameSpec:
    """One game, as the CLI, the card scanner, the settings and the app's screens know it."""

    name: str
    """The name the CLI, the game log and the settings use (lower case, e.g. ``"counter"``)."""
    title: Callable[[], str]
    """The game's name for people, translated (a function: the language may change)."""
    printed_title: str = ""
    """The title the publisher prints, untranslated (exports such as BG Stats match plays by it);
    empty: the game's ``name``."""
    bgg_id: int | None = None
    """BoardGameGeek's id of the game, only where a source the project holds confirms it."""
    rules: Callable[[], GameRules[Any, Any, Any]]
    """Makes the rules object (imports the rules engine; :mod:`companion.rules.registry` calls it once)."""
    min_players: int
    max_players: int
    questions: Callable[[], Mapping[str, Question]] = field(default=_no_questions)
    """The headless rules questions by name (loaded on first use)."""
    card_ids: Callable[[], frozenset[str]] = field(default=_no_cards)
    """Every printable card id of the game (``GAME-CATEGORY-DETAIL``, see :mod:`companion.play.cards`)."""
    card_copies: Callable[[], Mapping[str, int]] = field(default=_one_copy_each)
    """How many physical cards share an id, where more than one do (ids of alike copies); an id
    not listed is one physical card. Labels print one sticker per copy."""
    card_hints: Callable[[], Mapping[str, str]] = field(default=_no_names)
    """What tells a physical card apart from its look-alikes (translated), printed on its label so
    that the table sticks it on the right card (Targi: a tribe card's points and cost)."""
    check_scan: ScanCheck | None = None
    """Whether a scanned card of this game fits the moment; None: any of its cards does."""
    scan_forms: Callable[[], Mapping[str, ScanForm]] = field(default=dict)
    """Action kind -> how scanned cards make that kind of move (loaded on first use); empty: a
    scan is one card, and the legal action naming it is the move (:mod:`companion.play.scan_play`)."""
    turn_end: str | None = None
    """The action kind of "my turn is done" (``{"kind": ..., "player": seat}``); None: a turn
    ends with its move."""
    stage_end: str | None = None
    """The action kind (no fields) that ends a stage by hand; None: stages end by themselves."""
    settings: Callable[[], TableSettings] | None = None
    """The table settings (loaded on first use); None: the game has none."""
    names: Callable[[], Mapping[str, str]] = field(default=_no_names)
    """Translated names of the game's goods and cards, by the value their actions use in JSON."""
    card_name: Callable[[str], str] | None = None
    """How the game names one of its card ids for people, translated (``Datteln 1``); None: the
    id's words through :attr:`names` (:func:`companion.play.labels.card_name`)."""
    describe: Describer | None = None
    """How the game words its actions (undo / redo say what they took back); None: the generic
    words of :mod:`companion.play.describe`."""
    rulings: str | None = None
    """``"module:attr"``: how the app rules where the rulebooks are silent or ambiguous, a tuple of
    :class:`companion.rules.rulings.Ruling` in the rulebook's order; None: the game has none."""
    refusals: str | None = None
    """``"module:attr"``: the game's own verdict codes, a
    :class:`companion.rules.refusals.RefusalTable`; None: it refuses with the shared codes only."""
    explanations: str | None = None
    """``"module:attr"``: why each of its codes refuses, a
    :class:`companion.rules.explanations.ExplanationTable`; None: the shared explanations answer."""
    reference: str | None = None
    """``"module:attr"``: the rules summarised in the rulebook's order, a
    :class:`companion.rules.reference.Reference` (the Rules screen, ``rules reference``); None: none."""
