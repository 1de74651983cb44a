"""The design system's promises: type that grows with the window, text contrast of at least 4.5:1,
and player colours told apart by shape as well as hue, even under colour-vision deficiencies."""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

import kivy
import pytest
from kivy.metrics import sp
from PIL import ImageFont

from ui import design as d

SURFACES = {
    "background": d.BACKGROUND,
    "surface": d.SURFACE,
    "button": d.BUTTON,
    "primary": d.PRIMARY,
    "refusal": d.REFUSAL,
}
DEUTERANOPIA = ((0.367, 0.861, -0.228), (0.280, 0.673, 0.047), (-0.012, 0.043, 0.969))
"""Machado et al. (2009), severity 1.0: what a deuteranope sees (applied to sRGB: near enough)."""


@pytest.mark.parametrize(
    ("size", "scale"),
    [((800, 480), 1.0), ((1280, 720), 1.5), ((640, 400), 1.0), ((3840, 2160), 1.6)],
)
def test_the_type_scale_grows_with_the_window(size: tuple[int, int], scale: float) -> None:
    design = d.Design()
    design.rescale(*size)
    assert design.scale == pytest.approx(scale)
    assert design.caption == pytest.approx(sp(d.CAPTION_SP) * scale)
    assert design.turn >= sp(24) and design.caption >= sp(16)
    assert design.caption < design.body < design.emphasis < design.title < design.turn


@pytest.mark.parametrize("surface", SURFACES)
def test_text_reads_on_every_surface(surface: str) -> None:
    assert d.contrast(d.INK, SURFACES[surface]) >= 4.5


@pytest.mark.parametrize("ink", ["MUTED_INK", "REFUSAL_INK", "SUCCESS_INK", "HIGHLIGHT"])
def test_coloured_text_reads_on_the_dark_surfaces(ink: str) -> None:
    for surface in (d.BACKGROUND, d.SURFACE, d.BUTTON):
        assert d.contrast(getattr(d, ink), surface) >= 4.5, surface


@pytest.mark.parametrize("colour", sorted(d.PIECES))
def test_letters_read_on_every_piece(colour: str) -> None:
    fill = d.piece(colour).fill
    assert d.contrast(d.ink_on(fill), fill) >= 4.5


def test_every_colour_has_its_own_shape_and_every_symbol_is_in_the_symbol_font() -> None:
    shapes = [piece.shape for piece in d.PIECES.values()] + [d.UNKNOWN_PIECE.shape]
    assert len(set(shapes)) == len(shapes)
    face = ImageFont.truetype(str(Path(kivy.__file__).parent / "data/fonts/DejaVuSans.ttf"), 48)
    tofu = bytes(face.getmask("\ue000"))
    assert [s for s in d.SYMBOLS if bytes(face.getmask(s)) == tofu] == []


def deuteranope(rgba: tuple[float, ...]) -> tuple[float, float, float]:
    red, green, blue = rgba[:3]
    rows = (
        sum(w * c for w, c in zip(row, (red, green, blue), strict=True)) for row in DEUTERANOPIA
    )
    return tuple(min(1.0, max(0.0, c)) for c in rows)  # type: ignore[return-value]


def test_red_and_green_pieces_stay_apart_for_a_deuteranope() -> None:
    """The issue's case: red and green camels became one colour. Okabe-Ito's vermillion and
    bluish green keep a clear lightness gap, and their shapes differ anyway."""
    red, green = d.piece("red"), d.piece("green")
    seen = deuteranope(red.fill), deuteranope(green.fill)
    assert max(abs(a - b) for a, b in zip(*seen, strict=True)) > 0.15
    assert red.shape != green.shape


def test_no_two_colours_are_told_apart_by_hue_alone() -> None:
    for (first, a), (second, b) in combinations(d.PIECES.items(), 2):
        assert a.shape != b.shape, (first, second)


def test_a_badge_names_the_shape_and_the_initial() -> None:
    assert d.badge("red", "amal") == "[font=DejaVuSans][color=d55e00]▲[/color][/font] [b]A[/b]"
    assert (
        d.badge("black") == "[font=DejaVuSans][color=f5f5f5]✚[/color][/font]"
    )  # not black on dark
    assert d.badge("teal", "Bo").startswith("[font=DejaVuSans][color=8c8c8c]◇")


@pytest.mark.parametrize("bold", [False, True])
def test_text_in_the_symbol_font_is_drawn_with_its_file_found_once(
    bold: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The symbol font is known by its name: drawing a badge looks for no file on disk (Kivy
    looked for ``DejaVuSans`` at every text drawn, its cache keeping ``DejaVuSans.ttf``), and it is
    drawn from the very file Kivy found for it, in the same style."""
    import kivy.core.text as core_text
    from kivy.core.text.markup import MarkupLabel
    from kivy.resources import resource_find

    sought: list[str] = []
    finding = core_text.resource_find
    monkeypatch.setattr(
        core_text, "resource_find", lambda name: sought.append(name) or finding(name)
    )
    label = MarkupLabel(text=d.badge("red", "Amal"), font_size=20, markup=True, bold=bold)
    label.refresh()
    assert sought == []
    assert label.texture is not None and label.texture.width > 0
    label.options["font_name"] = d.SYMBOL_FONT
    label.resolve_font_name()
    assert label.options["font_name_r"] == resource_find(f"{d.SYMBOL_FONT}.ttf")
