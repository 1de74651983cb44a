"""A QR code drawn from PNG bytes (segno writes them in the core), or from the code itself: crisp
at any size, since every module is scaled up without smoothing."""

from __future__ import annotations

import io

import segno
from kivy.core.image import Image as CoreImage
from kivy.graphics.texture import Texture


def qr_texture(png: bytes) -> Texture:
    """The texture of a QR code PNG, magnified with nearest-neighbour filtering."""
    texture = CoreImage(io.BytesIO(png), ext="png").texture
    texture.mag_filter = "nearest"
    texture.min_filter = "nearest"
    return texture


def code_texture(code: segno.QRCode, border: int) -> Texture:
    """The texture of ``code`` (one pixel a module, ``border`` light modules around it), drawn
    from its modules: no PNG written and read back (reading one loads every image format
    Pillow knows, at the first code shown)."""
    rows = [bytes(row) for row in code.matrix_iter(scale=1, border=border)]
    side = len(rows)
    dark, light = b"\x00\x00\x00\xff", b"\xff\xff\xff\xff"
    pixels = b"".join(light if not module else dark for row in reversed(rows) for module in row)
    texture = Texture.create(size=(side, side), colorfmt="rgba")
    texture.blit_buffer(pixels, colorfmt="rgba", bufferfmt="ubyte")
    texture.mag_filter = "nearest"
    texture.min_filter = "nearest"
    return texture
