"""What the ``.kv`` files share: each is loaded once by its module, strings go through gettext,
and touch targets have one height."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from kivy.lang import Builder

from companion.installation.i18n import _, pgettext
from ui.design import TOUCH_TARGET, design

__all__ = ["TOUCH_TARGET", "body_size", "frame_rectangle", "line_width", "load_kv", "ptr", "tr"]


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


def line_width(rgba: Sequence[float], width: float) -> float:
    """``width`` for a frame drawn in ``rgba``, 1 for a frame nobody sees (alpha 0).

    Kivy draws a line wider than 1 whose colour is not opaque through the stencil buffer (a
    stencil push, clear and pop for every line, every frame): a hidden frame left at its width made
    the software renderer spend ~70 ms a frame on the Targi grid's 75 hidden frames. At width 1 the
    line is a plain GL line, and a transparent one costs nothing."""
    return width if rgba[3] > 0 else 1.0


def frame_rectangle(
    rgba: Sequence[float], x: float, y: float, width: float, height: float
) -> tuple[float, float, float, float]:
    """The box of a frame drawn in ``rgba``; an empty one for a frame nobody sees (alpha 0): even
    a 1 px transparent line is rasterised and blended, a third of the Targi grid's frame time with
    a software renderer. With :func:`line_width`, a hidden frame costs nothing to draw."""
    return (x, y, width, height) if rgba[3] > 0 else (0.0, 0.0, 0.0, 0.0)
