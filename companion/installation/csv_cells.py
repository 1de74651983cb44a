"""Writing CSV that a spreadsheet opens as data, never as formulas: every CSV the app writes (the
score sheet, a game's export, the history) goes through :class:`SafeWriter`.

A text cell that starts with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return would be run as
a formula by Excel, LibreOffice or Google Sheets (a player named ``=HYPERLINK(...)``): it gets a
single quote in front, as OWASP's "CSV Injection" advice says, which spreadsheets show as text.
A cell holding a line break or a carriage return is quoted, so the row stays one row. Numbers are
written as they are (a negative score stays a number).
"""

from __future__ import annotations

import csv
from collections.abc import Iterable
from typing import Any, Protocol

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""What makes a spreadsheet read a cell as a formula (OWASP's list)."""


class _Text(Protocol):
    def write(self, text: str, /) -> Any: ...


def neutral(value: object) -> object:
    """``value``, a text that a spreadsheet would run as a formula prefixed with ``'``."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


class SafeWriter:
    """:func:`csv.writer` with every text cell :func:`neutral` and line breaks always quoted."""

    def __init__(self, out: _Text, delimiter: str = ",", lineterminator: str = "\n") -> None:
        self._plain = csv.writer(out, delimiter=delimiter, lineterminator=lineterminator)
        self._quoted = csv.writer(
            out, delimiter=delimiter, lineterminator=lineterminator, quoting=csv.QUOTE_NONNUMERIC
        )

    def writerow(self, row: Iterable[object]) -> None:
        cells = [neutral(value) for value in row]
        broken = any(isinstance(c, str) and ("\r" in c or "\n" in c) for c in cells)
        # csv quotes a "\n" but not a lone "\r" when rows end in "\n": such a row is quoted whole
        (self._quoted if broken else self._plain).writerow(cells)
