"""The app when the game database cannot be used (issue 13): a full-screen notice with what to do
and Try again, at start and in play; never a crash, never an exit into a restart loop."""

from __future__ import annotations

import os
import socket
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest
from kivy.base import EventLoop, ExceptionManager
from kivy.core.window import Window
from storage_faults import fill, mount_tmpfs
from targi_table import CENTRE, RULES
from ui_harness import SIZES, Harness, running_app, shot, tap_text

from companion.games.targi import actions as a
from companion.play.session import Session
from companion.store import DamagedSettingError, Store
from ui.app import CompanionApp

OPTIONS = RULES.parse_options(
    {"players": [{"name": "Amal", "colour": "blue"}, {"name": "Bilal", "colour": "white"}]}
)


class StartingHarness(Harness):
    """The app as ``table-companion`` starts it: no store yet, only the database's path."""

    def __init__(self, database: Path, size: tuple[int, int] = SIZES[0]) -> None:
        EventLoop.ensure_window()
        for child in Window.children[:]:
            Window.remove_widget(child)
        Window.size = size
        self.app = CompanionApp(None, database=database)
        self.root = self.app.build()
        Window.add_widget(self.root)
        self.frames(3)

    def close(self) -> None:
        super().close()
        if self.app.store is not None:
            self.app.store.close()


def revealed_targi(database: Path) -> str:
    with Store.open(database) as store:
        session = Session.create(store, RULES, OPTIONS)
        for cell, card in CENTRE.items():
            session.submit(
                a.RevealCard(cell=cell, card=card), seq=session.seq, game_id=session.game_id
            )
        return session.game_id


def test_a_database_path_that_is_a_directory_shows_the_notice_until_it_is_fixed(
    tmp_path: Path,
) -> None:
    database = tmp_path / "games.sqlite3"
    database.mkdir()
    h = StartingHarness(database)
    try:
        assert h.screen.name == "storage"
        assert str(database) in h.screen.message and "is a directory" in h.screen.message
        shot(h, "storage-notice", colours=5)
        tap_text(h, "Try again")  # not fixed yet: still the notice, nothing moved
        assert h.screen.name == "storage" and database.is_dir()
        database.rmdir()
        tap_text(h, "Try again")
        assert h.screen.name == "home"
        assert h.app.store is not None and h.app.store.list_games() == []
    finally:
        h.close()


def test_a_full_disk_at_start_is_the_notice_and_the_game_is_back_once_space_is_freed(
    tmp_path: Path,
) -> None:
    mount = tmp_path / "mnt"
    mount_tmpfs(mount)
    try:
        database = mount / "games.sqlite3"
        revealed_targi(database)
        filler = fill(mount)
        h = StartingHarness(database)
        try:
            assert h.screen.name == "storage" and "the disk is full" in h.screen.message
            filler.unlink()
            tap_text(h, "Try again")
            assert h.screen.name == "home"
            assert len(h.screen.ids.unfinished.children) == 1
        finally:
            h.close()
        assert sorted(p.name for p in mount.iterdir() if "damaged" in p.name) == []
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)


def test_a_read_only_mount_is_the_notice_in_the_app(tmp_path: Path) -> None:
    """Games can be listed from the command line there, but the table cannot play: the app says
    so at once rather than at the first tap."""
    mount = tmp_path / "mnt"
    mount_tmpfs(mount)
    try:
        database = mount / "games.sqlite3"
        revealed_targi(database)
        subprocess.run(["mount", "-o", "remount,ro", str(mount)], check=True)
        h = StartingHarness(database)
        try:
            assert h.screen.name == "storage" and "is read-only" in h.screen.message
        finally:
            h.close()
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)


