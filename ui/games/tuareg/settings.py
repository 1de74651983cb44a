"""Tuareg's section of Settings: the majority points per good this table's cards print (``?`` while
not confirmed), stepped within what ``table-companion settings set tuareg values`` takes."""

from __future__ import annotations

from typing import Any

from kivy.properties import StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion.games.tuareg.model import KNOWN_VALUES, Good
from companion.games.tuareg.names import good_name
from companion.games.tuareg.values import (
    BOUNDS,
    SETTINGS_GAME,
    VALUES_KEY,
    confirm_values,
    confirmed_values,
)
from companion.installation.errors import InputError
from companion.installation.i18n import _
from companion.store import DamagedSettingError
from ui.kv import load_kv
from ui.screens.settings_section import SettingsSection
from ui.stepper import Stepper  # noqa: F401  (the rule of the value rows' steppers)


class ValueRow(BoxLayout):
    """One good's majority value (a stepper, ``?`` while not confirmed) and where it comes from."""

    good = StringProperty("")
    source = StringProperty("")


class CardValuesSection(SettingsSection):
    """The goods' majority values, one row each, and the button that saves them."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.rows: dict[Good, ValueRow] = {}
        low, high = BOUNDS[VALUES_KEY]
        for good in Good:
            row = ValueRow(good=good_name(good))
            row.ids.points.minimum, row.ids.points.maximum = low, high
            self.rows[good] = row
            self.ids.value_rows.add_widget(row)

    def load(self) -> None:
        try:
            confirmed = confirmed_values(self.store.list_settings(SETTINGS_GAME))
        except InputError as error:
            self.say(error.message)
            confirmed = {}
        except DamagedSettingError as error:  # named, never a crash
            self.say(str(error))
            confirmed = {}
        for good, row in self.rows.items():
            if good in confirmed:
                row.ids.points.value, row.source = confirmed[good], _("confirmed by this table")
            elif good in KNOWN_VALUES:
                row.ids.points.value, row.source = KNOWN_VALUES[good], _("printed in the rulebook")
            else:
                row.ids.points.value, row.source = None, _("not confirmed yet")

    def save(self) -> None:
        """Store every value set on the steppers (one left at ``?`` is not stored)."""
        values = {
            good: row.ids.points.value
            for good, row in self.rows.items()
            if row.ids.points.value is not None
        }
        try:
            confirm_values(self.store, values)
        except InputError as error:  # the same check as ``table-companion settings set``
            self.say(error.message)
            return
        self.say(_("Saved."))
        self.load()


load_kv(__file__)
