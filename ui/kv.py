"""What the ``.kv`` files share: each is loaded once by its module, strings go through gettext,
and touch targets have one height."""

from __future__ import annotations

from pathlib import Path

from kivy.lang import Builder

from companion.i18n import _, pgettext
from ui.design import TOUCH_TARGET, design

__all__ = ["TOUCH_TARGET", "body_size", "load_kv", "ptr", "tr"]


def load_kv(module_file: str) -> None:
    """Load the ``.kv`` beside ``module_file`` unless it is already loaded."""
    path = str(Path(module_file).with_suffix(".kv"))
    if path not in Builder.files:
        Builder.load_file(path)


def tr(message: str) -> str:
    """``_`` under a name the ``.kv`` files import (``#:import tr ui.kv.tr``)."""
    return _(message)


def ptr(context: str, message: str) -> str:
    """``pgettext`` for the ``.kv`` files: ``ptr("tribe card", "Hand")`` where one English word
    has two meanings (``#:import ptr ui.kv.ptr``)."""
    return pgettext(context, message)


def body_size() -> float:
    """The body type's size now: every label's default font (``font_size: body_size()``), read
    once when the label is made. Bound to ``design.body`` instead, the default would override each
    label's own size (given in Python or by its class's rule) whenever the window changes size."""
    return float(design.body)
