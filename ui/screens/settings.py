"""Settings: is the scanner connected (live), the RFID tags enrolled on this table (an unknown tag
scanned during play is enrolled here: pick the card it stands for), the card values this table
confirmed (Tuareg's majority points), and the language."""

from __future__ import annotations

import logging
from typing import Any

from kivy.properties import StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen

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
from companion.installation.i18n import LANGUAGES, _, current_language, pgettext, set_language
from companion.play.cards import TagDirectory, card_ids
from companion.rules.registry import GAMES
from companion.store import DamagedSettingError, Store
from hardware.events import ScannerConnected
from ui.corrections import card_label
from ui.kv import load_kv
from ui.language import LANGUAGE_SETTING
from ui.picker import PickField  # noqa: F401 (the class settings.kv places)
from ui.stepper import Stepper  # noqa: F401  (the rule of the value rows' steppers)
from ui.widgets import BigButton, ChoiceButton, scroll_vertically

_log = logging.getLogger(__name__)


class ValueRow(BoxLayout):
    """One good's majority value (a stepper, ``?`` while not confirmed) and where it comes from."""

    good = StringProperty("")
    source = StringProperty("")


class ForgetButton(BigButton):
    """Forgets one enrolled tag (an item of the tags' list)."""

    audit_role = "option"


class TagRow(BoxLayout):
    """One enrolled tag, the card it stands for, and a button to forget it."""

    tag = StringProperty("")
    card = StringProperty("")


def scanner_connected_text(event: ScannerConnected) -> str:
    """The scanner status line for a connected scanner, with the scans that reconnecting lost (a
    frame cut off by unplugging): the table should scan those cards again."""
    if not event.scans_lost_total:
        return _("Scanner: connected on {port}").format(port=event.port)
    return _(
        "Scanner: connected on {port}; scans lost to reconnects: {lost} just now, {total} since "
        "the start (scan a lost card again)"
    ).format(port=event.port, lost=event.scans_lost, total=event.scans_lost_total)


def card_group(card: str) -> str:
    """``TARGI-TRIBE-WELL-3`` -> ``TRIBE``: the part of a game's cards a card id belongs to."""
    return card.split("-")[1]


def enrol_games() -> dict[str, str]:
    """The games whose cards a tag may stand for: their titles (as the chooser shows them) to
    their ids."""
    return {GAMES[game].title() if game in GAMES else game: game for game in sorted(card_ids())}


def group_name(group: str) -> str:
    """A group of cards (:func:`card_group`) in words, as the chooser shows it."""
    names = {
        "GOODS": pgettext("a group of cards", "Goods cards"),
        "TRIBE": pgettext("a group of cards", "Tribe cards"),
        "GOOD": pgettext("a group of cards", "Goods cards"),
        "SPECIAL": pgettext("a group of cards", "Special cards"),
        "CAMEL": pgettext("a group of cards", "Camels"),
        "THIEF": pgettext("a group of cards", "Thief cards"),
    }
    return names.get(group, group.capitalize())


