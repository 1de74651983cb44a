"""Breaking a long word where its language allows, as a printer would, instead of where Kivy runs
out of width (Kivy wraps a word wider than its label in the middle: ``Stammes`` / ``erweiterung``).

A text marks the places a word may break with ``|`` (``Stammes|erwei|terung``; translators put them
in the catalog). :func:`fit` keeps a word whole when it fits the width and otherwise breaks it at the
last mark that fits, with a hyphen; every mark left is removed.
"""

from __future__ import annotations

from functools import lru_cache

from kivy.core.text import Label as CoreLabel

MARK = "|"
"""Where a word may break (only shown as a hyphen at a line's end)."""


@lru_cache(maxsize=1024)
def word_width(word: str, font_size: float, font_name: str, bold: bool) -> float:
    """How wide ``word`` is drawn in that font (measured once)."""
    label = CoreLabel(font_size=font_size, font_name=font_name, bold=bold)
    return float(label.get_extents(word)[0])


def break_word(word: str, width: float, measure: tuple[float, str, bool]) -> list[str]:
    """``word``'s lines: itself whole when it fits ``width``, else broken at marks (each line but
    the last ends in a hyphen). A piece without a mark that is still too wide stays as it is."""
    lines: list[str] = []
    rest = word
    while MARK in rest and word_width(rest.replace(MARK, ""), *measure) > width:
        parts = rest.split(MARK)
        cut = 1
        for at in range(len(parts) - 1, 0, -1):
            if word_width("".join(parts[:at]) + "-", *measure) <= width:
                cut = at
                break
        lines.append("".join(parts[:cut]) + "-")
        rest = MARK.join(parts[cut:])
    return [*lines, rest.replace(MARK, "")]


def fit(text: str, width: float, font_size: float, font_name: str, bold: bool = False) -> str:
    """``text`` with each marked word too wide for ``width`` broken at its marks, onto lines of
    their own (its neighbours then wrap as Kivy wraps them); the marks removed."""
    if MARK not in text:
        return text
    measure = (font_size, font_name, bold)
    lines = []
    for line in text.split("\n"):
        words = []
        for word in line.split(" "):
            pieces = break_word(word, width, measure) if MARK in word else [word]
            words.append("\n".join(pieces))
        lines.append(" ".join(words))
    return "\n".join(lines)
