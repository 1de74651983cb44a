"""How the app rules where a rulebook is silent or ambiguous: each game's rulings, as data.

Each game lists its rulings in ``companion/games/<game>/rulings.py`` as a tuple named ``RULINGS``.
A :class:`Ruling` says what the app applies and why (our words: msgids), the rulebook section it
concerns (:class:`companion.explanations.Section`, with what each edition prints there where the
editions differ), and the real alternatives a table might prefer. Where a table setting already
chooses between them (``table-companion settings``), the ruling names it: a new game copies the
setting into its options, so its log keeps the choice.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.explanations import Section
from companion.i18n import _, current_language


@dataclass(frozen=True)
class Alternative:
    """Another way a table could rule: ``text`` (a msgid), and the value of the ruling's
    :attr:`Ruling.setting` that selects it, where one does."""

    id: str
    text: str
    value: Any = None


@dataclass(frozen=True)
class Ruling:
    id: str
    ruling: str
    """What the app applies (a msgid)."""
    reason: str
    """Why: what the rulebooks say or leave open (a msgid)."""
    section: Section
    quotes: Mapping[str, str] = field(default_factory=dict)
    """What the section's editions print, verbatim, by language (the wordings that differ)."""
    alternatives: tuple[Alternative, ...] = ()
    setting: str | None = None
    """The table setting (``table-companion settings``) that chooses between the ruling and its
    alternatives, copied into each new game's options; ``None``: the app's ruling holds."""
    default: Any = None
    """The setting's value for :attr:`ruling`."""

    def as_dict(self) -> dict[str, Any]:
        """The ruling as ``rules rulings`` prints it, in the active language."""
        choice = None
        if self.setting is not None:
            choice = {"setting": self.setting, "value": self.default}
        return {
            "id": self.id,
            "ruling": _(self.ruling),
            "reason": _(self.reason),
            "source": self.section.as_dict(current_language()),
            "wordings": dict(self.quotes),
            "alternatives": [
                {
                    "id": alternative.id,
                    "ruling": _(alternative.text),
                    **(
                        {}
                        if self.setting is None
                        else {"choice": {"setting": self.setting, "value": alternative.value}}
                    ),
                }
                for alternative in self.alternatives
            ],
            "choice": choice,
        }


def applied(ruling: Ruling, value: Any) -> str:
    """What ``ruling`` says for a game whose :attr:`Ruling.setting` is ``value`` (the app's ruling,
    or the alternative that value selects), as a translated note: score sheets show it."""
    chosen = next((a.text for a in ruling.alternatives if a.value == value), ruling.ruling)
    return _("Ruling applied: {ruling}").format(ruling=_(chosen))


def rulings_of(game: str) -> tuple[Ruling, ...]:
    """``game``'s rulings, in the rulebook's order; none for a game without a ``rulings`` module
    (a game registered from elsewhere, a test's)."""
    try:
        module = importlib.import_module(f"companion.games.{game}.rulings")
    except ModuleNotFoundError as error:
        if not f"companion.games.{game}.rulings".startswith(str(error.name)):
            raise
        return ()
    rulings = module.RULINGS
    assert isinstance(rulings, tuple)
    return rulings
