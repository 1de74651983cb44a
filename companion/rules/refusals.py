"""Every verdict code in one registry: each refusal is declared once, with its message.

A :class:`Refusal` is a code, the English message template (the msgid: a literal, marked with
:func:`N_` so that extraction finds it) and its scope: a game's name, or ``None`` for the codes
every game shares (declared in :data:`SHARED` below). Each game declares its own codes in a
:class:`RefusalTable` its spec names (:attr:`companion.rules.spec.GameSpec.refusals`); a rules
module refuses with ``raise CANNOT_AFFORD.violation(cost=..., missing=...)``, and the message is
translated when the refusal is raised. :func:`all_refusals` gathers every table (the README's list
of codes is checked against it).

A code means one thing in its scope. Where the same refusal reads differently by circumstance
(``underpaid`` with or without the cards' worth), the other wordings are :meth:`RefusalTable.variant`
entries of it: same code, same meaning, another message.
"""

from __future__ import annotations

import string
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from companion.installation.errors import InputError
from companion.installation.i18n import N_, Nn_, _, ngettext
from companion.rules.verdict import RuleViolation, Verdict

if TYPE_CHECKING:
    from companion.store import StorageUnavailableError


@dataclass(frozen=True, slots=True)
class Refusal:
    """One verdict code with one wording of its message (``{name}`` placeholders filled when raised).

    What else a player may read about a refusal (why the rule exists, where the rulebook says it)
    is one more field here, given to :meth:`RefusalTable.add` and inherited by its variants.
    """

    code: str
    message: str
    game: str | None = None
    singular: str | None = None
    """A counted message's singular (``message`` is then its plural): the form follows the
    number in the placeholder :attr:`count`, as the language counts (:func:`ngettext`)."""
    count: str | None = None
    fields: frozenset[str] = field(init=False, compare=False)
    """The placeholders of :attr:`message`: exactly the keywords every raise must supply."""

    def __post_init__(self) -> None:
        names = {name for _lit, name, _spec, _conv in string.Formatter().parse(self.message)}
        names.discard(None)
        if any(not str(name).isidentifier() for name in names):
            raise ValueError(f"{self.code}: placeholders must be plain names: {self.message!r}")
        object.__setattr__(self, "fields", frozenset(str(name) for name in names))

    def text(self, **fields: object) -> str:
        """The translated message with ``fields`` filled in; they must match the placeholders."""
        if set(fields) != self.fields:
            raise TypeError(
                f"refusal {self.code!r} takes the fields {sorted(self.fields)}, "
                f"not {sorted(fields)}"
            )
        if self.singular is not None and self.count is not None:
            number = fields[self.count]
            counted = ngettext(
                self.singular, self.message, number if isinstance(number, int) else 0
            )
            return counted.format(**fields)
        return _(self.message).format(**fields)

    def violation(self, **fields: object) -> RuleViolation:
        """The exception a rules module raises: ``raise ENTRY.violation(...)``."""
        return RuleViolation(self.code, self.text(**fields))

    def verdict(self, **fields: object) -> Verdict:
        """The refusing :class:`Verdict` itself, for code that answers rather than raises."""
        return self.violation(**fields).verdict


class RefusalTable:
    """The refusals of one scope (a game, or ``None`` for the shared ones), in declaration order."""

    def __init__(self, game: str | None) -> None:
        self.game = game
        self._entries: list[Refusal] = []
        self._codes: dict[str, Refusal] = {}

    def add(self, code: str, message: str | tuple[str, str], count: str | None = None) -> Refusal:
        """Declare ``code``; a scope declares each code once (other wordings: :meth:`variant`).
        A counted message is ``Nn_(singular, plural)`` with ``count`` the placeholder counted."""
        if code in self._codes:
            raise ValueError(f"refusal code {code!r} is declared twice in {self.game or 'core'}")
        if isinstance(message, tuple):
            entry = Refusal(code, message[1], self.game, singular=message[0], count=count)
        else:
            entry = Refusal(code, message, self.game)
        self._codes[code] = entry
        self._entries.append(entry)
        return entry

    def variant(self, of: Refusal, message: str | tuple[str, str]) -> Refusal:
        """Another wording of the refusal ``of`` (declared in this table, or a shared one that a
        game words its own way): same code and meaning. A counted ``of`` has counted variants
        (``Nn_``), counted by the same placeholder."""
        if self._codes.get(of.code) is not of and of.game is not None:
            raise ValueError(f"refusal {of.code!r} is not declared in {self.game or 'core'}")
        if isinstance(message, tuple):
            singular: str | None
            singular, message = message
        else:
            singular = None
        # whatever else ``of`` says holds
        entry = replace(of, message=message, singular=singular, game=self.game)
        self._entries.append(entry)
        return entry

    def __iter__(self) -> Iterator[Refusal]:
        return iter(self._entries)

    def codes(self) -> list[str]:
        """The codes of this scope, in declaration order (each once)."""
        return list(self._codes)


