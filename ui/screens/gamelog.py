"""A stored game's log: what happened when, in words, the newest last; a correction carries a
pencil mark and the word "Correction", a move later taken back an arrow mark, struck through and
"taken back" (never colour alone). The log scrolls under a fixed header whose Back returns where
it was opened from. The entries and their words come from :mod:`companion.play.game_log`."""

from __future__ import annotations

import logging
from datetime import date
from typing import Any

from babel.dates import format_date, format_time
from kivy.properties import StringProperty
from kivy.uix.label import Label
from kivy.uix.screenmanager import Screen
from kivy.utils import escape_markup

from companion.installation.errors import InputError
from companion.installation.i18n import _, current_language
from companion.play import game_log
from companion.play.game_log import LogLine
from companion.rules.registry import spec_for
from ui.design import SYMBOL_FONT
from ui.kv import load_kv

logger = logging.getLogger(__name__)

CORRECTION_MARK = "✎"
UNDONE_MARK = "↶"


def mark(symbol: str) -> str:
    return f"[font={SYMBOL_FONT}]{symbol}[/font]"


def line_text(line: LogLine) -> str:
    """``20:15  ✎ Correction: Amal's stock …`` (markup): the time, then the entry in words."""
    moment = format_time(line.at.astimezone(), "short", locale=current_language())
    words = escape_markup(line.text)
    if line.correction:
        word = _("Correction")
        words = f"{mark(CORRECTION_MARK)} [b]{word}:[/b] {words}"
    if line.undone:
        word = _("taken back")
        words = f"{mark(UNDONE_MARK)} [s]{words}[/s] — [b]{word}[/b]"
    return f"[b]{moment}[/b]  {words}"


def day_text(day: date) -> str:
    return format_date(day, "full", locale=current_language())


class LogRow(Label):
    """One entry of the log."""


class LogDay(Label):
    """The day the entries under it were written."""


class GameLogScreen(Screen):
    heading = StringProperty("")
    note = StringProperty("")
    """Why the log is empty or stops early."""

    def __init__(self, nav: Any, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.nav = nav
        self.back_to = "home"
        self.log: game_log.GameLog | None = None

    def show(self, game_id: str, back_to: str) -> None:
        self.back_to = back_to
        rows = self.ids.rows
        rows.clear_widgets()
        try:
            self.log = game_log.read(self.nav.store, game_id)
        except InputError as error:
            self.log = None
            self.heading = _("Game log")
            self.note = error.message
            return
        self.heading = _("{game} — game log").format(game=spec_for(self.log.game).title())
        day: date | None = None
        for line in self.log.lines:
            local = line.at.astimezone()
            if local.date() != day:
                day = local.date()
                rows.add_widget(LogDay(text=day_text(day)))
            rows.add_widget(LogRow(text=line_text(line)))
        if self.log.damage is not None:
            self.note = _("The log stops early: {reason}").format(reason=self.log.damage)
        else:
            self.note = "" if self.log.lines else _("Nothing has been logged in this game yet.")
        self.ids.scroll.scroll_y = 1
        logger.debug("game log of %s: %d entries", game_id, len(self.log.lines))

    def back(self) -> None:
        self.nav.go(self.back_to)


load_kv(__file__)
