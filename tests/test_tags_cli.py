"""``table-companion tags``: list, forget, export, import (all or none) and batch enrolment over a
real pseudo-terminal, as real processes."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

from cli_process import run
from scanner_pty import FakeScanner

from companion.play.cards import TagDirectory
from companion.rules.registry import GAMES
from companion.store import Store


def _enrol(db: Path, tags: dict[str, str]) -> None:
    with Store.open(db) as store:
        directory = TagDirectory.from_store(store)
        for tag, card in tags.items():
            directory.enrol(store, tag, card)


def _enrolled(db: Path) -> dict[str, str]:
    with Store.open(db) as store:
        return store.enrolled_tags()


def test_list_forget_and_an_unknown_tag(tmp_path: Path) -> None:
    db = tmp_path / "c.sqlite3"
    _enrol(db, {"0A1B": "TARGI-GOODS-VP", "0C2D": "TUAREG-GOOD-GOLD"})
    assert run("tags", "list", db=db) == (
        0,
        {"tags": {"0A1B": "TARGI-GOODS-VP", "0C2D": "TUAREG-GOOD-GOLD"}},
    )
    assert run("tags", "forget", "0A1B", db=db) == (0, {"tag": "0A1B", "forgotten": True})
    code, out = run("tags", "forget", "0A1B", db=db)
    assert code == 2 and out["error"]["code"] == "unknown_tag" and "0A1B" in out["error"]["message"]
    assert _enrolled(db) == {"0C2D": "TUAREG-GOOD-GOLD"}


def test_export_then_import_on_another_pi(tmp_path: Path) -> None:
    club, other, file = tmp_path / "club.sqlite3", tmp_path / "pi2.sqlite3", tmp_path / "tags.json"
    tags = {"0A1B": "TARGI-GOODS-VP", "0C2D": "TUAREG-GOOD-GOLD", "0E3F": "TUAREG-GOOD-GOLD"}
    _enrol(club, tags)
    assert run("tags", "export", str(file), db=club) == (0, {"file": str(file), "exported": 3})
    _enrol(other, {"0A1B": "TARGI-GOODS-VP"})
    assert run("tags", "import", str(file), db=other) == (
        0,
        {"file": str(file), "imported": 2, "unchanged": 1},
    )
    assert _enrolled(other) == tags


def test_an_import_that_conflicts_names_the_card_and_changes_nothing(tmp_path: Path) -> None:
    db, file = tmp_path / "c.sqlite3", tmp_path / "tags.json"
    _enrol(db, {"0A1B": "TARGI-GOODS-VP"})
    document = {
        "format": "table-companion-tags",
        "version": 1,
        "tags": {"0000": "TARGI-GOODS-2SALT", "0A1B": "TUAREG-GOOD-WATER"},
    }
    file.write_text(json.dumps(document))
    code, out = run("tags", "import", str(file), db=db)
    assert code == 2
    assert out["error"]["code"] == "tag_enrolled_elsewhere"
    assert "0A1B" in out["error"]["message"] and "TARGI-GOODS-VP" in out["error"]["message"]
    assert _enrolled(db) == {"0A1B": "TARGI-GOODS-VP"}
    for bad, code_name in (
        ({"tags": {}}, "not_a_tag_file"),
        ({**document, "tags": {"0001": "TARGI-NOPE"}}, "unknown_card"),
        ({**document, "tags": {"TARGI-GOODS-VP": "TARGI-GOODS-VP"}}, "printed_tag"),
    ):
        file.write_text(json.dumps(bad))
        code, out = run("tags", "import", str(file), db=db)
        assert (code, out["error"]["code"]) == (2, code_name)
    file.write_text(
        '{"format": "table-companion-tags", "version": 1, '
        '"tags": {"0001": "TARGI-GOODS-VP", "0001": "TARGI-GOODS-VP"}}'
    )
    assert run("tags", "import", str(file), db=db)[1]["error"]["code"] == "duplicate_tag"
    assert _enrolled(db) == {"0A1B": "TARGI-GOODS-VP"}


class Enrolment:
    """``tags enrol`` as a real process reading a fake scanner on a real pty."""

    def __init__(self, tmp_path: Path, db: Path, *args: str, guard: float = 30) -> None:
        self.link = tmp_path / "ttyScanner"
        self.scanner = FakeScanner(self.link)
        config = tmp_path / "config.toml"
        config.write_text("")
        self.child = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "companion",
                "--config",
                str(config),
                "--db",
                str(db),
                "tags",
                "enrol",
                *args,
                "--port",
                str(self.link),
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        self._guard = threading.Timer(guard, self.child.kill)
        self._guard.start()

    def line(self) -> dict[str, Any]:
        assert self.child.stdout is not None
        return json.loads(self.child.stdout.readline())  # type: ignore[no-any-return]

    def scan(self, tag: str) -> None:
        self.scanner.send(tag.encode() + b"\r\n")

    def finish(self) -> tuple[int, str]:
        _out, err = self.child.communicate(timeout=30)
        self._guard.cancel()
        self.scanner.unplug()
        return self.child.returncode, err


def test_batch_enrolment_walks_the_deck_refuses_and_resumes(tmp_path: Path) -> None:
    db = tmp_path / "c.sqlite3"
    _enrol(db, {"OLD": "TARGI-GOODS-2DATES"})  # the first card: done in an earlier run
    run_ = Enrolment(tmp_path, db, "targi", "--limit", "2")
    assert run_.line() == {
        "prompt": "scan the tag on",
        "card": "TARGI-GOODS-2PEPPER",
        "name": "2 pepper",  # the card as its game names it
        "copy": 1,
        "of": 1,
    }
    run_.scan("OLD")
    refused = run_.line()
    assert (refused["result"], refused["code"], refused["enrolled_to"]) == (
        "refused",
        "tag_enrolled_elsewhere",
        "TARGI-GOODS-2DATES",
    )
    assert run_.line()["card"] == "TARGI-GOODS-2PEPPER"  # asked again
    run_.scan("A1")
    assert run_.line() == {
        "result": "enrolled",
        "tag": "A1",
        "card": "TARGI-GOODS-2PEPPER",
        "copy": 1,
        "of": 1,
    }
    assert run_.line()["card"] == "TARGI-GOODS-2SALT"
    run_.scan("A2")
    assert run_.line()["tag"] == "A2"
    assert run_.line() == {"done": False, "enrolled": 2, "left": 61}
    assert run_.finish()[0] == 0
    assert _enrolled(db) == {
        "OLD": "TARGI-GOODS-2DATES",
        "A1": "TARGI-GOODS-2PEPPER",
        "A2": "TARGI-GOODS-2SALT",
    }
    again = Enrolment(tmp_path, db, "targi", "--limit", "1")
    assert again.line()["card"] == "TARGI-GOODS-CHOICE-1"  # resumes where the last run stopped
    again.scan("A3")
    assert again.line()["result"] == "enrolled"
    assert again.line()["left"] == 60
    assert again.finish()[0] == 0


def test_copies_of_a_card_each_get_their_own_tag(tmp_path: Path) -> None:
    db = tmp_path / "c.sqlite3"
    run_ = Enrolment(tmp_path, db, "tuareg", "--limit", "3")
    for copy, tag in enumerate(("G1", "G2", "G3"), start=1):
        prompt = run_.line()
        assert (prompt["card"], prompt["copy"], prompt["of"]) == ("TUAREG-GOOD-GOLD", copy, 10)
        run_.scan(tag)
        assert run_.line()["copy"] == copy
    assert run_.line() == {"done": False, "enrolled": 3, "left": 58}
    assert run_.finish()[0] == 0
    assert _enrolled(db) == dict.fromkeys(("G1", "G2", "G3"), "TUAREG-GOOD-GOLD")


def test_a_whole_deck_is_enrolled_in_one_run_and_its_tags_then_play(tmp_path: Path) -> None:
    """Every physical Tuareg card, copies included, gets its own RFID tag in one run that ends by
    itself; a tag already used is refused midway (naming its card) and the card asked again."""
    db = tmp_path / "c.sqlite3"
    run_ = Enrolment(tmp_path, db, "tuareg", guard=60)
    tags: dict[str, str] = {}
    while True:
        prompt = run_.line()
        if "done" in prompt:
            break
        tag = f"{len(tags) + 1:010X}"  # 10 hex digits, as an RDM6300 reads a tag
        if len(tags) == 30:  # someone scans the first card's tag again
            previous = next(iter(tags))
            time.sleep(1.1)  # away longer than the repeat gap: not the reader's repeat
            run_.scan(previous)
            refused = run_.line()
            assert (refused["code"], refused["enrolled_to"]) == (
                "tag_enrolled_elsewhere",
                tags[previous],
            )
            assert run_.line() == prompt  # the same card, asked again
        run_.scan(tag)
        enrolled = run_.line()
        assert (enrolled["result"], enrolled["card"], enrolled["copy"]) == (
            "enrolled",
            prompt["card"],
            prompt["copy"],
        )
        tags[tag] = prompt["card"]
    assert prompt == {"done": True, "enrolled": 61, "left": 0}
    assert run_.finish()[0] == 0
    assert _enrolled(db) == tags
    copies = {card: list(tags.values()).count(card) for card in set(tags.values())}
    assert copies == GAMES["tuareg"].card_copies()  # a tag for each physical copy
    # the enrolled tags are the cards now: the market opens by two of them
    gid = run("game", "new", "tuareg", "--player=A:blue", "--player=B:white", db=db)[1]["game_id"]
    water, gold = (
        next(tag for tag, card in tags.items() if card == f"TUAREG-GOOD-{good}")
        for good in ("WATER", "GOLD")
    )
    code, out = run("game", "scan", gid, "0", water, gold, db=db)
    assert code == 0 and out["action"] == {"kind": "open_market", "goods": ["water", "gold"]}
