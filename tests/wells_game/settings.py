"""The fourth game's section of Settings: the table's target (the buckets that win), stepped and
saved under the same check as ``table-companion settings set wells target``. Built in Python (the
game ships no ``.kv``), from the app's own widgets."""

from __future__ import annotations

from typing import Any

from kivy.uix.label import Label

from companion.installation.errors import InputError
from ui.design import INK, design
from ui.screens.settings_section import SettingsSection
from ui.stepper import Stepper
from ui.widgets import BigButton
from wells_game.spec import SPEC

DEFAULT_TARGET = 10


class WellsSettings(SettingsSection):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, orientation="vertical", size_hint_y=None, **kwargs)
        self.bind(minimum_height=self.setter("height"))
        heading = Label(text="Wells: buckets that win", bold=True, color=INK, size_hint_y=None)
        heading.font_size = design.body
        heading.height = design.target
        self.target = Stepper(minimum=1, maximum=99)
        self.save = BigButton(text="Save the target", size_hint_y=None, height=design.target)
        self.save.bind(on_release=lambda _button: self.store_target())
        for widget in (heading, self.target, self.save):
            self.add_widget(widget)

    def load(self) -> None:
        self.target.value = self.store.get_setting("wells", "target", DEFAULT_TARGET)

    def store_target(self) -> None:
        assert SPEC.settings is not None
        try:
            value = SPEC.settings().check("target", self.target.value)
        except InputError as error:
            self.say(error.message)
            return
        self.store.set_setting("wells", "target", value)
        self.say("Saved.")
