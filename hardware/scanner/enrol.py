"""``table-companion tags enrol GAME``: enrol RFID tags card by card, walking the deck.

For every physical card of the game (each copy of a card whose copies share an id) the command
prints a prompt, one JSON line: ``{"prompt": "scan the tag on", "card", "name", "copy", "of"}``,
and waits for a tag on the scanner. Each scan prints one result line: ``{"result": "enrolled",
"tag", "card", "copy", "of"}``, or ``{"result": "refused", "code", "tag", "message"}`` (a tag
enrolled to another card names it: ``"enrolled_to"``; a printed card id needs no enrolment) after
which the same card is asked again. The store is the progress: a card with as many tags as copies
is done, so a run stopped halfway resumes where it stopped. It ends after the deck, after
``limit`` enrolments, or after ``seconds``, printing ``{"done", "enrolled", "left"}``.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from dataclasses import dataclass
from typing import Any, TextIO

from companion.store import Store
from hardware.events import EventQueue, UnknownTag
from hardware.scanner.transport import ScannerSettings, ScannerSupervisor

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Pending:
    card: str
    name: str
    copy: int
    of: int


def pending_cards(store: Store, game: str) -> list[Pending]:
    """The deck's cards still without a tag, in label order: copy ``k`` of a card is done when the
    card has ``k`` tags or more."""
    from companion.labels import labels  # the games are loaded only for an enrolment

    counts: dict[str, int] = {}
    for card in store.enrolled_tags().values():
        counts[card] = counts.get(card, 0) + 1
    return [
        Pending(label.card, label.name, label.copy, label.of)
        for label in labels(game)
        if label.copy > counts.get(label.card, 0)
    ]


def _emit(out: TextIO, line: dict[str, Any]) -> None:
    print(json.dumps(line), file=out, flush=True)


def _prompt(out: TextIO, card: Pending) -> None:
    _emit(
        out,
        {
            "prompt": "scan the tag on",
            "card": card.card,
            "name": card.name,
            "copy": card.copy,
            "of": card.of,
        },
    )


def _refusal(store: Store, tag: str) -> dict[str, Any] | None:
    from companion.cards import printed_card

    printed = printed_card(tag)
    if printed is not None:
        return {
            "result": "refused",
            "code": "printed_tag",
            "tag": tag,
            "card": printed,
            "message": f"tag: {tag} already names the card {printed}; it needs no enrolment.",
        }
    other = store.card_for_tag(tag)
    if other is not None:
        return {
            "result": "refused",
            "code": "tag_enrolled_elsewhere",
            "tag": tag,
            "enrolled_to": other,
            "message": f"tag: {tag} is already enrolled to {other}; scan another tag "
            "(or forget it first).",
        }
    return None


def run_enrolment(
    settings: ScannerSettings,
    store: Store,
    game: str,
    out: TextIO,
    *,
    limit: int | None = None,
    seconds: float | None = None,
) -> int:
    """Enrol the deck's cards still without a tag; 0 when it ends (deck done, limit, time)."""
    from companion.cards import TagDirectory

    deck = pending_cards(store, game)
    directory = TagDirectory.from_store(store)
    woken = threading.Event()
    events = EventQueue(notify=woken.set)
    deadline = None if seconds is None else time.monotonic() + seconds
    enrolled = 0
    # every tag arrives as unknown: whether it may be enrolled is decided here, against the store
    supervisor = ScannerSupervisor(settings, events, lambda _tag: None)
    supervisor.start()
    try:
        if deck and limit != 0:
            _prompt(out, deck[0])
        while deck and (limit is None or enrolled < limit):
            if deadline is not None and time.monotonic() >= deadline:
                break
            woken.wait(0.1)
            woken.clear()
            for event in events.drain():
                if not isinstance(event, UnknownTag) or not deck:
                    continue
                if limit is not None and enrolled >= limit:
                    break
                card = deck[0]
                refused = _refusal(store, event.tag)
                if refused is not None:
                    _emit(out, refused)
                    _prompt(out, card)
                    continue
                directory.enrol(store, event.tag, card.card)
                enrolled += 1
                logger.info(
                    "tag %s enrolled to %s (%d/%d)", event.tag, card.card, card.copy, card.of
                )
                _emit(
                    out,
                    {
                        "result": "enrolled",
                        "tag": event.tag,
                        "card": card.card,
                        "copy": card.copy,
                        "of": card.of,
                    },
                )
                deck.pop(0)
                if deck and (limit is None or enrolled < limit):
                    _prompt(out, deck[0])
    except KeyboardInterrupt:
        pass
    finally:
        supervisor.stop()
    _emit(out, {"done": not deck, "enrolled": enrolled, "left": len(deck)})
    return 0
