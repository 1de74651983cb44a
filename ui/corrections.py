"""A game's corrections, read from its rules: which actions overrule the app's belief, and what
each of their fields accepts (from the action's JSON schema), so one form serves every game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.game import GameRules

Rules = GameRules[Any, Any, Any]


@dataclass(frozen=True)
class FieldSpec:
    name: str
    kind: str
    """``integer``, ``string``, ``array`` (a cell such as ``1,2``), ``boolean`` or ``choice``."""
    choices: tuple[Any, ...] = ()
    nullable: bool = False
    default: Any = None


def action_types(rules: Rules) -> list[type]:
    """Every action class of a game, as its tagged union declares them."""
    schema = rules.action_adapter.core_schema
    while schema.get("type") != "tagged-union":
        schema = schema["schema"]
    return [choice["cls"] for choice in schema["choices"].values()]


def correction_types(rules: Rules) -> list[type]:
    return [cls for cls in action_types(rules) if rules.is_correction(cls)]


def field_specs(rules: Rules, cls: type) -> list[FieldSpec]:
    """The fields a correction form asks for (all but ``kind``), in declaration order."""
    definitions = rules.action_adapter.json_schema()["$defs"]
    properties = definitions[cls.__name__]["properties"]
    specs = []
    for name, prop in properties.items():
        if name == "kind":
            continue
        variants = prop.get("anyOf", [prop])
        nullable = any(v.get("type") == "null" for v in variants)
        concrete = [v for v in variants if v.get("type") != "null"]
        first = _resolve(concrete[0] if concrete else prop, definitions)
        if "enum" in first:
            specs.append(
                FieldSpec(name, "choice", tuple(first["enum"]), nullable, prop.get("default"))
            )
        elif "const" in first:
            specs.append(FieldSpec(name, "choice", (first["const"],), nullable, first["const"]))
        else:
            specs.append(
                FieldSpec(name, first.get("type", "string"), (), nullable, prop.get("default"))
            )
    return specs


def _resolve(schema: dict[str, Any], definitions: dict[str, Any]) -> dict[str, Any]:
    ref = schema.get("$ref")
    return definitions[ref.rsplit("/", 1)[-1]] if ref else schema


def parse_field(spec: FieldSpec, text: str) -> Any:
    """The JSON value for what was typed; the rules' parser names anything still malformed."""
    text = text.strip()
    if text == "" and spec.nullable:
        return None
    if spec.kind == "integer":
        try:
            return int(text)
        except ValueError:
            return text
    if spec.kind == "array":
        parts = [p for p in text.replace("·", ",").replace(" ", ",").split(",") if p]
        return [int(p) if p.lstrip("-").isdigit() else p for p in parts]
    if spec.kind == "boolean":
        return text.lower() in ("yes", "true", "1")
    return text


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
