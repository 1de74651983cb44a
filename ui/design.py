"""The table's design system in one place: a type scale that grows with the window, colour tokens
with a colour-blind-safe palette, a second channel (shapes, initials, good symbols) so that nothing
is told by hue alone, spacing and touch targets.

Screens never write a font size, a colour or a target height of their own: ``.kv`` files read
``design.body``, ``design.turn`` … (``#:import design ui.design.design``), which follow the
window's size once the app calls :meth:`Design.follow`; Python reads the same names.

Why a small in-house theme and not KivyMD: the screens are plain Kivy widgets whose layout the
audit measures; a theme of tokens keeps them and adds nothing to start time or memory (see the
closing note of issue 15 for the figures measured side by side).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass

from kivy.event import EventDispatcher
from kivy.metrics import dp, sp
from kivy.properties import NumericProperty

logger = logging.getLogger(__name__)

RGBA = tuple[float, float, float, float]

BASE_SIZE = (800, 480)
"""The window the type scale is drawn for (the 7" display); larger windows scale it up."""
MAX_SCALE = 1.6
"""The type scale grows at most this much (1280x720 gives 1.5)."""

CAPTION_SP = 16
"""Smallest text anywhere on a screen (sp at 800x480)."""
BODY_SP = 18
EMPHASIS_SP = 20
TITLE_SP = 22
TURN_SP = 26
"""Whose turn it is and a refusal's headline: read from arm's length."""
DISPLAY_SP = 34
"""A score sheet's winner, a big counter."""

TOUCH_TARGET = 56
"""Height (dp) of every tappable row: above the 48 px minimum at the 7" display's density."""
MIN_TARGET_PX = 48
"""Smallest width and height (pixels) of anything a finger taps."""
GAP = 6
"""Spacing (dp) between neighbouring widgets."""
PAD = 8
"""Padding (dp) inside a panel."""

SYMBOL_FONT = "DejaVuSans"
"""Kivy's bundled font that has the shapes and arrows (Roboto has none): use it in markup as
``[font=DejaVuSans]…[/font]``. It is registered by this name (:func:`register_symbol_font`)."""


def register_symbol_font() -> None:
    """Register :data:`SYMBOL_FONT` under its own name, as the file Kivy finds for it: a name it
    does not know, Kivy looks for on disk at every text drawn with it (its cache of fonts found
    keeps the file's name, ``DejaVuSans.ttf``, not the one asked for), which was half the CPU of
    drawing a badge's label. The same file is drawn, in every style, as Kivy found it before."""
    from kivy.core.text import LabelBase
    from kivy.resources import resource_find

    LabelBase.get_system_fonts_dir()  # where Kivy looks for fonts, as its first label adds them
    found = resource_find(f"{SYMBOL_FONT}.ttf")
    if found is None:
        logger.warning("%s not found: drawn as Kivy finds it", SYMBOL_FONT)
        return
    LabelBase.register(SYMBOL_FONT, found)


register_symbol_font()


def scale_for(width: float, height: float) -> float:
    """How much the type scale grows in a ``width``x``height`` window: the smaller of the two
    ratios to 800x480, never below 1 nor above :data:`MAX_SCALE`."""
    ratio = min(width / BASE_SIZE[0], height / BASE_SIZE[1])
    return max(1.0, min(MAX_SCALE, ratio))


class Design(EventDispatcher):
    """The type scale as Kivy properties, so that ``.kv`` rules follow the window's size."""

    scale = NumericProperty(1.0)
    caption = NumericProperty(sp(CAPTION_SP))
    body = NumericProperty(sp(BODY_SP))
    emphasis = NumericProperty(sp(EMPHASIS_SP))
    title = NumericProperty(sp(TITLE_SP))
    turn = NumericProperty(sp(TURN_SP))
    display = NumericProperty(sp(DISPLAY_SP))
    target = NumericProperty(dp(TOUCH_TARGET))
    """A touch row's height: grows with the type so that its text still fits."""

    def follow(self, window: EventDispatcher) -> None:
        """Rescale now and whenever ``window`` (Kivy's ``Window``) changes size; following it
        again (another app built in the same process) binds nothing more."""
        window.unbind(size=self._resized)
        window.bind(size=self._resized)
        self.rescale(*window.size)

    def _resized(self, _window: EventDispatcher, size: tuple[float, float]) -> None:
        self.rescale(*size)

    def rescale(self, width: float, height: float) -> None:
        self.scale = scale = scale_for(width, height)
        self.caption = sp(CAPTION_SP) * scale
        self.body = sp(BODY_SP) * scale
        self.emphasis = sp(EMPHASIS_SP) * scale
        self.title = sp(TITLE_SP) * scale
        self.turn = sp(TURN_SP) * scale
        self.display = sp(DISPLAY_SP) * scale
        self.target = dp(TOUCH_TARGET) * min(scale, 1.25)
        logger.debug("type scale %.2f for a %dx%d window", scale, width, height)


design = Design()
"""The one instance every screen reads."""


def hex_rgba(code: str) -> RGBA:
    """``"#RRGGBB"`` as RGBA floats."""
    code = code.lstrip("#")
    red, green, blue = (int(code[i : i + 2], 16) / 255 for i in (0, 2, 4))
    return (red, green, blue, 1.0)


def luminance(rgba: Sequence[float]) -> float:
    """WCAG 2 relative luminance of an sRGB colour."""

    def linear(channel: float) -> float:
        return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4

    red, green, blue = (linear(c) for c in rgba[:3])
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast(first: Sequence[float], second: Sequence[float]) -> float:
    """WCAG 2 contrast ratio of two opaque colours (1 to 21)."""
    light, dark = sorted((luminance(first), luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


INK = hex_rgba("#F5F5F5")
"""Text on the dark surfaces."""
DARK_INK = hex_rgba("#101010")
"""Text on light pieces and light buttons."""
MUTED_INK = hex_rgba("#C8C8C8")
"""Secondary text (still ≥ 4.5:1 on every surface)."""
BACKGROUND = hex_rgba("#15181D")
SURFACE = hex_rgba("#232830")
"""Panels and cards."""
BUTTON = hex_rgba("#3A4350")
PRIMARY = hex_rgba("#1F5FAD")
"""The one action a prompt expects (white text on it: 5.8:1)."""
REFUSAL = hex_rgba("#B3261E")
"""A refusal's band and toast (white text on it: 6.0:1)."""
REFUSAL_INK = hex_rgba("#FFB4A8")
"""A refusal's words on a dark surface."""
SUCCESS_INK = hex_rgba("#8FD694")
HIGHLIGHT = hex_rgba("#F0E442")
"""The frame of a legal or chosen cell: yellow, which no colour-vision deficiency loses."""


@dataclass(frozen=True)
class Piece:
    """How a player colour is drawn: its fill and a shape that tells it apart without hue."""

    fill: RGBA
    shape: str


PIECES = {
    "blue": Piece(hex_rgba("#0072B2"), "●"),
    "white": Piece(hex_rgba("#EEEEEE"), "■"),
    "red": Piece(hex_rgba("#D55E00"), "▲"),
    "yellow": Piece(hex_rgba("#F0E442"), "◆"),
    "green": Piece(hex_rgba("#009E73"), "★"),
    "black": Piece(hex_rgba("#1A1A1A"), "✚"),
    "orange": Piece(hex_rgba("#E69F00"), "⬟"),
    "purple": Piece(hex_rgba("#CC79A7"), "⬢"),
}
"""The wooden pieces' colours as the Okabe-Ito palette draws them (told apart under every common
colour-vision deficiency), each with its own shape."""
UNKNOWN_PIECE = Piece(hex_rgba("#8C8C8C"), "◇")
"""A colour not listed: grey, its name shown anyway."""


MARKS = frozenset("▶✓✕⇄⇧⌫☀☕✤❄✎↶▼▲")
"""Marks the screens draw in :data:`SYMBOL_FONT`: whose turn, chosen, full, a swap field, the
on-screen keyboard's Shift and Backspace, Timbuktu's goods, and a game log's correction and
taken-back move."""
SYMBOLS = frozenset({UNKNOWN_PIECE.shape, *(p.shape for p in PIECES.values())}) | MARKS
"""Characters drawn only in :data:`SYMBOL_FONT` (the default font, Roboto, has no glyph for them)."""


def piece(colour: str) -> Piece:
    return PIECES.get(colour.strip().lower(), UNKNOWN_PIECE)


def ink_on(fill: Sequence[float]) -> RGBA:
    """:data:`INK` or :data:`DARK_INK`, whichever contrasts more with ``fill``."""
    return DARK_INK if contrast(DARK_INK, fill) >= contrast(INK, fill) else INK


TEXT_CONTRAST = 4.5
"""The least contrast of text with what it is drawn on (WCAG 2 AA)."""
SHAPE_CONTRAST = 3.0
"""The least contrast of a shape with what it is drawn on (WCAG 2 for graphics)."""


def shape_ink(
    fill: Sequence[float], least: float = SHAPE_CONTRAST, on: Sequence[float] = BUTTON
) -> RGBA:
    """``fill`` as a shape is drawn on ``on`` (by default the lightest of the dark surfaces, a
    button's face): moved towards the ink that reads on ``on`` just enough to stand out ``least``
    (3:1, 4.5:1 for text) from it, its hue kept as far as it can be."""
    ink = ink_on(on)
    for step in range(21):
        share = step / 20
        red, green, blue = (c + (i - c) * share for c, i in zip(fill[:3], ink[:3], strict=True))
        shown = (red, green, blue, 1.0)
        if contrast(shown, on) >= least:
            return shown
    return ink


VANISHES = 1.5
"""A shape's contrast with what it is drawn on under which its colour is no help at all (black on
a dark panel): it is drawn in the ink instead."""


def badge(colour: str, name: str = "", on: Sequence[float] = SURFACE) -> str:
    """Markup for a player's identity without hue alone: their colour's shape, then the name's
    initial in bold (``● A``); the letters are not in colour. The shape is drawn in the colour
    where it stands out 3:1 from ``on`` (what it is drawn on: a dark panel unless said), in the
    ink where the colour would all but vanish (black on a dark panel), and in between moved
    towards the ink just enough (blue on a dark panel)."""
    drawn = piece(colour)
    if contrast(drawn.fill, on) >= SHAPE_CONTRAST:
        shown = drawn.fill
    elif contrast(drawn.fill, on) < VANISHES:
        shown = ink_on(on)
    else:
        shown = shape_ink(drawn.fill, on=on)
    code = "".join(f"{round(c * 255):02x}" for c in shown[:3])
    initial = f" [b]{name.strip()[:1].upper()}[/b]" if name.strip() else ""
    return f"[font={SYMBOL_FONT}][color={code}]{drawn.shape}[/color][/font]{initial}"


def numbers_counted(line: str) -> str:
    """Markup: ``line`` (plain words and their counts, numbers held to their words) with each
    number at the :func:`counters` size and the words at the panel's: the numbers are what the far
    side of the table reads, and a long word stays on one line with its number (German
    ``Landkarten 0`` in a Tuareg player's panel)."""
    return re.sub(r"[0-9]+", lambda found: counters(found.group(0)), line)


def counters(line: str) -> str:
    """Markup: ``line`` (a player's stocks, goods or counts) at the emphasis size, at least 20 sp,
    so that the far side of the table can read it (the rest of a panel stays at the caption
    size)."""
    return f"[size={round(max(design.emphasis, sp(EMPHASIS_SP)))}]{line}[/size]"
