"""The arguments of ``table-companion rules``: four forms, each with its own help.

``rules explain GAME CODE``, ``rules rulings GAME`` and ``rules reference GAME [--section ID]`` are
sub-commands; anything else is a game's name, ``rules GAME QUESTION [FILE]``. A game the app does
not know is still read as the question form, so the command answers it in JSON (``unknown_game``,
exit 2) as it always has, rather than with argparse's usage message.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from typing import Any

from companion.cli.rules import EXPLAIN, REFERENCE, RULINGS

FORM = "rules_form"
"""The namespace attribute naming the form: ``explain``, ``rulings``, ``reference`` or the game."""


class _GameOrForm(dict[str, argparse.ArgumentParser]):
    """The sub-commands' parsers by name; any other name is a game's: the question form's."""

    def __init__(self, question: argparse.ArgumentParser) -> None:
        super().__init__()
        self.question = question

    def __missing__(self, name: str) -> argparse.ArgumentParser:
        return self.question


class _AnyName:
    """The names argparse accepts as the form: any (a game the app does not know included)."""

    def __init__(self, parsers: _GameOrForm) -> None:
        self.parsers = parsers

    def __contains__(self, name: object) -> bool:
        return True

    def __iter__(self) -> Iterator[str]:
        return iter(self.parsers)

    def __getitem__(self, name: str) -> argparse.ArgumentParser:
        return self.parsers[name]

    def values(self) -> list[argparse.ArgumentParser]:
        return [*self.parsers.values(), self.parsers.question]


def add_parser(commands: Any, games: str) -> None:
    """``rules`` and its forms on the CLI's subparsers ``commands``; ``games``: their names."""
    ask = commands.add_parser(
        "rules",
        help="answer a rules question (JSON in, JSON out), explain a verdict code, list rulings, "
        "the rules summarised",
        usage="%(prog)s GAME QUESTION [FILE] | explain GAME CODE | rulings GAME"
        " | reference GAME [--section ID]",
        description=f"rules GAME QUESTION [FILE]: answer a rules question of GAME ({games}), "
        "the question's JSON read from FILE, else standard input. The other forms read no JSON: "
        "see rules explain --help, rules rulings --help and rules reference --help.",
    )
    question = argparse.ArgumentParser(
        prog=f"{ask.prog} GAME",
        description=f"Answer a rules question of GAME ({games}): JSON in, JSON out.",
    )
    question.add_argument(
        "question", metavar="QUESTION", help="the question's name, e.g. placements"
    )
    question.add_argument(
        "file",
        metavar="FILE",
        nargs="?",
        help="the question's JSON (default: standard input, also '-')",
    )
    forms = ask.add_subparsers(
        dest=FORM, metavar="GAME | explain | rulings | reference", prog=ask.prog
    )
    forms._name_parser_map = _GameOrForm(question)
    forms.choices = _AnyName(forms._name_parser_map)
    explain = _form(
        forms, EXPLAIN, "why GAME refuses with a verdict CODE, and where the rules say so"
    )
    explain.add_argument("game", metavar="GAME", help=games)
    explain.add_argument(
        "code", metavar="CODE", nargs="?", help="a verdict's code, e.g. wrong_phase"
    )
    rulings = _form(
        forms, RULINGS, "how the app rules where GAME's rulebook is silent, and the house rules"
    )
    rulings.add_argument("game", metavar="GAME", help=games)
    reference = _form(forms, REFERENCE, "GAME's rules summarised in the rulebook's order")
    reference.add_argument("game", metavar="GAME", help=games)
    reference.add_argument("--section", metavar="ID", help="only this section")


def _form(forms: Any, name: str, text: str) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = forms.add_parser(name, help=text, description=text + ".")
    return parser
