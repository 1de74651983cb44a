"""The verdict-code registry: every refusal in ``companion`` is declared there, raised with exactly
the fields its message names, and listed in the README."""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path
from typing import Any

import pytest

from companion.games.tuareg.loading import load_verdict
from companion.games.tuareg.model import Animal, Good
from companion.rules import refusals as shared_refusals
from companion.rules.refusals import (
    GAME_OVER,
    N_,
    NOT_YOUR_TURN,
    SHARED,
    Refusal,
    RefusalTable,
    all_refusals,
    combined,
)

ROOT = Path(__file__).resolve().parent.parent
COMPANION = ROOT / "companion"
REGISTRY_MODULES = {COMPANION / "rules" / "refusals.py", COMPANION / "rules" / "verdict.py"}
RAISES = {"violation", "verdict", "text"}
"""The methods of :class:`Refusal` that fill in its message."""

SAME_MEANING = {
    "kinds": "a camel would carry more kinds of goods than it may",
    "no_such_card": "the card named is not there, or not that many exist",
    "no_such_player": "no player sits at that seat",
    "occupied": "the place named is taken",
    "wrong_card": "the card named is not the card the table shows there",
    "wrong_phase": "the action belongs to another step of the game",
}
"""Codes that more than one game declares, each in its own words: the meaning they share."""

START, END = "<!-- refusal-codes:start -->", "<!-- refusal-codes:end -->"
TITLES = {None: "Every game", "targi": "Targi", "tuareg": "Tuareg", "timbuktu": "Timbuktu"}


def _modules() -> list[tuple[Path, str]]:
    return [
        (path, ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__"))
        for path in sorted(COMPANION.rglob("*.py"))
        if path.name != "__main__.py"
    ]


def _refusals_of(module: Any, node: ast.expr) -> list[Refusal] | None:
    """The registry entries an expression receiving ``.violation(...)`` can be, None if unknown."""
    if isinstance(node, ast.IfExp):
        body, orelse = _refusals_of(module, node.body), _refusals_of(module, node.orelse)
        return None if body is None or orelse is None else body + orelse
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name):
        table = getattr(module, node.value.id, None)
        if isinstance(table, dict) and all(isinstance(v, Refusal) for v in table.values()):
            return list(table.values())
        return None
    if isinstance(node, ast.Name):
        entry = getattr(module, node.id, None)
        return [entry] if isinstance(entry, Refusal) else None
    return None


def test_no_refusal_is_made_outside_the_registry() -> None:
    """No code builds a refusal from free strings: ``RuleViolation(...)`` and ``Verdict(...)``
    are constructed only by the registry (and the verdict module itself)."""
    found = []
    for path, _name in _modules():
        if path in REGISTRY_MODULES:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name | ast.Attribute):
                callee = node.func.id if isinstance(node.func, ast.Name) else node.func.attr
                if callee in {"RuleViolation", "Verdict"}:
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert found == []


def _literal_message(node: ast.expr) -> str | None:
    """``"..."`` out of ``_("...")`` or ``_("...").format(...)``, or the message of a shared
    refusal worded by itself (``NO_SUCH_SEAT.text(...)``)."""
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "text"
        and isinstance(node.func.value, ast.Name)
    ):
        entry = getattr(shared_refusals, node.func.value.id, None)
        return entry.message if isinstance(entry, Refusal) else None
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        node = node.func.value
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "_":
        first = node.args[0]
        return first.value if isinstance(first, ast.Constant) else None
    return None


def test_the_screens_refuse_with_registered_codes_and_words() -> None:
    """The screen refuses some input before the game sees it: with a code (and the words) the
    registry declares."""
    messages: dict[str, set[str]] = {}
    for entry in all_refusals():
        messages.setdefault(entry.code, set()).add(entry.message)
    seen, wrong = set(), []
    for path in sorted((ROOT / "ui").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name | ast.Attribute)):
                continue
            callee = node.func.id if isinstance(node.func, ast.Name) else node.func.attr
            if callee not in {"refuse", "Verdict"}:
                continue
            codes = [
                (i, arg.value)
                for i, arg in enumerate(node.args)
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str)
            ]
            for i, code in codes:
                seen.add(code)
                text = _literal_message(node.args[i + 1]) if i + 1 < len(node.args) else None
                if text not in messages.get(code, set()):
                    wrong.append(f"{path.relative_to(ROOT)}:{node.lineno}: {code} {text!r}")
    assert wrong == []
    assert len(seen) >= 7


def test_every_raise_supplies_exactly_the_fields_of_its_message() -> None:
    checked = 0
    unresolved, wrong = [], []
    for path, name in _modules():
        if path in REGISTRY_MODULES:
            continue
        module = importlib.import_module(name)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
                continue
            if node.func.attr not in RAISES:
                continue
            entries = _refusals_of(module, node.func.value)
            where = f"{path.relative_to(ROOT)}:{node.lineno}"
            if entries is None:
                if node.func.attr == "violation":  # every refusal raised must be checkable
                    unresolved.append(where)
                continue
            given = {k.arg for k in node.keywords}
            if node.args or None in given:
                wrong.append(f"{where}: fields are passed by name")
            for entry in entries:
                checked += 1
                if given != entry.fields:
                    wrong.append(f"{where}: {entry.code} takes {sorted(entry.fields)}")
    assert unresolved == [] and wrong == []
    assert checked > 100


