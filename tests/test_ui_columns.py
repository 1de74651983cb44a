"""A table's columns as wide as their longest word: no header word broken in the middle."""

from __future__ import annotations

from kivy.metrics import dp
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label

from ui import columns

GERMAN_MAJORITY = ["", "Wasser", "Gold", "Salz", "Hirse", "Karten", "Summe"]
ROW = ["Karin", "0 (0)", "1 (4)", "0 (0)", "0 (0)", "2", "6"]


def laid_out(width: float, texts: list[str]) -> list[Label]:
    grid = GridLayout(cols=len(GERMAN_MAJORITY), size_hint=(None, None), width=width)
    cells = [Label(text=f"[b]{t}[/b]", markup=True, font_size=16) for t in texts]
    for cell in cells:
        grid.add_widget(cell)
    columns.fit(grid, cells)
    grid.do_layout()
    return cells


def test_each_column_takes_the_width_its_longest_word_needs() -> None:
    """At 800x480 the majority table has about 375 px: equal columns (53 px) break "Wasser"."""
    cells = laid_out(375, GERMAN_MAJORITY + ROW)
    for cell in cells[: len(GERMAN_MAJORITY)]:
        assert cell.width - dp(4) >= columns.widest_word(cell), cell.text
    assert cells[1].width > cells[2].width  # "Wasser" is given more room than "Gold"


def test_markup_is_not_measured_as_words() -> None:
    label = Label(text="[b][font=DejaVuSans]●[/font] Amal[/b]", markup=True, font_size=16)
    assert columns.widest_word(label) == columns.word_width(
        "Amal", 16.0, str(label.font_name), True
    )
