"""A text the CLI prints that it has as UTF-8 already (a text kept beside the games,
:mod:`companion.after.printed`), written as those very bytes where standard output writes UTF-8:
``print(text)``'s output byte for byte, without decoding 2 MB to encode them again."""

from __future__ import annotations

import codecs
import os
import sys


def print_text(text: str | bytes) -> None:
    """``print(text)`` for a text, or for the text whose UTF-8 ``text`` is: as its bytes when
    standard output encodes to UTF-8 with no newline translation (as the interpreter's and the
    resident's workers' do on POSIX); else decoded and printed."""
    stream = sys.stdout
    if isinstance(text, str) or not _writes_utf8(stream):
        print(text if isinstance(text, str) else text.decode())
        return
    stream.flush()  # what was printed before comes first
    stream.buffer.write(text)
    stream.buffer.write(b"\n")
    if stream.line_buffering:
        stream.buffer.flush()  # as print's own write of a line break flushes then


def _writes_utf8(stream: object) -> bool:
    """Whether ``stream`` is a text stream over a binary one that writes its text as UTF-8, a
    line break as itself."""
    encoding = getattr(stream, "encoding", None)
    if not isinstance(encoding, str) or not hasattr(stream, "buffer") or os.linesep != "\n":
        return False
    try:
        return codecs.lookup(encoding).name == "utf-8"
    except LookupError:
        return False
