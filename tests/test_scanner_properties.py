"""Hypothesis over arbitrary byte streams: the parser never raises, never emits a tag that was not
framed correctly, finds every well-formed frame, and its memory stays bounded."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from hardware.scanner.parser import ScanParser
from hardware.scanner.protocols import RDM6300_FRAME_LENGTH, rdm6300_frame

MAX_LENGTH = 16
TAGS = st.text("0123456789ABCDEF", min_size=10, max_size=10)
INTERESTING = st.sampled_from([b"\x02", b"\x03", b"\r", b"\n", b" ", b"0", b"A", b"f", b"\xff"])
"""Bytes that matter to the protocols, so that random streams hit the edge cases often."""


@st.composite
def damaged(draw: st.DrawFn, whole: st.SearchStrategy[bytes]) -> bytes:
    """Something close to a frame: intact, cut short, or with one byte changed."""
    frame = draw(whole)
    cut = draw(st.integers(0, len(frame)))
    where, byte = draw(st.integers(0, len(frame) - 1)), draw(st.integers(0, 255))
    return draw(
        st.sampled_from([frame, frame[:cut], frame[:where] + bytes([byte]) + frame[where + 1 :]])
    )


NEAR_FRAMES = damaged(st.builds(rdm6300_frame, TAGS))
NEAR_LINES = damaged(st.from_regex(rb"\x02?[ -~]{0,24}(\r|\n|\r\n|\x03)", fullmatch=True))
STREAMS = st.lists(st.binary(max_size=40) | INTERESTING | NEAR_FRAMES | NEAR_LINES, max_size=60)
LABELS = st.from_regex(r"[!-~]([ -~]{0,14}[!-~])?", fullmatch=True).filter(
    lambda text: len(text) <= MAX_LENGTH
)


def feed_all(parser: ScanParser, chunks: list[bytes]) -> list[str]:
    """The new tags, checking the parser's memory bound after every chunk."""
    found = []
    bound = MAX_LENGTH if parser.protocol == "lines" else RDM6300_FRAME_LENGTH - 1
    for chunk in chunks:
        for read in parser.feed(chunk, now=0.0):
            if read.kind == "tag":
                assert read.tag is not None
                found.append(read.tag)
            else:
                assert read.tag is None or read.kind == "repeat"
        assert parser.buffered <= bound
        assert parser.remembered <= 64
    return found


@given(STREAMS)
def test_rdm6300_emits_only_tags_framed_with_a_good_checksum(chunks: list[bytes]) -> None:
    stream = b"".join(chunks).upper()
    for tag in feed_all(ScanParser("rdm6300", repeat_gap=0), chunks):
        assert rdm6300_frame(tag) in stream


@given(STREAMS)
def test_lines_emits_only_terminated_printable_text(chunks: list[bytes]) -> None:
    stream = b"".join(chunks)
    for tag in feed_all(ScanParser("lines", max_length=MAX_LENGTH, repeat_gap=0), chunks):
        assert 0 < len(tag) <= MAX_LENGTH and tag.isprintable() and tag.isascii()
        framed = rb"(?:^|[\r\n\x02\x03]) *" + re.escape(tag.encode()) + rb" *[\r\n\x03]"
        assert re.search(framed, stream)


@given(st.lists(st.tuples(STREAMS, TAGS), max_size=8), st.data())
def test_rdm6300_finds_every_frame_among_junk(pieces: list, data: st.DataObject) -> None:
    stream = b"".join(b"".join(junk) + rdm6300_frame(tag) for junk, tag in pieces)
    cuts = sorted(data.draw(st.sets(st.integers(0, len(stream)), max_size=10)))
    chunks = [stream[a:b] for a, b in zip([0, *cuts], [*cuts, len(stream)], strict=True)]
    found = iter(feed_all(ScanParser("rdm6300", repeat_gap=0), chunks))
    assert all(tag in found for _junk, tag in pieces)  # in order, possibly among junk's own


@given(st.lists(st.tuples(STREAMS, LABELS), max_size=8))
def test_lines_finds_every_terminated_label_after_junk(pieces: list) -> None:
    stream = b"".join(b"".join(junk) + b"\n" + label.encode() + b"\r\n" for junk, label in pieces)
    found = iter(feed_all(ScanParser("lines", max_length=MAX_LENGTH, repeat_gap=0), [stream]))
    assert all(label in found for _junk, label in pieces)


@given(STREAMS, st.sampled_from(["lines", "rdm6300"]))
def test_how_the_bytes_are_chunked_does_not_matter(chunks: list[bytes], protocol: str) -> None:
    whole = ScanParser(protocol, max_length=MAX_LENGTH).feed(b"".join(chunks), now=0.0)
    pieces = ScanParser(protocol, max_length=MAX_LENGTH)
    assert [read for chunk in chunks for read in pieces.feed(chunk, now=0.0)] == whole


@given(st.lists(st.tuples(TAGS, st.floats(0, 3)), max_size=40))
def test_repeat_memory_stays_bounded(reads: list[tuple[str, float]]) -> None:
    parser, now = ScanParser("rdm6300", repeat_gap=1.0), 0.0
    for tag, pause in reads:
        now += pause
        parser.feed(rdm6300_frame(tag), now)
        assert parser.remembered <= 64
