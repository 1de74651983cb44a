"""The on-screen keyboard: names and other short texts typed by touch, on a table with no keyboard.

A full-window dialog (not Kivy's VKeyboard): the text being typed sits above the keys in large
type, every key is a plain button the layout audit measures (at least 48 px at 800x480), and the
keys carry the letters of every language the app speaks (Polish ą ć ę ł ń ó ś ź ż, German ä ö ü ß,
Spanish ñ á é í ó ú), digits and the punctuation a correction's cells need (``1,2; 3,4``).
Letters start in capitals at the beginning of a word (names); Shift turns case for one letter.

Where a hardware keyboard is plugged in (a desktop), it types into the dialog too, and its keys
reach nothing else while the dialog is open (Backspace is not Undo then): Enter is OK, Escape
Cancel.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.core.window import Window
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView

from ui.kv import load_kv
from ui.widgets import BigButton

SHIFT = "shift"
BACKSPACE = "backspace"
ROWS: tuple[tuple[str, ...], ...] = (
    tuple("1234567890-"),
    tuple("qwertyuiop'"),
    tuple("asdfghjkl,;"),
    (SHIFT, *"zxcvbnm.", BACKSPACE),
    tuple("ąćęłńóśźż"),
    tuple("äöüßñáéíú"),
)
"""The keys, row by row (the space, Cancel and OK row is the dialog's own)."""
WIDE = {SHIFT: 1.5, BACKSPACE: 1.5}
"""Keys wider than a letter (in letters)."""
WORD_BREAKS = " -'"
HARDWARE_BACKSPACE, HARDWARE_ENTER, HARDWARE_KEYPAD_ENTER, HARDWARE_ESCAPE = 8, 13, 271, 27
"""Kivy's key codes of the hardware keys the dialog reads besides text."""
"""After these, the next letter starts a word (a capital, unless Shift says otherwise)."""


def typed(text: str, key: str, *, capital: bool) -> str:
    """``text`` after ``key`` (a character, or :data:`BACKSPACE`); ``capital`` a letter's case."""
    if key == BACKSPACE:
        return text[:-1]
    return text + (capital_of(key) if capital else key)


def capital_of(letter: str) -> str:
    """The capital of ``letter``, or itself where it has no single-letter capital (ß)."""
    upper = letter.upper()
    return upper if len(upper) == 1 else letter


def starts_word(text: str) -> bool:
    return not text or text[-1] in WORD_BREAKS


class Key(BigButton):
    """One key: ``key`` is what it types (or :data:`SHIFT`, :data:`BACKSPACE`)."""

    key = StringProperty("")


class KeyRow(BoxLayout):
    pass


class OnScreenKeyboard(ModalView):
    """Type ``text`` (up to ``max_length`` characters); OK hands it to ``on_done``, Cancel drops
    it. Opened by :func:`ask_text`."""

    title = StringProperty("")
    text = StringProperty("")
    max_length = NumericProperty(24)
    shifted = BooleanProperty(False)
    """Shift was tapped: the next letter's case is turned."""
    capitals = BooleanProperty(True)
    """The next letter is a capital (shown on the keys)."""
    words = BooleanProperty(True)
    """Capitals start each word (names); off for codes and cells."""

    def __init__(self, on_done: Callable[[str], None], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._on_done = on_done
        self.keys: dict[str, Key] = {}
        for row in ROWS:
            keys = KeyRow()
            for key in row:
                button = Key(key=key, size_hint_x=WIDE.get(key, 1))
                button.bind(on_release=lambda b: self.press(b.key))
                keys.add_widget(button)
                self.keys[key] = button
            self.ids.rows.add_widget(keys)
        self.bind(shifted=self._case, text=self._case, words=self._case)
        self._case()

    def _case(self, *_args: object) -> None:
        self.capitals = (self.words and starts_word(self.text)) != self.shifted
        for key, button in self.keys.items():
            if key == SHIFT:
                button.text = "⇧"
            elif key == BACKSPACE:
                button.text = "⌫"
            else:
                button.text = capital_of(key) if self.capitals else key

    def press(self, key: str) -> None:
        if key == SHIFT:
            self.shifted = not self.shifted
            return
        if key != BACKSPACE and len(self.text) >= self.max_length:
            return
        self.text = typed(self.text, key, capital=self.capitals)
        self.shifted = False

    def done(self) -> None:
        self.dismiss(animation=False)
        self._on_done(self.text.strip())

    # --- a hardware keyboard, where there is one ----------------------------------------------

    def on_open(self) -> None:
        Window.bind(on_key_down=self._hardware_key, on_textinput=self._hardware_text)

    def on_dismiss(self) -> None:
        Window.unbind(on_key_down=self._hardware_key, on_textinput=self._hardware_text)

    def _shown(self) -> bool:
        """Still over the window (taken off without being dismissed: let go of the keys)."""
        if self.parent is None:
            self.on_dismiss()
            return False
        return True

    def _hardware_key(self, _window: object, key: int, *_args: object) -> bool:
        if not self._shown():
            return False
        if key == HARDWARE_BACKSPACE:
            self.press(BACKSPACE)
        elif key in (HARDWARE_ENTER, HARDWARE_KEYPAD_ENTER):
            self.done()
        elif key == HARDWARE_ESCAPE:
            self.dismiss(animation=False)
        return True  # the dialog's while it is open: no key reaches the screen under it

    def _hardware_text(self, _window: object, text: str) -> bool:
        """Text typed on a hardware keyboard, in the case it was typed."""
        if not self._shown():
            return False
        room = int(self.max_length) - len(self.text)
        self.text += "".join(c for c in text if c.isprintable())[: max(0, room)]
        self.shifted = False
        return True


def ask_text(
    title: str,
    on_done: Callable[[str], None],
    text: str = "",
    *,
    max_length: int = 24,
    words: bool = True,
) -> OnScreenKeyboard:
    """Open the keyboard over the window, starting from ``text``; ``on_done(text)`` on OK."""
    keyboard = OnScreenKeyboard(on_done, title=title, text=text, max_length=max_length, words=words)
    keyboard.open(animation=False)
    return keyboard


load_kv(__file__)
