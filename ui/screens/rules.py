"""The rules at the table: a game's rules summarised in the rulebook's order, opened at the section
of the moment, with "What can I do now?" on top (the options now, and each closed one with the rule
behind it), and a search by words on the on-screen keyboard.

Everything shown comes from :mod:`companion.rules.reference` (the sections, the search, the options);
this screen only lays them out. Opened from a game's bar, it shows that game as it stands; from
Home, the chosen game's rules (and the moment of the game on the table, if it is that game).
"""

from __future__ import annotations

import logging
from typing import Any

from kivy.clock import Clock
from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.label import Label
from kivy.uix.screenmanager import Screen
from kivy.utils import escape_markup

from companion.installation.i18n import _, current_language
from companion.play.table import TableGame
from companion.rules.explanations import explanation
from companion.rules.reference import Part, codes_by_part, matches, now, reference_of
from ui.design import SYMBOL_FONT
from ui.keyboard import ask_text
from ui.kv import load_kv
from ui.screens.home import game_title
from ui.widgets import BigButton, scroll_vertically

logger = logging.getLogger(__name__)

NAME = "rules"
MAX_SEARCH = 40
"""Characters a search may have (a few words)."""
OPEN, CLOSED = "✓", "✕"


def _mark(shape: str) -> str:
    return f"[font={SYMBOL_FONT}]{shape}[/font]"


class SectionButton(BigButton):
    """One section in the list on the left; the one shown is filled and bold (not colour alone)."""

    audit_role = "option"
    section = StringProperty("")
    chosen = BooleanProperty(False)


class OptionRow(ButtonBehavior, Label):
    """One option of the moment: open (a tick), or closed (a cross, the reason and the rule; a tap
    shows the section with that rule)."""

    audit_role = "option"
    closed = BooleanProperty(False)
    section = StringProperty("")


class TextBlock(Label):
    """A paragraph of the section shown, wrapped to the column."""


class RulesScreen(Screen):
    heading = StringProperty("")
    search_text = StringProperty("")
    """What the search button says (the words searched, once there are some)."""
    searching = BooleanProperty(False)

    def __init__(self, nav: Any, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.nav = nav
        self.game = ""
        self.table: TableGame[Any, Any] | None = None
        self.back_to = "home"
        self.section = ""
        self.words = ""
        self.moment: dict[str, Any] | None = None

    # --- what the screen shows ------------------------------------------------------------------

    def show(self, game: str, table: TableGame[Any, Any] | None, back_to: str) -> None:
        """``game``'s rules; ``table`` (that game in play, or None) gives the moment and the
        section to open at; Back returns to ``back_to``."""
        reference = reference_of(game)
        assert reference is not None, f"{game} has no rules reference"
        self.game, self.back_to, self.words = game, back_to, ""
        self.table = table if table is not None and table.rules.name == game else None
        self.moment = None
        if self.table is not None and self.table.session.damage is None:
            self.moment = now(game, self.table.rules, self.table.state)
        self.section = self.moment["section"] if self.moment else reference.parts[0].id
        self.heading = _("Rules: {game}").format(game=game_title(game))
        logger.info("rules of %s opened at %s", game, self.section)
        self.render()

    def parts(self) -> list[Part]:
        """The sections the search leaves, in the rulebook's order."""
        reference = reference_of(self.game)
        assert reference is not None
        return [part for part in reference.parts if matches(self.game, part, self.words)]

    def render(self) -> None:
        found = self.parts()
        if found and self.section not in {part.id for part in found}:
            self.section = found[0].id
        self.searching = bool(self.words)
        self.search_text = (
            _("Search: {words}").format(words=self.words) if self.words else _("Search")
        )
        listing = self.ids.sections
        listing.clear_widgets()
        for part in found:
            button = SectionButton(
                text=_(part.title), section=part.id, chosen=part.id == self.section
            )
            button.bind(on_release=lambda b: self.open_section(b.section))
            listing.add_widget(button)
        body = self.ids.body
        body.clear_widgets()
        if self.moment is not None and not self.words:
            self._moment(body)
        if found:
            self._section(body, next(part for part in found if part.id == self.section))
        else:
            message = _("No section mentions “{words}”.").format(words=self.words)
            body.add_widget(TextBlock(text=escape_markup(message)))
        scroll_vertically(self.ids.text_scroll, 1)
        Clock.schedule_once(lambda _dt: self._show_chosen(), 0)

    def _show_chosen(self) -> None:
        """Scroll the section list to the section shown."""
        scroller = self.ids.list_scroll
        for button in self.ids.sections.children:
            if button.chosen and scroller.height < self.ids.sections.height:
                scroller.scroll_to(button, padding=0, animate=False)

    def _moment(self, body: Any) -> None:
        """The options now: the open ones in one paragraph, then each closed one on its own row
        with its rule and reason (a tap shows the section of that rule)."""
        assert self.moment is not None
        title = escape_markup(_("What can I do now?"))
        body.add_widget(TextBlock(text=f"[b]{title}[/b]"))
        options = self.moment["options"]
        labels = [escape_markup(o["label"]) for o in options if o["available"]]
        if labels:
            body.add_widget(OptionRow(text=f"{_mark(OPEN)} " + " · ".join(labels)))
        elif not options:
            body.add_widget(TextBlock(text=escape_markup(_("Nothing to do now."))))
        for option in options:
            if option["available"]:
                continue
            label = escape_markup(option["label"])
            rule = escape_markup(option["rule"] or "")
            reason = escape_markup(option["reason"])
            row = OptionRow(
                text=f"{_mark(CLOSED)} {label}\n[b]{rule}[/b]: {reason}",
                closed=True,
                section=option["section"] or "",
            )
            row.bind(on_release=lambda r: self.open_section(r.section) if r.section else None)
            body.add_widget(row)

    def _section(self, body: Any, part: Part) -> None:
        source = part.sources[0].as_dict(current_language())
        where = " · ".join(str(source[key]) for key in ("book", "section") if source[key])
        body.add_widget(TextBlock(text=f"[b]{escape_markup(_(part.title))}[/b]"))
        body.add_widget(TextBlock(text=escape_markup(_(part.summary))))
        body.add_widget(TextBlock(text=f"[i]{escape_markup(where)}[/i]"))
        rules = [explanation(self.game, code) for code in codes_by_part(self.game)[part.id]]
        titles = sorted({_(rule.title) for rule in rules if rule is not None})
        if titles:
            heading = escape_markup(_("What the app checks here:"))
            lines = "\n".join(f"· {escape_markup(title)}" for title in titles)
            body.add_widget(TextBlock(text=f"{heading}\n{lines}"))

    # --- touches --------------------------------------------------------------------------------

    def open_section(self, section: str) -> None:
        self.section = section
        self.render()

    def search(self) -> None:
        ask_text(
            _("Search the rules"), self.searched, self.words, max_length=MAX_SEARCH, words=False
        )

    def searched(self, words: str) -> None:
        self.words = words.strip()
        self.render()

    def clear_search(self) -> None:
        self.words = ""
        self.render()

    def back(self) -> None:
        self.nav.go(self.back_to)


load_kv(__file__)
