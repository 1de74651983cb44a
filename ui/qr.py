"""A QR code drawn from PNG bytes (segno writes them in the core): crisp at any size, since every
module is scaled up without smoothing."""

from __future__ import annotations

import io

from kivy.core.image import Image as CoreImage
from kivy.graphics.texture import Texture


def qr_texture(png: bytes) -> Texture:
    """The texture of a QR code PNG, magnified with nearest-neighbour filtering."""
    texture = CoreImage(io.BytesIO(png), ext="png").texture
    texture.mag_filter = "nearest"
    texture.min_filter = "nearest"
    return texture
