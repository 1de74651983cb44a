"""The scanner's pure parser: a protocol decoder plus repeat suppression, bytes in, reads out.

An RDM6300 repeats its frame while a tag lies on it, and a barcode scanner in continuous mode reads
the same label again and again; a player means it once. A frame is therefore a repeat only while
the reader keeps sending it: the same tag as the frame just before, less than ``repeat_gap`` seconds
after it. Anything else counts, because printed labels are per card id, not per physical card: two
water cards carry the same code, and scanning one after the other (or another card in between) is
two cards, however quick. The gap is the reader's, not the table's: longer than the period at which
it repeats a frame (:data:`REPEAT_GAPS`), shorter than a hand takes to bring the next card. Time is
passed in (``now``), so the parser has no clock of its own.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Literal

from hardware.scanner.protocols import Frame, make_decoder

ReadKind = Literal["tag", "repeat", "rejected"]

_log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Read:
    """What one frame meant: a new ``tag``, a ``repeat`` of one still present, or ``rejected``."""

    kind: ReadKind
    frame: Frame

    @property
    def tag(self) -> str | None:
        return self.frame.tag


REPEAT_GAPS: dict[str, float] = {"rdm6300": 0.5, "lines": 0.3}
"""Each protocol's repeat gap when the config names none. An RDM6300 sends its frame several times a
second while a tag lies on it (0.5 s covers its period with room to spare; a lifted card's tag
stops at once). A barcode scanner's trigger reads once, and in continuous mode it reads a label in
view again within a fraction of a second: 0.3 s, while bringing the next card takes longer."""


class RepeatFilter:
    """Admits a frame unless it repeats the one just before: the same tag, less than ``gap``
    seconds after it (0 admits every read). It remembers only that last frame."""

    def __init__(self, gap: float) -> None:
        if gap < 0:
            raise ValueError("the repeat gap cannot be negative")
        self.gap = gap
        self._last: tuple[str, float] | None = None

    def __len__(self) -> int:
        return 0 if self._last is None else 1

    def admit(self, tag: str, now: float) -> bool:
        last, self._last = self._last, (tag, now)
        return last is None or last[0] != tag or now - last[1] >= self.gap


class ScanParser:
    """Bytes from the port in, :class:`Read` values out; never raises, holds bounded state."""

    def __init__(
        self, protocol: str, *, max_length: int = 64, repeat_gap: float | None = None
    ) -> None:
        """``repeat_gap``: None takes the protocol's (:data:`REPEAT_GAPS`)."""
        self.protocol = protocol
        self._decoder = make_decoder(protocol, max_length)
        gap = REPEAT_GAPS.get(protocol, 0.0) if repeat_gap is None else repeat_gap
        self._repeats = RepeatFilter(gap)

    @property
    def buffered(self) -> int:
        """Bytes held back waiting for the rest of a frame."""
        return self._decoder.buffered

    @property
    def remembered(self) -> int:
        """Tags remembered for repeat suppression."""
        return len(self._repeats)

    def feed(self, data: bytes, now: float) -> list[Read]:
        reads = []
        for frame in self._decoder.feed(data):
            if frame.tag is None:
                _log.debug(
                    "scanner: %s frame rejected (%s): %r", self.protocol, frame.problem, frame.raw
                )
                reads.append(Read("rejected", frame))
            elif self._repeats.admit(frame.tag, now):
                reads.append(Read("tag", frame))
            else:
                _log.debug("scanner: tag %s still sent, not reported again", frame.tag)
                reads.append(Read("repeat", frame))
        return reads
