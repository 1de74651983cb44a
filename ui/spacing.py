"""Where a line may break: never between a number and its word (``map 3``, ``Miejsce 1``, ``28 Nov
2026``), and at a ``·`` only after it, so that no line starts with ``· Hirse 1``. Kivy breaks
lines at spaces and where a markup run ends: a no-break space, inside the run, holds what must
stay together."""

from __future__ import annotations

import re

NBSP = "\u00a0"
"""A space no line breaks at."""

_BEFORE_NUMBER = re.compile(r"(?<=\S) (?=[0-9])")
_AFTER_NUMBER = re.compile(r"(?<=[0-9]) (?=[^\s·])")
_BEFORE_DOT = re.compile(r" ·(?= )")
_CLOSED_BEFORE_TIED = re.compile(r"((?:\[/[a-z]+\])+)((?:\u00a0[^\s\[]+)+)")


def held_to_word(text: str) -> str:
    """``text`` with each number held to the word before it only (``pen 1``): for a key too
    narrow to hold the words on both sides of a number on one line (German ``Pferch 1 eingeben``)."""
    return _BEFORE_NUMBER.sub(NBSP, text)


def tied(text: str) -> str:
    """``text`` with each number held to the words beside it and each ``·`` to the part before
    it; what is tied to the end of a markup run (``[color=…]millet[/color] 1 ·``) goes inside
    the run."""
    text = _BEFORE_DOT.sub(f"{NBSP}·", text)
    text = _BEFORE_NUMBER.sub(NBSP, text)
    text = _AFTER_NUMBER.sub(NBSP, text)
    # Kivy's markup may break a line where a tag ends, whatever the space: what is tied goes in
    return _CLOSED_BEFORE_TIED.sub(r"\2\1", text)
