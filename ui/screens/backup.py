"""Backup and restore with a USB stick: the whole database written to the stick (verified) and
any backup on it merged back in (games and players without duplicates: nothing here is lost).
The stick is looked for every :data:`POLL_SECONDS` while the screen shows: plugging one in is all
a table does."""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

from kivy.clock import Clock
from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.screenmanager import Screen

from companion.after import transfer
from companion.installation.errors import InputError
from companion.installation.i18n import _, ngettext
from companion.storage import backup
from hardware.usb import mounted_sticks
from ui.kv import load_kv
from ui.screens.history import FilterChip

logger = logging.getLogger(__name__)

POLL_SECONDS = 2.0
OWN_SHOWN = 3
"""How many of this table's own backups (``backups/`` beside the database) are offered, newest
first, while the database holds no game: one that went missing or was emptied gets its games back
with a tap."""
PREFIX = "table-companion-"
"""How the backups this screen writes are named (``table-companion-YYYYMMDD-HHMMSS.sqlite3``);
the restore list offers the files so named."""


def backups_on(stick: Path) -> list[Path]:
    """The backups at the top of ``stick``, the newest name first."""
    try:
        return sorted(stick.glob(f"{PREFIX}*.sqlite3"), reverse=True)
    except OSError as error:
        logger.warning("cannot list %s: %s", stick, error)
        return []


class BackupFile(FilterChip):
    """A backup on the stick: a tap merges it into this table's games."""


class BackupScreen(Screen):
    stick_text = StringProperty("")
    message = StringProperty("")
    has_stick = BooleanProperty(False)

    def __init__(
        self, nav: Any, sticks: Callable[[], list[Path]] = mounted_sticks, **kwargs: Any
    ) -> None:
        super().__init__(**kwargs)
        self.nav = nav
        self.sticks = sticks
        self.stick: Path | None = None
        self._listed: list[Path] | None = None
        """The backups the list shows now, the stick's then the table's own (None: not built yet)."""
        self._own: list[Path] = []
        self._poll = Clock.schedule_interval(self.look, POLL_SECONDS)
        self._poll.cancel()

    def on_pre_enter(self, *_args: Any) -> None:
        self.message = ""
        self._find_own()
        self.look()
        self._poll()

    def _find_own(self) -> None:
        """This table's own newest backups, offered while its database holds no game."""
        store = self.nav.store
        self._own = [] if store.list_games() else backup.backups(store.path)[:OWN_SHOWN]

    def on_leave(self, *_args: Any) -> None:
        self._poll.cancel()

    def look(self, *_args: Any) -> None:
        """Find the stick (the last one plugged in) and list its backups."""
        found = self.sticks()
        stick = found[-1] if found else None
        if stick != self.stick:
            logger.info("USB stick: %s", stick)
        self.stick = stick
        self.has_stick = stick is not None
        if stick is None:
            self.stick_text = _("No USB stick: plug one in.")
        else:
            self.stick_text = _("USB stick: {name}").format(name=stick.name)
        listed = backups_on(stick) if stick is not None else []
        if [*listed, *self._own] == self._listed:
            return  # the same buttons stay: a finger on its way to one must find it there
        self._listed = [*listed, *self._own]
        files = self.ids.files
        files.clear_widgets()
        for path in listed:
            chip = BackupFile(text=path.name)
            chip.bind(on_release=lambda _chip, p=path: self.restore(p))
            files.add_widget(chip)
        for path in self._own:  # beside a database that lost its games
            when = backup.taken_at(path).strftime("%Y-%m-%d %H:%M UTC")
            chip = BackupFile(text=_("This table's backup of {time}").format(time=when))
            chip.bind(on_release=lambda _chip, p=path: self.restore(p))
            files.add_widget(chip)

    def back_up(self) -> None:
        if self.stick is None:
            return
        name = f"{PREFIX}{datetime.now().strftime('%Y%m%d-%H%M%S')}.sqlite3"
        try:
            written = transfer.export_to(self.nav.store, self.stick / name)
        except InputError as error:
            self.message = error.message
            return
        self.message = ngettext(
            "{games} game saved to {file}.", "{games} games saved to {file}.", written["games"]
        ).format(games=written["games"], file=name)
        self.look()

    def restore(self, path: Path) -> None:
        try:
            merged = transfer.import_from(self.nav.store, path)
        except InputError as error:
            self.message = error.message
            return
        added = len(merged["restored"])
        restored = ngettext(
            "{added} game restored from {file}.", "{added} games restored from {file}.", added
        ).format(added=added, file=path.name)
        present = _("Already here, left as they were: {present}").format(
            present=merged["already_present"]
        )
        self.message = f"{restored}\n{present}"
        self._find_own()
        self.look()


load_kv(__file__)