def test_every_entry_has_a_message_and_a_unique_meaning() -> None:
    entries = all_refusals()
    assert len(entries) == len(set(map(id, entries)))
    assert all(entry.message.strip() and entry.code for entry in entries)
    assert all(re.fullmatch(r"[a-z][a-z0-9_]*", entry.code) for entry in entries)
    shared = {entry.code for entry in SHARED}
    declared: dict[str, set[str]] = {}
    for game in sorted({entry.game for entry in entries} - {None}, key=str):
        table = importlib.import_module(f"companion.games.{game}.refusals").REFUSALS
        assert table.game == game
        assert not shared & set(table.codes()), "a game words a shared code as a variant"
        for code in table.codes():
            declared.setdefault(code, set()).add(game)
    assert {code for code, games in declared.items() if len(games) > 1} == set(SAME_MEANING)


def test_every_declared_constant_is_in_its_table() -> None:
    """A refusal made beside a table would be raised but never listed."""
    listed = set(map(id, all_refusals()))
    for _path, name in _modules():
        module = importlib.import_module(name)
        for attr, value in vars(module).items():
            if isinstance(value, Refusal):
                assert id(value) in listed, f"{name}.{attr}"
    assert {entry.game for entry in all_refusals()} == {None, "targi", "tuareg", "timbuktu"}


def test_every_message_is_a_literal_msgid() -> None:
    """Extraction (``xgettext -k_ -kN_``) sees every message: each is ``N_("...")`` where declared."""
    declared, wrong = 0, []
    for path, _name in _modules():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
                continue
            receiver = node.func.value
            if node.func.attr not in {"add", "variant"} or not (
                isinstance(receiver, ast.Name) and receiver.id in {"SHARED", "REFUSALS"}
            ):
                continue
            declared += 1
            message = node.args[1]
            if not (
                isinstance(message, ast.Call)
                and isinstance(message.func, ast.Name)
                and message.func.id in {"N_", "Nn_"}
                and all(isinstance(arg, ast.Constant) for arg in message.args)
                and len(message.args) == (2 if message.func.id == "Nn_" else 1)
            ):
                wrong.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert wrong == []
    assert declared == len(all_refusals())


def test_a_refusal_is_translated_when_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("companion.rules.refusals._", lambda msgid: msgid.replace("turn", "TURN"))
    assert NOT_YOUR_TURN.verdict(name="Anna").message == "It is Anna's TURN."


def test_a_table_refuses_a_code_twice_and_wrong_fields() -> None:
    table = RefusalTable("demo")
    entry = table.add("demo_code", N_("{card} is {n}."))
    assert table.variant(entry, N_("{card}.")).code == "demo_code"
    with pytest.raises(ValueError, match="declared twice"):
        table.add("demo_code", N_("Again."))
    with pytest.raises(ValueError, match="not declared"):
        RefusalTable("other").variant(entry, N_("Elsewhere."))
    with pytest.raises(TypeError, match=r"\['card', 'n'\]"):
        entry.violation(card="T1")
    with pytest.raises(ValueError, match="plain names"):
        table.add("indexed", N_("{0} and {card.name}"))
    violation = entry.violation(card="T1", n=2)
    assert (violation.code, violation.message) == ("demo_code", "T1 is 2.")
    assert entry.verdict(card="T1", n=2).as_dict() == {
        "ok": False,
        "code": "demo_code",
        "message": "T1 is 2.",
    }


def test_several_broken_loading_rules_read_as_one_refusal() -> None:
    added = (Good.SALT, Good.GOLD, Good.GOLD, Good.WATER)
    verdict = load_verdict(Animal.CAMEL, (Good.GOLD,), added)
    assert verdict.code == "capacity"
    assert verdict.message == (
        "An animal carries at most 4 cards. A camel carries at most 2 gold. "
        "A camel carries at most 2 kinds of goods. "
        "From bottom to top, the goods on a camel change kind only once. "
        "A camel carrying water carries nothing else."
    )
    assert combined([GAME_OVER.violation()]).message == GAME_OVER.message


def readme_section() -> str:
    """The README's list of refusal codes as the registry gives it."""
    by_scope: dict[str | None, dict[str, list[str]]] = {}
    for entry in all_refusals():
        by_scope.setdefault(entry.game, {}).setdefault(entry.code, []).append(entry.message)
    lines = [START]
    for scope, codes in by_scope.items():
        lines += ["", f"**{TITLES.get(scope, scope)}**", "", "| code | message |", "|---|---|"]
        for code, messages in codes.items():
            text = "<br>".join(message.replace("|", "\\|") for message in messages)
            lines.append(f"| `{code}` | {text} |")
    return "\n".join([*lines, "", END])


def _readme_parts() -> tuple[str, str | None, str]:
    """The README's text around its refusal-code section (None: there is none)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    found = re.search(re.escape(START) + ".*?" + re.escape(END), readme, re.DOTALL)
    if found is None:
        return readme, None, ""
    return readme[: found.start()], found.group(0), readme[found.end() :]


def test_the_readme_lists_every_refusal_code() -> None:
    _before, section, _after = _readme_parts()
    assert section is not None, f"README.md lacks the section between {START} and {END}"
    assert section == readme_section(), "regenerate it: .venv/bin/python tests/test_refusals.py"


if __name__ == "__main__":  # rewrite the README's section from the registry
    before, section, after = _readme_parts()
    if section is None:
        raise SystemExit(f"README.md lacks the section between {START} and {END}")
    (ROOT / "README.md").write_text(before + readme_section() + after, encoding="utf-8")
