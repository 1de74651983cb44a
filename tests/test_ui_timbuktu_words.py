"""Timbuktu's goods and pitch cards wrap as units: a good's symbol never ends a line without its
name (Polish ``☀`` / ``złoto``), a thief's ``1 + 3`` never breaks, read from the lines Kivy lays
out at every width a label may have."""

from __future__ import annotations

from kivy.uix.label import Label

from companion.games.timbuktu.model import Good
from companion.games.timbuktu.names import good_name
from ui.games.timbuktu.view import GOOD_SYMBOL, good_markup, pitch_face

WIDTHS = range(96, 320, 4)
"""From the widest good with its symbol (narrower, Kivy breaks any word in the middle) up."""


def drawn_lines(text: str, width: int) -> list[str]:
    """The lines a 16 sp label ``width`` px wide draws ``text`` on (markup runs joined)."""
    label = Label(text=text, markup=True, font_size="16sp", text_size=(width, None))
    label.texture_update()
    return ["".join(word.text for word in line.words) for line in label._label._cached_lines]


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
