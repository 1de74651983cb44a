"""The card values the table confirms: what water's, rock salt's and millet's cards print.

The rulebook prints only gold's (2 dinars, 5 majority points). The first game that lacks the others
asks the table once; what it enters is stored for this installation (settings ``values`` and
``dinars`` of game ``tuareg``, see :mod:`companion.games.tuareg.values`) and applied to the game on
the table as ``confirm_value`` actions. Asking never blocks play: the table may answer later.
Pure Python (no Kivy).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.games.tuareg import actions as a
from companion.games.tuareg.model import DINARS, KNOWN_VALUES, Good
from companion.games.tuareg.names import good_name
from companion.games.tuareg.state import TuaregState
from companion.games.tuareg.values import table_values
from companion.installation.errors import InputError
from companion.installation.i18n import _

ASKED: tuple[Good, ...] = tuple(g for g in Good if g not in KNOWN_VALUES or g not in DINARS)
"""The goods whose values only their cards print (the rulebook gives gold's)."""

FIELDS = ("dinars", "points")


@dataclass
class ValueEntry:
    """What the table has entered so far for one good (``None``: not entered)."""

    good: Good
    dinars: int | None = None
    points: int | None = None


def entries(state: TuaregState, settings: Mapping[str, Any]) -> dict[Good, ValueEntry]:
    """One entry per asked good, filled with what the game knows, else what this table stored.

    :class:`InputError` ``invalid_setting`` if the stored values are damaged."""
    stored = table_values(settings)
    filled = {}
    for good in ASKED:
        known, kept = state.value(good), stored[good]
        filled[good] = ValueEntry(
            good,
            dinars=known.dinars if known.dinars is not None else kept.dinars,
            points=known.points if known.points is not None else kept.points,
        )
    return filled


def confirmations(filled: Mapping[Good, ValueEntry]) -> list[a.ConfirmValue]:
    """The actions for every good entered in full; goods left blank stay unconfirmed.

    :class:`InputError` ``incomplete_value`` names a good with only one of its two values, and
    ``no_value`` says nothing was entered."""
    actions = []
    for good, entry in filled.items():
        if entry.dinars is None and entry.points is None:
            continue
        if entry.dinars is None or entry.points is None:
            missing = _("dinars") if entry.dinars is None else _("majority points")
            raise InputError(
                "incomplete_value",
                _("{good}: enter its {missing} too, or leave both blank.").format(
                    good=good_name(good), missing=missing
                ),
            )
        actions.append(a.ConfirmValue(good=good, dinars=entry.dinars, points=entry.points))
    if not actions:
        raise InputError("no_value", _("Enter a good's dinars and points, or choose Later."))
    return actions
