"""The two wire protocols a card scanner speaks, as pure decoders: bytes in, frames out.

``lines``
    USB/serial barcode and QR scanners: printable ASCII text ended by CR, LF or CRLF, optionally
    framed as STX text ETX. Text longer than ``max_length`` is discarded up to the next terminator.
``rdm6300``
    125 kHz RFID readers: 14-byte frames ``STX, 10 hex digits, 2 hex digits, ETX`` where the last
    two digits are the XOR of the five bytes the first ten spell. The tag is the ten digits.

A decoder resynchronises after garbage, never holds more than one frame's worth of bytes, and never
raises on any input. Frames that are malformed come out as rejected frames with a reason (for the
wiring check); only well-formed ones carry a tag.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from typing import Final, Literal, Protocol

STX: Final = 0x02
ETX: Final = 0x03
CR: Final = 0x0D
LF: Final = 0x0A

Problem = Literal["bad_checksum", "bad_frame", "too_long", "not_text"]
PROTOCOLS: Final = ("lines", "rdm6300")

RDM6300_FRAME_LENGTH: Final = 14
_HEX = re.compile(rb"[0-9A-Fa-f]{12}")

_log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Frame:
    """One frame the decoder made out: a ``tag`` if it was well formed, else the ``problem``."""

    raw: bytes
    tag: str | None = None
    problem: Problem | None = None


class Decoder(Protocol):
    def feed(self, data: bytes) -> list[Frame]:
        """The frames that ``data`` completes, in order."""
        ...

    @property
    def buffered(self) -> int:
        """Bytes held back waiting for the rest of a frame (bounded)."""
        ...


class LinesDecoder:
    """Printable text lines ended by CR, LF or ETX; an STX starts a frame afresh."""

    def __init__(self, max_length: int) -> None:
        if max_length < 1:
            raise ValueError("max_length must be at least 1")
        self.max_length = max_length
        self._line = bytearray()
        self._overlong = False

    @property
    def buffered(self) -> int:
        return len(self._line)

    def feed(self, data: bytes) -> list[Frame]:
        frames: list[Frame] = []
        for byte in data:
            if byte in (CR, LF, ETX):
                frame = self._finish()
                if frame is not None:
                    frames.append(frame)
            elif byte == STX:
                if self._line:
                    _log.debug("lines: %d bytes before a frame start dropped", len(self._line))
                self._line.clear()  # whatever came before the frame start was not part of it
                self._overlong = False
            elif len(self._line) < self.max_length:
                self._line.append(byte)
            else:
                self._overlong = True  # keep the first max_length bytes to show what it was
        return frames

    def _finish(self) -> Frame | None:
        """The frame the buffered line makes (None for an empty line, as between CR and LF)."""
        raw = bytes(self._line)
        self._line.clear()
        if self._overlong:
            self._overlong = False
            return Frame(raw, problem="too_long")
        text = raw.strip(b" ")
        if not text:
            return None
        if not all(0x20 <= byte <= 0x7E for byte in text):
            return Frame(raw, problem="not_text")
        return Frame(raw, tag=text.decode("ascii"))


def rdm6300_checksum(digits: bytes) -> int:
    """The XOR of the five bytes that ten hex digits spell."""
    checksum = 0
    for value in bytes.fromhex(digits.decode("ascii")):
        checksum ^= value
    return checksum


def rdm6300_frame(tag: str) -> bytes:
    """The 14 bytes an RDM6300 sends for ``tag`` (ten hex digits): for tests and benchmarks."""
    digits = tag.upper().encode("ascii")
    return bytes([STX]) + digits + b"%02X" % rdm6300_checksum(digits) + bytes([ETX])


class Rdm6300Decoder:
    """Fixed 14-byte frames; after a bad one the search for STX resumes one byte past its start."""

    def __init__(self) -> None:
        self._pending = bytearray()

    @property
    def buffered(self) -> int:
        return len(self._pending)

    def feed(self, data: bytes) -> list[Frame]:
        frames: list[Frame] = []
        pending = self._pending
        pending += data
        while True:
            start = pending.find(STX)
            if start < 0:
                if pending:
                    _log.debug("rdm6300: %d bytes without a frame start dropped", len(pending))
                pending.clear()  # no frame start anywhere: all of it is junk
                break
            if start:
                _log.debug("rdm6300: resynchronised, %d bytes before a frame start dropped", start)
            del pending[:start]
            if len(pending) < RDM6300_FRAME_LENGTH:
                break
            candidate = bytes(pending[:RDM6300_FRAME_LENGTH])
            frame = _rdm6300_frame(candidate)
            frames.append(frame)
            # a good frame is consumed whole; after a bad one a real frame may start inside it
            del pending[: RDM6300_FRAME_LENGTH if frame.tag is not None else 1]
        return frames


def _rdm6300_frame(candidate: bytes) -> Frame:
    body = candidate[1:13]
    if candidate[13] != ETX or not _HEX.fullmatch(body):
        return Frame(candidate, problem="bad_frame")
    if rdm6300_checksum(body[:10]) != int(body[10:], 16):
        return Frame(candidate, problem="bad_checksum")
    return Frame(candidate, tag=body[:10].decode("ascii").upper())


def make_decoder(protocol: str, max_length: int = 64) -> LinesDecoder | Rdm6300Decoder:
    """The decoder for a protocol name from the config (``lines`` or ``rdm6300``)."""
    if protocol == "lines":
        return LinesDecoder(max_length)
    if protocol == "rdm6300":
        return Rdm6300Decoder()
    raise ValueError(f"unknown scanner protocol {protocol!r} (expected one of {PROTOCOLS})")
