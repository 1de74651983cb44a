"""Backup and restore with a USB stick in a real window: the stick is found when plugged in (the
kernel's mount table, here a file the test writes), every game is written to it and verified, and
a backup on it is merged into another table's games by a tap; a file that is no backup is named
and changes nothing."""

from __future__ import annotations

from pathlib import Path

from kivy.core.window import Window
from played_games import record
from ui_harness import Harness, plain, running_app, shot

from companion.after import transfer
from companion.storage import backup
from companion.store import Store
from hardware.usb import mounted_sticks
from ui.audit.checks import audit, window_roots

GAMES = [("targi", ["Amal", "Bilal"], 0), ("tuareg", ["Amal", "Bilal", "Cleo"], 1)]


def plug(mounts: Path, stick: Path) -> None:
    stick.mkdir(parents=True, exist_ok=True)
    mounts.write_text(
        "proc /proc proc rw,nosuid 0 0\n"
        f"/dev/sda1 {str(stick).replace(' ', chr(92) + '040')} vfat rw,nosuid,relatime 0 0\n"
    )


def open_backup(h: Harness, mounts: Path, media: Path) -> None:
    """Home, Settings, Backup and restore: the screen reads ``mounts`` for sticks under ``media``."""
    h.app.backup_screen.sticks = lambda: mounted_sticks(mounts, (media,))
    h.tap(h.screen.ids.settings)
    h.tap(h.screen.ids.backup)


def test_a_stick_takes_every_game_and_gives_them_to_another_table(tmp_path: Path) -> None:
    media, mounts = tmp_path / "media", tmp_path / "mounts"
    mounts.write_text("proc /proc proc rw,nosuid 0 0\n")
    first, second = tmp_path / "first.sqlite3", tmp_path / "second.sqlite3"
    ids = record(first, GAMES)
    stick = media / "pi" / "MY STICK"
    with running_app(first) as h:
        open_backup(h, mounts, media)
        screen = h.screen
        assert screen.name == "backup" and screen.ids.back_up.disabled
        assert plain(screen.ids.stick.text) == "No USB stick: plug one in."
        plug(mounts, stick)
        h.wait_for(lambda: not screen.ids.back_up.disabled)  # found by the screen's own look
        assert plain(screen.ids.stick.text) == "USB stick: MY STICK"
        h.tap(screen.ids.back_up)
        (written,) = stick.glob("table-companion-*.sqlite3")
        backup.check_file(written)  # a sound, verified backup of the games
        assert plain(screen.ids.message.text) == f"2 games saved to {written.name}."
        assert [plain(c.text) for c in screen.ids.files.children] == [written.name]
        shot(h, "backup")
        h.frames(2)
        assert audit(window_roots(Window), tuple(Window.size)) == []

    (stick / "table-companion-00000000-000000.sqlite3").write_bytes(b"not a database at all")
    with running_app(second) as h:
        open_backup(h, mounts, media)
        screen = h.screen
        bad, good = sorted(screen.ids.files.children, key=lambda c: c.text)
        h.tap(bad)
        assert "not a backup" in plain(screen.ids.message.text)
        with Store.open(second) as store:
            assert store.list_games() == []
        h.tap(good)
        assert plain(screen.ids.message.text) == (
            f"2 games restored from {good.text}.\nAlready here, left as they were: 0"
        )
    with Store.open(second) as store:
        assert sorted(g.id for g in store.list_games()) == sorted(ids)


def test_a_listed_backup_stays_the_same_button_while_the_screen_looks_for_sticks(
    tmp_path: Path,
) -> None:
    """The screen looks for sticks every 2 s. It rebuilt the list of backups each time, so a
    button a finger (or a test, under load) was on its way to could be gone from the screen, and
    its replacement not laid out yet: the tap missed (the flaky restore of the test above)."""
    media, mounts = tmp_path / "media", tmp_path / "mounts"
    stick = media / "pi" / "STICK"
    plug(mounts, stick)
    first, second = tmp_path / "first.sqlite3", tmp_path / "second.sqlite3"
    ids = record(first, GAMES)
    with Store.open(first) as store:
        transfer.export_to(store, stick / "table-companion-20260101-120000.sqlite3")
    with running_app(second) as h:
        open_backup(h, mounts, media)
        screen = h.screen
        (chip,) = screen.ids.files.children
        screen.look()  # the poll, between seeing the button and tapping it
        assert screen.ids.files.children == [chip]
        h.tap(chip)
        assert plain(screen.ids.message.text).startswith("2 games restored from")
    with Store.open(second) as store:
        assert sorted(g.id for g in store.list_games()) == sorted(ids)


def test_a_database_that_lost_its_games_says_so_on_home_and_offers_its_own_backup(
    tmp_path: Path,
) -> None:
    """The database went missing (its backups beside it): Home names the newest backup, and
    Settings → Backup offers it without a stick; a tap brings every game back."""
    media, mounts = tmp_path / "media", tmp_path / "mounts"
    mounts.write_text("proc /proc proc rw,nosuid 0 0\n")
    path = tmp_path / "games.sqlite3"
    ids = record(path, GAMES)
    for suffix in ("", "-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    newest = backup.backups(path)[0]
    with running_app(path) as h:
        message = plain(h.app.home_screen.message)
        assert "holds no game, but its backup of" in message and str(newest) in message
        shot(h, "home-database-lost")
        open_backup(h, mounts, media)
        screen = h.screen
        chips = list(reversed(screen.ids.files.children))
        assert all(plain(c.text).startswith("This table's backup of ") for c in chips)
        shot(h, "backup-own")
        h.frames(2)
        assert audit(window_roots(Window), tuple(Window.size)) == []
        h.tap(chips[0])
        assert plain(screen.ids.message.text).startswith("2 games restored from ")
    with Store.open(path) as store:
        assert sorted(g.id for g in store.list_games()) == sorted(ids)
        assert store.notice is None
