"""Every letter of the four languages has a glyph in Kivy's default font (no tofu boxes)."""

from __future__ import annotations

from pathlib import Path

import kivy
import pytest
from PIL import ImageFont

FONTS = Path(kivy.__file__).parent / "data" / "fonts"
LETTERS = "ąćęłńóśźżĄĆĘŁŃÓŚŹŻßäöüÄÖÜñÑ¿¡áéíúÁÉÍÚü«»„“”’·"  # noqa: RUF001
"""Polish, German and Spanish letters and the punctuation the catalogs use."""
MISSING = "\ue000"  # a private-use code point: no font has it, so it draws the .notdef box


@pytest.mark.parametrize("font", ["Roboto-Regular.ttf", "Roboto-Bold.ttf"])
def test_every_letter_has_a_glyph(font: str) -> None:
    face = ImageFont.truetype(str(FONTS / font), 48)
    tofu = bytes(face.getmask(MISSING))
    missing = [letter for letter in LETTERS if bytes(face.getmask(letter)) == tofu]
    assert missing == []
