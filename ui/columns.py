"""A table's columns as wide as their longest word, so that no word is broken in the middle.

A :class:`~kivy.uix.gridlayout.GridLayout` gives every column the same share of its width: a short
column (``%``) wastes room that a long header word (``Victorias``, ``Wasser``) needs. :func:`fit`
gives each column at least the width of its longest word; the grid shares what is left equally.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from kivy.metrics import dp
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label

from ui.hyphenate import word_width

MARKUP = re.compile(r"\[/?[a-z]+(?:=[^\]]*)?\]")
PADDING = 8
"""Room (dp) beside a cell's text: its text inset and the gap drawn between cells."""


def widest_word(cell: Label) -> float:
    """The width of the longest word of ``cell`` (markup left out, bold as it is drawn)."""
    bold = bool(cell.bold) or "[b]" in cell.text
    words = MARKUP.sub("", cell.text).split()
    return max(
        (word_width(w, float(cell.font_size), str(cell.font_name), bold) for w in words),
        default=0.0,
    )


def fit(grid: GridLayout, cells: Sequence[Label]) -> None:
    """Each column of ``grid`` (its ``cells`` in order, row by row) at least as wide as its
    longest word."""
    columns = int(grid.cols or 1)
    needs = [0.0] * columns
    for index, cell in enumerate(cells):
        column = index % columns
        needs[column] = max(needs[column], widest_word(cell))
    grid.cols_minimum = {column: need + dp(PADDING) for column, need in enumerate(needs)}
