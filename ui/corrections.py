"""A game's corrections, read from its rules: which actions overrule the app's belief, and what
each of their fields accepts (from the action's JSON schema), so one form serves every game.

Nested objects are flattened into one input per leaf, named by their dotted path
(``animal.number``); enums, constants, yes/no and small integer ranges become choices; other
integers a stepper within their bounds; a cell (a pair of bounded integers) two steppers; a list of
an enum's values becomes a sequence built one value at a time; a list of pairs is typed on the
on-screen keyboard as ``1,2; 3,4``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from companion.installation.i18n import N_, _
from companion.rules.game import GameRules

Rules = GameRules[Any, Any, Any]

MAX_CHOICES = 16
"""An integer field with at most this many allowed values is offered as a choice (no typing)."""
UNBOUNDED = (-999, 999)
"""The stepper's range for an integer whose schema gives no bounds."""


ABBREVIATIONS = {"vp": N_("VP")}
"""Field names said as abbreviations, in capitals."""


@dataclass(frozen=True)
class FieldSpec:
    path: tuple[str, ...]
    """Where the value goes in the action's JSON: ``("animal", "number")``."""
    kind: str
    """``integer`` (within ``bounds[0]``), ``cell`` (a pair of integers, each within its
    ``bounds``), ``string``, ``array`` (numbers typed as ``1,2``), ``groups`` (a list of cells:
    ``1,2; 3,4``), ``choice`` (one of ``choices``: also yes/no) or ``sequence`` (a list of
    ``choices``)."""
    choices: tuple[Any, ...] = ()
    nullable: bool = False
    default: Any = None
    max_items: int | None = None
    """The longest a sequence may be."""
    bounds: tuple[tuple[int, int], ...] = ()
    """The lowest and highest value of an ``integer`` (one pair) or of each number of a
    ``cell``."""

    @property
    def name(self) -> str:
        """The field's dotted path: ``animal.number``."""
        return ".".join(self.path)

    @property
    def words(self) -> str:
        """The label as the form shows it: translated, its first letter raised (``Salt``; an
        abbreviation in capitals: ``VP``)."""
        said = _(ABBREVIATIONS.get(self.label, self.label))
        return said[:1].upper() + said[1:]

    @property
    def label(self) -> str:
        """The path as words, a part repeated by its parent said once (``animal.animal``:
        ``animal``)."""
        parts = [p for i, p in enumerate(self.path) if i == 0 or p != self.path[i - 1]]
        return " ".join(parts).replace("_", " ")


def action_types(rules: Rules) -> list[type]:
    """Every action class of a game, as its tagged union declares them."""
    schema = rules.action_adapter.core_schema
    while schema.get("type") != "tagged-union":
        schema = schema["schema"]
    return [choice["cls"] for choice in schema["choices"].values()]


def correction_types(rules: Rules) -> list[type]:
    return [cls for cls in action_types(rules) if rules.is_correction(cls)]


def field_specs(rules: Rules, cls: type) -> list[FieldSpec]:
    """The inputs a correction form asks for (every field but ``kind``, nested objects flattened),
    in declaration order."""
    definitions = rules.action_adapter.json_schema()["$defs"]
    properties = definitions[cls.__name__]["properties"]
    specs: list[FieldSpec] = []
    for name, prop in properties.items():
        if name != "kind":
            specs.extend(_leaves((name,), prop, definitions, nullable=False))
    return specs


def _leaves(
    path: tuple[str, ...], prop: dict[str, Any], definitions: dict[str, Any], *, nullable: bool
) -> list[FieldSpec]:
    variants = prop.get("anyOf", [prop])
    nullable = nullable or any(v.get("type") == "null" for v in variants)
    concrete = [v for v in variants if v.get("type") != "null"]
    first = _resolve(concrete[0] if concrete else prop, definitions)
    default = prop.get("default")
    if "properties" in first:
        return [
            spec
            for name, sub in first["properties"].items()
            for spec in _leaves((*path, name), sub, definitions, nullable=nullable)
        ]
    if "enum" in first:
        return [FieldSpec(path, "choice", tuple(first["enum"]), nullable, default)]
    if "const" in first:
        return [FieldSpec(path, "choice", (first["const"],), nullable, first["const"])]
    kind = first.get("type", "string")
    if kind == "boolean":
        return [FieldSpec(path, "choice", (True, False), nullable, default)]
    if kind == "integer":
        bounds = _bounds(first)
        low, high = bounds
        if high - low < MAX_CHOICES:
            return [FieldSpec(path, "choice", tuple(range(low, high + 1)), nullable, default)]
        return [FieldSpec(path, "integer", (), nullable, default, bounds=(bounds,))]
    numbers = first.get("prefixItems", ())
    if kind == "array" and len(numbers) == 2 and all(n.get("type") == "integer" for n in numbers):
        cell = tuple(_bounds(n) for n in numbers)
        return [FieldSpec(path, "cell", (), nullable, default, bounds=cell)]
    if kind == "array" and "items" in first:
        items = _resolve(first["items"], definitions)
        if "enum" in items:
            choices = tuple(items["enum"])
            return [FieldSpec(path, "sequence", choices, nullable, default, first.get("maxItems"))]
        if items.get("type") == "array":
            kind = "groups"
    return [FieldSpec(path, kind, (), nullable, default)]


