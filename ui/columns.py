"""A table's columns as wide as their longest word, so that no word is broken in the middle.

A :class:`~kivy.uix.gridlayout.GridLayout` gives every column the same share of its width: a short
column (``%``) wastes room that a long header word (``Victorias``, ``Wasser``) needs. :func:`fit`
gives each column at least the width of its longest word; the grid shares what is left equally.

Where the longest words do not all fit the grid's width (German ``Landkarten`` beside ``Summe`` at
800x480), a word marked where it may break (``Land|karten``, :mod:`ui.hyphenate`) is broken there
with a hyphen, as a printed table breaks a heading, and its column needs only its widest piece.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from typing import Any
from weakref import WeakKeyDictionary

from kivy.metrics import dp
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label

from ui.hyphenate import MARK, break_word, word_width
from ui.hyphenate import fit as hyphenate

logger = logging.getLogger(__name__)

MARKUP = re.compile(r"\[/?[a-z]+(?:=[^\]]*)?\]")
TAG = re.compile(r"(\[/?[a-z]+(?:=[^\]]*)?\])")
PADDING = 8
"""Room (dp) beside a cell's text: its text inset and the gap drawn between cells."""

_refits: WeakKeyDictionary[GridLayout, int] = WeakKeyDictionary()
"""The grids :func:`fit` sized, each with the uid of its binding that sizes them again when their
width changes: a number, since a function sizing the grid would hold it (and its cells), and a
grid held by its own entry here would never be freed, nor its screen."""


def _measure(cell: Label) -> tuple[float, str, bool]:
    bold = bool(cell.bold) or "[b]" in cell.text
    return float(cell.font_size), str(cell.font_name), bold


def _words(text: str) -> list[str]:
    return MARKUP.sub("", text).split()


def widest_word(cell: Label, text: str | None = None) -> float:
    """The width of the longest word of ``cell`` (or of ``text`` in its font; markup left out,
    bold as it is drawn, a mark where a word may break not drawn)."""
    words = _words(cell.text if text is None else text)
    measure = _measure(cell)
    return max((word_width(w.replace(MARK, ""), *measure) for w in words), default=0.0)


def narrowest(cell: Label, text: str) -> float:
    """The width ``text`` needs in ``cell``'s font with each marked word broken at every mark
    (its widest piece, the hyphen included)."""
    measure = _measure(cell)
    pieces = [piece for w in _words(text) for piece in break_word(w, 0.0, measure)]
    return max((word_width(piece, *measure) for piece in pieces), default=0.0)


def fit(grid: GridLayout, cells: Sequence[Label]) -> None:
    """Each column of ``grid`` (its ``cells`` in order, row by row) at least as wide as its
    longest word; when they do not all fit ``grid``'s width, marked words broken at their marks.
    Sized again whenever the grid's width changes."""
    grid = getattr(grid, "__self__", grid)  # the widget, not an ``ids`` weak proxy of it
    texts = [str(cell.text) for cell in cells]

    def refit(*_args: Any) -> None:
        _size(grid, cells, texts)

    previous = _refits.get(grid)
    if previous is not None:
        grid.unbind_uid("width", previous)
    _refits[grid] = grid.fbind("width", refit)
    refit()


def _size(grid: GridLayout, cells: Sequence[Label], texts: Sequence[str]) -> None:
    columns = int(grid.cols or 1)
    whole = [0.0] * columns
    narrow = [0.0] * columns
    for index, (cell, text) in enumerate(zip(cells, texts, strict=True)):
        column = index % columns
        whole[column] = max(whole[column], widest_word(cell, text))
        narrow[column] = max(narrow[column], narrowest(cell, text))
    room = float(grid.width) - float(grid.spacing[0]) * (columns - 1) - dp(PADDING) * columns
    needs = whole if sum(whole) <= room else narrow
    if needs is narrow and whole != narrow:
        logger.debug("%.0f px of words in %.0f px: marked words broken", sum(whole), room)
    for index, (cell, text) in enumerate(zip(cells, texts, strict=True)):
        if MARK in text:
            width = needs[index % columns] if needs is narrow else float("inf")
            cell.text = "".join(
                part if TAG.fullmatch(part) else hyphenate(part, width, *_measure(cell))
                for part in TAG.split(text)
            )
    grid.cols_minimum = {column: need + dp(PADDING) for column, need in enumerate(needs)}
