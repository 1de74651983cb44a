"""House rules for a new game, by touch: each ruling of the game that a table may replace (its
title, the app's ruling and the alternatives, each in a few words); one tap chooses, Done keeps
the choice for the game about to start. The rulings and what they mean are the core's
(:mod:`companion.rules.rulings`); this dialog only shows them and reports the choice."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView

from companion.installation.i18n import _
from companion.rules.rulings import Ruling
from ui.kv import load_kv
from ui.widgets import BigButton

Chosen = Callable[[dict[str, str]], None]
"""Called with the house rules chosen (ruling id -> alternative id; the app's rulings left out)."""


class RulingChoice(BigButton):
    """One way to rule: the app's or an alternative; ``chosen`` marks the one that holds (an item
    of the rulings' list: scrolling to it is by design)."""

    audit_role = "option"

    ruling = StringProperty("")
    alternative = StringProperty("")
    """'' for the app's ruling."""
    chosen = BooleanProperty(False)


class RulingRow(BoxLayout):
    """A ruling's title above its ways to rule, side by side."""

    title = StringProperty("")


class HouseRulesDialog(ModalView):
    title = StringProperty("")

    def __init__(
        self,
        title: str,
        rulings: tuple[Ruling, ...],
        choices: Mapping[str, str],
        on_done: Chosen,
        **kwargs: Any,
    ) -> None:
        super().__init__(title=title, **kwargs)
        self.choices = dict(choices)
        self.on_done = on_done
        self.rows: dict[str, RulingRow] = {}
        for ruling in rulings:
            row = RulingRow(title=_(ruling.title))
            ways = [("", ruling.short), *((a.id, a.short) for a in ruling.alternatives)]
            for alternative, short in ways:
                button = RulingChoice(ruling=ruling.id, alternative=alternative, text=_(short))
                button.bind(on_release=self.choose)
                row.ids.ways.add_widget(button)
            self.rows[ruling.id] = row
            self.ids.rulings.add_widget(row)
        self._mark()

    def choose(self, button: RulingChoice) -> None:
        if button.alternative:
            self.choices[button.ruling] = button.alternative
        else:
            self.choices.pop(button.ruling, None)
        self._mark()

    def _mark(self) -> None:
        for ruling, row in self.rows.items():
            for button in row.ids.ways.children:
                button.chosen = button.alternative == self.choices.get(ruling, "")

    def done(self) -> None:
        self.dismiss(animation=False)
        self.on_done(dict(self.choices))


def choose_house_rules(
    title: str, rulings: tuple[Ruling, ...], choices: Mapping[str, str], on_done: Chosen
) -> HouseRulesDialog:
    """Open the dialog over the window with ``choices`` marked; Done reports the new choice."""
    dialog = HouseRulesDialog(title, rulings, choices, on_done)
    dialog.open(animation=False)
    return dialog


load_kv(__file__)
