"""A scanned tag turned into the move it stands for now, as the screen would: ``game scan``.

The tag resolves to a card (a printed card id, else an enrolled RFID tag; else it is unknown), the
card is checked against the moment (:func:`companion.cards.check_scan`: another game's card, or one
the game's own check refuses, changes nothing), then matched with the legal actions: those whose
JSON names the card (its id, or for a card whose copies share an id, the value its actions use, e.g.
Tuareg's ``"water"``). One action: it is the move. Several that differ only in the central cell a
card is revealed on: the first cell waiting for a card, as the screen takes it. Otherwise the scan
alone does not say which move is meant, and it is refused with a registered code
(``scan_ambiguous``, with the candidates; ``scan_not_mapped`` where the game has no scan check and
no action names the card; ``unexpected_card`` where the check passed but nothing uses it).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

from companion.cards import TagDirectory, check_scan
from companion.errors import InputError
from companion.i18n import _
from companion.refusals import SCAN_AMBIGUOUS, SCAN_NOT_MAPPED, UNEXPECTED_CARD
from companion.registry import GAMES
from companion.session import Session
from companion.store import Store
from companion.verdict import Verdict

logger = logging.getLogger(__name__)

PICK_FIRST = frozenset({"cell"})
"""Fields a scan leaves to the screen's order: a revealed card goes on the first cell awaiting one."""


@dataclass(frozen=True)
class ScanMove:
    """What a scan means now: the ``action`` to submit, or the ``verdict`` refusing it."""

    card: str
    action: dict[str, Any] | None = None
    verdict: Verdict = field(default_factory=Verdict.legal)
    choices: list[dict[str, Any]] = field(default_factory=list)


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


def _same_but(actions: list[dict[str, Any]], free: frozenset[str]) -> bool:
    first = {key: value for key, value in actions[0].items() if key not in free}
    return all({k: v for k, v in a.items() if k not in free} == first for a in actions[1:])


def scan_move(session: Session, card: str) -> ScanMove:
    """The move a scan of ``card`` makes now, or why it makes none."""
    game = session.rules.name
    verdict = check_scan(game, session.state, card)
    if not verdict.ok:
        return ScanMove(card, verdict=verdict)
    wanted = _values(game, card)
    rules = session.rules
    candidates = [
        dumped
        for dumped in (rules.dump_action(a) for a in rules.legal_actions(session.state))
        if _names(dumped, wanted)
    ]
    if len(candidates) == 1 or (candidates and _same_but(candidates, PICK_FIRST)):
        return ScanMove(card, action=candidates[0])
    if candidates:
        refusal = SCAN_AMBIGUOUS.verdict(card=card, count=len(candidates))
        return ScanMove(card, verdict=refusal, choices=candidates)
    if GAMES[game].check_scan is None:
        return ScanMove(card, verdict=SCAN_NOT_MAPPED.verdict(game=GAMES[game].title(), card=card))
    return ScanMove(card, verdict=UNEXPECTED_CARD.verdict(card=card))
