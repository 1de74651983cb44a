"""The printable score sheet of one game as a PDF (A4): categories x players, totals, ranks, the
winner and the tie-break in words, the date, and each player's colour as a swatch by the name.

Text goes through :func:`companion.i18n._` (the table's language); the font is the DejaVu Sans
that Kivy's wheel ships (it covers Polish, German and Spanish letters), found without importing
Kivy.
"""

from __future__ import annotations

import importlib.util
import logging
from pathlib import Path

from fpdf import FPDF

from companion import sheet_words
from companion.exports.games import info
from companion.exports.table_facts import TableFacts
from companion.history import Play
from companion.i18n import _

_log = logging.getLogger(__name__)

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


class FontMissingError(RuntimeError):
    """Kivy's DejaVu Sans is not installed where the PDF export looks for it."""


def font_path() -> Path:
    spec = importlib.util.find_spec("kivy")
    if spec is None or not spec.submodule_search_locations:
        raise FontMissingError("the PDF export needs Kivy's DejaVuSans.ttf: Kivy is not installed")
    path = Path(next(iter(spec.submodule_search_locations))) / "data" / "fonts" / "DejaVuSans.ttf"
    if not path.is_file():
        raise FontMissingError(f"the PDF export needs {path}, which is missing")
    return path


def tiebreak_words(play: Play) -> str:
    """The tie-break for first place in words, as the score sheet screen says it."""
    return sheet_words.tiebreak(play.sheet) or _("No tie-break was needed.")


def render(play: Play, table: TableFacts | None = None) -> bytes:
    """The sheet as PDF bytes; ``table``: its time zone (the date printed)."""
    table = table or TableFacts()
    pdf = FPDF(orientation="P", unit="mm", format="A4")
    pdf.set_creator("Table Companion")
    pdf.set_title(f"{info(play.game).title} {play.game_id}")
    pdf.set_creation_date(play.ended_at)
    pdf.add_font("DejaVu", "", str(font_path()))
    pdf.add_page()
    pdf.set_font("DejaVu", size=18)
    pdf.cell(0, 10, info(play.game).title, new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("DejaVu", size=10)
    started = table.local(play.started_at).strftime("%Y-%m-%d %H:%M")
    line = _("Date: {date} · {minutes} min").format(date=started, minutes=play.duration_min)
    if play.location:
        line += " · " + _("Location: {place}").format(place=play.location)
    pdf.cell(0, 6, line, new_x="LMARGIN", new_y="NEXT")
    if not play.finished:
        pdf.cell(0, 6, _("Provisional: the game did not end."), new_x="LMARGIN", new_y="NEXT")
    pdf.ln(4)
    _table(pdf, play)
    pdf.ln(4)
    pdf.set_font("DejaVu", size=12)
    winners = ", ".join(play.winners())
    if winners:
        pdf.cell(0, 8, _("Winner: {names}").format(names=winners), new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("DejaVu", size=10)
    pdf.multi_cell(0, 6, tiebreak_words(play), new_x="LMARGIN", new_y="NEXT")
    for note in play.sheet.notes:
        pdf.multi_cell(0, 5, note, new_x="LMARGIN", new_y="NEXT")
    return bytes(pdf.output())


def _table(pdf: FPDF, play: Play) -> None:
    label_width = 60.0
    width = min(30.0, (pdf.epw - label_width) / max(len(play.seats), 1))
    height = 8.0
    pdf.set_font("DejaVu", size=9)
    pdf.cell(label_width, height, "", border=1)
    for seat in play.seats:
        x, y = pdf.get_x(), pdf.get_y()
        pdf.cell(width, height, "", border=1)
        rgb = SWATCHES.get(seat.colour.strip().casefold())
        if rgb is not None:
            pdf.set_fill_color(*rgb)
            pdf.rect(x + 1.5, y + 2, 4, 4, style="FD")
        pdf.set_xy(x + 6.5, y)
        pdf.cell(width - 7, height, seat.name)
        pdf.set_xy(x + width, y)
    pdf.ln(height)
    rows: list[tuple[str, list[str]]] = [(_("Colour"), [seat.colour for seat in play.seats])]
    rows += [
        (category.label, [str(seat.points.get(category.key, 0)) for seat in play.seats])
        for category in play.sheet.categories
    ]
    rows.append((_("Total"), [str(seat.score) for seat in play.seats]))
    rows.append((_("Rank"), [str(seat.rank) for seat in play.seats]))
    for label, values in rows:
        pdf.cell(label_width, height, label, border=1)
        for value in values:
            pdf.cell(width, height, value, border=1, align="C")
        pdf.ln(height)
