"""Printable card labels: one sticker per physical card the app can be told about.

Each label carries a QR code of the card's id (:mod:`companion.play.cards`), the card's name and, in
small print, the id itself. QR rather than Code 128: ids run to ~35 characters, which Code 128
spreads over ~400 modules (0.15 mm bars on a 60 mm label, below what a cheap 1D/2D USB scanner
resolves), while QR's alphanumeric mode packs them in 25-29 modules square: ~0.6 mm modules in an
18 mm square, read from any angle. Copies of a card that share an id (Tuareg's goods) are numbered
on the label ("3/8"); the code is the same on each.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from companion.installation.errors import InputError
from companion.installation.files import write_atomically
from companion.installation.i18n import _
from companion.rules.registry import GAMES
from companion.rules.spec import GameSpec

if TYPE_CHECKING:
    from fpdf import FPDF

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Sheet:
    """A label sheet: ``columns`` x ``rows`` labels of ``width`` x ``height`` mm, the first one's
    top-left corner at (``left``, ``top``), ``pitch_x``/``pitch_y`` mm apart (all in mm)."""

    page: tuple[float, float]
    columns: int
    rows: int
    width: float
    height: float
    left: float
    top: float
    pitch_x: float
    pitch_y: float


SHEETS: dict[str, Sheet] = {
    # A4, 3 x 8 labels of 70 x 37 mm (e.g. Avery 3474), edge to edge
    "a4": Sheet((210.0, 297.0), 3, 8, 70.0, 37.0, 0.0, 0.5, 70.0, 37.0),
    # Letter, 3 x 10 labels of 66.7 x 25.4 mm (Avery 5160)
    "letter": Sheet((215.9, 279.4), 3, 10, 66.7, 25.4, 4.8, 12.7, 69.85, 25.4),
}


def sheet_text(size: str) -> str:
    """What a sheet size is, for a table choosing one: its paper and its labels."""
    texts = {
        "a4": _("A4: 24 labels a sheet, 70 x 37 mm"),
        "letter": _("Letter: 30 labels a sheet, 67 x 25 mm"),
    }
    return texts.get(size, size)


def page_count(count: int, size: str) -> int:
    """The pages ``count`` labels fill on ``size`` sheets."""
    sheet = SHEETS[size]
    return math.ceil(count / (sheet.columns * sheet.rows))


@dataclass(frozen=True)
class Label:
    card: str
    name: str
    copy: int
    of: int
    hint: str = ""
    """What tells the physical card apart (:attr:`~companion.rules.spec.GameSpec.card_hints`)."""


def labels(game: str) -> list[Label]:
    """Every label of ``game``, in card-id order, each copy once."""
    spec = GAMES.get(game)
    if spec is None:
        raise InputError(
            "unknown_game",
            _("game: no game {game}; games: {games}").format(
                game=repr(game), games=", ".join(GAMES)
            ),
        )
    copies = spec.card_copies()
    words = spec.names()
    hints = spec.card_hints()
    return [
        Label(card, card_name(spec, card, words), copy, copies.get(card, 1), hints.get(card, ""))
        for card in sorted(spec.card_ids())
        for copy in range(1, copies.get(card, 1) + 1)
    ]


def card_title(card: str) -> str:
    """The name of any game's card ``card`` for people (:func:`card_name`); the id itself if no
    game has it."""
    from companion.play.cards import game_of

    game = game_of(card)
    if game is None:
        return card
    spec = GAMES[game]
    return card_name(spec, card, spec.names())


def card_name(spec: GameSpec, card: str, words: Mapping[str, str]) -> str:
    """The card's name for people: the game's own (:attr:`GameSpec.card_name`), else its id
    without the game and category, the goods and cards through the spec's translated names, other
    words capitalised (``Camel Rider 3``)."""
    if spec.card_name is not None:
        return spec.card_name(card)
    detail = card.split("-")[2:]
    name = " ".join(words.get(word.lower(), word.capitalize()) for word in detail)
    return name[:1].upper() + name[1:]


_FONT = "DejaVu"
"""Kivy's DejaVu Sans, as the score-sheet PDF uses: the built-in PDF fonts have Latin-1 only."""


def write_pdf(game: str, path: Path, size: str = "a4") -> int:
    """Write ``game``'s labels to ``path`` on ``size`` sheets; the number of labels.

    The PDF is written beside ``path`` first and renamed over it once whole: a write that fails
    (no room, a read-only or unplugged stick) raises :class:`OSError` and leaves ``path`` as it
    was, with nothing half-written beside it."""
    from fpdf import FPDF

    from companion.after.exports.pdf import font_path

    sheet = SHEETS[size]
    items = labels(game)
    pdf = FPDF(unit="mm", format=sheet.page)
    pdf.add_font(_FONT, "", str(font_path()))  # every letter of the four languages
    pdf.set_auto_page_break(False)
    pdf.set_margin(0)
    per_page = sheet.columns * sheet.rows
    for index, label in enumerate(items):
        if index % per_page == 0:
            pdf.add_page()
        row, column = divmod(index % per_page, sheet.columns)
        _draw(
            pdf, sheet, label, sheet.left + column * sheet.pitch_x, sheet.top + row * sheet.pitch_y
        )
    write_atomically(path, bytes(pdf.output()))
    logger.info("%d %s labels written to %s", len(items), game, path)
    return len(items)


def _draw(pdf: FPDF, sheet: Sheet, label: Label, x: float, y: float) -> None:
    import segno

    code = segno.make_qr(label.card, error="m")
    matrix = code.matrix
    margin = 2.5  # mm inside the label's edge: printers and die cuts drift
    side = sheet.height - 2 * margin  # the code's square, quiet zone included
    module = side / (len(matrix) + 8)  # 4 modules of quiet zone on each side
    origin_x, origin_y = x + margin + 4 * module, y + margin + 4 * module
    pdf.set_fill_color(0, 0, 0)
    for r, row in enumerate(matrix):
        c = 0
        while c < len(row):
            if not row[c]:
                c += 1
                continue
            start = c
            while c < len(row) and row[c]:
                c += 1
            pdf.rect(
                origin_x + start * module,
                origin_y + r * module,
                (c - start) * module,
                module,
                style="F",
            )
    text_x = x + margin + side + 1
    text_width = x + sheet.width - margin - text_x
    name = label.name if label.of == 1 else f"{label.name} {label.copy}/{label.of}"
    pdf.set_xy(text_x, y + margin + 1)
    pdf.set_font(_FONT, size=11)
    pdf.cell(text_width, 5, name)
    if label.hint:
        pdf.set_xy(text_x, y + margin + 7)
        pdf.set_font(_FONT, size=7)
        pdf.multi_cell(text_width, 3, label.hint, align="L")
    pdf.set_xy(text_x, y + sheet.height - margin - 4)
    size = 6.0
    pdf.set_font(_FONT, size=size)
    while size > 3 and pdf.get_string_width(label.card) > text_width:
        size -= 0.5
        pdf.set_font_size(size)
    pdf.cell(text_width, 3, label.card)