class SettingsScreen(Screen):
    hardware = StringProperty("")
    message = StringProperty("")
    pending_tag = StringProperty("")
    """A scanned tag no card id or enrolment knows, waiting for the table to say its card."""

    def __init__(
        self, nav: Any, store: Store, tags: TagDirectory, hardware: str, **kwargs: Any
    ) -> None:
        super().__init__(**kwargs)
        self.nav = nav
        self.store = store
        self.tags = tags
        self.hardware = hardware
        self.back_to = "home"
        """The screen Back returns to (the game, when an unknown tag brought the table here)."""
        self.ids.enrol_game.values = list(enrol_games())
        self.ids.language.values = list(LANGUAGES.values())  # each in its own name
        self.ids.language.text = LANGUAGES[current_language()]
        self.ids.language.bind(text=lambda _spinner, name: self.choose_language(name))
        self.rows: dict[Good, ValueRow] = {}
        low, high = BOUNDS[VALUES_KEY]
        for good in Good:
            row = ValueRow(good=good_name(good))
            row.ids.points.minimum, row.ids.points.maximum = low, high
            self.rows[good] = row
            self.ids.value_rows.add_widget(row)

    def on_pre_enter(self, *_args: object) -> None:
        self.load_values()
        self.load_tags()

    def load_values(self) -> None:
        try:
            confirmed = confirmed_values(self.store.list_settings(SETTINGS_GAME))
        except InputError as error:
            self.message = error.message
            confirmed = {}
        except DamagedSettingError as error:  # named, never a crash
            self.message = str(error)
            confirmed = {}
        for good, row in self.rows.items():
            if good in confirmed:
                row.ids.points.value, row.source = confirmed[good], _("confirmed by this table")
            elif good in KNOWN_VALUES:
                row.ids.points.value, row.source = KNOWN_VALUES[good], _("printed in the rulebook")
            else:
                row.ids.points.value, row.source = None, _("not confirmed yet")

    def save_values(self) -> None:
        """Store every value set on the steppers (one left at ``?`` is not stored)."""
        values = {
            good: row.ids.points.value
            for good, row in self.rows.items()
            if row.ids.points.value is not None
        }
        try:
            confirm_values(self.store, values)
        except InputError as error:  # the same check as ``table-companion settings set``
            self.message = error.message
            return
        self.message = _("Saved.")
        self.load_values()

    def choose_language(self, name: str) -> None:
        """Switch to the language named ``name`` (as the picker lists it) and store the choice.

        Every screen is built anew in it at once (this one too: it is left for a new one).
        """
        code = next(code for code, own in LANGUAGES.items() if own == name)
        if code == current_language():
            return
        set_language(code)
        self.store.set_setting(*LANGUAGE_SETTING, code)
        _log.info("language: %s", code)
        self.nav.language_changed()

    # --- tags ------------------------------------------------------------------------------------

    def load_tags(self) -> None:
        rows = self.ids.tag_rows
        rows.clear_widgets()
        for tag, card in self.store.enrolled_tags().items():
            row = TagRow(tag=tag, card=card)
            row.ids.forget.bind(on_release=lambda _b, t=tag: self.forget(t))
            rows.add_widget(row)

    def ask_enrol(self, tag: str, game: str | None) -> None:
        """Ask which card ``tag`` stands for, offering ``game``'s cards first."""
        self.pending_tag = tag
        self.message = ""
        games = enrol_games()
        self.ids.enrol_game.values = list(games)
        titles = [title for title, code in games.items() if code == game] or list(games)
        self.ids.enrol_game.text = titles[0]
        self.show_cards()
        scroll_vertically(self.ids.scroller, 1)

    def show_cards(self) -> None:
        """The cards of the game and group chosen, one button each."""
        game = enrol_games().get(self.ids.enrol_game.text, "")
        ids = card_ids().get(game, frozenset())
        groups = {group_name(code): code for code in sorted({card_group(card) for card in ids})}
        group = self.ids.enrol_group
        group.values = list(groups)
        if group.text not in groups:
            group.text = next(iter(groups), "")
            return  # changing the group's text shows its cards
        grid = self.ids.enrol_cards
        grid.clear_widgets()
        for card in sorted(c for c in ids if card_group(c) == groups[group.text]):
            button = ChoiceButton(text=card_label(game, card))
            button.payload = card
            button.bind(on_release=lambda b: self.enrol(b.payload))
            grid.add_widget(button)

    def enrol(self, card: str) -> None:
        """Store that the pending tag stands for ``card``: the next scan of it names the card."""
        tag = self.pending_tag
        try:
            previous = self.tags.enrol(self.store, tag, card)
        except InputError as error:
            self.message = error.message
            return
        self.message = (
            _("Tag {tag} is {card} now (it was {previous}). Scan it again to use it.")
            if previous
            else _("Tag {tag} is {card} now. Scan it again to use it.")
        ).format(tag=tag, card=card, previous=previous)
        self.dismiss_enrol()
        self.load_tags()

    def dismiss_enrol(self) -> None:
        self.pending_tag = ""
        self.ids.enrol_cards.clear_widgets()

    def forget(self, tag: str) -> None:
        if self.tags.forget(self.store, tag):
            self.message = _("Tag {tag} is forgotten: scanning it asks again.").format(tag=tag)
        self.load_tags()


load_kv(__file__)
