"""A choice made by touch over the current screen: a title and one big button per option (a
recent player's name, a colour, a game), plus a row of other ways out (type a new name, Cancel).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from kivy.properties import NumericProperty, StringProperty
from kivy.uix.modalview import ModalView

from companion.i18n import _
from ui.kv import load_kv
from ui.widgets import BigButton

Option = tuple[str, Callable[[], None]]
"""An option's text (markup allowed) and what tapping it does."""


class PickerOption(BigButton):
    """One option of a picker (its list may be long: an option, not a primary action)."""

    audit_role = "option"


class PickerButton(BigButton):
    """One of the ways out below the options (a new name, Cancel)."""


class Picker(ModalView):
    title = StringProperty("")
    cols = NumericProperty(3)

    def __init__(
        self, title: str, options: Sequence[Option], extra: Sequence[Option] = (), **kwargs: Any
    ) -> None:
        super().__init__(title=title, **kwargs)
        for text, chosen in options:
            button = PickerOption(text=text)
            button.bind(on_release=lambda _b, c=chosen: self.pick(c))
            self.ids.options.add_widget(button)
        for text, chosen in [*extra, (_("Cancel"), lambda: None)]:
            button = PickerButton(text=text)
            button.bind(on_release=lambda _b, c=chosen: self.pick(c))
            self.ids.extra.add_widget(button)

    def pick(self, chosen: Callable[[], None]) -> None:
        self.dismiss(animation=False)
        chosen()


def pick(
    title: str, options: Sequence[Option], extra: Sequence[Option] = (), *, cols: int = 3
) -> Picker:
    """Open a picker over the window; an option closes it and runs its callback."""
    picker = Picker(title, options, extra, cols=cols)
    picker.open(animation=False)
    return picker


load_kv(__file__)
