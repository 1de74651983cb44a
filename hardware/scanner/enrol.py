"""``table-companion tags enrol GAME``: enrol RFID tags card by card, walking the deck.

For every physical card of the game (each copy of a card whose copies share an id) the command
prints a prompt, one JSON line: ``{"prompt": "scan the tag on", "card", "name", "copy", "of"}``,
and waits for a tag on the scanner. Each scan prints one result line: ``{"result": "enrolled",
"tag", "card", "copy", "of"}``, or ``{"result": "refused", "code", "tag", "message"}`` (a tag
enrolled to another card names it: ``"enrolled_to"``; a printed card id needs no enrolment) after
which the same card is asked again. The store is the progress: a card with as many tags as copies
is done, so a run stopped halfway resumes where it stopped. It ends after the deck, after
``limit`` enrolments, or after ``seconds``, printing ``{"done", "enrolled", "left"}``.

The walk itself (the card asked, skip, back, resume, the refusals) is :class:`EnrolWalk`, which the
Settings screen's enrolment walks too.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TextIO

from companion.store import Store
from hardware.events import EventQueue, UnknownTag
from hardware.scanner.transport import ScannerSettings, ScannerSupervisor

if TYPE_CHECKING:
    from companion.play.cards import TagDirectory

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Pending:
    card: str
    name: str
    copy: int
    of: int
    hint: str = ""
    """What tells the physical card apart (as its label prints it)."""


def deck_of(game: str) -> list[Pending]:
    """Every physical card of ``game`` in label order (the game's knowledge: :mod:`companion`)."""
    from companion.play.labels import labels  # the games are loaded only for an enrolment

    return [
        Pending(label.card, label.name, label.copy, label.of, label.hint) for label in labels(game)
    ]


def _tag_counts(store: Store) -> dict[str, int]:
    counts: dict[str, int] = {}
    for card in store.enrolled_tags().values():
        counts[card] = counts.get(card, 0) + 1
    return counts


@dataclass(frozen=True)
class Outcome:
    """What one scan did to the walk: ``enrolled`` (the tag is ``card`` now), or refused with a
    ``code``: ``tag_enrolled_elsewhere`` (``enrolled_to`` names the card the tag stands for),
    ``printed_tag`` (the tag is a printed label of ``card``, of ``game``: the walk's or another),
    ``walk_over`` (no card is asked: the deck is done)."""

    result: str
    code: str
    tag: str
    card: str = ""
    copy: int = 0
    of: int = 0
    enrolled_to: str = ""
    game: str = ""


POSITION_SCOPE = "tags"
"""The settings scope a remembered walk is stored in: key ``enrol-GAME``, value ``CARD#COPY`` (the
card asked) or :data:`AT_END`."""
AT_END = "end"


class EnrolWalk:
    """A walk through ``deck`` (one game's physical cards, in label order), asking for a tag on
    each card that has none: the logic shared by ``tags enrol`` and the Settings screen.

    The store is the progress (copy ``k`` of a card is done once the card has ``k`` tags); with
    ``remember`` the card asked is stored too, so a walk left with skipped cards behind it goes on
    where it was, not at the first skipped card. Skipped cards are the cards without a tag behind
    the card asked; :meth:`again` walks them once more.
    """

    def __init__(
        self,
        store: Store,
        directory: TagDirectory,
        game: str,
        deck: list[Pending],
        *,
        remember: bool = False,
    ) -> None:
        self.store = store
        self.directory = directory
        self.game = game
        self.deck = deck
        self.remember = remember
        self._counts = _tag_counts(store)
        self.index = self._first_pending(self._stored_index())
        self.enrolled = 0
        """Tags enrolled by this walk object (the CLI's count)."""

    # --- where the walk is ------------------------------------------------------------------------

    @property
    def current(self) -> Pending | None:
        """The card whose tag is asked for; None once the walk is past the deck's end."""
        return self.deck[self.index] if self.index < len(self.deck) else None

    @property
    def total(self) -> int:
        return len(self.deck)

    @property
    def left(self) -> int:
        """The deck's cards without a tag (the skipped ones included)."""
        return sum(not self._done(i) for i in range(len(self.deck)))

    @property
    def skipped(self) -> list[Pending]:
        """The cards without a tag behind the card asked (every one, once the walk is over)."""
        return [self.deck[i] for i in range(min(self.index, len(self.deck))) if not self._done(i)]

    @property
    def can_go_back(self) -> bool:
        return self._previous_pending() is not None

    # --- moving -----------------------------------------------------------------------------------

    def scan(self, tag: str) -> Outcome:
        """Enrol ``tag`` to the card asked and go on to the next card without a tag; or refuse it
        (a tag enrolled to any card, a printed label), which changes nothing."""
        card = self.current
        refused = self._refusal(tag)
        if refused is not None:
            return refused
        if card is None:
            return Outcome("refused", "walk_over", tag)
        self.directory.enrol(self.store, tag, card.card)
        self._counts[card.card] = self._counts.get(card.card, 0) + 1
        self.enrolled += 1
        logger.info("tag %s enrolled to %s (%d/%d)", tag, card.card, card.copy, card.of)
        self._move(self._first_pending(self.index + 1))
        return Outcome("enrolled", "enrolled", tag, card.card, card.copy, card.of)

    def skip(self) -> None:
        """Leave the card asked without a tag, for now: the next card without one is asked."""
        if self.current is not None:
            self._move(self._first_pending(self.index + 1))

    def back(self) -> None:
        """Ask again for the card without a tag before this one (a card skipped by mistake)."""
        previous = self._previous_pending()
        if previous is not None:
            self._move(previous)

    def again(self) -> None:
        """Walk once more from the first card without a tag (after the deck's end)."""
        self._move(self._first_pending(0))

    def _refusal(self, tag: str) -> Outcome | None:
        from companion.play.cards import game_of, printed_card

        printed = printed_card(tag)
        if printed is not None:
            return Outcome("refused", "printed_tag", tag, printed, game=game_of(printed) or "")
        other = self.store.card_for_tag(tag)
        if other is not None:
            return Outcome("refused", "tag_enrolled_elsewhere", tag, enrolled_to=other)
        return None

    def _done(self, index: int) -> bool:
        card = self.deck[index]
        return card.copy <= self._counts.get(card.card, 0)

    def _first_pending(self, start: int) -> int:
        """The first card without a tag from ``start`` on; the deck's length if none."""
        return next((i for i in range(start, len(self.deck)) if not self._done(i)), len(self.deck))

    def _previous_pending(self) -> int | None:
        return next((i for i in range(self.index - 1, -1, -1) if not self._done(i)), None)

    def _move(self, index: int) -> None:
        self.index = index
        if not self.remember:
            return
        card = self.current
        value = AT_END if card is None else f"{card.card}#{card.copy}"
        self.store.set_setting(POSITION_SCOPE, f"enrol-{self.game}", value)

    def _stored_index(self) -> int:
        if not self.remember:
            return 0
        stored = self.store.get_setting(POSITION_SCOPE, f"enrol-{self.game}")
        if stored == AT_END:
            return len(self.deck)
        return next(
            (i for i, card in enumerate(self.deck) if f"{card.card}#{card.copy}" == stored), 0
        )


def _emit(out: TextIO, line: dict[str, Any]) -> None:
    print(json.dumps(line, ensure_ascii=False), file=out, flush=True)


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


def _refusal_line(outcome: Outcome) -> dict[str, Any]:
    """A refused scan as ``tags enrol`` prints it."""
    tag = outcome.tag
    if outcome.code == "printed_tag":
        return {
            "result": "refused",
            "code": "printed_tag",
            "tag": tag,
            "card": outcome.card,
            "message": f"tag: {tag} already names the card {outcome.card}; it needs no enrolment.",
        }
    return {
        "result": "refused",
        "code": outcome.code,
        "tag": tag,
        "enrolled_to": outcome.enrolled_to,
        "message": f"tag: {tag} is already enrolled to {outcome.enrolled_to}; scan another tag "
        "(or forget it first).",
    }


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
    from companion.play.cards import TagDirectory

    walk = EnrolWalk(store, TagDirectory.from_store(store), game, deck_of(game))
    woken = threading.Event()
    events = EventQueue(notify=woken.set)
    deadline = None if seconds is None else time.monotonic() + seconds
    # every tag arrives as unknown: whether it may be enrolled is the walk's to say
    supervisor = ScannerSupervisor(settings, events, lambda _tag: None)
    supervisor.start()

    def more() -> bool:
        return walk.current is not None and (limit is None or walk.enrolled < limit)

    def ask() -> None:
        if walk.current is not None:
            _prompt(out, walk.current)

    try:
        if more():
            ask()
        while more():
            if deadline is not None and time.monotonic() >= deadline:
                break
            woken.wait(0.1)
            woken.clear()
            for event in events.drain():
                if not isinstance(event, UnknownTag) or not more():
                    continue
                outcome = walk.scan(event.tag)
                if outcome.result == "refused":
                    _emit(out, _refusal_line(outcome))
                    ask()
                    continue
                _emit(
                    out,
                    {
                        "result": "enrolled",
                        "tag": outcome.tag,
                        "card": outcome.card,
                        "copy": outcome.copy,
                        "of": outcome.of,
                    },
                )
                if more():
                    ask()
    except KeyboardInterrupt:
        pass
    finally:
        supervisor.stop()
    _emit(out, {"done": walk.left == 0, "enrolled": walk.enrolled, "left": walk.left})
    return 0
