"""Card labels and RFID tag enrolment from Settings, in a real window driven by touches: tags read
by a scanner on a real pseudo-terminal walk a Targi deck card by card (a skip, a tag already on
another card refused with its name, a label of another game, leaving and coming back, the summary),
the enrolments move to other tables as a file on a USB stick (the kernel's mount table, here a file
the test writes), and the labels PDF goes to the stick, else to the data folder, and decodes to the
game's cards."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from kivy.core.window import Window
from label_codes import decoded, expected_codes
from scanner_pty import FakeScanner
from storage_faults import fill, mount_tmpfs
from test_ui_backup import plug
from ui_harness import Harness, plain, running_app, shot, tap_text

from companion.installation.config import Config
from companion.installation.device_config import DEFAULT_WIRING, ScannerConfig
from companion.play.cards import TagDirectory
from companion.play.labels import labels
from companion.store import Store
from ui.audit.checks import audit, window_roots

TARGI = labels("targi")
WELLS = {label.name: label.card for label in TARGI[-5:]}
"""The deck's last five cards, Well 5 to Well 9: the ones left without a tag in these tests."""


EARLIER = {f"PRE{n:02}": label.card for n, label in enumerate(TARGI[:-5])}
"""Every Targi card but the last five, with its tag (an earlier walk)."""


def enrolled_before(database: Path) -> dict[str, str]:
    with Store.open(database) as store:
        directory = TagDirectory.from_store(store)
        for tag, card in EARLIER.items():
            directory.enrol(store, tag, card)
    return EARLIER


def enrolled(database: Path) -> dict[str, str]:
    with Store.open(database) as store:  # another connection: what is committed to the file
        return store.enrolled_tags()


@contextmanager
def scanning_app(tmp_path: Path) -> Iterator[tuple[Harness, FakeScanner]]:
    """The app with a ``lines`` scanner on a pty behind the symlink ``ttyScanner``."""
    database = tmp_path / "games.sqlite3"
    enrolled_before(database)
    link = tmp_path / "ttyScanner"
    scanner = FakeScanner(link)
    config = ScannerConfig(port=str(link), protocol="lines", repeat_gap=0, retry_max=0.2)
    try:
        with running_app(database) as h:
            h.app.table_config = Config(database=database, buttons=DEFAULT_WIRING, scanner=config)
            h.app.open_devices()
            h.wait_for(lambda: "connected" in h.app.scanner_status)
            yield h, scanner
    finally:
        scanner.unplug()


def open_enrolment(h: Harness) -> None:
    """Home, Settings, Enrol tags."""
    if h.screen.name == "home":
        h.tap(h.screen.ids.settings)
    h.tap(h.screen.ids.enrol_tags)
    assert h.screen.name == "enrol"


def asked(h: Harness) -> str:
    return plain(h.screen.ids.card_name.text)


def scan(h: Harness, scanner: FakeScanner, tag: str, until: str) -> str:
    """Scan ``tag`` and wait until the screen says something containing ``until``."""
    scanner.send(tag.encode() + b"\r\n")
    h.wait_for(lambda: until in plain(h.screen.ids.message.text))
    return plain(h.screen.ids.message.text)


