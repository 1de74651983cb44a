"""Enrol RFID tags from Settings: the screen walks a game's deck card by card ("Scan the tag on:
Camel Rider"), with Skip and Back, and goes on where it was when the table comes back; at the end
it sums up. The walk is :class:`hardware.scanner.enrol.EnrolWalk` (the one ``table-companion tags
enrol`` walks): it decides what a scan does, this screen says it. The tags move between tables as
a file on the USB stick (:mod:`companion.play.tag_files`)."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.screenmanager import Screen

from companion.installation.errors import InputError
from companion.installation.i18n import _, ngettext
from companion.play import tag_files
from companion.play.labels import card_title
from hardware.scanner.enrol import EnrolWalk, Outcome, Pending, deck_of
from hardware.usb import mounted_sticks, read_only_sticks
from ui.kv import load_kv
from ui.screens.history import FilterChip
from ui.screens.home import game_title
from ui.screens.labels import card_games
from ui.sticks import StickWatch

logger = logging.getLogger(__name__)

GAME_SETTING = ("tags", "enrol-game")
"""Where the game last walked is stored: coming back walks it again."""
TAG_FILE = "table-companion-tags.json"
"""The enrolment file this screen writes to the stick and reads from it."""


def asked_name(card: Pending) -> str:
    """The card as its label prints it: ``Water 3/8`` for a copy of a card with copies."""
    return card.name if card.of == 1 else f"{card.name} {card.copy}/{card.of}"


class EnrolScreen(Screen):
    card_name = StringProperty("")
    hint = StringProperty("")
    progress = StringProperty("")
    summary = StringProperty("")
    message = StringProperty("")
    refused = BooleanProperty(False)
    over = BooleanProperty(False)
    """The walk is past the deck's end: the summary shows instead of a card."""
    can_go_back = BooleanProperty(False)
    can_go_again = BooleanProperty(False)
    stick_text = StringProperty("")
    has_stick = BooleanProperty(False)
    """A stick to read the tag file from (writable or not)."""
    can_write = BooleanProperty(False)
    """A stick the tag file can be written to."""

    def __init__(self, nav: Any, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.nav = nav
        self.watch = StickWatch(self._stick_changed)
        self.deck_walk: EnrolWalk | None = None
        self.game_chips: dict[str, FilterChip] = {}
        for game in card_games():
            chip = FilterChip(text=game_title(game))
            chip.bind(on_release=lambda _chip, g=game: self.choose_game(g))
            self.game_chips[game] = chip
            self.ids.games.add_widget(chip)

    def watch_sticks(self, mounts: Path, roots: tuple[Path, ...]) -> None:
        """Read ``mounts`` for sticks under ``roots`` (a test's own mount table)."""
        self.watch.sticks = lambda: mounted_sticks(mounts, roots)
        self.watch.read_only = lambda: read_only_sticks(mounts, roots)

    def on_pre_enter(self, *_args: Any) -> None:
        self.message = ""
        stored = self.nav.store.get_setting(*GAME_SETTING)
        table = getattr(self.nav, "table", None)
        game = stored or (table.rules.name if table is not None else None)
        self.choose_game(game if game in self.game_chips else next(iter(self.game_chips)))
        self.watch.start()

    def on_leave(self, *_args: Any) -> None:
        self.watch.stop()

    def _stick_changed(self) -> None:
        stick, locked = self.watch.stick, self.watch.locked
        self.can_write = stick is not None
        self.has_stick = stick is not None or locked is not None
        if stick is not None:
            self.stick_text = _("USB stick: {name}").format(name=stick.name)
        elif locked is not None:
            self.stick_text = _("USB stick: {name} (read-only: tags can be read from it)").format(
                name=locked.name
            )
        else:
            self.stick_text = _("No USB stick: plug one in to move tags between tables.")

    # --- the walk ---------------------------------------------------------------------------------

    def choose_game(self, game: str) -> None:
        """Walk ``game``'s deck, from where its walk was left."""
        store = self.nav.store
        if self.deck_walk is None or self.deck_walk.game != game:
            self.message = ""
        self.deck_walk = EnrolWalk(store, self.nav.tags, game, deck_of(game), remember=True)
        store.set_setting(*GAME_SETTING, game)
        for name, chip in self.game_chips.items():
            chip.chosen = name == game
        self.show()

    def show(self) -> None:
        walk = self.deck_walk
        assert walk is not None
        card = walk.current
        self.over = card is None
        self.can_go_back = walk.can_go_back
        left = walk.left
        self.can_go_again = card is None and left > 0
        tagged = walk.total - left
        if card is not None:
            self.card_name = asked_name(card)
            self.hint = card.hint
            self.progress = _("Card {n} of {total} · {tagged} with a tag").format(
                n=walk.index + 1, total=walk.total, tagged=tagged
            )
            self.summary = ""
            return
        self.card_name = self.hint = self.progress = ""
        game = game_title(walk.game)
        if left == 0:
            self.summary = _("Every card of {game} has its tag: {total} of {total}.").format(
                game=game, total=walk.total
            )
        else:
            self.summary = ngettext(
                "End of the deck: {tagged} of {total} cards of {game} have a tag; {left} card "
                "skipped has none yet.",
                "End of the deck: {tagged} of {total} cards of {game} have a tag; {left} cards "
                "skipped have none yet.",
                left,
            ).format(tagged=tagged, total=walk.total, game=game, left=left)

    def on_tag(self, tag: str) -> None:
        """A tag the scanner read (known to the app or not): the walk says what it does."""
        if self.deck_walk is None:
            return
        asked = self.deck_walk.current
        outcome = self.deck_walk.scan(tag)
        self.refused = outcome.result != "enrolled"
        self.message = self._said(outcome, asked)
        self.show()

    def _said(self, outcome: Outcome, asked: Pending | None) -> str:
        walk = self.deck_walk
        assert walk is not None
        if outcome.result == "enrolled":
            name = asked_name(asked) if asked is not None else card_title(outcome.card)
            return _("Tag {tag} is on {card} now.").format(tag=outcome.tag, card=name)
        if outcome.code == "tag_enrolled_elsewhere":
            return _(
                "Tag {tag} is already on {card} ({id}): scan another tag. Nothing was changed."
            ).format(tag=outcome.tag, card=card_title(outcome.enrolled_to), id=outcome.enrolled_to)
        if outcome.code == "printed_tag" and outcome.game != walk.game:
            return _(
                "That is a label of {other}, not of {game}: scan a {game} card. Nothing was "
                "changed."
            ).format(other=game_title(outcome.game), game=game_title(walk.game))
        if outcome.code == "printed_tag":
            return _(
                "That is the printed label of {card}: a printed label needs no tag. Scan the "
                "RFID tag."
            ).format(card=card_title(outcome.card))
        return _("The walk is at its end: nothing was changed.")

    def skip(self) -> None:
        if self.deck_walk is not None:
            self.deck_walk.skip()
            self.message = ""
            self.show()

    def back(self) -> None:
        if self.deck_walk is not None:
            self.deck_walk.back()
            self.message = ""
            self.show()

    def again(self) -> None:
        """Walk the skipped cards once more."""
        if self.deck_walk is not None:
            self.deck_walk.again()
            self.message = ""
            self.show()

    # --- the file on the stick --------------------------------------------------------------------

    def export_tags(self) -> None:
        stick = self.watch.stick
        if stick is None:
            return
        try:
            count = tag_files.export_tags(self.nav.store, stick / TAG_FILE)
        except InputError as error:
            self._refuse(error.message)
            return
        self.refused = False
        self.message = ngettext(
            "{count} tag written to the USB stick {name}: {file}",
            "{count} tags written to the USB stick {name}: {file}",
            count,
        ).format(count=count, name=stick.name, file=TAG_FILE)

    def import_tags(self) -> None:
        stick = self.watch.stick or self.watch.locked
        if stick is None:
            return
        path = stick / TAG_FILE
        if not path.exists():
            self._refuse(
                _("The USB stick {name} has no {file}: nothing was changed.").format(
                    name=stick.name, file=TAG_FILE
                )
            )
            return
        try:
            counts = tag_files.import_tags(self.nav.store, path)
        except InputError as error:
            self._refuse(_("{reason} Nothing was changed.").format(reason=error.message))
            return
        self.nav.tags.reload(self.nav.store)
        if self.deck_walk is not None:
            self.choose_game(self.deck_walk.game)  # the cards that now have a tag are passed
        self.refused = False
        self.message = _("Tags read from {file}: {imported} new, {unchanged} already here.").format(
            file=TAG_FILE, **counts
        )

    def _refuse(self, text: str) -> None:
        logger.warning("tag file: %s", text)
        self.refused = True
        self.message = text


load_kv(__file__)
