"""``table-companion scanner-test`` as a real process reading a real pseudo-terminal."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from scanner_pty import FakeScanner

from companion.play.cards import TagDirectory
from companion.store import Store


def start(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "companion", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_scanner_test_prints_raw_and_decoded_frames(tmp_path: Path) -> None:
    link, config, db = tmp_path / "ttyScanner", tmp_path / "config.toml", tmp_path / "c.sqlite3"
    config.write_text(f'[scanner]\nport = "{link}"\nprotocol = "lines"\nmax_length = 20\n')
    with Store.open(db) as store:
        TagDirectory.from_store(store).enrol(store, "CARD-0042", "TARGI-GOODS-VP")
    scanner = FakeScanner(link)
    child = start("--config", str(config), "--db", str(db), "scanner-test", "--frames", "4")
    try:
        assert child.stdout is not None
        header = child.stdout.readline()
        assert header.startswith(f"scanner-test: lines on {link} at 9600 baud")
        assert child.stdout.readline().split() == ["connected", str(link)]
        scanner.send(
            b"targi-goods-2salt\r\nCARD-0042\nfar-too-long-for-twenty-bytes\r\x02mystery\x03"
        )
        out, err = child.communicate(timeout=20)
    finally:
        child.kill()
        scanner.unplug()
    assert child.returncode == 0, err
    lines = [line.split(None, 1) for line in out.splitlines()]
    decoded = [line for line in lines if line[0] != "raw"]
    assert decoded == [
        ["card", "targi-goods-2salt -> TARGI-GOODS-2SALT"],
        ["card", "CARD-0042 -> TARGI-GOODS-VP"],
        [
            "rejected",
            "too_long: 66 61 72 2d 74 6f 6f 2d 6c 6f 6e 67 2d 66 6f 72 2d 74 77 65  "
            "|far-too-long-for-twe|",
        ],
        ["unknown", "mystery (no card; enrol it)"],
    ]
    raw = bytes.fromhex(" ".join(line[1].split("|")[0] for line in lines if line[0] == "raw"))
    assert raw.startswith(b"targi-goods-2salt\r\nCARD-0042\n") and raw.endswith(b"mystery\x03")


def test_scanner_test_says_what_unplugging_cut_off(tmp_path: Path) -> None:
    link, config = tmp_path / "ttyScanner", tmp_path / "config.toml"
    config.write_text(f'[scanner]\nport = "{link}"\nprotocol = "lines"\n')
    plugged = [FakeScanner(link)]
    child = start("--config", str(config), "--db", str(tmp_path / "c.sqlite3"), "scanner-test")
    try:
        assert child.stdout is not None
        child.stdout.readline()
        assert child.stdout.readline().split() == ["connected", str(link)]
        plugged[0].send(b"TARGI-GOO")  # unplugged in the middle of a label
        read = b""
        while read != b"TARGI-GOO":  # the tool has read all of it (in one piece or more)
            raw = child.stdout.readline().split(None, 1)
            assert raw[0] == "raw"
            read += bytes.fromhex(raw[1].split("|")[0])
        plugged.pop().unplug()
        assert child.stdout.readline().startswith(f"lost      {link}: ")
        plugged.append(FakeScanner(link))
        connected = child.stdout.readline().strip()
    finally:
        child.kill()
        child.communicate(timeout=20)
        for scanner in plugged:
            scanner.unplug()
    assert connected == f"connected {link} (1 scan(s) cut off by the disconnection)"


def test_scanner_test_without_a_scanner_section_says_so(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text('[storage]\ndatabase = "c.sqlite3"\n')
    child = start("--config", str(config), "scanner-test", "--seconds", "1")
    _out, err = child.communicate(timeout=20)
    assert child.returncode == 2
    assert "no [scanner] section in the config file: set scanner.port" in err


def test_the_core_imports_no_device_library() -> None:
    probe = (
        "import sys, companion.cli, companion.play.cards, companion.installation.config\n"
        "print(sorted(m for m in ('serial', 'gpiozero', 'hardware') if m in sys.modules))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, timeout=30, check=True
    )
    assert done.stdout.strip() == "[]"
