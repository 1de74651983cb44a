"""Text as a label can draw it: SDL2 takes UTF-8, which a damaged stored text may not give."""

from __future__ import annotations


def drawable(text: str) -> str:
    """``text`` with each byte a damaged stored text escaped (a lone surrogate, as the store's
    ``surrogateescape`` reads a byte that is not UTF-8) shown as U+FFFD; any other text as it is.
    Drawn as it was, the label would raise ``UnicodeEncodeError`` and end the app."""
    try:
        text.encode()
    except UnicodeEncodeError:
        try:
            raw = text.encode("utf-8", "surrogateescape")
        except UnicodeEncodeError:  # a lone surrogate no escape made (from JSON's \ud800, say)
            raw = text.encode("utf-8", "replace")
        return raw.decode("utf-8", "replace")
    return text
