"""A table's columns as wide as their longest word: no header word broken in the middle."""

from __future__ import annotations

import gc
import weakref

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


def test_a_marked_heading_breaks_at_its_mark_when_the_whole_words_overflow() -> None:
    """German Tuareg at 800x480 (a 378 px table): "Landkarten" whole pushed "Summe" 13 px past
    the window; marked "Land|karten" it breaks there, and every column fits the grid."""
    headings = [*GERMAN_MAJORITY[:5], "Land|karten", "Summe"]
    cells = laid_out(378, headings + ROW)
    maps = cells[5]
    assert plain_words(maps.text) == ["Land-", "karten"]
    assert sum(cell.width for cell in cells[:7]) <= 378
    for cell in cells[:7]:
        assert cell.width - dp(4) >= columns.widest_word(cell), cell.text


def test_a_marked_heading_stays_whole_where_the_table_has_room() -> None:
    cells = laid_out(700, [*GERMAN_MAJORITY[:5], "Land|karten", "Summe", *ROW])
    assert cells[5].text == "[b]Landkarten[/b]"
    assert cells[5].width - dp(4) >= columns.widest_word(cells[5])


def test_a_grid_refitted_as_its_width_changes_is_freed_once_dropped() -> None:
    """A screen rebuilt (the statistics, a score sheet) drops its table: what refits the table is
    the table's own, so the table, its cells and the screen around it are freed (they were kept
    for as long as the app ran, each rebuild adding one)."""
    cells = laid_out(378, [*GERMAN_MAJORITY[:5], "Land|karten", "Summe", *ROW])
    grid = cells[0].parent
    assert plain_words(cells[5].text) == ["Land-", "karten"]
    grid.width = 700
    assert cells[5].text == "[b]Landkarten[/b]"  # still refitted as its width changes
    gone = weakref.ref(grid)
    del grid, cells
    gc.collect()
    assert gone() is None


def plain_words(text: str) -> list[str]:
    return columns.MARKUP.sub("", text).split()
