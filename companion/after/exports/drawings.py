"""Things drawn once per content and kept (the last few): making a play's QR code took 70 ms of
CPU here (5 times that on a Pi 4), most of it segno's search for the best mask, and a finished
game's code is made ahead, in a thread of its own, while the table looks at its score sheet
(:meth:`Drawings.ahead`), so that opening the code only shows it. What is drawn is a pure
function of its content: what is kept is what would be drawn again."""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from concurrent.futures import Future
from typing import Generic, TypeVar

_log = logging.getLogger(__name__)

T = TypeVar("T")


class Drawings(Generic[T]):
    """``draw(key)`` per key, drawn once (an asker while it is being drawn waits for it) and kept
    for the last ``keep`` keys; a drawing that failed is not kept (the next asker draws again)."""

    def __init__(self, draw: Callable[[Hashable], T], keep: int = 8) -> None:
        self._draw = draw
        self._keep = keep
        self._lock = threading.Lock()
        self._drawn: OrderedDict[Hashable, Future[T]] = OrderedDict()

    def get(self, key: Hashable) -> T:
        """The drawing of ``key``: kept, being drawn (waited for), or drawn now."""
        with self._lock:
            future = self._drawn.get(key)
            mine = future is None
            if future is None:
                future = Future()
                self._drawn[key] = future
                while len(self._drawn) > self._keep:
                    self._drawn.popitem(last=False)
            else:
                self._drawn.move_to_end(key)
        if mine:
            try:
                future.set_result(self._draw(key))
            except BaseException as error:
                with self._lock:
                    if self._drawn.get(key) is future:
                        del self._drawn[key]
                future.set_exception(error)
        return future.result()

    def ahead(self, key: Hashable) -> None:
        """Draw ``key`` in a thread of its own (a daemon: a drawing never holds the app open); a
        failure is logged, and drawn again when asked for."""

        def drawing() -> None:
            try:
                self.get(key)
            except Exception:
                _log.exception("a drawing made ahead failed; it is drawn when asked for")

        threading.Thread(target=drawing, name="drawing ahead", daemon=True).start()
