"""Turning a list of legal actions into a few buttons at a time, and actions into words.

A card's legal actions can be many (a drawn tribe card x where it goes x how it is paid). When they
fit on one screen each is a button; otherwise the player picks one field at a time (the card, then
the decision, ...) in the order the action declares its fields, until one action is left. Nothing is
decided here: every option is an action the rules listed as legal.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from companion.installation.i18n import _

MAX_DIRECT = 10
"""Up to this many actions are offered as one button each."""
HIDDEN_FIELDS = ("kind", "player")
"""Fields the screen already shows (the action itself, the player to move)."""

ValueText = Callable[[Any], str]

WHOLE = "*"
"""A ``texts`` key whose entry words a whole action (``Give 1 pepper``), not one field."""


@dataclass(frozen=True)
class Option:
    """One button: its text and the legal actions it leaves (one: tapping it submits that action)."""

    label: str
    actions: tuple[Any, ...]

    @property
    def action(self) -> Any | None:
        return self.actions[0] if len(self.actions) == 1 else None


def fields_of(action: Any) -> list[tuple[str, Any]]:
    """The action's own fields, in declaration order, without the ones the screen shows anyway."""
    return [
        (f.name, getattr(action, f.name))
        for f in dataclasses.fields(action)
        if f.name not in HIDDEN_FIELDS
    ]


def card_text(card: str) -> str:
    """A printed card id without the game and deck prefix: ``TARGI-TRIBE-WELL-3`` -> ``Well 3``."""
    parts = card.split("-")
    return " ".join(parts[2:]).title() if len(parts) > 2 else card


def value_text(value: Any) -> str:
    if isinstance(value, Enum):
        return _(str(value.value).replace("_", " "))
    if isinstance(value, tuple) and all(isinstance(v, int) for v in value):
        return "·".join(str(v) for v in value)
    if isinstance(value, tuple):
        return ", ".join(value_text(v) for v in value)
    if isinstance(value, str) and value.count("-") >= 2 and value.isupper():
        return card_text(value)
    if isinstance(value, str):
        return _(value.replace("_", " "))
    if dataclasses.is_dataclass(value):
        return " / ".join(value_text(v) for _name, v in fields_of(value))
    return str(value)


def kind_of(action: Any) -> str:
    """The ``kind`` tag of an action, or of an action class (its default)."""
    if isinstance(action, type):
        return str(action.__dataclass_fields__["kind"].default)  # type: ignore[attr-defined]
    return str(action.kind)


def kind_text(action: Any) -> str:
    """The action's kind as words: ``Pay raid`` (also for an action class); only the first letter
    raised (a German noun keeps its capital)."""
    words = _(kind_of(action).replace("_", " "))
    return words[:1].upper() + words[1:]


def describe(
    action: Any, texts: Mapping[str, ValueText] | None = None, *, with_kind: bool = True
) -> str:
    """``Pay raid: dates 1, salt 1`` — the kind (unless the prompt says it), then every field that
    says something; a ``texts`` entry :data:`WHOLE` words the whole action instead."""
    if texts and WHOLE in texts:
        return texts[WHOLE](action)
    said = ", ".join(
        part for name, value in fields_of(action) if (part := field_text(name, value, texts))
    )
    if not with_kind:
        return said[:1].upper() + said[1:] or kind_text(action)
    return f"{kind_text(action)}: {said}" if said else kind_text(action)


def field_text(name: str, value: Any, texts: Mapping[str, ValueText] | None = None) -> str:
    """One field as words; empty for a field that says nothing (None, False, a zero count)."""
    if value is None or value is False:
        return ""
    if texts and name in texts:
        return texts[name](value)
    if value == 0:
        return ""
    label = _(name.replace("_", " "))
    if value is True:
        return label
    return f"{label} {value_text(value)}"


def options(
    actions: Sequence[Any],
    texts: Mapping[str, ValueText] | None = None,
    *,
    with_kind: bool = True,
) -> tuple[str | None, list[Option]]:
    """The buttons for ``actions``: ``(None, one per action)`` if they fit, else
    ``(field, one per value of the first field that tells them apart)``."""
    field = _first_varying_field(actions) if len(actions) > MAX_DIRECT else None
    if field is None:
        return None, [Option(describe(a, texts, with_kind=with_kind), (a,)) for a in actions]
    groups: dict[Any, list[Any]] = {}
    for action in actions:
        groups.setdefault(getattr(action, field), []).append(action)
    return field, [
        Option(field_text(field, value, texts) or _("none"), tuple(group))
        for value, group in groups.items()
    ]


def _first_varying_field(actions: Sequence[Any]) -> str | None:
    for name, _value in fields_of(actions[0]):
        if len({repr(getattr(a, name, None)) for a in actions}) > 1:
            return name
    return None


def naming(actions: Sequence[Any], card: str) -> list[Any]:
    """The actions that name ``card`` in one of their fields (a scanned card narrows the choice)."""
    return [a for a in actions if any(value == card for _name, value in fields_of(a))]
