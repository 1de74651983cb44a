"""Card labels from Settings: the game and the sheet size chosen, one tap writes the labels' PDF
(:func:`companion.play.labels.write_pdf`, as ``table-companion labels`` does) to the USB stick when one
is plugged in, else to this table's data folder, and says where, how many labels and pages."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.screenmanager import Screen

from companion.installation.errors import InputError
from companion.installation.i18n import _, ngettext
from companion.play.cards import card_ids
from companion.play.labels import SHEETS, page_count, sheet_text, write_pdf
from hardware.usb import mounted_sticks, read_only_sticks
from ui.kv import load_kv
from ui.screens.history import FilterChip
from ui.screens.home import game_title
from ui.sticks import StickWatch

logger = logging.getLogger(__name__)


def label_file(game: str, size: str) -> str:
    """The PDF's name: ``table-companion-labels-targi-a4.pdf``."""
    return f"table-companion-labels-{game}-{size}.pdf"


def card_games() -> list[str]:
    """The games with cards to label, in the registry's order."""
    return [game for game, ids in card_ids().items() if ids]


class LabelsScreen(Screen):
    stick_text = StringProperty("")
    message = StringProperty("")
    refused = BooleanProperty(False)
    """Whether :attr:`message` says what went wrong (shown in the refusal's ink)."""

    def __init__(self, nav: Any, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.nav = nav
        self.watch = StickWatch(self._stick_changed)
        self.game = card_games()[0]
        self.sheet = next(iter(SHEETS))
        self.game_chips: dict[str, FilterChip] = {}
        for game in card_games():
            chip = FilterChip(text=game_title(game), size_hint_x=1)
            chip.bind(on_release=lambda _chip, g=game: self.choose_game(g))
            self.game_chips[game] = chip
            self.ids.games.add_widget(chip)
        self.size_chips: dict[str, FilterChip] = {}
        for size in SHEETS:
            chip = FilterChip(text=sheet_text(size), size_hint_x=1)
            chip.bind(on_release=lambda _chip, s=size: self.choose_size(s))
            self.size_chips[size] = chip
            self.ids.sizes.add_widget(chip)
        self._show_choices()

    def watch_sticks(self, mounts: Path, roots: tuple[Path, ...]) -> None:
        """Read ``mounts`` for sticks under ``roots`` (a test's own mount table)."""
        self.watch.sticks = lambda: mounted_sticks(mounts, roots)
        self.watch.read_only = lambda: read_only_sticks(mounts, roots)

    def on_pre_enter(self, *_args: Any) -> None:
        self.message = ""
        table = getattr(self.nav, "table", None)
        if table is not None and table.rules.name in self.game_chips:
            self.choose_game(table.rules.name)  # the game on the table, most likely
        self.watch.start()

    def on_leave(self, *_args: Any) -> None:
        self.watch.stop()

    def _stick_changed(self) -> None:
        stick, locked = self.watch.stick, self.watch.locked
        if stick is not None:
            self.stick_text = _("USB stick: {name}").format(name=stick.name)
        elif locked is not None:
            self.stick_text = _(
                "The USB stick {name} is read-only: unlock it, or take it out to write to this "
                "table's data folder."
            ).format(name=locked.name)
        else:
            self.stick_text = _("No USB stick: the PDF goes to this table's data folder.")

    def choose_game(self, game: str) -> None:
        self.game = game
        self._show_choices()

    def choose_size(self, size: str) -> None:
        self.sheet = size
        self._show_choices()

    def _show_choices(self) -> None:
        for game, chip in self.game_chips.items():
            chip.chosen = game == self.game
        for size, chip in self.size_chips.items():
            chip.chosen = size == self.sheet

    def write(self) -> None:
        """Write the chosen game's labels where :attr:`stick_text` says; a failure changes
        nothing and says why."""
        self.watch.look()
        stick, locked = self.watch.stick, self.watch.locked
        if stick is None and locked is not None:  # not the data folder behind the table's back
            self.refused = True
            self.message = _(
                "The USB stick {name} is read-only: nothing was written. Unlock it, or take it "
                "out to write to this table's data folder."
            ).format(name=locked.name)
            return
        folder = stick if stick is not None else Path(self.nav.store.path).parent
        place = (
            _("the USB stick {name}").format(name=stick.name)
            if stick is not None
            else _("this table's data folder")  # its path means nothing at the table
        )
        name = label_file(self.game, self.sheet)
        try:
            count = write_pdf(self.game, folder / name, self.sheet)
        except (OSError, InputError) as error:
            reason = error.message if isinstance(error, InputError) else error.strerror or error
            logger.warning("labels not written to %s: %s", folder, reason)
            self.refused = True
            self.message = _(
                "The labels could not be written to {place}: {reason}. Nothing was changed."
            ).format(place=place, reason=reason)
            return
        pages = page_count(count, self.sheet)
        self.refused = False
        self.message = ngettext(
            "{labels} labels on {pages} page written to {place}: {file}",
            "{labels} labels on {pages} pages written to {place}: {file}",
            pages,
        ).format(labels=count, pages=pages, place=place, file=name)


load_kv(__file__)