def combined(violations: Iterable[RuleViolation]) -> RuleViolation:
    """Several rules broken at once: the first one's code, every message in turn."""
    broken = list(violations)
    return RuleViolation(broken[0].code, " ".join(v.message for v in broken))


def input_refusal(error: InputError) -> Verdict:
    """An input that does not parse, answered as a refusal (its code is an input error's)."""
    return RuleViolation(error.code, error.message).verdict


def storage_refusal(error: StorageUnavailableError) -> Verdict:
    """A write the storage refused (full disk, read-only, ...), answered as a refusal (its code:
    ``storage_unavailable``); nothing was written."""
    return RuleViolation(error.code, error.message).verdict


SHARED = RefusalTable(None)
"""Codes every game (or the session, or the scanner) refuses with, in the same words."""

STALE = SHARED.add(
    "stale",
    N_(
        "This input was meant for another moment of the game (entry {seen}); "
        "the game is now at entry {now}."
    ),
)
STALE_WRITTEN = SHARED.variant(
    STALE, N_("Another device has changed this game; open it again to continue.")
)
WRONG_GAME = SHARED.add("wrong_game", N_("This input belongs to another game."))
NOTHING_TO_UNDO = SHARED.add("nothing_to_undo", N_("There is nothing to undo."))
NOTHING_TO_REDO = SHARED.add("nothing_to_redo", N_("There is nothing to redo."))
LOG_DAMAGED = SHARED.add(
    "log_damaged",
    N_(
        "This game's record is damaged from entry {at} on ({reason}). It is shown as it was at "
        "entry {seq} and cannot be changed."
    ),
)
STORAGE_UNAVAILABLE = SHARED.add(
    "storage_unavailable",
    N_("The game database cannot be used where it is ({cause}); nothing was changed."),
)
"""The screen shows :func:`companion.storage.storage_env.explain`'s sentence for the cause; the CLI answers
this code as an error (exit 3), not as a verdict."""
GAME_OVER = SHARED.add("game_over", N_("The game is over."))
NOT_YOUR_TURN = SHARED.add("not_your_turn", N_("It is {name}'s turn."))
UNKNOWN_CARD = SHARED.add("unknown_card", N_("{card} is not a card of any game."))
OTHER_GAME = SHARED.add("other_game", N_("{card} is a {owner} card, not a {game} card."))
NO_CARD_EXPECTED = SHARED.add(
    "no_card_expected", N_("No card is drawn now ({phase}): {card} was not expected.")
)

# Refused by the screen before the game sees the input (the screen words them as below).
NOTHING_TO_SKIP = SHARED.add(
    "nothing_to_skip", N_("Nothing to skip here: answer the prompt on screen.")
)
NO_SUCH_SEAT = SHARED.add(
    "no_such_seat",
    Nn_(
        "Seat {n} is empty: {count} player sits at this table.",
        "Seat {n} is empty: {count} players sit at this table.",
    ),
    count="count",
)
NO_TURN_END = SHARED.add(
    "no_turn_end", N_('{game} has no "my turn is done": a turn ends with its move.')
)
NO_STAGE_END = SHARED.add(
    "no_stage_end", N_("{game} has no stage to end by hand: holding next did nothing.")
)
UNEXPECTED_CARD = SHARED.add("unexpected_card", N_("{card} is not a card the game expects now."))
SCAN_AMBIGUOUS = SHARED.add(
    "scan_ambiguous",
    Nn_(
        "{card} fits {count} move now: choose it on the screen (or with game act).",
        "{card} fits {count} different moves now: choose one on the screen (or with game act).",
    ),
    count="count",
)
SCAN_NOT_MAPPED = SHARED.add(
    "scan_not_mapped",
    N_(
        "{game} cannot yet turn a scan of {card} alone into a move: enter the move on the screen "
        "(or with game act)."
    ),
)
SCAN_INCOMPLETE = SHARED.add("scan_incomplete", N_("{cards}: not a whole move yet. {needs}"))
SCAN_ONE_CARD = SHARED.add(
    "scan_one_card", N_("{game} takes one card per move: scan {cards} one at a time.")
)


def all_refusals() -> list[Refusal]:
    """Every declared refusal: the shared table, then each registered game's (its spec's
    :attr:`~companion.rules.spec.GameSpec.refusals`), in registry order."""
    from companion.rules.registry import GAMES, part_of

    entries = list(SHARED)
    for name in GAMES:
        entries.extend(part_of(name, "refusals", RefusalTable) or ())
    return entries
