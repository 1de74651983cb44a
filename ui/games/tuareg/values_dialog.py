"""The card values only the cards print, asked on the Tuareg screen: a row per good with dinars and
majority points on steppers (``?`` until entered, within what a ``confirm_value`` action accepts),
"Save for this table" (stored for every later game and applied to this one) and "Later" (play goes
on; the values stay unconfirmed and the screen and score sheet say so).
"""

from __future__ import annotations

from kivy.properties import StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion.games.tuareg.actions import CONFIRMED_BOUNDS
from companion.games.tuareg.model import COPIES, DINARS, KNOWN_VALUES, Good
from companion.games.tuareg.state import CardValue
from companion.games.tuareg.values import SETTINGS_GAME
from companion.installation.errors import InputError
from companion.installation.i18n import _, ngettext
from ui.games.tuareg.host import TuaregHost
from ui.games.tuareg.values import ASKED, FIELDS, ValueEntry, confirmations, entries
from ui.games.tuareg.view import good_markup, unconfirmed
from ui.kv import load_kv
from ui.stepper import Stepper


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


class ValuesDialog:
    """The screen (``host``) holds it as its ``values``; it uses of the screen what
    :class:`ui.games.tuareg.host.TuaregHost` declares."""

    def __init__(self, host: TuaregHost) -> None:
        self.host = host
        self.prompt = TuaregValuesPrompt()
        self.prompt.bind(on_save=lambda _w: self.save())
        self.prompt.bind(on_later=lambda _w: self.later_chosen())
        self.rows: dict[Good, CardValueRow] = {}
        for good in ASKED:
            row = CardValueRow(
                label=ngettext("{good} ({n} card)", "{good} ({n} cards)", COPIES[good]).format(
                    good=good_markup(good), n=COPIES[good]
                )
            )
            for name in FIELDS:
                stepper = row.stepper(name)
                stepper.minimum, stepper.maximum = CONFIRMED_BOUNDS[name]
                stepper.bind(value=lambda _w, v, g=good, f=name: self.stepped(g, f, v))
            self.rows[good] = row
            self.prompt.ids.rows.add_widget(row)
        self.later: set[str] = set()
        """Games whose table chose to confirm the card values later."""
        self.is_open = False
        self.entries: dict[Good, ValueEntry] = {}

    def forget(self) -> None:
        self.is_open = False
        self.entries = {}

    def asking(self) -> bool:
        """Asked while the game lacks a value only the cards print, until the table says later
        (or whenever the table opens the prompt)."""
        if self.is_open:
            return True
        pending = [g for g in unconfirmed(self.host.state) if g in ASKED]
        assert self.host.table is not None
        return bool(pending) and self.host.table.game_id not in self.later

    def open(self) -> None:
        self.forget()
        self.is_open = True
        self.host.render()

    def render(self) -> None:
        prompt = self.prompt
        self.host.show_body(prompt)
        self.host.primary = self.save
        if not self.entries:
            try:
                self.entries = entries(
                    self.host.state, self.host.nav.store.list_settings(SETTINGS_GAME)
                )
            except InputError as error:
                prompt.message = error.message
                self.entries = entries(self.host.state, {})
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
        for good, entry in self.entries.items():
            row = self.rows[good]
            for name in FIELDS:
                row.stepper(name).value = getattr(entry, name)

    def stepped(self, good: Good, name: str, value: int | None) -> None:
        """A stepper moved: the entry follows (a value shown by :meth:`render` is already
        the entry's)."""
        entry = self.entries.get(good)
        if entry is None or getattr(entry, name) == value:
            return
        setattr(entry, name, value)
        self.prompt.message = ""

    def save(self) -> None:
        """Apply to this game what it does not know yet (or knows otherwise), each value a
        ``confirm_value`` the session stores for every later game as it logs it; nothing is
        applied if an entry is incomplete."""
        try:
            actions = confirmations(self.entries)
        except InputError as error:
            self.prompt.message = error.message
            return
        self.forget()
        self.prompt.message = ""
        for action in actions:
            if self.host.state.value(action.good) == CardValue(action.dinars, action.points):
                continue
            if not self.host.submit(action).ok:
                break
        self.host.render()

    def later_chosen(self) -> None:
        assert self.host.table is not None
        self.later.add(self.host.table.game_id)
        self.forget()
        self.prompt.message = ""
        self.host.render()


load_kv(__file__)
