"""Widgets a game's screen has on top of the shared ones (:mod:`ui.widgets`), drawn with the design
system (:mod:`ui.design`): cells, and the game bar: the header band (whose turn on their colour,
the phase) and undo / redo / correct / score sheet / home as icons with short words.

A refusal shows as a toast near the finger (:mod:`ui.toast`); the band keeps a mark while it stands,
and tapping the toast or the band opens the whole reason in large type (:class:`RefusalDialog`).

Loaded with the first game screen (:mod:`ui.screens.base`), not for Home's first frame: their
rules (``game_widgets.kv``, the band's) were some 10 ms of the app's start here."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kivy.properties import BooleanProperty, ListProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView
from kivy.utils import escape_markup

from companion.installation.i18n import _
from companion.rules.rulings import deciding
from ui import design
from ui.header import HeaderBand
from ui.kv import load_kv

__all__ = ["HeaderBand"]  # the bar's band, registered before the rules below use it


class TextCell(ButtonBehavior, Label):
    """A tappable cell with a background colour and an optional highlight frame (the Targi grid)."""

    background = ListProperty(list(design.SURFACE))
    frame = ListProperty([0, 0, 0, 0])
    highlighted = BooleanProperty(False)


class BarButton(ButtonBehavior, BoxLayout):
    """A game bar button: an icon over a short word, as wide as its word needs (German and Polish
    words run longer), never narrower than a touch target."""

    text = StringProperty("")
    """The word (what a test or the layout audit reads, as on a Button)."""
    icon = StringProperty("")
    """A symbol of :data:`ui.design.SYMBOL_FONT`."""


def why_text(game: str, code: str, house_rules: Mapping[str, str] | None = None) -> str:
    """Markup: why the rules refuse ``code`` in ``game`` (:mod:`companion.rules.explanations`) and
    where the rulebook says it, with its own words where the table's language has them; ''
    for a code without an explanation. The house rule of the game's ``house_rules`` that decided
    the refusal comes first."""
    from companion.rules.explanations import explained  # with a refusal: not needed for Home

    found = explained(game, code)
    if found is None:
        return ""
    house_rule = deciding(game, code, house_rules or {})
    source = found["source"]
    lines = [
        f"[b]{escape_markup(found['title'])}[/b]",
        escape_markup(found["explanation"]),
        escape_markup(" · ".join(part for part in (source["book"], source["section"]) if part)),
    ]
    quote = found["quote"]
    if quote is not None:
        lines.append(f"[i]{escape_markup(quote['text'])}[/i]")
        if quote.get("note"):
            lines.append(escape_markup(quote["note"]))
    if house_rule is not None:
        said = _("House rule of this game: {rule}").format(rule=house_rule)
        lines.insert(1, f"[b]{escape_markup(said)}[/b]")
    return "\n".join(lines)


class RefusalDialog(ModalView):
    """The last refusal's whole reason, in large type, then why the rules say so and where (the
    rulebook's section and words), until closed (or the refusal changes)."""

    text = StringProperty("")
    explanation = StringProperty("")


class GameBar(BoxLayout):
    """The top bar of a game screen; the screen binds the ``on_*`` events to its intents."""

    player = StringProperty("")
    """The name of the player to move ('' when nobody is)."""
    colour = StringProperty("")
    """Their piece's colour (``blue``, ``white`` ...)."""
    status = StringProperty("")
    """The phase and what to do now."""
    refusal = StringProperty("")
    """The last refusal's whole reason ('' when none stands)."""
    explanation = StringProperty("")
    """Why the rules refuse it and where the rulebook says so (markup; '' when none)."""
    __events__ = ("on_undo", "on_redo", "on_correct", "on_score", "on_rules", "on_home")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.dialog: RefusalDialog | None = None

    def read_refusal(self) -> None:
        """Show the whole refusal in a dialog (nothing to read: nothing happens)."""
        if self.refusal and self.dialog is None:
            self.dialog = RefusalDialog(text=self.refusal, explanation=self.explanation)
            self.dialog.bind(on_dismiss=lambda _d: setattr(self, "dialog", None))
            self.dialog.open(animation=False)

    def on_refusal(self, _bar: GameBar, _refusal: str) -> None:
        if self.dialog is not None:
            self.dialog.dismiss(animation=False)

    def on_undo(self) -> None:
        pass

    def on_redo(self) -> None:
        pass

    def on_correct(self) -> None:
        pass

    def on_score(self) -> None:
        pass

    def on_rules(self) -> None:
        pass

    def on_home(self) -> None:
        pass


load_kv(__file__)
