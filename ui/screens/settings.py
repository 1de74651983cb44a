"""Settings: is the scanner connected, the card values this table confirmed (Tuareg's majority
points), and the language."""

from __future__ import annotations

from typing import Any

from kivy.properties import StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen

from companion.errors import InputError
from companion.games.tuareg.model import KNOWN_VALUES, Good
from companion.games.tuareg.values import SETTINGS_GAME, confirm_values, confirmed_values
from companion.i18n import _
from companion.store import Store
from ui.kv import load_kv

LANGUAGES = ("English",)
"""Languages with a catalog (every string goes through gettext; others can follow)."""


class ValueRow(BoxLayout):
    """One good's majority value: the value and where it comes from."""

    good = StringProperty("")
    source = StringProperty("")


class SettingsScreen(Screen):
    hardware = StringProperty("")
    message = StringProperty("")

    def __init__(self, nav: Any, store: Store, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.nav = nav
        self.store = store
        self.hardware = _("Scanner: not connected")
        self.ids.language.values = LANGUAGES
        self.ids.language.text = LANGUAGES[0]
        self.rows: dict[Good, ValueRow] = {}
        for good in Good:
            row = ValueRow(good=_(good.value))
            self.rows[good] = row
            self.ids.value_rows.add_widget(row)

    def on_pre_enter(self, *_args: object) -> None:
        self.load_values()

    def load_values(self) -> None:
        try:
            confirmed = confirmed_values(self.store.list_settings(SETTINGS_GAME))
        except InputError as error:
            self.message = error.message
            confirmed = {}
        for good, row in self.rows.items():
            if good in confirmed:
                row.ids.points.text, row.source = str(confirmed[good]), _("confirmed by this table")
            elif good in KNOWN_VALUES:
                row.ids.points.text, row.source = (
                    str(KNOWN_VALUES[good]),
                    _("printed in the rulebook"),
                )
            else:
                row.ids.points.text, row.source = "", _("not confirmed yet")

    def save_values(self) -> None:
        """Store every value typed in; a value that is not a whole number from 1 is refused."""
        values = {}
        for good, row in self.rows.items():
            text = row.ids.points.text.strip()
            if not text:
                continue
            if not text.isdigit() or int(text) < 1:
                self.message = _(
                    "{good}: a majority value is a whole number from 1, not {text!r}."
                ).format(good=_(good.value), text=text)
                return
            values[good] = int(text)
        confirm_values(self.store, values)
        self.message = _("Saved.")
        self.load_values()

    def scanner_status(self, text: str) -> None:
        self.hardware = text


load_kv(__file__)
