"""Screens made ready in the idle time after the start (issue 27): History and Statistics are
built, the games listed, the first page of History's rows and Statistics' cells made and their texts
drawn before the player first asks for them, so that their first opening costs what opening them
again costs (a thousand stored games took 0.45 s and 0.18 s of CPU here, 5 times that on a Pi 4).

The work is a series of small steps (a generator that yields between them), run a few each frame
for at most :data:`FRAME_SHARE` seconds (a step is begun only when one as long as the step before
still fits), the next in the next frame: a tap meanwhile waits for that share of a frame at most
(or one step, where a step is longer), never for the whole work. The first steps run :data:`AFTER`
seconds after the first frame, once Home has settled (the start is not slowed). Nothing is shown
by it: an opening renders as it always does, from what the store holds then; what was made
ahead is reused only where it still holds (a commit since lists the games anew).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterator

from kivy.clock import Clock

_log = logging.getLogger(__name__)

AFTER = 0.5
"""Seconds after the first frame (Home settled) at which the work starts."""
FRAME_SHARE = 0.008
"""Seconds of steps run in one frame, at most (a step begun finishes): about half a frame at 60
frames a second here, under the 100 ms a tap may take on a Pi 4."""


class Readying:
    """Runs ``steps`` in the frames to come, :data:`FRAME_SHARE` seconds of them a frame, and then
    calls ``done``. A step that fails ends the work (logged): the screen does it when opened."""

    def __init__(self, steps: Iterator[None], done: Callable[[], None] = lambda: None) -> None:
        self._steps = steps
        self._done = done
        self.finished = False
        """Whether every step has run (or the work ended on a failure)."""
        self.cpu = 0.0
        """The main thread's CPU seconds from the first step to the last (all it did meanwhile:
        the steps, and the frames' layout and text drawing of what they made)."""
        self.longest = 0.0
        """The CPU seconds of the longest frame's share of steps (what a tap may wait for)."""
        self._began: float | None = None

    def start(self, delay: float = AFTER) -> None:
        Clock.schedule_once(self._frame, delay)

    def cancel(self) -> None:
        """No step more (the app stops: its store is about to close)."""
        self._steps = iter(())
        self.finished = True

    def _frame(self, _dt: float) -> None:
        if self.finished:
            return
        cpu = time.thread_time()
        if self._began is None:
            self._began = cpu
        until = time.perf_counter() + FRAME_SHARE
        try:
            while True:  # the next step only if one as long as the last still fits the share
                began = time.perf_counter()
                next(self._steps)
                ended = time.perf_counter()
                if ended + (ended - began) > until:
                    break
        except StopIteration:
            self._finish(cpu)
            return
        except Exception:  # an optional head start: the opening does the same work itself
            _log.exception("screens not made ready ahead; they are made when opened")
            self._finish(cpu)
            return
        self.longest = max(self.longest, time.thread_time() - cpu)
        Clock.schedule_once(self._frame, 0)

    def _finish(self, cpu: float) -> None:
        self.longest = max(self.longest, time.thread_time() - cpu)
        self.cpu = time.thread_time() - (self._began or cpu)
        self.finished = True
        _log.debug("screens made ready: %.0f ms CPU, longest step %.0f ms", self.cpu * 1e3,
                   self.longest * 1e3)  # fmt: skip
        self._done()
