"""The CLI's ``history`` prints the text it keeps in pieces as the UTF-8 it is kept as
(companion.cli.printing, companion.after.pieces): byte for byte what ``print`` of the history made
with nothing kept writes, for names in any script, on a stream of any encoding; a kept piece that
is altered, or a kept text that is not UTF-8, is never printed."""

from __future__ import annotations

import io
import json
import logging
import shutil
import sqlite3
import sys
from contextlib import closing
from datetime import UTC, datetime
from pathlib import Path

import pytest
from played_games import Clock, play_to_end
from stored_games import kept_history, small_pieces  # noqa: F401  (autouse: pieces of 3)

from companion.after import history, pieces, players, printed
from companion.cli import output, printing, start
from companion.storage.outputs import KeptOutput, output_digest
from companion.store import Store

KEY = printed.HISTORY + repr((None, None))


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return kept_history(tmp_path_factory.mktemp("printed"), 7, 8)


@pytest.fixture
def db(built: Path, tmp_path: Path) -> Path:
    path = tmp_path / "games.sqlite3"
    shutil.copyfile(built, path)
    return path


def whole(path: Path) -> str:
    """The history made with nothing kept."""
    with Store.open(path) as store:
        return output.dumps({"plays": [play.as_dict() for play in history.plays(store)]})


def cli_history(path: Path, capsysbinary: pytest.CaptureFixture[bytes]) -> bytes:
    capsysbinary.readouterr()
    assert start.main(["--db", str(path), "history"]) == 0
    return capsysbinary.readouterr().out


def _newest_piece(path: Path) -> str:
    with closing(sqlite3.connect(path)) as connection:
        (about,) = connection.execute("SELECT about FROM outputs WHERE key = ?", (KEY,)).fetchone()
    return pieces.piece_key(KEY, json.loads(about)[0][0])


def test_the_kept_pieces_are_printed_as_the_history_made_with_nothing_kept(
    db: Path, capsysbinary: pytest.CaptureFixture[bytes]
) -> None:
    expected = (whole(db) + "\n").encode()
    assert cli_history(db, capsysbinary) == expected  # made, kept
    assert cli_history(db, capsysbinary) == expected  # the pieces kept, as they are kept
    with Store.open(db, clock=Clock(datetime(2026, 6, 1, tzinfo=UTC))) as store:
        play_to_end(store, "tuareg", ["Cleo", "Amal"], seed=1)
    expected = (whole(db) + "\n").encode()
    assert cli_history(db, capsysbinary) == expected  # a piece made anew, the others as kept
    assert cli_history(db, capsysbinary) == expected


def test_names_in_any_script_are_printed_as_made(
    db: Path, capsysbinary: pytest.CaptureFixture[bytes]
) -> None:
    with Store.open(db) as store:
        for old, new in (("Amal", "Łucja Ñandú"), ("Bilal", "Аня 🎲")):
            players.rename(store, old, new)
    expected = (whole(db) + "\n").encode()
    assert "Łucja".encode() in expected
    assert cli_history(db, capsysbinary) == expected
    assert cli_history(db, capsysbinary) == expected


def test_an_altered_kept_piece_is_never_printed(
    db: Path, capsysbinary: pytest.CaptureFixture[bytes], caplog: pytest.LogCaptureFixture
) -> None:
    expected = (whole(db) + "\n").encode()
    assert cli_history(db, capsysbinary) == expected
    with closing(sqlite3.connect(db, isolation_level=None)) as connection:
        connection.execute(
            "UPDATE outputs SET output = replace(output, '\"tuareg\"', '\"targi\"') WHERE key = ?",
            (_newest_piece(db),),
        )
    caplog.clear()
    assert cli_history(db, capsysbinary) == expected
    assert "is damaged" in caplog.text


def _row(text: bytes) -> KeptOutput:
    about, inputs = b"[]", b"\x01" * 32
    return KeptOutput("k", inputs, about, output_digest(b"k", inputs, about, text), text)


def test_a_kept_text_is_given_as_utf8_only_when_sound_and_utf8(
    caplog: pytest.LogCaptureFixture,
) -> None:
    for text in (b'{"a": 1}', '{"name": "Łucja 🎲"}'.encode()):
        assert _row(text).utf8_if_sound() == text
    caplog.set_level(logging.WARNING)
    assert _row(b'{"name": "\xff"}').utf8_if_sound() is None
    assert "not UTF-8" in caplog.text
    altered = _row(b'{"a": 1}')._replace(text=b'{"a": 2}')
    assert altered.utf8_if_sound() is None
    assert "is damaged" in caplog.text


@pytest.mark.parametrize("encoding", ["utf-8", "UTF8", "latin-1", "ascii"])
@pytest.mark.parametrize("line_buffering", [False, True])
def test_print_text_writes_what_print_writes(
    monkeypatch: pytest.MonkeyPatch, encoding: str, line_buffering: bool
) -> None:
    text = '{\n  "name": "Amal é"\n}'
    written = {}
    for how in ("print", "print_text"):
        raw = io.BytesIO()
        stream = io.TextIOWrapper(
            raw, encoding=encoding, errors="replace", newline="\n", line_buffering=line_buffering
        )
        monkeypatch.setattr(sys, "stdout", stream)
        print("before")
        if how == "print":
            print(text)
        else:
            printing.print_text(text.encode())
        if line_buffering:
            written[how + " unflushed"] = raw.getvalue()
        stream.flush()
        written[how] = raw.getvalue()
    monkeypatch.undo()
    assert written["print_text"] == written["print"]
    if line_buffering:
        assert written["print_text unflushed"] == written["print unflushed"] == written["print"]


def test_print_text_on_a_text_only_stream(monkeypatch: pytest.MonkeyPatch) -> None:
    stream = io.StringIO()
    monkeypatch.setattr(sys, "stdout", stream)
    printing.print_text("Łucja".encode())
    printing.print_text("Amal")
    monkeypatch.undo()
    assert stream.getvalue() == "Łucja\nAmal\n"


def _kept_rows(path: Path) -> list[KeptOutput]:
    with closing(sqlite3.connect(path)) as connection:
        return [
            KeptOutput(*row)
            for table in ("outputs", "stamps", "parts")
            for row in connection.execute(
                "SELECT key, inputs, CAST(about AS BLOB), digest, CAST(output AS BLOB) "
                f"FROM {table}"
            )
        ]


@pytest.mark.parametrize("command", ["history", "stats"])
def test_every_row_kept_holds_its_own_digest_after_a_game_ended(
    db: Path, capsysbinary: pytest.CaptureFixture[bytes], command: str
) -> None:
    """The digests worked out once (a stamp's text, the pieces and their head) and kept as they
    were: each row kept is sound, so the next call prints it."""
    for day in (1, 2):
        capsysbinary.readouterr()
        assert start.main(["--db", str(db), command]) == 0
        with Store.open(db, clock=Clock(datetime(2026, 6, day, tzinfo=UTC))) as store:
            play_to_end(store, "tuareg", ["Cleo", "Amal"], seed=day)
        assert start.main(["--db", str(db), command]) == 0  # what the game changed kept anew
    rows = _kept_rows(db)
    assert len(rows) >= 3
    for row in rows:
        assert output_digest(row.key.encode(), row.inputs, row.about, row.text) == row.digest
