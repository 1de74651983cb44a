"""Why a verdict code refuses: every code's explanation, with where the rules say so.

Each game's spec names its explanations (:attr:`companion.rules.spec.GameSpec.explanations`), an
:class:`ExplanationTable` keyed by verdict code (the wordings of a code,
its variants, share its one explanation); the codes every game shares are explained in
:data:`COMMON` below, from the app's own rules (they are not a rule of any game). A game's table
may explain a shared code its own way; otherwise the shared explanation answers.

What is translated and what is not: the title and the explanation are the project's own words
(msgids, translated by the catalogs); a rulebook's section title and its one quoted sentence are
data, as printed in each edition the project holds (a table whose language has no edition reads
the English one, and the answer says so).
"""

from __future__ import annotations

import logging
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.installation.i18n import DEFAULT, N_, _, current_language

_log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Book:
    """A rulebook: its name in each edition the project holds (msgids: the names are ours)."""

    editions: Mapping[str, str]
    """Language -> the edition's name, e.g. ``{"en": N_("Targi rulebook, English edition")}``;
    English is always there."""
    own: bool = False
    """The app's own rules (its README), not a publisher's rulebook."""


@dataclass(frozen=True)
class Section:
    """A section of a book: its title in each edition that has it (as printed; for the app's own
    book, a msgid), and its page where the book's text gives one. A table whose language has no
    edition with this section reads the English one."""

    book: Book
    titles: Mapping[str, str]
    page: int | None = None

    def edition(self, lang: str) -> str:
        return lang if lang in self.titles else DEFAULT

    def as_dict(self, lang: str) -> dict[str, Any]:
        edition = self.edition(lang)
        title = self.titles[edition]
        return {
            "book": _(self.book.editions[edition]),
            "section": _(title) if self.book.own else title,
            "page": self.page,
        }


@dataclass(frozen=True)
class Explanation:
    """One verdict code explained: a title and a few sentences of ours, the section behind it, and
    at most one sentence quoted from that section, verbatim, per edition held (`` … `` marks words
    left out)."""

    title: str
    text: str
    section: Section
    quotes: Mapping[str, str] = field(default_factory=dict)

    def quote(self, lang: str) -> dict[str, str] | None:
        """The quoted sentence in ``lang``'s edition, else the English one with a note saying why."""
        if not self.quotes:
            return None
        if lang in self.quotes:
            return {"text": self.quotes[lang], "lang": lang}
        if lang in self.section.book.editions:
            note = _(
                "This passage is not in the edition in your language: quoted from the English."
            )
        else:
            note = _(
                "No edition of this rulebook in your language is at hand: quoted from the English."
            )
        return {"text": self.quotes[DEFAULT], "lang": DEFAULT, "note": note}

    def as_dict(self, code: str) -> dict[str, Any]:
        """The JSON answer in the active language: code, title, explanation, source (book,
        section, page) and quote."""
        lang = current_language()
        return {
            "code": code,
            "title": _(self.title),
            "explanation": _(self.text),
            "source": self.section.as_dict(lang),
            "quote": self.quote(lang),
        }


class ExplanationTable:
    """The explanations of one scope (a game, or ``None`` for the shared codes), by code."""

    def __init__(
        self, game: str | None, quotes: Mapping[str, Mapping[str, str]] | None = None
    ) -> None:
        """``quotes``: code -> language -> sentence, for codes whose :meth:`add` gives none (a
        game may keep its editions' words as data)."""
        self.game = game
        self._quotes = dict(quotes or {})
        self._entries: dict[str, Explanation] = {}

    def add(
        self,
        code: str,
        title: str,
        text: str,
        section: Section,
        quotes: Mapping[str, str] | None = None,
    ) -> Explanation:
        """Explain ``code`` (once per scope); ``quotes``: language -> one sentence, verbatim."""
        if code in self._entries:
            raise ValueError(f"code {code!r} is explained twice in {self.game or 'core'}")
        quotes = quotes if quotes is not None else self._quotes.get(code)
        if quotes and DEFAULT not in quotes:
            raise ValueError(f"{code}: a quote needs its English sentence")
        entry = Explanation(title, text, section, dict(quotes or {}))
        self._entries[code] = entry
        return entry

    def get(self, code: str) -> Explanation | None:
        return self._entries.get(code)

    def codes(self) -> list[str]:
        return list(self._entries)

    def __iter__(self) -> Iterator[tuple[str, Explanation]]:
        return iter(self._entries.items())


def game_table(game: str) -> ExplanationTable | None:
    """The explanations ``game``'s spec declares (:attr:`companion.rules.spec.GameSpec.explanations`), or
    ``None`` (a game without any, a test's, or an unknown one)."""
    from companion.rules.registry import part_of

    return part_of(game, "explanations", ExplanationTable)


def explanation(game: str, code: str) -> Explanation | None:
    """Why ``game`` refuses with ``code``: the game's own explanation, else the shared one."""
    table = game_table(game)
    found = table.get(code) if table is not None else None
    return found if found is not None else COMMON.get(code)


