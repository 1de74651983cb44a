"""The scanner's pure parser: both protocols, byte by byte, and the repeat suppression."""

from __future__ import annotations

from functools import reduce
from operator import xor

import pytest

from hardware.scanner.parser import RepeatFilter, ScanParser
from hardware.scanner.protocols import (
    Frame,
    LinesDecoder,
    Rdm6300Decoder,
    make_decoder,
    rdm6300_checksum,
    rdm6300_frame,
)

TAG = "0A1B2C3D4E"


def tags(frames: list[Frame]) -> list[str | None]:
    return [frame.tag for frame in frames]


def problems(frames: list[Frame]) -> list[str | None]:
    return [frame.problem for frame in frames]


# --- rdm6300 --------------------------------------------------------------------------------


def test_rdm6300_frame_layout_and_checksum() -> None:
    frame = rdm6300_frame(TAG)
    assert len(frame) == 14
    assert frame[0] == 0x02 and frame[-1] == 0x03
    assert frame[1:11] == TAG.encode()
    assert (
        int(frame[11:13], 16) == reduce(xor, bytes.fromhex(TAG)) == rdm6300_checksum(b"0A1B2C3D4E")
    )


def test_rdm6300_reads_a_frame_and_upper_cases_the_tag() -> None:
    decoder = Rdm6300Decoder()
    assert tags(decoder.feed(rdm6300_frame(TAG).lower())) == [TAG]
    assert decoder.buffered == 0


def test_rdm6300_resynchronises_on_a_frame_start_inside_garbage() -> None:
    decoder = Rdm6300Decoder()
    frames = decoder.feed(b"\x00\x02\x021234" + rdm6300_frame(TAG) + b"\xff\x03")
    assert tags(frames)[-1] == TAG
    assert all(frame.tag is None for frame in frames[:-1])  # the false starts, rejected
    assert decoder.buffered == 0


def test_rdm6300_bad_checksum_and_bad_frames_are_rejected() -> None:
    good = rdm6300_frame(TAG)
    wrong_sum = good[:11] + b"00" + good[13:]
    not_hex = good[:3] + b"G" + good[4:]
    no_etx = good[:13] + b"\x04"
    decoder = Rdm6300Decoder()
    frames = decoder.feed(wrong_sum + not_hex + no_etx)
    assert problems(frames) == ["bad_checksum", "bad_frame", "bad_frame"]
    assert tags(decoder.feed(good)) == [TAG]


def test_rdm6300_holds_at_most_one_partial_frame() -> None:
    decoder = Rdm6300Decoder()
    frame = rdm6300_frame(TAG)
    assert decoder.feed(frame[:9]) == []
    assert decoder.buffered == 9
    assert tags(decoder.feed(frame[9:])) == [TAG]
    decoder.feed(b"no frame start at all" * 50)
    assert decoder.buffered == 0


# --- lines ----------------------------------------------------------------------------------


@pytest.mark.parametrize("end", [b"\r", b"\n", b"\r\n", b"\x03", b"\x03\r\n"])
def test_lines_each_terminator_ends_one_label(end: bytes) -> None:
    decoder = LinesDecoder(64)
    assert tags(decoder.feed(b"ONE" + end + b"TWO" + end)) == ["ONE", "TWO"]
    assert decoder.buffered == 0


def test_lines_stx_starts_the_frame_afresh_and_spaces_are_trimmed() -> None:
    decoder = LinesDecoder(64)
    assert tags(decoder.feed(b"half a lab\x02  TARGI-GOODS-VP \x03")) == ["TARGI-GOODS-VP"]


def test_lines_overlong_input_is_discarded_up_to_the_next_terminator() -> None:
    decoder = LinesDecoder(8)
    frames = decoder.feed(b"12345678\r" + b"123456789" * 20 + b"\nABC\n")
    assert tags(frames) == ["12345678", None, "ABC"]
    assert frames[1].problem == "too_long"
    assert frames[1].raw == b"12345678"  # what it kept: never more than max_length


def test_lines_control_and_non_ascii_bytes_reject_the_whole_line() -> None:
    decoder = LinesDecoder(64)
    frames = decoder.feed(b"TARG\x00I\r" + "CAFÉ".encode() + b"\rOK\r")
    assert problems(frames) == ["not_text", "not_text", None]
    assert tags(frames)[-1] == "OK"


def test_unknown_protocol_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown scanner protocol 'morse'"):
        make_decoder("morse")


# --- repeats --------------------------------------------------------------------------------


def test_a_frame_is_a_repeat_only_while_the_reader_keeps_sending_it() -> None:
    repeats = RepeatFilter(gap=1.0)
    assert repeats.admit("A", 0.0)
    assert not repeats.admit("A", 0.5)
    assert not repeats.admit("A", 1.4)  # read 0.9 s after the last read: still being sent
    assert repeats.admit("B", 1.5)  # another tag is not a repeat
    assert repeats.admit("A", 1.6)  # A after B: another card with the same code, not a repeat
    assert repeats.admit("A", 2.6)  # no frame for 1.0 s: presented again
    assert RepeatFilter(gap=0).admit("A", 0) and RepeatFilter(gap=0).admit("A", 0)


def test_each_protocol_has_its_own_repeat_gap() -> None:
    frame = rdm6300_frame(TAG)
    rdm = ScanParser("rdm6300")  # a tag lying on the reader: a frame every 0.2 s or so
    assert [r.kind for r in rdm.feed(frame, 0.0) + rdm.feed(frame, 0.4)] == ["tag", "repeat"]
    lines = ScanParser("lines")  # two water cards, one label each, scanned 0.4 s apart
    reads = lines.feed(b"TUAREG-GOOD-WATER\r", 0.0) + lines.feed(b"TUAREG-GOOD-WATER\r", 0.4)
    assert [r.kind for r in reads] == ["tag", "tag"]
    assert [r.kind for r in lines.feed(b"TUAREG-GOOD-WATER\r", 0.5)] == ["repeat"]


def test_repeat_memory_is_bounded() -> None:
    repeats = RepeatFilter(gap=10.0)
    for number in range(100):
        repeats.admit(f"T{number}", 0.0)
    assert len(repeats) == 1


def test_parser_tells_new_tags_repeats_and_rejections_apart() -> None:
    parser = ScanParser("rdm6300", repeat_gap=1.0)
    frame = rdm6300_frame(TAG)
    broken = frame[:11] + b"00" + frame[13:]
    reads = parser.feed(frame + frame + broken, now=5.0) + parser.feed(frame, now=7.0)
    assert [(read.kind, read.tag) for read in reads] == [
        ("tag", TAG),
        ("repeat", TAG),
        ("rejected", None),
        ("tag", TAG),
    ]
