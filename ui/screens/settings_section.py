"""A game's section of Settings (its UI entry's ``settings``): what a table sets once for that game
(Tuareg's card values, say), shown in Settings' left column beside the app's own settings.

Settings makes each section with the store and its message line, and asks it to show what the
store holds each time the screen opens; a section keeps its own widgets and saves through the
core's checks, saying the outcome on the screen's message line. When several games contribute one,
Settings shows one at a time, chosen by its game's chip: a section fits the column on its own at
800x480 (the layout audit's Settings states check it)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.uix.boxlayout import BoxLayout

from companion.store import Store


class SettingsSection(BoxLayout):
    """One game's section; a subclass lays itself out (its ``.kv``) and fills :meth:`load`."""

    def __init__(self, store: Store, say: Callable[[str], None], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.store = store
        self.say = say
        """Shows a sentence (a refusal, "Saved.") on the Settings screen's message line."""

    def load(self) -> None:
        """Show what the store holds now (each time Settings opens)."""
