"""Settings: is the scanner connected (live), the RFID tags enrolled on this table (an unknown tag
scanned during play is enrolled here: pick the card it stands for), the language, and each game's
own section (its UI entry's ``settings``: Tuareg's card values, say)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from kivy.properties import StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen

from companion.installation.errors import InputError
from companion.installation.i18n import LANGUAGES, _, current_language, pgettext, set_language
from companion.play.cards import TagDirectory, card_ids
from companion.rules.registry import GAMES, load
from companion.store import Store
from hardware.events import ScannerConnected
from ui.corrections import card_label
from ui.kv import load_kv
from ui.language import LANGUAGE_SETTING
from ui.picker import PickField  # noqa: F401 (the class settings.kv places)
from ui.screens.history import FilterChip
from ui.screens.settings_section import SettingsSection
from ui.widgets import BigButton, ChoiceButton, scroll_vertically, show_only

_log = logging.getLogger(__name__)


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


def game_sections(store: Store, say: Callable[[str], None]) -> dict[str, SettingsSection]:
    """Each game's section of Settings (its UI entry's ``settings``), made for ``store``, in the
    games' name order. A section that does not load (a broken plug-in) is logged and left out:
    the rest of Settings still works."""
    from ui.games import entries

    sections: dict[str, SettingsSection] = {}
    for game, entry in sorted(entries().items()):
        if entry.settings is None:
            continue
        try:
            section = load(entry.settings, type)
            if not issubclass(section, SettingsSection):
                raise TypeError(f"{entry.settings} is no SettingsSection")
            sections[game] = section(store, say)
        except Exception:
            _log.exception("%s's section of Settings %s does not load", game, entry.settings)
    return sections


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
        self.sections = game_sections(store, self.say)
        """Game -> the section of Settings it contributes, in the games' name order."""
        self.section_chips: dict[str, FilterChip] = {}
        if len(self.sections) > 1:  # one section at a time, chosen by its game's chip
            for game in self.sections:
                chip = FilterChip(text=GAMES[game].title() if game in GAMES else game)
                chip.bind(on_release=lambda _chip, g=game: self.show_section(g))
                self.section_chips[game] = chip
                self.ids.section_chips.add_widget(chip)
        self.show_section(next(iter(self.sections), None))

    def on_pre_enter(self, *_args: object) -> None:
        for section in self.sections.values():
            section.load()
        self.load_tags()

    def show_section(self, game: str | None) -> None:
        """Show ``game``'s section (None: no game contributes one), its chip chosen."""
        for name, chip in self.section_chips.items():
            chip.chosen = name == game
        show_only(self.ids.sections, *([self.sections[game]] if game is not None else []))

    def say(self, sentence: str) -> None:
        """Show ``sentence`` on the message line (a section's outcome, an enrolment's)."""
        self.message = sentence

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
