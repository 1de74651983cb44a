"""Many objects made at once that all live on (a listing of a thousand games, their statistics):
the cyclic garbage collector is paused while they are made. Each of its passes walks the young
objects, and here every one of them survives: in a process that lists 1000 games (the command
line's ``history`` and ``stats``), its passes took up to as long again as the listing itself."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collection_paused() -> Iterator[None]:
    """No automatic collection inside the block; the collector as it was after it (a block inside
    another, or in a process that turned the collector off, leaves it as it found it)."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