def test_confirm_button_is_try_again_and_other_buttons_do_nothing(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    os.mkfifo(database)
    h = StartingHarness(database)
    try:
        assert "not a regular file" in h.screen.message
        for button in ("menu", "home", "undo", "back"):
            h.app.press(button)
        h.app.hold("menu")
        assert h.screen.name == "storage"
        database.unlink()
        h.app.press("confirm")
        assert h.screen.name == "home"
    finally:
        h.close()


def test_until_the_database_opens_the_app_says_it_has_no_store_or_home_to_give(
    tmp_path: Path,
) -> None:
    database = tmp_path / "games.sqlite3"
    database.mkdir()
    h = StartingHarness(database)
    try:
        assert h.app.store is None and h.app.home_screen is None
        with pytest.raises(RuntimeError, match="the game database is not open yet"):
            _ = h.app.opened_store
        with pytest.raises(RuntimeError, match="Home is built once the game database is open"):
            _ = h.app.opened_home
        database.rmdir()
        tap_text(h, "Try again")
        assert h.app.opened_store is h.app.store and h.app.opened_home is h.screen
    finally:
        h.close()


def test_a_database_from_a_newer_app_is_a_notice_not_an_exit(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    Store.open(database).close()
    with closing(sqlite3.connect(database, isolation_level=None)) as other:
        other.execute("PRAGMA user_version = 999")
    h = StartingHarness(database)
    try:
        assert h.screen.name == "storage" and "update the app" in h.screen.message
    finally:
        h.close()


def test_another_program_s_database_is_the_notice_and_is_left_as_it_is(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    with closing(sqlite3.connect(database, isolation_level=None)) as other:
        other.execute("CREATE TABLE photos (id INTEGER PRIMARY KEY, path TEXT)")
    before = database.read_bytes()
    h = StartingHarness(database)
    try:
        assert h.screen.name == "storage"
        assert "another program's database" in h.screen.message
        assert "tables photos" in h.screen.message and "--take-over-database" in h.screen.message
        shot(h, "storage-foreign-database", colours=5)
        tap_text(h, "Try again")
        assert h.screen.name == "storage"
        assert sorted(p.name for p in tmp_path.iterdir()) == ["games.sqlite3"]
        assert database.read_bytes() == before
    finally:
        h.close()


def test_a_write_refused_in_play_shows_the_notice_and_the_game_is_unchanged(
    tmp_path: Path,
) -> None:
    database = tmp_path / "games.sqlite3"
    revealed_targi(database)
    with running_app(database) as h:
        tap_text(h, h.screen.ids.unfinished.children[0].text)
        table = h.screen.table
        seq, state = table.seq, table.state
        h.app.store._conn.execute("PRAGMA query_only = 1")  # SQLite now refuses every write
        h.tap(h.screen.cells[2])
        assert h.screen.name == "storage"
        assert "read-only" in h.screen.message and str(database) in h.screen.message
        assert (table.seq, table.state) == (seq, state)  # not acknowledged, not applied
        assert table.refusal is not None and table.refusal.code == "storage_unavailable"
        shot(h, "storage-notice-in-play", colours=5)
        h.app.store._conn.execute("PRAGMA query_only = 0")
        tap_text(h, "Try again")
        assert h.screen.name == "game-targi"
        h.tap(h.screen.cells[2])
        assert table.seq == seq + 1 and "[b]A[/b]" in h.screen.cells[2].text  # Amal's mark


def test_a_damaged_setting_is_named_on_home_and_in_settings(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    with Store.open(database) as store:
        store.set_setting("tuareg", "values", {"water": 4})
    with closing(sqlite3.connect(database, isolation_level=None)) as other:
        other.execute("UPDATE settings SET value = '{' WHERE game = 'tuareg'")
    with running_app(database) as h:
        h.screen.ids.game.text = "tuareg"
        h.frames(2)
        tap_text(h, "Start the game")
        assert h.screen.name == "home"
        assert "setting values of tuareg" in h.screen.message
        tap_text(h, "Settings")
        assert "setting values of tuareg" in h.screen.message


def test_a_store_error_nobody_caught_becomes_the_notice_not_a_crash(tmp_path: Path) -> None:
    """Kivy's loop hands an uncaught exception to its ExceptionManager: the app's handler shows a
    store error and lets the loop go on (anything else still ends the app)."""
    with running_app(tmp_path / "games.sqlite3") as h:
        h.app.on_start()
        try:
            error = DamagedSettingError("The stored setting layouts of timbuktu cannot be read.")
            assert ExceptionManager.handle_exception(error) == ExceptionManager.PASS
            assert h.screen.name == "storage" and "layouts of timbuktu" in h.screen.message
            tap_text(h, "Try again")
            assert h.screen.name == "home"
            assert ExceptionManager.handle_exception(KeyError("x")) == ExceptionManager.RAISE
        finally:
            h.app.on_stop()


def test_the_app_started_on_a_fifo_keeps_running_says_why_and_feeds_the_watchdog(
    tmp_path: Path,
) -> None:
    """The real entry point under a systemd-like manager: ready, then watchdog pings while the
    notice shows; no exit (systemd would restart it into the same fault), no hang on the FIFO."""
    database = tmp_path / "games.sqlite3"
    os.mkfifo(database)
    manager = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    manager.bind(str(tmp_path / "notify"))
    manager.settimeout(20)
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "offscreen",
        "KIVY_HOME": str(tmp_path / "kivy"),
        "KIVY_NO_FILELOG": "1",
        "NOTIFY_SOCKET": str(tmp_path / "notify"),
        "WATCHDOG_USEC": "1000000",  # a ping every half second
    }
    env.pop("WATCHDOG_PID", None)
    process = subprocess.Popen(
        [sys.executable, "-m", "companion", "--db", str(database)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        messages = [manager.recv(4096).decode() for _ in range(4)]
        assert process.poll() is None, process.communicate()
    finally:
        process.terminate()
        _out, err = process.communicate(timeout=30)
        manager.close()
    assert messages[0].startswith("READY=1")
    assert messages[1:] == ["WATCHDOG=1"] * 3
    assert "not a regular file" in err and "Traceback" not in err
    assert database.is_fifo()


@pytest.fixture(autouse=True)
def _no_handlers_left() -> Iterator[None]:
    """Each test leaves Kivy's exception handlers as it found them."""
    before = list(ExceptionManager.handlers)
    yield
    assert ExceptionManager.handlers == before
