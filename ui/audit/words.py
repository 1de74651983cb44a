"""English left on a screen shown in another language: the ``untranslated`` problem.

A word of the app's English messages that the language's catalog never uses in any translation
(``dates``, ``robber``, ``discard`` in German) is English wherever a label shows it: a string built
at run time or never extracted. Names the table typed, numbers, card ids, file names and words both
languages share (``Targi``, ``Gold``) are not flagged, nor is a rulebook cited in English where the table's
language has no edition of it: its quoted words (italic) and its section titles.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

from babel.messages.pofile import read_po
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.installation.i18n import DOMAIN, LOCALE_DIR
from ui.audit.checks import Problem, describe, layout_nodes

WORD = re.compile(r"[^\W\d_]{3,}")
"""A word worth checking: three letters or more (initials and ``OK`` are no language's)."""
PLACEHOLDER = re.compile(r"\{[^}]*\}|\[[^\]]*\]")
QUOTED = re.compile(r"\[i\].*?\[/i\]", re.DOTALL)
"""A rulebook's words quoted as printed (italic)."""
MACHINE = re.compile(r"\b[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+\b|[\w./-]+\.(?:pdf|json|csv|png)\b|/\S+")
"""Card ids (``TARGI-GOODS-2DATES``), file names and paths: the same words in every language."""


def _words(text: str) -> set[str]:
    return {word.lower() for word in WORD.findall(PLACEHOLDER.sub(" ", text))}


@cache
def english_only(lang: str) -> frozenset[str]:
    """The words of the English msgids that no translation of ``lang``'s catalog uses."""
    with (LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po").open("rb") as source:
        catalog = read_po(source)
    english: set[str] = set()
    translated: set[str] = set()
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple | list) else (message.id,)
        strings = message.string if isinstance(message.string, tuple | list) else (message.string,)
        for text in ids:
            english |= _words(str(text))
        for translation in strings:
            translated |= _words(str(translation or ""))
    return frozenset(english - translated)


@cache
def cited() -> tuple[str, ...]:
    """The English section titles of the publishers' rulebooks the refusals' explanations cite
    (shown as printed where the table's language has no edition of the book)."""
    from companion.rules.explanations import explanation
    from companion.rules.refusals import all_refusals

    titles = set()
    for refusal in all_refusals():
        found = explanation(refusal.game or "", refusal.code)
        if found is not None and not found.section.book.own:
            titles.add(found.section.titles.get("en", ""))
    return tuple(sorted(filter(None, titles), key=len, reverse=True))


def untranslated(roots: Sequence[Widget], size: tuple[int, int], lang: str) -> list[Problem]:
    """Every visible label under ``roots`` showing English words in a window in ``lang``."""
    if lang == "en":
        return []
    english = english_only(lang)
    found = []
    for node in layout_nodes(roots, size):
        if not (node.visible and isinstance(node.widget, Label)):
            continue
        text = str(node.widget.text).replace("&bl;", "[").replace("&br;", "]")
        if node.widget.markup:
            text = QUOTED.sub(" ", text)
        text = PLACEHOLDER.sub(" ", text)  # markup, or a name in brackets (a config section)
        text = MACHINE.sub(" ", text)
        for title in cited():
            text = text.replace(title, " ")
        shown = WORD.findall(text)
        left = sorted({word for word in shown if word.lower() in english})
        if left:
            found.append(
                Problem(describe(node.widget), "untranslated", f"English: {', '.join(left)}")
            )
    return found
