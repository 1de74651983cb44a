"""A long word breaks only where its catalog marks it may, with a hyphen, and only when it must."""

from __future__ import annotations

from kivy.base import EventLoop
from kivy.metrics import sp

from ui.hyphenate import fit


def setup_module() -> None:
    EventLoop.ensure_window()  # text is measured through the window's text provider


def test_a_marked_word_breaks_at_its_last_mark_that_fits_and_only_when_too_wide() -> None:
    size = sp(16)
    assert fit("10 Silver|smith", 400, size, "Roboto") == "10 Silversmith"
    assert fit("10 Silver|smith", 60, size, "Roboto") == "10 Silver-\nsmith"
    assert fit("Stammes|er|wei|terung", 75, size, "Roboto") == "Stammes-\nerwei-\nterung"
    assert fit("14  [b]A[/b]\nCara|van", 20, size, "Roboto") == "14  [b]A[/b]\nCara-\nvan"
    assert fit("no marks at all", 10, size, "Roboto") == "no marks at all"
