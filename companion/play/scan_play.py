r"""Scanned tags turned into the move they stand for now, as the screen would: ``game scan``.

Each tag resolves to a card (a printed card id, else an enrolled RFID tag; else it is unknown), and
each card is checked against the moment (:func:`companion.play.cards.check_scan`: another game's card,
or one the game's own check refuses, changes nothing). Then:

- **One card, one move** (a game without scan forms, Targi): the legal actions whose JSON names the
  card (its id, or for a card whose copies share an id, the value its actions use) are the
  candidates.
- **Cards that build a move** (a game with :attr:`~companion.rules.spec.GameSpec.scan_forms`: Tuareg,
  Timbuktu): the cards, in the order they were scanned, fill the fields of an action kind (a
  Tuareg load's ``goods``, a Timbuktu thief pile's pen, pitches and goods); the rest of the action
  (whose turn, which animal, which cave) comes from the legal actions now. Each such action is
  judged by the rules (:meth:`GameRules.check`), so a card that may not go on says why with the
  same reasons as the touch builder (e.g. Tuareg's loading rules).

``given`` is what the scan cannot say and a tap does (``{"kind": "load", "onto": {"animal":
"camel", "number": 1}}``), a partial action: each of its fields must be one an action of its kind
has, with a value of that field's shape (:func:`check_given`). Only the candidates agreeing with it
count, and it fills fields the cards leave open. One legal
candidate is the move; several that differ only in the central cell a card is revealed on: the
cell ``prefer`` names (the face-down card chosen on the screen) if the card may go there, else
the first cell waiting for a card: the one rule the screen and ``game scan`` both follow.
Otherwise the scans do not say which move is meant (``scan_ambiguous``, with the candidates as
``choices``), or they are refused with the reason: the rules' refusal of the move they make,
``scan_incomplete`` (cards of a move, not a whole one yet), ``scan_one_card`` (several cards where
a move takes one), ``unexpected_card`` (nothing now takes them), ``scan_not_mapped`` (a game with
no scan check and no action naming the card).

Nothing is kept between scans: a move of several cards is asked with all of its cards at once (the
screen passes the cards it gathered, a script the tags it read), so the same cards against the same
game always get the same answer, and no half-built move outlives an undo or another device's move.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from companion.installation.errors import InputError
from companion.installation.i18n import _
from companion.play.cards import TagDirectory, check_scan
from companion.play.session import Outcome, Session
from companion.rules.refusals import (
    SCAN_AMBIGUOUS,
    SCAN_NOT_MAPPED,
    SCAN_ONE_CARD,
    UNEXPECTED_CARD,
)
from companion.rules.registry import GAMES
from companion.rules.spec import ScanForm
from companion.rules.verdict import Verdict
from companion.store import Store

if TYPE_CHECKING:
    from pydantic_core import ErrorDetails

logger = logging.getLogger(__name__)

PICK_FIRST = frozenset({"cell"})
"""Fields a scan leaves to the screen's order: a revealed card goes on the first cell awaiting one."""


@dataclass(frozen=True)
class ScanMove:
    """What scans mean now: the ``action`` to submit, or the ``verdict`` refusing them."""

    cards: tuple[str, ...]
    action: dict[str, Any] | None = None
    verdict: Verdict = field(default_factory=Verdict.legal)
    choices: list[dict[str, Any]] = field(default_factory=list)

    @property
    def card(self) -> str:
        """The card scanned last (the only one, for a move of one card)."""
        return self.cards[-1]


def resolve_tag(store: Store, tag: str) -> str:
    """The card ``tag`` stands for; :class:`InputError` ``unknown_tag`` naming it otherwise."""
    card = TagDirectory.from_store(store).resolve(tag)
    if card is None:
        raise InputError(
            "unknown_tag",
            _("tag: {tag} is no card id and is not enrolled (enrol it: tags enrol).").format(
                tag=repr(tag)
            ),
        )
    return card


def _json(value: Mapping[str, Any]) -> dict[str, Any]:
    """``value`` as JSON reads it back (tuples become lists), to compare with dumped actions."""
    loaded: dict[str, Any] = json.loads(json.dumps(value))
    return loaded


def _key(action: Mapping[str, Any]) -> str:
    return json.dumps(action, sort_keys=True)


def _values(game: str, card: str) -> set[str]:
    """What the card may appear as in an action's JSON."""
    detail = card.split("-", 2)[-1].lower()
    names = GAMES[game].names()
    return {card, detail} if detail in names else {card}


