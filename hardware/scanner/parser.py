"""The scanner's pure parser: a protocol decoder plus repeat suppression, bytes in, reads out.

An RDM6300 repeats its frame while a tag lies on it, and a barcode scanner in continuous mode reads
the same label again and again; a player means it once. A tag is therefore reported once per
presentation: again only after no frame of it arrived for ``repeat_gap`` seconds. Time is passed in
(``now``), so the parser has no clock of its own.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
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


class RepeatFilter:
    """Admits a tag unless it was last seen less than ``gap`` seconds ago (0 admits every read).

    It remembers at most ``capacity`` tags (the least recently seen are forgotten first), so its
    memory stays bounded whatever arrives.
    """

    def __init__(self, gap: float, capacity: int = 64) -> None:
        if gap < 0:
            raise ValueError("the repeat gap cannot be negative")
        self.gap = gap
        self.capacity = capacity
        self._last_seen: OrderedDict[str, float] = OrderedDict()

    def __len__(self) -> int:
        return len(self._last_seen)

    def admit(self, tag: str, now: float) -> bool:
        last = self._last_seen.pop(tag, None)
        self._last_seen[tag] = now
        if len(self._last_seen) > self.capacity:
            self._last_seen.popitem(last=False)
        return last is None or now - last >= self.gap


class ScanParser:
    """Bytes from the port in, :class:`Read` values out; never raises, holds bounded state."""

    def __init__(self, protocol: str, *, max_length: int = 64, repeat_gap: float = 1.0) -> None:
        self.protocol = protocol
        self._decoder = make_decoder(protocol, max_length)
        self._repeats = RepeatFilter(repeat_gap)

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
                _log.debug("scanner: tag %s still present, not reported again", frame.tag)
                reads.append(Read("repeat", frame))
        return reads
