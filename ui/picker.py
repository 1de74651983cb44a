"""A choice made by touch over the current screen: a title and one big button per option (a
recent player's name, a colour, a game), plus a row of other ways out (type a new name, Cancel).

:class:`PickField` is a value chosen that way (the language, Correct's player): a big button
reading the value, whose picker marks the current one with ✓ and the primary fill.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from kivy.properties import ListProperty, NumericProperty, StringProperty
from kivy.uix.modalview import ModalView

from companion.installation.i18n import _
from ui import design
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
        self,
        title: str,
        options: Sequence[Option],
        extra: Sequence[Option] = (),
        current: int | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(title=title, **kwargs)
        for index, (text, chosen) in enumerate(options):
            button = PickerOption(text=text)
            if index == current:  # the value standing: ticked and filled
                button.text = f"[font={design.SYMBOL_FONT}]✓[/font] {text}"
                button.fill = list(design.PRIMARY)
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
    title: str,
    options: Sequence[Option],
    extra: Sequence[Option] = (),
    *,
    cols: int = 3,
    current: int | None = None,
) -> Picker:
    """Open a picker over the window; an option closes it and runs its callback; ``current`` (an
    index of ``options``) is marked as the value standing."""
    picker = Picker(title, options, extra, current=current, cols=cols)
    picker.open(animation=False)
    return picker


class PickField(BigButton):
    """A value chosen from ``values`` in a :class:`Picker` titled ``title``; ``text`` is the value
    (as a Spinner's: bind ``text`` to hear of a choice)."""

    values = ListProperty([])
    title = StringProperty("")
    """What the picker asks (the field's label)."""

    def on_release(self) -> None:
        values = [str(value) for value in self.values]
        current = values.index(self.text) if self.text in values else None
        options = [(value, lambda v=value: setattr(self, "text", v)) for value in values]
        pick(self.title, options, cols=2 if len(values) > 6 else 1, current=current)


load_kv(__file__)