def _names(value: Any, wanted: set[str]) -> bool:
    if isinstance(value, str):
        return value in wanted
    if isinstance(value, dict):
        return any(_names(item, wanted) for item in value.values())
    if isinstance(value, list | tuple):
        return any(_names(item, wanted) for item in value)
    return False


def _agrees(action: Mapping[str, Any], given: Mapping[str, Any], open_: frozenset[str]) -> bool:
    """Whether ``action`` has every field ``given`` names, with its value (``open_`` fields: any)."""
    return all(
        key in action and (key in open_ or action[key] == value) for key, value in given.items()
    )


def _same_but(actions: list[dict[str, Any]], free: frozenset[str]) -> bool:
    first = {key: value for key, value in actions[0].items() if key not in free}
    return all({k: v for k, v in a.items() if k not in free} == first for a in actions[1:])


def _chosen(
    cards: tuple[str, ...], candidates: list[dict[str, Any]], prefer: dict[str, Any]
) -> ScanMove | None:
    """The move among legal ``candidates``, the ambiguity refusal, or None if there is none;
    ``prefer``: :data:`PICK_FIRST` fields to pick by before the first candidate."""
    if len(candidates) == 1 or (candidates and _same_but(candidates, PICK_FIRST)):
        preferred = [c for c in candidates if _agrees(c, prefer, frozenset())]
        return ScanMove(cards, action=(preferred or candidates)[0])
    if candidates:
        refusal = SCAN_AMBIGUOUS.verdict(card=", ".join(cards), count=len(candidates))
        return ScanMove(cards, verdict=refusal, choices=candidates)
    return None


def scan_move(
    session: Session,
    cards: Sequence[str],
    given: Mapping[str, Any] | None = None,
    prefer: Mapping[str, Any] | None = None,
) -> ScanMove:
    """The move the scanned ``cards`` (in scan order) make now, or why they make none; nothing is
    submitted. ``given``: the fields a tap chose; ``prefer``: the cell a revealed card goes on
    when it may go there (see the module's description)."""
    scanned = tuple(cards)
    if not scanned:
        raise ValueError("a scan names at least one card")
    game = session.rules.name
    for card in scanned:
        verdict = check_scan(game, session.state, card)
        if not verdict.ok:
            return ScanMove(scanned, verdict=verdict)
    wanted = _json(given or {})
    preferred = {k: v for k, v in _json(prefer or {}).items() if k in PICK_FIRST}
    forms = GAMES[game].scan_forms()
    if forms:
        return _formed(session, forms, scanned, wanted, preferred)
    if len(scanned) > 1:
        refusal = SCAN_ONE_CARD.verdict(game=GAMES[game].title(), cards=", ".join(scanned))
        return ScanMove(scanned, verdict=refusal)
    return _named(session, scanned[0], wanted, preferred)


def _named(session: Session, card: str, given: dict[str, Any], prefer: dict[str, Any]) -> ScanMove:
    """One card: the legal actions naming it."""
    game = session.rules.name
    rules = session.rules
    wanted = _values(game, card)

    def named(action: Any) -> bool:
        dumped = rules.dump_action(action)
        return _names(dumped, wanted) and _agrees(dumped, given, frozenset())

    candidates = [rules.dump_action(a) for a in session.legal_where(named)]
    chosen = _chosen((card,), candidates, prefer)
    if chosen is not None:
        return chosen
    if GAMES[game].check_scan is None:
        return ScanMove(
            (card,), verdict=SCAN_NOT_MAPPED.verdict(game=GAMES[game].title(), card=card)
        )
    return ScanMove((card,), verdict=UNEXPECTED_CARD.verdict(card=card))


def _frames(
    session: Session, forms: Mapping[str, ScanForm], given: dict[str, Any]
) -> list[dict[str, Any]]:
    """The legal actions a form's cards could complete, without the fields the cards fill (one
    each), in the legal actions' order; where none agrees with ``given``, the move it names (its
    refusal then says why it cannot be made now)."""
    rules = session.rules
    frames: dict[str, dict[str, Any]] = {}
    for dumped in (rules.dump_action(a) for a in session.legal_actions()):
        form = forms.get(dumped["kind"])
        if form is None or not _agrees(dumped, given, form.fields):
            continue
        frame = {key: value for key, value in dumped.items() if key not in form.fields}
        frames.setdefault(_key(frame), frame)
    if frames or given.get("kind") not in forms:
        return list(frames.values())
    named = {key: value for key, value in given.items() if key not in forms[given["kind"]].fields}
    seat = getattr(session.state, "to_move", None)
    return [named] if seat is None else [named, {"player": seat, **named}]


