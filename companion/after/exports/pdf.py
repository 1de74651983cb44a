"""The printable score sheet of one game as a PDF (A4): categories x players, totals, ranks, the
winner and the tie-break in words, the date, and each player's colour as a swatch by the name.

Text goes through :func:`companion.installation.i18n._` (the table's language). The font is
DejaVu Sans, shipped with the core (``companion/fonts``, with its licence): it covers Polish, German and
Spanish letters. Every text is fitted to its cell: a long name is set smaller, then wrapped onto more
lines (the row grows), never over the next column or off the page. A character the font has no
glyph for (most emoji) prints as :data:`PLACEHOLDER`, and the sheet and :func:`missing` say so.
"""

from __future__ import annotations

import logging
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from fontTools.ttLib import TTFont  # type: ignore[import-untyped]
from fpdf import FPDF

from companion.after.exports.games import info
from companion.after.exports.table_facts import TableFacts
from companion.after.history import Play
from companion.installation.i18n import _
from companion.rules import sheet_words

_log = logging.getLogger(__name__)

FONT_FILE = Path(__file__).resolve().parents[2] / "fonts" / "DejaVuSans.ttf"
FONT = "DejaVu"
PLACEHOLDER = "\u25a1"
"""WHITE SQUARE: printed for a character the font cannot draw."""
LABEL_WIDTH = 50.0
"""mm: the categories' column."""
MAX_COLUMN = 30.0
"""mm: a player's column at most."""
CELL_SIZE = 9.0
"""pt: a cell's text, set smaller down to :data:`MIN_SIZE` before it wraps."""
MIN_SIZE = 6.5
ROW_HEIGHT = 8.0
"""mm: a row of one line."""
PAD = 1.0
"""mm: between a cell's border and its text."""
SWATCH = 4.0
"""mm: the side of a colour's square."""
MM_PER_PT = 25.4 / 72

SWATCHES: dict[str, tuple[int, int, int]] = {
    "black": (0, 0, 0),
    "blue": (40, 90, 200),
    "brown": (130, 80, 40),
    "green": (40, 150, 60),
    "grey": (128, 128, 128),
    "gray": (128, 128, 128),
    "orange": (240, 140, 20),
    "pink": (240, 130, 180),
    "purple": (130, 60, 170),
    "red": (210, 40, 40),
    "white": (255, 255, 255),
    "yellow": (240, 210, 30),
}
"""Colour names as tables type them -> RGB; another name gets no swatch, only its name."""


def font_path() -> Path:
    """The shipped font (the label sheets use it too)."""
    return FONT_FILE


@cache
def _glyphs() -> frozenset[int]:
    """The code points the font draws."""
    with TTFont(str(FONT_FILE), lazy=True) as font:
        return frozenset(font.getBestCmap())


def printable(text: str) -> str:
    """``text`` on one line, with every character the font cannot draw as :data:`PLACEHOLDER`:
    a line break or other white space is a space, and invisible characters the font lacks
    (control codes, emoji variation selectors, joiners) are left out."""
    glyphs = _glyphs()
    out = []
    for char in text:
        if char.isspace():
            out.append(" ")
        elif ord(char) in glyphs:
            out.append(char)
        elif unicodedata.category(char) not in ("Cc", "Cf", "Mn"):
            out.append(PLACEHOLDER)
    return "".join(out)


def texts(play: Play) -> list[str]:
    """Every text of the sheet that comes from the table (names, colours, location)."""
    return [
        play.location,
        *(seat.name for seat in play.seats),
        *(seat.colour for seat in play.seats),
        *play.sheet.notes,
    ]


def missing(play: Play) -> list[str]:
    """The characters of ``play``'s names, colours and location that print as the placeholder."""
    found: dict[str, None] = {}
    for text in texts(play):
        for char, shown in zip(text, _aligned(text), strict=True):
            if shown == PLACEHOLDER and char != PLACEHOLDER:
                found[char] = None
    return list(found)


def _aligned(text: str) -> str:
    """:func:`printable` of each character alone (one output per input character)."""
    return "".join(printable(char) or " " for char in text)


def tiebreak_words(play: Play) -> str:
    """The tie-break for first place in words, as the score sheet screen says it."""
    return sheet_words.tiebreak(play.sheet) or _("No tie-break was needed.")


def column_edges(players: int, page_width: float = 210.0, margin: float = 10.0) -> list[float]:
    """The x (mm) of every vertical line of the table, left to right."""
    width = min(MAX_COLUMN, (page_width - 2 * margin - LABEL_WIDTH) / max(players, 1))
    return [
        margin,
        margin + LABEL_WIDTH,
        *(margin + LABEL_WIDTH + width * (i + 1) for i in range(players)),
    ]


