"""Timbuktu's goods and pitch cards wrap as units: a good's symbol never ends a line without its
name (Polish ``☀`` / ``złoto``), a thief's ``1 + 3`` never breaks, read from the lines Kivy lays
out at every width a label may have."""

from __future__ import annotations

from pathlib import Path

import pytest
from kivy.uix.button import Button
from kivy.uix.label import Label
from ui_harness import driven, laid_out_lines

from companion.games.timbuktu.model import Good
from companion.games.timbuktu.names import good_name
from companion.installation import i18n
from ui.audit.driver import plain
from ui.games.timbuktu import tour
from ui.games.timbuktu.setup import TIMES
from ui.games.timbuktu.view import GOOD_SYMBOL, good_key, good_markup, pitch_face

WIDTHS = range(96, 320, 4)
"""From the widest good with its symbol (narrower, Kivy breaks any word in the middle) up."""


def drawn_lines(text: str, width: int) -> list[str]:
    """The lines a 16 sp label ``width`` px wide draws ``text`` on (markup runs joined)."""
    label = Label(text=text, markup=True, font_size="16sp", text_size=(width, None))
    label.texture_update()
    return laid_out_lines(label)


def test_a_goods_symbol_and_its_name_stay_on_one_line_at_every_width() -> None:
    for good in Good:
        symbol, name = GOOD_SYMBOL[good], good_name(good)
        text = f"Paid with {good_markup(good)} and more"
        for width in WIDTHS:
            lines = drawn_lines(text, width)
            (holding,) = [line for line in lines if symbol in line]
            assert name in holding, (width, lines)


def test_a_pitch_card_is_never_broken() -> None:
    for width in WIDTHS:
        lines = drawn_lines(f"Pen 1 · pitches {pitch_face((1, 3))} and more", width)
        assert any("1\u00a0+\u00a03" in line for line in lines), (width, lines)


def test_the_caravan_boards_good_count_stays_with_its_words_in_polish(tmp_path: Path) -> None:
    """At 800x480 the Polish title '… wielbłąd B, towar 3 z 4' wrapped with the 4 alone on its
    line; the count is held to its words, on the lines drawn after real taps."""
    with driven(tmp_path, lang="pl") as driver:
        tour.timbuktu_caravan_entry(driver)
        driver.frames(3)
        lines = laid_out_lines(driver.screen.ids.prompt.ids.title)
    assert "3" in lines[-1] and "4" in lines[-1] and "towar" in lines[-1], lines


@pytest.mark.parametrize("lang", ["en", "de", "pl", "es"])
def test_a_pen_or_oasis_number_never_stands_alone_on_a_key(tmp_path: Path, lang: str) -> None:
    """At 800x480 English 'Enter the arrows of pen 1' wrapped with the 1 alone on its last line;
    the number is held to the word before it, on the lines drawn after real taps."""
    with driven(tmp_path, lang=lang) as driver:
        tour.timbuktu_arrow_or_payment(driver)
        driver.frames(3)
        keys = [
            b
            for b in driver.screen.ids.prompt.ids.options.walk()
            if any(ch.isdigit() for ch in plain(getattr(b, "text", ""))) and isinstance(b, Button)
        ]
        drawn = {plain(key.text): laid_out_lines(key) for key in keys}
    assert len(drawn) >= 2, drawn  # the arrows of the pen, the swap fields of the oasis
    for text, lines in drawn.items():
        assert all(not line.strip().isdigit() for line in lines), (text, lines)


def test_a_narrow_goods_key_never_breaks_a_name_in_spanish() -> None:
    """The caravan board's keys are five to a row (93 px of text at 800x480): Spanish
    '✤ pimienta' drawn in the symbol font (100 px) broke as 'pimient' / 'a'; a key draws the name
    in the text font, and 'all but' puts the good on a line of its own."""
    i18n.set_language("es")
    try:
        for good in Good:
            name = good_name(good)
            for text in (
                good_key(good),
                f"{good_key(good)} {TIMES}4",
                f"todas menos\n{good_key(good)}",
            ):
                label = Label(text=text, markup=True, font_size="18sp", text_size=(93, None))
                label.texture_update()
                words = [w.text for line in label._label._cached_lines for w in line.words]
                assert any(name in word for word in words), (text, words)
    finally:
        i18n.set_language("en")
