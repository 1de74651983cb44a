"""What a printed labels PDF encodes: its pages rendered as a scanner sees a print, and decoded."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pypdfium2
from qr_codes import qr_texts

from companion.rules.registry import GAMES


def decoded(pdf: Path) -> Counter[str]:
    """Every code on every page of ``pdf``, counted."""
    found: Counter[str] = Counter()
    document = pypdfium2.PdfDocument(pdf)
    try:
        for page in document:
            image = page.render(scale=4).to_pil()  # 288 dpi, what a scanner sees of a print
            found.update(qr_texts(image))
    finally:
        document.close()
    return found


def expected_codes(game: str) -> Counter[str]:
    """``game``'s card ids, each as many times as the game has physical copies of it."""
    spec = GAMES[game]
    copies = spec.card_copies()
    return Counter({card: copies.get(card, 1) for card in spec.card_ids()})