def test_a_deck_is_walked_card_by_card_with_a_skip_a_refusal_and_a_return(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    with scanning_app(tmp_path) as (h, scanner):
        open_enrolment(h)
        tap_text(h, "Targi")
        screen = h.screen
        assert asked(h) == "Well 5"
        assert plain(screen.ids.progress.text) == "Card 60 of 64 · 59 with a tag"
        assert "costs 1 salt, 1 pepper, 1 gold" in plain(screen.ids.hint.text)
        assert screen.ids.back.disabled  # no card without a tag behind this one

        assert scan(h, scanner, "T1", "Tag T1") == "Tag T1 is on Well 5 now."
        assert asked(h) == "Well 6"
        tap_text(h, "Skip")
        assert asked(h) == "Well 7" and not screen.ids.back.disabled
        scan(h, scanner, "T2", "Tag T2")
        assert asked(h) == "Well 8"
        shot(h, "enrol-walk")
        refused = scan(h, scanner, "T1", "already")  # Well 5's tag, scanned again
        assert refused == (
            "Tag T1 is already on Well 5 (TARGI-TRIBE-WELL-5): scan another tag. "
            "Nothing was changed."
        )
        other = scan(h, scanner, "TUAREG-GOOD-WATER", "Tuareg")  # another game's printed label
        assert other.startswith("That is a label of Tuareg, not of Targi")
        assert asked(h) == "Well 8"
        h.frames(2)
        assert audit(window_roots(Window), tuple(Window.size)) == []
        assert enrolled(database) == {
            **EARLIER,
            "T1": WELLS["Well 5"],
            "T2": WELLS["Well 7"],
        }

        tap_text(h, "Close")  # leave, and come back: the walk goes on at Well 8, not Well 6
        assert h.screen.name == "settings"
        open_enrolment(h)
        assert asked(h) == "Well 8"
        scan(h, scanner, "T3", "Tag T3")
        assert asked(h) == "Well 9"
        tap_text(h, "Skip")
        assert plain(screen.ids.card_name.text) == (
            "End of the deck: 62 of 64 cards of Targi have a tag; 2 cards skipped have none yet."
        )
        shot(h, "enrol-summary")
        tap_text(h, "Back")  # the last card skipped comes back
        assert asked(h) == "Well 9"
        tap_text(h, "Skip")
        tap_text(h, "Go over the skipped cards")
        assert asked(h) == "Well 6"
    assert enrolled(database)["T3"] == WELLS["Well 8"]
    assert len(enrolled(database)) == 62


def test_the_enrolments_go_to_a_stick_and_from_it_to_another_table(tmp_path: Path) -> None:
    media, mounts = tmp_path / "media", tmp_path / "mounts"
    stick = media / "pi" / "CLUB"
    plug(mounts, stick)
    club, other, fresh = (tmp_path / f"{n}.sqlite3" for n in ("club", "other", "fresh"))
    tags = enrolled_before(club)
    with running_app(club) as h:
        h.app.enrol_screen.watch_sticks(mounts, (media,))
        open_enrolment(h)
        tap_text(h, "Tags to the stick")
        assert plain(h.screen.ids.message.text) == (
            "59 tags written to the USB stick CLUB: table-companion-tags.json"
        )
    assert json.loads((stick / "table-companion-tags.json").read_text())["tags"] == tags

    with Store.open(other) as store:  # on this table PRE00 already stands for another card
        TagDirectory.from_store(store).enrol(store, "PRE00", "TARGI-TRIBE-WELL-9")
    with running_app(other) as h:
        h.app.enrol_screen.watch_sticks(mounts, (media,))
        open_enrolment(h)
        tap_text(h, "Tags from the stick")
        message = plain(h.screen.ids.message.text)
        assert "PRE00" in message and "TARGI-TRIBE-WELL-9" in message
        assert message.endswith("Nothing was changed.")
    assert enrolled(other) == {"PRE00": "TARGI-TRIBE-WELL-9"}

    with running_app(fresh) as h:
        h.app.enrol_screen.watch_sticks(mounts, (media,))
        open_enrolment(h)
        tap_text(h, "Targi")
        assert asked(h) == "2 dates"  # the deck's first card: nothing enrolled here yet
        tap_text(h, "Tags from the stick")
        assert plain(h.screen.ids.message.text) == (
            "Tags read from table-companion-tags.json: 59 new, 0 already here."
        )
        assert asked(h) == "Well 5"  # the cards that have a tag now are passed
        assert h.app.tags.resolve("PRE00") == tags["PRE00"]  # and scans of them resolve
    assert enrolled(fresh) == tags


def test_labels_go_to_the_stick_else_the_data_folder_and_decode_to_the_cards(
    tmp_path: Path,
) -> None:
    media, mounts = tmp_path / "media", tmp_path / "mounts"
    stick = media / "pi" / "MY STICK"
    plug(mounts, stick)
    data = tmp_path / "data"
    data.mkdir()
    with running_app(data / "games.sqlite3") as h:
        h.app.labels_screen.watch_sticks(mounts, (media,))
        h.tap(h.screen.ids.settings)
        h.tap(h.screen.ids.labels)
        screen = h.screen
        assert screen.name == "labels"
        assert plain(screen.ids.stick.text) == "USB stick: MY STICK"
        tap_text(h, "Tuareg")
        tap_text(h, "Letter: 30 labels a sheet, 67 x 25 mm")
        tap_text(h, "Write the labels (PDF)")
        name = "table-companion-labels-tuareg-letter.pdf"
        assert plain(screen.ids.message.text) == (
            f"61 labels on 3 pages written to the USB stick MY STICK: {name}"
        )
        assert decoded(stick / name) == expected_codes("tuareg")
        shot(h, "labels")
        h.frames(2)
        assert audit(window_roots(Window), tuple(Window.size)) == []

        (stick / "table-companion-labels-targi-a4.pdf").mkdir()  # no file can go there
        tap_text(h, "Targi")
        tap_text(h, "A4: 24 labels a sheet, 70 x 37 mm")
        tap_text(h, "Write the labels (PDF)")
        message = plain(screen.ids.message.text)
        assert message.startswith("The labels could not be written to the USB stick MY STICK")
        assert message.endswith("Nothing was changed.") and screen.refused
        assert sorted(p.name for p in stick.iterdir()) == [
            "table-companion-labels-targi-a4.pdf",
            name,
        ]
        assert (stick / "table-companion-labels-targi-a4.pdf").is_dir()

        mounts.write_text("proc /proc proc rw,nosuid 0 0\n")  # the stick is pulled out
        tap_text(h, "Write the labels (PDF)")
        assert plain(screen.ids.message.text) == (
            "64 labels on 3 pages written to this table's data folder: "  # no path (issue 23)
            "table-companion-labels-targi-a4.pdf"
        )
        assert decoded(data / "table-companion-labels-targi-a4.pdf") == expected_codes("targi")


def test_a_full_or_read_only_stick_is_said_and_changes_nothing(tmp_path: Path) -> None:
    """Real faults from the kernel: a stick filled to the last byte (no room), then remounted
    read-only."""
    media, mounts = tmp_path / "media", tmp_path / "mounts"
    stick = media / "pi" / "FULL"
    mount_tmpfs(stick, "256k")
    try:
        filler = fill(stick)
        plug(mounts, stick)
        with running_app(tmp_path / "games.sqlite3") as h:
            h.app.labels_screen.watch_sticks(mounts, (media,))
            h.app.labels()
            h.frames(2)
            screen = h.screen
            tap_text(h, "Write the labels (PDF)")
            assert plain(screen.ids.message.text) == (
                "The labels could not be written to the USB stick FULL: No space left on "
                "device. Nothing was changed."
            )
            assert list(stick.iterdir()) == [filler]
            filler.unlink()
            subprocess.run(["mount", "-o", "remount,ro", str(stick)], check=True)
            tap_text(h, "Write the labels (PDF)")  # not to the data folder behind its back
            assert plain(screen.ids.message.text) == (
                "The USB stick FULL is read-only: nothing was written. Unlock it, or take it out "
                "to write to this table's data folder."
            )
            assert screen.refused and "read-only" in plain(screen.ids.stick.text)
            assert list(stick.iterdir()) == []
            assert not list(tmp_path.glob("*.pdf"))
    finally:
        subprocess.run(["umount", "-l", str(stick)], check=False)