def render(play: Play, table: TableFacts | None = None) -> bytes:
    """The sheet as PDF bytes; ``table``: its time zone (the date printed)."""
    table = table or TableFacts()
    pdf = FPDF(orientation="P", unit="mm", format="A4")
    pdf.set_margins(10, 10, 10)
    pdf.set_creator("Table Companion")
    pdf.set_title(f"{info(play.game).title} {play.game_id}")
    pdf.set_creation_date(play.ended_at)
    pdf.add_font(FONT, "", str(FONT_FILE))
    pdf.add_page()
    pdf.set_font(FONT, size=18)
    pdf.cell(0, 10, info(play.game).title, new_x="LMARGIN", new_y="NEXT")
    pdf.set_font(FONT, size=10)
    started = table.local(play.started_at).strftime("%Y-%m-%d %H:%M")
    line = _("Date: {date} · {minutes} min").format(date=started, minutes=play.duration_min)
    if play.location:
        line += " · " + _("Location: {place}").format(place=printable(play.location))
    pdf.multi_cell(0, 6, line, new_x="LMARGIN", new_y="NEXT")
    if not play.finished:
        pdf.cell(0, 6, _("Provisional: the game did not end."), new_x="LMARGIN", new_y="NEXT")
    pdf.ln(4)
    _table(pdf, play)
    pdf.ln(4)
    pdf.set_font(FONT, size=12)
    winners = ", ".join(printable(name) for name in play.winners())
    if winners:
        pdf.multi_cell(
            0, 7, _("Winner: {names}").format(names=winners), new_x="LMARGIN", new_y="NEXT"
        )
    pdf.set_font(FONT, size=10)
    pdf.multi_cell(0, 6, printable(tiebreak_words(play)), new_x="LMARGIN", new_y="NEXT")
    for note in play.sheet.notes:
        pdf.multi_cell(0, 5, printable(note), new_x="LMARGIN", new_y="NEXT")
    if missing(play):
        pdf.ln(2)
        pdf.multi_cell(0, 5, placeholder_note(), new_x="LMARGIN", new_y="NEXT")
        _log.info(
            "game %s: %d characters printed as %s", play.game_id, len(missing(play)), PLACEHOLDER
        )
    return bytes(pdf.output())


def placeholder_note() -> str:
    return _("{mark} stands for a character this sheet's font cannot print (an emoji).").format(
        mark=PLACEHOLDER
    )


@dataclass(frozen=True)
class _Cell:
    text: str
    width: float
    align: str = "C"
    swatch: tuple[int, int, int] | None = None


@dataclass(frozen=True)
class _Fitted:
    size: float
    lines: list[str]

    @property
    def line_height(self) -> float:
        return self.size * MM_PER_PT * 1.25

    @property
    def height(self) -> float:
        return len(self.lines) * self.line_height


def _fit(pdf: FPDF, text: str, width: float) -> _Fitted:
    """``text`` at the largest size from :data:`CELL_SIZE` down to :data:`MIN_SIZE` that fits
    ``width`` on one line, else wrapped at :data:`MIN_SIZE`."""
    size = CELL_SIZE
    pdf.set_font_size(size)
    while size > MIN_SIZE and pdf.get_string_width(text) > width:
        size -= 0.5
        pdf.set_font_size(size)
    if pdf.get_string_width(text) <= width:
        return _Fitted(size, [text])
    lines: Any = pdf.multi_cell(width, 1, text, dry_run=True, output="LINES")
    return _Fitted(size, [str(line) for line in lines])


def _row(pdf: FPDF, cells: Sequence[_Cell]) -> None:
    """One row of the table, as high as its tallest cell's text."""
    inner = [c.width - 2 * PAD - (SWATCH + PAD if c.swatch is not None else 0) for c in cells]
    fitted = [_fit(pdf, cell.text, width) for cell, width in zip(cells, inner, strict=True)]
    height = max(ROW_HEIGHT, *(f.height + 2 * PAD + 2 for f in fitted))
    if pdf.get_y() + height > pdf.h - pdf.b_margin:
        pdf.add_page()
    x, y = pdf.l_margin, pdf.get_y()
    for cell, text_width, fit in zip(cells, inner, fitted, strict=True):
        pdf.rect(x, y, cell.width, height)
        left = x + PAD
        if cell.swatch is not None:
            pdf.set_fill_color(*cell.swatch)
            pdf.rect(left + 0.5, y + (height - SWATCH) / 2, SWATCH, SWATCH, style="FD")
            left += SWATCH + PAD
        pdf.set_font_size(fit.size)
        top = y + (height - fit.height) / 2
        for index, line in enumerate(fit.lines):
            pdf.set_xy(left, top + index * fit.line_height)
            pdf.cell(text_width, fit.line_height, line, align=cell.align)
        x += cell.width
    pdf.set_xy(pdf.l_margin, y + height)


def _table(pdf: FPDF, play: Play) -> None:
    edges = column_edges(len(play.seats), pdf.w, pdf.l_margin)
    width = edges[2] - edges[1] if len(edges) > 2 else MAX_COLUMN
    pdf.set_font(FONT, size=CELL_SIZE)
    pdf.set_auto_page_break(False)
    _row(
        pdf,
        [
            _Cell("", LABEL_WIDTH),
            *(
                _Cell(
                    printable(seat.name),
                    width,
                    align="L",
                    swatch=SWATCHES.get(seat.colour.strip().casefold()),
                )
                for seat in play.seats
            ),
        ],
    )
    rows: list[tuple[str, Iterable[str]]] = [
        (_("Colour"), (printable(seat.colour) for seat in play.seats))
    ]
    rows += [
        (category.label, [str(seat.points.get(category.key, 0)) for seat in play.seats])
        for category in play.sheet.categories
    ]
    rows.append((_("Total"), [str(seat.score) for seat in play.seats]))
    rows.append((_("Rank"), [str(seat.rank) for seat in play.seats]))
    for label, values in rows:
        _row(pdf, [_Cell(label, LABEL_WIDTH, align="L"), *(_Cell(v, width) for v in values)])
    pdf.set_auto_page_break(True, margin=pdf.b_margin)