def _bounds(schema: dict[str, Any]) -> tuple[int, int]:
    return schema.get("minimum", UNBOUNDED[0]), schema.get("maximum", UNBOUNDED[1])


def _resolve(schema: dict[str, Any], definitions: dict[str, Any]) -> dict[str, Any]:
    ref = schema.get("$ref")
    return definitions[ref.rsplit("/", 1)[-1]] if ref else schema


def parse_field(spec: FieldSpec, text: str) -> Any:
    """The JSON value for what was typed; the rules' parser names anything still malformed."""
    text = text.strip()
    if text == "" and spec.nullable:
        return None
    if spec.kind == "array":
        return _numbers(text.replace(" ", ","))
    if spec.kind == "groups":
        return [_numbers(group) for group in text.split(";") if group.strip()]
    return text


def _numbers(text: str) -> list[Any]:
    parts = [p.strip() for p in text.replace("·", ",").split(",") if p.strip()]
    return [int(p) if p.lstrip("-").isdigit() else p for p in parts]


def field_text(spec: FieldSpec, value: Any) -> str:
    """How a typed field shows ``value`` (the inverse of :func:`parse_field`)."""
    if value is None:
        return ""
    if spec.kind == "array":
        return ",".join(map(str, value))
    if spec.kind == "groups":
        return "; ".join(",".join(map(str, group)) for group in value)
    return str(value)


def assemble(kind: str, values: Mapping[str, Any], specs: Sequence[FieldSpec]) -> dict[str, Any]:
    """The correction's JSON from each input's value (keyed by dotted name), nested as the
    schema nests it."""
    payload: dict[str, Any] = {"kind": kind}
    for spec in specs:
        holder = payload
        for part in spec.path[:-1]:
            holder = holder.setdefault(part, {})
        holder[spec.path[-1]] = values.get(spec.name)
    return payload


# --- what the app believes now, to start a form from --------------------------------------------

Form = Mapping[str, Any]
"""A form's values so far, by dotted name (``{"player": 0, "animal.animal": "camel", ...}``)."""


@dataclass(frozen=True)
class Belief:
    """Where a correction's fields' current values are in a state."""

    picks: tuple[str, ...]
    """The fields that pick what is corrected (the player, the animal ...): changing one fills
    the others again."""
    read: Callable[[Any, Form], dict[str, Any]]
    """The current values (by dotted name) given the picks in the form; empty when they pick
    nothing; values for fields the form lacks are ignored."""


def current_value(state: Any, seat: int | None, name: str) -> Any:
    """What the app believes now for a field named like a player's attribute or stock count, so
    a form starts from the belief it corrects (None when the state has no such value)."""
    players = getattr(state, "players", ())
    if seat is None or not 0 <= seat < len(players):
        return None
    player = players[seat]
    for holder in (getattr(player, "stock", None), player):
        if holder is not None and hasattr(holder, name):
            value = getattr(holder, name)
            if isinstance(value, int | str) or value is None:
                return value
    return None


def picked_player(state: Any, form: Form) -> Any:
    """The player the form's ``player`` field picks (None: none yet)."""
    seat = form.get("player")
    players = getattr(state, "players", ())
    return players[seat] if isinstance(seat, int) and 0 <= seat < len(players) else None


def counts_of(holder: Any) -> dict[str, Any]:
    """A dataclass of counts as fields: ``GoodCounts(water=1, ...)`` -> ``{"water": 1, ...}``."""
    return {f.name: getattr(holder, f.name) for f in dataclasses.fields(holder)}


def goods_of(goods: Sequence[Any]) -> list[str]:
    return [good.value for good in goods]


def belief_of(game: str, kind: str) -> Belief:
    """The belief reader of correction ``kind``: the game's own (the ``corrections`` module its UI
    entry declares, ``BELIEFS``: correction kind -> :class:`Belief`), else one that reads nothing (the
    generic lookup by name, :func:`current_value`, still finds a player's counts)."""
    from ui.games import corrections_of

    module = corrections_of(game)
    beliefs: Mapping[str, Belief] = getattr(module, "BELIEFS", {})
    return beliefs.get(kind, Belief((), lambda _state, _form: {}))


@dataclass(frozen=True)
class CardGroup:
    """Chips of one kind of card a correction's card field offers: ``(chip text, card id)``."""

    title: str
    chips: list[tuple[str, str]]


def card_chooser(game: str, kind: str) -> ModuleType | None:
    """``game``'s UI ``corrections`` module if correction ``kind`` names a card by chips there
    (``CARD_FIELDS``: kind -> field; ``card_groups(state, kind, values)``; ``card_label(card)``),
    else None (the field is typed)."""
    from ui.games import corrections_of

    module = corrections_of(game)
    return module if kind in getattr(module, "CARD_FIELDS", {}) else None


def card_label(game: str, card: str) -> str:
    """How ``game``'s screens name a physical card: its UI ``corrections`` module's
    ``card_label`` (its printed name, translated), else the card id in words."""
    from ui.choices import card_text
    from ui.games import corrections_of

    named = getattr(corrections_of(game), "card_label", None)
    return str(named(card)) if named is not None else card_text(card)
