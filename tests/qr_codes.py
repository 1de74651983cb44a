"""QR codes decoded from pixels, as a phone's camera or the table's scanner reads them.

zxing-cpp looks for every symbology unless told otherwise, and the modules of a dense QR code
sometimes also read as an EAN-13 bar code (a few in 1000 version-24 BG Stats codes), which no
phone scanning a QR code reports: only QR codes are looked for."""

from __future__ import annotations

import zxingcpp
from PIL import Image


def qr_texts(image: Image.Image) -> list[str]:
    """The text of every QR code in ``image``, in the order zxing-cpp finds them."""
    return [
        code.text for code in zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)
    ]