def explained(game: str, code: str) -> dict[str, Any] | None:
    """:meth:`Explanation.as_dict` for ``game``'s ``code``; ``None`` for a code without one."""
    found = explanation(game, code)
    if found is None:
        _log.warning("no explanation for %s's verdict code %r", game, code)
        return None
    return found.as_dict(code)


APP = Book({DEFAULT: N_("Table Companion: how the app keeps a game")}, own=True)
"""The app's own rules: what no rulebook says because it is about the app, not the game."""

APP_TURNS = Section(APP, {DEFAULT: N_("Whose turn it is")})
APP_LOG = Section(APP, {DEFAULT: N_("The game's record: undo, redo and several devices")})
APP_STORAGE = Section(APP, {DEFAULT: N_("Where the games are stored")})
APP_CARDS = Section(APP, {DEFAULT: N_("Scanning cards")})
APP_SCREEN = Section(APP, {DEFAULT: N_("Buttons and the screen")})

COMMON = ExplanationTable(None)
"""The codes every game shares (:data:`companion.rules.refusals.SHARED`), explained from the app's rules."""

COMMON.add(
    "stale",
    N_("Someone else moved first"),
    N_(
        "The move was entered against an earlier moment of the game: since then another move was "
        "entered, here or on another device. Look at the game as it is now and enter the move "
        "again if it still holds."
    ),
    APP_LOG,
)
COMMON.add(
    "wrong_game",
    N_("Input for another game"),
    N_("The input names a different game than the one open here, so it was not applied."),
    APP_LOG,
)
COMMON.add(
    "nothing_to_undo",
    N_("Nothing to undo"),
    N_("Undo takes back the last move still in effect; no move of this game is left to take back."),
    APP_LOG,
)
COMMON.add(
    "nothing_to_redo",
    N_("Nothing to redo"),
    N_("Redo puts back a move that was undone, and only until a new move is entered."),
    APP_LOG,
)
COMMON.add(
    "log_damaged",
    N_("The record is damaged"),
    N_(
        "Part of this game's stored record cannot be read. The app shows the game as it was at "
        "the last sound entry and changes nothing, so that nothing sound is lost."
    ),
    APP_STORAGE,
)
COMMON.add(
    "storage_unavailable",
    N_("The games cannot be stored"),
    N_(
        "The game database cannot be written where it is (a full disk, a read-only card or missing "
        "permissions): the move is not kept until that is fixed."
    ),
    APP_STORAGE,
)
COMMON.add(
    "game_over",
    N_("The game is over"),
    N_("Once a game has ended, no further move changes it."),
    APP_TURNS,
)
COMMON.add(
    "not_your_turn",
    N_("Not your turn"),
    N_("Players act in the order the rules give; only the player whose turn it is may act now."),
    APP_TURNS,
)
COMMON.add(
    "unknown_card",
    N_("Unknown card"),
    N_("The card read is not one of the cards the app knows for any of its games."),
    APP_CARDS,
)
COMMON.add(
    "other_game",
    N_("A card of another game"),
    N_("The card belongs to another game's box; perhaps it was mixed into this game's cards."),
    APP_CARDS,
)
COMMON.add(
    "no_card_expected",
    N_("No card is drawn now"),
    N_(
        "At this moment of the game no card is drawn or turned up, so a scanned card means nothing."
    ),
    APP_CARDS,
)
COMMON.add(
    "nothing_to_skip",
    N_("Nothing to skip"),
    N_("Skipping passes over an optional step; the screen asks for something the game needs."),
    APP_SCREEN,
)
COMMON.add(
    "no_such_seat",
    N_("An empty seat"),
    N_("The seat button pressed belongs to no player of this game."),
    APP_SCREEN,
)
COMMON.add(
    "no_turn_end",
    N_("A turn ends with its move"),
    N_("In this game a player's turn is one move: there is nothing to end by hand."),
    APP_SCREEN,
)
COMMON.add(
    "no_stage_end",
    N_("Stages end by themselves"),
    N_("In this game a stage ends when its rules say so: there is no stage to end by hand."),
    APP_SCREEN,
)
COMMON.add(
    "unexpected_card",
    N_("A card not expected now"),
    N_("The card scanned is not one the game can use at this moment."),
    APP_CARDS,
)
COMMON.add(
    "scan_ambiguous",
    N_("The card fits several moves"),
    N_("The scanned card could be used in more than one way now: choose the move on the screen."),
    APP_CARDS,
)
COMMON.add(
    "scan_not_mapped",
    N_("A scan alone is not enough"),
    N_(
        "For this card the app cannot yet tell the move from the scan: enter the move on the screen."
    ),
    APP_CARDS,
)
COMMON.add(
    "scan_incomplete",
    N_("More cards make this move"),
    N_(
        "The cards scanned so far are only part of one move (a load, a payment, a thief pile): "
        "scan the rest, or finish the move on the screen."
    ),
    APP_CARDS,
)
COMMON.add(
    "scan_one_card",
    N_("One card at a time"),
    N_("In this game each move takes a single card: scan the cards one after the other."),
    APP_CARDS,
)
