"""Settings -> Phones: the QR code and the address, in words, of the table's join link for the
phones' read-only web view; phones on or off (off at first) and "new link", which ends every link
given before. The token is a file beside the database (:mod:`companion.installation.phones`):
writing it is all the app does; the web view is its own process (``table-companion serve``,
its systemd unit)."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.screenmanager import Screen

from companion.installation import phones
from companion.installation.i18n import _
from ui.kv import load_kv
from ui.qr import qr_texture

logger = logging.getLogger(__name__)


class PhonesScreen(Screen):
    on = BooleanProperty(False)
    """Phones can join: there is a token."""
    address_text = StringProperty("")
    message = StringProperty("")

    def __init__(self, nav: Any, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.nav = nav

    @property
    def database(self) -> Path:
        return Path(self.nav.store.path)

    def on_pre_enter(self, *_args: Any) -> None:
        self.message = ""
        self.show()

    def show(self) -> None:
        token = phones.read_token(self.database)
        self.on = token is not None
        if token is None:
            self.ids.qr.texture = None
            self.address_text = _(
                "Phones are off. Turned on, every phone on this table's network can follow the "
                "game, its score sheet, its log and the rules, each in its own language, and "
                "change nothing."
            )
            return
        link = phones.join_link(phones.table_address(), phones.DEFAULT_PORT, token)
        self.ids.qr.texture = qr_texture(phones.qr_png(link))
        self.address_text = _("Scan the code, or open this address on a phone:") + "\n" + link

    def toggle(self) -> None:
        """Phones on (a new link) or off (no link works)."""
        try:
            if self.on:
                phones.turn_off(self.database)
            else:
                phones.new_token(self.database)
        except OSError as error:
            logger.error("phones: cannot change the join link: %s", error)
            self.message = _("The join link cannot be changed: {reason}").format(
                reason=error.strerror or error
            )
        self.show()

    def new_link(self) -> None:
        """A new link: the phones that joined with the old one must scan again."""
        try:
            phones.new_token(self.database)
        except OSError as error:
            logger.error("phones: cannot write a new link: %s", error)
            self.message = _("The join link cannot be changed: {reason}").format(
                reason=error.strerror or error
            )
            return
        self.message = _("New link: phones that joined before must scan again.")
        self.show()


load_kv(__file__)
