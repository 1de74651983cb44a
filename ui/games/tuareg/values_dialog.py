"""The card values only the cards print, asked on the Tuareg screen: a row per good with dinars and
majority points on steppers (``?`` until entered, within what a ``confirm_value`` action accepts),
"Save for this table" (stored for every later game and applied to this one) and "Later" (play goes
on; the values stay unconfirmed and the screen and score sheet say so).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kivy.properties import StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion.games.tuareg.actions import CONFIRMED_BOUNDS
from companion.games.tuareg.model import COPIES, DINARS, KNOWN_VALUES, Good
from companion.games.tuareg.state import CardValue
from companion.games.tuareg.values import SETTINGS_GAME
from companion.installation.errors import InputError
from companion.installation.i18n import _, ngettext
from ui.games.tuareg.values import ASKED, FIELDS, ValueEntry, confirmations, entries
from ui.games.tuareg.view import good_markup, unconfirmed
from ui.kv import load_kv
from ui.stepper import Stepper

if TYPE_CHECKING:
    from ui.games.tuareg.host import TuaregHost as Host
else:
    Host = object


class CardValueRow(BoxLayout):
    """One good's printed values: dinars and majority points (``ids.dinars``, ``ids.points``)."""

    label = StringProperty("")

    def stepper(self, name: str) -> Stepper:
        stepper: Stepper = self.ids[name]
        return stepper


class TuaregValuesPrompt(BoxLayout):
    title = StringProperty("")
    message = StringProperty("")
    __events__ = ("on_save", "on_later")

    def on_save(self) -> None:
        pass

    def on_later(self) -> None:
        pass


class ValuesDialog(Host):
    """Mixed into the screen: uses of it what :class:`ui.games.tuareg.host.TuaregHost` declares."""

    def build_values_prompt(self) -> None:
        self.values_prompt = TuaregValuesPrompt()
        self.values_prompt.bind(on_save=lambda _w: self.save_values())
        self.values_prompt.bind(on_later=lambda _w: self.values_later_chosen())
        self.value_rows: dict[Good, CardValueRow] = {}
        for good in ASKED:
            row = CardValueRow(
                label=ngettext("{good} ({n} card)", "{good} ({n} cards)", COPIES[good]).format(
                    good=good_markup(good), n=COPIES[good]
                )
            )
            for name in FIELDS:
                stepper = row.stepper(name)
                stepper.minimum, stepper.maximum = CONFIRMED_BOUNDS[name]
                stepper.bind(value=lambda _w, v, g=good, f=name: self.value_stepped(g, f, v))
            self.value_rows[good] = row
            self.values_prompt.ids.rows.add_widget(row)
        self.values_later: set[str] = set()
        """Games whose table chose to confirm the card values later."""
        self.forget_values()

    def forget_values(self) -> None:
        self.values_open = False
        self.value_entries: dict[Good, ValueEntry] = {}

    def asking_values(self) -> bool:
        """Asked while the game lacks a value only the cards print, until the table says later
        (or whenever the table opens the prompt)."""
        if self.values_open:
            return True
        pending = [g for g in unconfirmed(self.state) if g in ASKED]
        assert self.table is not None
        return bool(pending) and self.table.game_id not in self.values_later

    def open_values(self) -> None:
        self.forget_values()
        self.values_open = True
        self.render()

    def render_values(self) -> None:
        prompt = self.values_prompt
        self.show_body(prompt)
        self.primary = self.save_values
        if not self.value_entries:
            try:
                self.value_entries = entries(
                    self.state, self.nav.store.list_settings(SETTINGS_GAME)
                )
            except InputError as error:
                prompt.message = error.message
                self.value_entries = entries(self.state, {})
        dinars, points = DINARS[Good.GOLD], KNOWN_VALUES[Good.GOLD]
        gold = ", ".join(
            (
                ngettext("{n} dinar", "{n} dinars", dinars).format(n=dinars),
                ngettext("{n} point", "{n} points", points).format(n=points),
            )
        )
        prompt.title = _(
            "What do your cards print? The rulebook gives only gold's values ({gold}); "
            "enter the others once and this table keeps them."
        ).format(gold=gold)
        for good, entry in self.value_entries.items():
            row = self.value_rows[good]
            for name in FIELDS:
                row.stepper(name).value = getattr(entry, name)

    def value_stepped(self, good: Good, name: str, value: int | None) -> None:
        """A stepper moved: the entry follows (a value shown by :meth:`render_values` is already
        the entry's)."""
        entry = self.value_entries.get(good)
        if entry is None or getattr(entry, name) == value:
            return
        setattr(entry, name, value)
        self.values_prompt.message = ""

    def save_values(self) -> None:
        """Apply to this game what it does not know yet (or knows otherwise), each value a
        ``confirm_value`` the session stores for every later game as it logs it; nothing is
        applied if an entry is incomplete."""
        try:
            actions = confirmations(self.value_entries)
        except InputError as error:
            self.values_prompt.message = error.message
            return
        self.forget_values()
        self.values_prompt.message = ""
        for action in actions:
            if self.state.value(action.good) == CardValue(action.dinars, action.points):
                continue
            if not self.submit(action).ok:
                break
        self.render()

    def values_later_chosen(self) -> None:
        assert self.table is not None
        self.values_later.add(self.table.game_id)
        self.forget_values()
        self.values_prompt.message = ""
        self.render()


load_kv(__file__)
