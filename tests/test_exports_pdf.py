"""The score-sheet PDF prints any name the app accepts (issue 24 points 6-8): rendered with
pdfium, every character's box stays inside its column and the page; emoji print as a visible
placeholder that the sheet and the CLI explain; the font is the package's own."""

from __future__ import annotations

import ast
import io
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
from cli_process import run
from played_games import Clock, play_to_end
from pypdf import PdfReader

import companion
from companion.after import history
from companion.after.exports import pdf
from companion.store import LOCATION, Store

LONG = ["Zażółć gęślą jaźń Jürgen", "W" * 24, "Ñandú Müller-Łęczyński Ó", "M" * 24, "Ål Œ"]
EMOJI = ["Ania 🎲🐫", "😀 Zoë", "🌵" * 24, "Jürgen", "Łucja"]
PT_PER_MM = 72 / 25.4


def _game(path: Path, names: list[str], location: str = "", stored: bool = False) -> str:
    """A finished Tuareg game of ``names``; ``stored``: names as a game stored before the one rule
    for names may hold them (control characters), unchecked."""
    with Store.open(path, clock=Clock()) as store:
        store.set_setting(*LOCATION, location)
        return play_to_end(store, "tuareg", names, seed=4, stored=stored)


def _char_boxes(data: bytes) -> list[tuple[str, float, float, float, float]]:
    """Every character pdfium finds on page 1: (char, left, right, bottom, top) in mm."""
    document = pdfium.PdfDocument(data)
    page = document[0]
    text = page.get_textpage()
    boxes = []
    for index in range(text.count_chars()):
        char = text.get_text_range(index, 1)
        if not char.strip():
            continue
        left, bottom, right, top = text.get_charbox(index)
        boxes.append(
            (char, left / PT_PER_MM, right / PT_PER_MM, bottom / PT_PER_MM, top / PT_PER_MM)
        )
    assert page.render(scale=1).to_pil().size[0] > 500  # it renders
    return boxes


def _table_span(data: bytes) -> tuple[float, float]:
    """The bottom and top (mm) of the table: the drawn cells (paths wider than a swatch)."""
    page = pdfium.PdfDocument(data)[0]
    spans = []
    for item in page.get_objects():
        if item.type == pdfium_c.FPDF_PAGEOBJ_PATH:
            left, bottom, right, top = item.get_bounds()
            if (right - left) / PT_PER_MM > pdf.SWATCH + 1:
                spans.append((bottom / PT_PER_MM, top / PT_PER_MM))
    assert spans
    return min(b for b, _t in spans), max(t for _b, t in spans)


@pytest.mark.parametrize("names", [LONG, EMOJI], ids=["long", "emoji"])
def test_long_names_stay_inside_their_column_and_the_page(tmp_path: Path, names: list[str]) -> None:
    db = tmp_path / "games.sqlite3"
    game_id = _game(db, names, "Kraków, u Ani — " + "Zażółć gęślą jaźń " * 3)
    with Store.open(db) as store:
        data = pdf.render(history.load_play(store, game_id))
    boxes = _char_boxes(data)
    edges = pdf.column_edges(len(names))
    low, high = _table_span(data)
    for char, left, right, bottom, top in boxes:
        assert left > 0 and right < 210 - 5, (char, left, right)  # on the page
        if not low < (bottom + top) / 2 < high:
            continue  # above or below the table
        straddled = [x for x in edges if left + 0.05 < x < right - 0.05]
        assert straddled == [], (char, left, right, straddled)
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)
    flat = "".join(text.split())
    for name in names:  # each name whole (wrapped lines joined), emoji as the placeholder
        assert "".join(pdf.printable(name).split()) in flat, name


def test_emoji_print_as_a_placeholder_the_sheet_and_the_cli_explain(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    game_id = _game(db, EMOJI)
    target = tmp_path / "s.pdf"
    code, answer = run("export", game_id, "--format", "pdf", "-o", str(target), db=db)
    assert code == 0
    assert answer["placeholder"] == pdf.PLACEHOLDER and set(answer["not_printed"]) == {
        "🎲",
        "🐫",
        "🌵",
    }
    text = "".join(page.extract_text() for page in PdfReader(target).pages)
    assert pdf.PLACEHOLDER in text and "cannot print" in text
    assert "Ania □□" in text
    assert "😀 Zoë" in text  # DejaVu Sans draws the emoticons block itself
    plain = _game(tmp_path / "plain.sqlite3", ["Ania", "Zoë"])
    code, answer = run(
        "export",
        plain,
        "--format",
        "pdf",
        "-o",
        str(tmp_path / "p.pdf"),
        db=tmp_path / "plain.sqlite3",
    )
    assert code == 0 and answer["not_printed"] == []


def test_the_pdf_font_is_shipped_in_the_package_with_its_licence() -> None:
    assert pdf.font_path().is_file()
    assert pdf.font_path().is_relative_to(Path(companion.__file__).resolve().parent)
    licence = pdf.font_path().with_name("LICENSE-DejaVu.txt").read_text()
    assert "Bitstream Vera" in licence and "Permission is hereby granted" in licence
    source = ast.parse(Path(pdf.__file__).read_text())
    imported = {
        alias.name
        for node in ast.walk(source)
        if isinstance(node, ast.Import)
        for alias in node.names
    } | {node.module for node in ast.walk(source) if isinstance(node, ast.ImportFrom)}
    assert not any("kivy" in (name or "") for name in imported)
    assert "kivy" not in Path(pdf.__file__).read_text().lower()


def test_control_characters_in_a_name_print_nothing_and_no_glyph_is_missing(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    db = tmp_path / "games.sqlite3"
    game_id = _game(db, ["\x1b[31mRed\x1b[0m", "L1\r\nL2", "a\u202eb\u200b"], stored=True)
    with Store.open(db) as store:
        play = history.load_play(store, game_id)
        with caplog.at_level("WARNING", logger="fpdf"):
            data = pdf.render(play)
        assert pdf.missing(play) == []
    assert not [r for r in caplog.records if r.name.startswith("fpdf")]
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)
    words = " ".join(text.split())
    assert "[31mRed[0m" in words and "L1 L2" in words and pdf.PLACEHOLDER not in text
