"""Hostile files to ``tags import`` (issue 25.5): each is refused quickly with exit 2 and its own
code, as a real process on a real database, and nothing is enrolled."""

from __future__ import annotations

import json
import os
import signal
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from cli_process import run

from companion.installation.errors import InputError
from companion.play.tag_files import import_tags
from companion.store import Store

ENROLLED = {"0A1B": "TARGI-GOODS-VP"}
CARD = "TARGI-GOODS-2SALT"


def _document(tags: object, **fields: object) -> str:
    return json.dumps({"format": "table-companion-tags", "version": 1, **fields, "tags": tags})


def _text(text: str) -> Callable[[Path], Path]:
    def make(folder: Path) -> Path:
        path = folder / "tags.json"
        path.write_text(text, encoding="utf-8")
        return path

    return make


def _bytes(data: bytes) -> Callable[[Path], Path]:
    def make(folder: Path) -> Path:
        path = folder / "tags.json"
        path.write_bytes(data)
        return path

    return make


def _fifo(folder: Path) -> Path:
    path = folder / "tags.json"
    os.mkfifo(path)
    return path


def _folder(folder: Path) -> Path:
    path = folder / "tags.json"
    path.mkdir()
    return path


def _link_to_zero(folder: Path) -> Path:
    path = folder / "tags.json"
    path.symlink_to("/dev/zero")
    return path


HOSTILE: dict[str, tuple[Callable[[Path], Path], str]] = {
    "nested 5,000 deep": (_text(_document({}).replace("{}", "[" * 5000 + "]" * 5000)), "too_deep"),
    "a lone surrogate tag": (
        _text(_document({}).replace("{}", '{"\\udcff": "' + CARD + '"}')),
        "invalid_value",
    ),
    "/dev/zero": (lambda _folder: Path("/dev/zero"), "unreadable_file"),
    "a link to /dev/zero": (_link_to_zero, "unreadable_file"),
    "a FIFO": (_fifo, "unreadable_file"),
    "a folder": (_folder, "unreadable_file"),
    "no file": (lambda folder: folder / "missing.json", "unreadable_file"),
    "2 MiB": (_text(_document({}) + " " * (2 << 20)), "too_large"),
    "version true": (_text(_document({"0001": CARD}, version=True)), "unknown_version"),
    "version 1.0": (_text(_document({"0001": CARD}, version=1.0)), "unknown_version"),
    "version of 5,000 digits": (_text(_document({}, version=int("9" * 50))), "invalid_value"),
    "version NaN": (
        _text(_document({}).replace('"version": 1', '"version": NaN')),
        "malformed_json",
    ),
    "a 1 MB tag": (_text(_document({"7" * 1_000_000: CARD})), "unscannable_tag"),
    "a 5,000-character tag": (_text(_document({"7" * 5000: CARD})), "unscannable_tag"),
    "a NUL in a tag": (_text(_document({"00\u000001": CARD})), "unscannable_tag"),
    "an ESC in a tag": (_text(_document({"\u001b[2J0001": CARD})), "unscannable_tag"),
    "a bidi control in a tag": (_text(_document({"0001\u202e": CARD})), "unscannable_tag"),
    "a zero-width space in a tag": (_text(_document({"00\u200b01": CARD})), "unscannable_tag"),
    "a tag with spaces around": (_text(_document({" 0001 ": CARD})), "unscannable_tag"),
    "a non-ASCII tag": (_text(_document({"0ÄÖ1": CARD})), "unscannable_tag"),
    "an ESC in a card id": (_text(_document({"0001": "\u001b[2J"})), "unknown_card"),
    "a tag listed twice": (
        _text(_document({}).replace("{}", f'{{"0001": "{CARD}", "0001": "{CARD}"}}')),
        "duplicate_tag",
    ),
    "format given twice": (
        _text('{"format": "table-companion-tags", "format": "x", "version": 1, "tags": {}}'),
        "duplicate_key",
    ),
    "tags given twice": (
        _text('{"format": "table-companion-tags", "version": 1, "tags": {}, "tags": {}}'),
        "duplicate_key",
    ),
    "not UTF-8": (_bytes(b'{"format": "\xff"}'), "malformed_json"),
    "empty": (_text(""), "malformed_json"),
}


@contextmanager
def _guard(seconds: float) -> Iterator[None]:
    """A hang (a blocking open or read) ends as an error after ``seconds`` instead."""

    def expire(_signal: int, _frame: object) -> None:
        raise TimeoutError(f"still reading after {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@pytest.mark.parametrize("name", HOSTILE)
def test_a_hostile_tag_file_is_refused_quickly_and_changes_nothing(
    tmp_path: Path, name: str
) -> None:
    make, code = HOSTILE[name]
    db = tmp_path / "c.sqlite3"
    with Store.open(db) as store:
        store.enrol_tags(ENROLLED)
    path = make(tmp_path)

    with Store.open(db) as store, _guard(seconds=5):
        started = time.monotonic()
        with pytest.raises(InputError) as refused:
            import_tags(store, path)
        took = time.monotonic() - started
    assert refused.value.code == code, refused.value
    assert took < 1.0, f"{name}: refused after {took:.2f} s"

    status, answer = run("tags", "import", str(path), db=db)
    assert status == 2, answer
    assert answer["error"]["code"] == code, answer
    message = answer["error"]["message"]
    assert len(message) < 500 and message.isprintable(), message  # quotes no hostile text
    with Store.open(db) as store:
        assert store.enrolled_tags() == ENROLLED