def _formed(
    session: Session,
    forms: Mapping[str, ScanForm],
    cards: tuple[str, ...],
    given: dict[str, Any],
    prefer: dict[str, Any],
) -> ScanMove:
    """Cards that fill a form: each legal frame completed with them, judged by the rules."""
    rules, state = session.rules, session.state
    fills: dict[str, dict[str, Any] | Verdict | None] = {}
    judged: dict[str, tuple[dict[str, Any], Verdict]] = {}
    incomplete: Verdict | None = None
    for frame in _frames(session, forms, given):
        kind = frame["kind"]
        if kind not in fills:
            fills[kind] = forms[kind].fill(cards)
        filled = fills[kind]
        if filled is None:
            continue
        if isinstance(filled, Verdict):
            incomplete = incomplete or filled
            continue
        try:
            action = rules.parse_action({**frame, **given, **filled})
        except InputError:
            continue  # e.g. more cards than the action holds, or a field the frame lacks
        dumped = rules.dump_action(action)
        judged.setdefault(_key(dumped), (dumped, rules.check(state, action)))
    chosen = _chosen(cards, [dumped for dumped, verdict in judged.values() if verdict.ok], prefer)
    if chosen is not None:
        return chosen
    refusals = [verdict for _dumped, verdict in judged.values()]
    if refusals and len({verdict.code for verdict in refusals}) == 1:
        return ScanMove(cards, verdict=refusals[0])
    if incomplete is not None and not refusals:
        return ScanMove(cards, verdict=incomplete)
    return ScanMove(cards, verdict=UNEXPECTED_CARD.verdict(card=", ".join(cards)))


def check_given(session: Session, given: Mapping[str, Any], prefix: str = "with.") -> None:
    """``given`` as the game's actions take it, or :class:`InputError` naming the first field
    (after ``prefix``) that no action of ``given``'s kind has or whose value has the wrong shape.
    Without ``kind``, one kind of action must take every field of ``given``."""
    from pydantic import ValidationError

    rules = session.rules
    adapter = rules.action_adapter
    if "kind" in given:
        kinds = [given["kind"]]
    else:
        kinds = sorted(adapter.json_schema().get("discriminator", {}).get("mapping", {}))
    wrong_by_kind: list[list[ErrorDetails]] = []
    for kind in kinds:
        try:
            adapter.validate_json(json.dumps({**given, "kind": kind}), strict=True)
            return
        except ValidationError as error:
            wrong = [
                details
                for details in error.errors(include_url=False)
                if details["type"] != "missing"  # a field the cards or the moment fill
            ]
        if not wrong:
            return
        wrong_by_kind.append(wrong)
    if wrong_by_kind:
        # the kind whose fields agree best with given's: the fewest fields it does not have
        first = min(wrong_by_kind, key=lambda wrong: (_unknown_fields(wrong), len(wrong)))[0].copy()
        # an error's place starts with the kind tried (the union's tag); none: the kind itself
        first["loc"] = first["loc"][1:] or ("kind",)
        raise InputError.from_details(first, prefix=prefix)


def _unknown_fields(errors: list[ErrorDetails]) -> int:
    return sum(
        details["type"] in ("extra_forbidden", "unexpected_keyword_argument") for details in errors
    )


def play_scan(
    session: Session,
    cards: Sequence[str],
    *,
    seq: int,
    given: Mapping[str, Any] | None = None,
    check: bool = False,
) -> tuple[ScanMove, Outcome]:
    """Submit the move the scanned ``cards`` make (``seq``: the last one the caller saw), or answer
    its refusal; nothing is written when refused. ``check``: only say what the move would get,
    submitting nothing (a move of several cards, checked as it grows card by card)."""
    move = scan_move(session, cards, given)
    if move.action is None:
        logger.info(
            "game %s: scan of %s refused (%s)", session.game_id, move.cards, move.verdict.code
        )
        return move, session.refuse(move.verdict, seq=seq)
    if check:
        # the view is checked as a submission would (stale, damaged), and nothing is written
        return move, session.refuse(Verdict.legal(), seq=seq)
    outcome = session.submit_payload(move.action, seq=seq)
    logger.info(
        "game %s: scan of %s as %s: %s",
        session.game_id,
        ", ".join(move.cards),
        move.action.get("kind"),
        outcome.verdict.code or "ok",
    )
    return move, outcome
