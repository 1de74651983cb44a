"""Exports to a full or nearly full stick (issue 25.4): ``export -o`` in every format and ``tags
export`` leave the old file intact and no partial file, and say which file could not be written
(``unwritable_file``, exit 2). The stick is a real 1 MiB tmpfs filled to the last page."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from cli_process import run
from played_games import Clock, play_to_end
from storage_faults import fill, mount_tmpfs

from companion.store import Store

FORMATS = ("pdf", "csv", "json", "bgstats", "bgstats-qr")


@pytest.fixture
def stick(tmp_path: Path) -> Iterator[Path]:
    mount = tmp_path / "stick"
    mount_tmpfs(mount)
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    db = tmp_path_factory.mktemp("full-disk") / "games.sqlite3"
    with Store.open(db, clock=Clock()) as store:
        store.enrol_tag("04A1B2C3D4", "TARGI-TRIBE-TENT-4")
        return db, play_to_end(store, "tuareg", ["Jürgen", "Łucja", "Begoña"], seed=2)


def _leave_room(filler: Path, room: int) -> None:
    """Free ``room`` bytes of the full file system (the export then fails part way)."""
    os.truncate(filler, max(filler.stat().st_size - room, 0))


@pytest.mark.parametrize("room", [0, 8192], ids=["full", "nearly-full"])
def test_an_export_to_a_full_stick_keeps_the_old_file_and_leaves_no_partial_one(
    stick: Path, game: tuple[Path, str], room: int
) -> None:
    db, game_id = game
    old = {}
    for format in FORMATS:  # the good files of an earlier export
        target = stick / f"sheet-{format}"
        code, _answer = run("export", game_id, "--format", format, "-o", str(target), db=db)
        assert code == 0
        old[format] = target.read_bytes()
    tags = stick / "tags.json"
    assert run("tags", "export", str(tags), db=db)[0] == 0
    old_tags = tags.read_bytes()
    filler = fill(stick)
    _leave_room(filler, room)
    listing = sorted(p.name for p in stick.iterdir())
    for format in FORMATS:
        target = stick / f"sheet-{format}"
        for path in (target, stick / f"new-{format}"):  # over a good file, and a new one
            code, answer = run("export", game_id, "--format", format, "-o", str(path), db=db)
            if code == 0:  # a small export may still fit the room left: then it is whole
                assert room and path.stat().st_size == answer["bytes"], (format, answer)
                if path != target:
                    path.unlink()
                continue
            assert code == 2, (format, answer)
            assert answer["error"]["code"] == "unwritable_file", answer
            assert str(path) in answer["error"]["message"], answer
            assert "No space left" in answer["error"]["message"], answer
        assert target.read_bytes() == old[format], format
    code, answer = run("tags", "export", str(tags), db=db)
    if code != 0 or not room:
        assert code == 2 and answer["error"]["code"] == "unwritable_file", answer
        assert str(tags) in answer["error"]["message"]
    assert tags.read_bytes() == old_tags
    assert sorted(p.name for p in stick.iterdir()) == listing  # no partial file, no empty file


def test_an_export_into_a_missing_folder_names_the_file(
    tmp_path: Path, game: tuple[Path, str]
) -> None:
    db, game_id = game
    target = tmp_path / "unplugged" / "sheet.pdf"
    code, answer = run("export", game_id, "--format", "pdf", "-o", str(target), db=db)
    assert code == 2 and answer["error"]["code"] == "unwritable_file"
    assert str(target) in answer["error"]["message"]


def test_no_room_without_root_either(tmp_path: Path) -> None:
    """The same guarantee where no tmpfs can be mounted: the kernel's /dev/full answers every write
    with ENOSPC, and the partial file beside the target is made to lead there."""
    from companion.installation.errors import InputError
    from companion.installation.files import partial_path, write_or_refuse

    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full here")
    target = tmp_path / "sheet.csv"
    target.write_bytes(b"the good export\n")
    partial_path(target).symlink_to("/dev/full")
    with pytest.raises(InputError) as refused:
        write_or_refuse(target, b"x" * 100_000, "--output")
    assert refused.value.code == "unwritable_file"
    assert str(target) in refused.value.message and "No space left" in refused.value.message
    assert target.read_bytes() == b"the good export\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["sheet.csv"]
