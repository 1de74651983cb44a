"""A last-resort reader of the rows of a damaged SQLite file, page by page, for when SQLite itself
cannot read it (its schema page, page 1, is damaged, say). Python's ``sqlite3`` offers nothing
like the ``sqlite3`` shell's ``.recover``; this reads the documented file format
(https://www.sqlite.org/fileformat2.html): every b-tree leaf page it can parse, each cell's record
(overflow pages followed), whatever table it belongs to.

Nothing it returns is trusted: a page may be stale (freed, or an older copy) or damaged. The salvage
(:mod:`companion.storage.chain`) keeps only the rows whose digests verify the hash chain.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

logger = logging.getLogger(__name__)

TABLE_LEAF, INDEX_LEAF, INDEX_INTERIOR = 0x0D, 0x0A, 0x02
"""The page types whose cells hold rows: a WITHOUT ROWID table's rows are an index b-tree's
keys, on its interior pages as well as its leaves (reported as :data:`INDEX_LEAF`)."""
DEFAULT_PAGE_SIZE = 4096
MAX_FILE = 256 * 1024 * 1024
"""A file larger than this is not scanned (a table's database is a few MiB)."""

Value = int | float | bytes | None


@dataclass(frozen=True, slots=True)
class Row:
    leaf: int
    """:data:`TABLE_LEAF` (a rowid table's row) or :data:`INDEX_LEAF` (an index b-tree's key)."""
    values: tuple[Value, ...]
    """The record's columns; text as its stored bytes."""


def rows(path: Path, page_size: int | None = None) -> Iterator[Row]:
    """Every record on the b-tree pages of the file at ``path`` (and of its ``-wal``, frame by
    frame) that parses. The page size is read from the header, else ``page_size``, else SQLite's
    default."""
    data = _read(path)
    if data is None:
        return
    size = _page_size(data) or page_size or DEFAULT_PAGE_SIZE
    reserved = data[20] if len(data) > 20 and data[20] < 64 else 0
    pages = {n: data[(n - 1) * size : n * size] for n in range(1, len(data) // size + 1)}
    frames = _wal_frames(Path(f"{path}-wal"), size)
    scan = _Scan({**pages, **dict(frames)}, size, size - reserved)
    for number, page in [*pages.items(), *frames]:
        yield from scan.page(number, page)


def _read(path: Path) -> bytes | None:
    try:
        if path.stat().st_size > MAX_FILE:
            logger.warning("%s is too large to scan for rows", path)
            return None
        return path.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as error:
        logger.warning("cannot read %s to scan it: %s", path, error)
        return None


def _wal_frames(wal: Path, size: int) -> list[tuple[int, bytes]]:
    """The pages a WAL file holds, in the order written (a 32-byte header, then frames of a
    24-byte header and a page)."""
    data = _read(wal) or b""
    frames = []
    for at in range(32, len(data) - size - 23, size + 24):
        number = int.from_bytes(data[at : at + 4], "big")
        if number:
            frames.append((number, data[at + 24 : at + 24 + size]))
    return frames


def _page_size(data: bytes) -> int | None:
    if len(data) < 100 or not data.startswith(b"SQLite format 3\x00"):
        return None
    size = int.from_bytes(data[16:18], "big")
    size = 65536 if size == 1 else size
    return size if size >= 512 and size & (size - 1) == 0 else None


class _Scan:
    def __init__(self, pages: dict[int, bytes], size: int, usable: int) -> None:
        self.pages, self.size, self.usable = pages, size, usable

    def page(self, number: int, page: bytes) -> Iterator[Row]:
        header = 100 if number == 1 else 0
        kind = page[header] if len(page) > header else 0
        if kind not in (TABLE_LEAF, INDEX_LEAF, INDEX_INTERIOR):
            return
        cells = int.from_bytes(page[header + 3 : header + 5], "big")
        pointers = header + (12 if kind == INDEX_INTERIOR else 8)
        for index in range(min(cells, self.size // 4)):
            at = pointers + 2 * index
            try:
                values = self._cell(kind, page, int.from_bytes(page[at : at + 2], "big"))
            except (IndexError, ValueError):
                continue  # a damaged cell: the others may still be sound
            yield Row(TABLE_LEAF if kind == TABLE_LEAF else INDEX_LEAF, values)

    def _cell(self, kind: int, page: bytes, at: int) -> tuple[Value, ...]:
        if kind == INDEX_INTERIOR:
            at += 4  # the left child's page number
        size, at = _varint(page, at)
        if kind == TABLE_LEAF:
            _rowid, at = _varint(page, at)
        local = self._local(kind, size)
        if at + local > len(page):
            raise ValueError("cell runs off its page")
        payload = page[at : at + local]
        if local < size:
            first = int.from_bytes(page[at + local : at + local + 4], "big")
            payload += self._overflow(first, size - local)
        return _record(payload)

    def _local(self, kind: int, size: int) -> int:
        usable = self.usable
        most = usable - 35 if kind == TABLE_LEAF else (usable - 12) * 64 // 255 - 23
        least = (usable - 12) * 32 // 255 - 23
        if size <= most:
            return size
        spill = least + (size - least) % (usable - 4)
        return spill if spill <= most else least

    def _overflow(self, number: int, wanted: int) -> bytes:
        parts: list[bytes] = []
        for _ in range(len(self.pages)):
            page = self.pages.get(number)
            if page is None or wanted <= 0:
                break
            chunk = page[4 : min(self.usable, 4 + wanted)]
            parts.append(chunk)
            wanted -= len(chunk)
            number = int.from_bytes(page[:4], "big")
        if wanted > 0:
            raise ValueError("overflow chain broken")
        return b"".join(parts)


def _varint(data: bytes, at: int) -> tuple[int, int]:
    value = 0
    for i in range(8):
        byte = data[at + i]
        value = (value << 7) | (byte & 0x7F)
        if not byte & 0x80:
            return value, at + i + 1
    return (value << 8) | data[at + 8], at + 9


_INT_SIZES = {1: 1, 2: 2, 3: 3, 4: 4, 5: 6, 6: 8}


def _record(payload: bytes) -> tuple[Value, ...]:
    header, at = _varint(payload, 0)
    if not 0 < header <= len(payload):
        raise ValueError("record header out of range")
    types = []
    while at < header:
        serial, at = _varint(payload, at)
        types.append(serial)
    body, values = header, []
    for serial in types:
        value: Value
        if serial == 0:
            value, width = None, 0
        elif serial in _INT_SIZES:
            width = _INT_SIZES[serial]
            value = int.from_bytes(payload[body : body + width], "big", signed=True)
        elif serial == 7:
            raise ValueError("a real: no column this app reads")
        elif serial in (8, 9):
            value, width = serial - 8, 0
        elif serial >= 12:
            width = (serial - 12) // 2
            value = payload[body : body + width]
        else:
            raise ValueError(f"serial type {serial} is reserved")
        if body + width > len(payload):
            raise ValueError("record runs off its payload")
        values.append(value)
        body += width
    return tuple(values)
