"""Cards behind tags: one printable card-id scheme for every game, and the tag -> card directory.

**The scheme.** A card id is ``GAME-CATEGORY-DETAIL``: upper-case ASCII letters and digits in
parts joined by ``-`` (so QR alphanumeric mode and Code 39 encode it as is). Printed on a
barcode/QR label it needs no setup: the label *is* the card.

Each game's spec lists its ids (:attr:`companion.rules.spec.GameSpec.card_ids`), e.g. one per physical
card (``TARGI-TRIBE-WELL-3``), one per kind where copies are alike, or, for cards whose faces are
not public, ids that describe what a face shows. The README lists them.

**Tags.** A scanned tag resolves to a card if its text is a card id (case and surrounding spaces
ignored), else if it was enrolled (RFID tags: scan once, pick the card; stored in the database),
else to nothing: the app then asks to enrol it and never guesses.

**Phase checks.** :func:`check_scan` refuses a card of another game, then asks the game's own check
(:attr:`companion.rules.spec.GameSpec.check_scan`). A game without one accepts any of its cards.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from typing import Any

from companion.installation.errors import InputError
from companion.installation.i18n import _
from companion.rules.refusals import OTHER_GAME, UNKNOWN_CARD
from companion.rules.registry import GAMES
from companion.rules.spec import GameSpec
from companion.rules.verdict import Verdict
from companion.store import Store

CARD_ID = re.compile(r"[A-Z0-9]+(?:-[A-Z0-9]+)+")


def card_ids() -> dict[str, frozenset[str]]:
    """Every printable card id, by game."""
    return {name: _ids(spec) for name, spec in GAMES.items()}


@cache
def _ids(spec: GameSpec) -> frozenset[str]:
    return spec.card_ids()


def _title(game: str) -> str:
    spec = GAMES.get(game)
    return game.capitalize() if spec is None else spec.title()


def game_of(card: str) -> str | None:
    """The game ``card`` belongs to, or None if it is no card id."""
    return next((game for game, ids in card_ids().items() if card in ids), None)


def printed_card(text: str) -> str | None:
    """The card id a label's text spells (ignoring case and surrounding spaces), if any."""
    candidate = text.strip().upper()
    if CARD_ID.fullmatch(candidate) and game_of(candidate) is not None:
        return candidate
    return None


class TagDirectory:
    """Tag -> card for the scanner's thread, enrolments for the UI's: printed ids, then enrolled.

    The enrolled map is replaced whole on every change, so a reader on another thread always sees
    a complete map (the old one or the new one) without a lock.
    """

    def __init__(self, enrolled: Mapping[str, str] | None = None) -> None:
        self._enrolled: dict[str, str] = dict(enrolled or {})

    @classmethod
    def from_store(cls, store: Store) -> TagDirectory:
        return cls(store.enrolled_tags())

    def resolve(self, tag: str) -> str | None:
        """The card ``tag`` stands for; None when it is neither a card id nor enrolled."""
        return printed_card(tag) or self._enrolled.get(tag)

    def enrol(self, store: Store, tag: str, card: str) -> str | None:
        """Store that ``tag`` stands for ``card`` (replacing an earlier enrolment, whose card is
        returned). :class:`InputError` for an empty tag, a card id that is not one, or a tag that is
        itself a printed card id."""
        if not tag.strip():
            raise InputError("empty_tag", _("tag: a scanned tag cannot be empty."))
        if game_of(card) is None:
            raise InputError(
                "unknown_card", _("card: {card} is not a card of any game.").format(card=card)
            )
        printed = printed_card(tag)
        if printed is not None:
            raise InputError(
                "printed_tag",
                _("tag: {tag} already names the card {card}; it needs no enrolment.").format(
                    tag=tag, card=printed
                ),
            )
        previous = store.enrol_tag(tag, card)
        self._enrolled = {**self._enrolled, tag: card}
        return previous

    def reload(self, store: Store) -> None:
        """Read every enrolment from ``store`` again (after tags were imported from a file)."""
        self._enrolled = store.enrolled_tags()

    def forget(self, store: Store, tag: str) -> bool:
        """Remove ``tag``'s enrolment; False if it had none."""
        forgotten = store.forget_tag(tag)
        self._enrolled = {key: card for key, card in self._enrolled.items() if key != tag}
        return forgotten


def check_scan(game: str, state: Any, card: str) -> Verdict:
    """Whether the scanned ``card`` fits ``game`` in ``state`` now; a refusal says why."""
    owner = game_of(card)
    if owner is None:
        return UNKNOWN_CARD.verdict(card=card)
    if owner != game:
        return OTHER_GAME.verdict(card=card, owner=_title(owner), game=_title(game))
    check = GAMES[game].check_scan  # the card is one of the game's: the game is known
    return Verdict.legal() if check is None else check(state, card)
