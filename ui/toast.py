"""A toast: a short message in large type near where the finger tapped, gone after a few seconds.

A refusal's toast is red with white text and says to tap it for the rule (the whole reason in a
:class:`~ui.widgets.RefusalDialog`); undo and redo say what they took back in a quiet one. Either
hides itself after :data:`SHOW_SECONDS`, at the next input, and never takes a touch outside its own
box: it may lie over a button for a moment, never for good. :func:`flash` blinks the widget that was
refused."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from kivy.animation import Animation
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.graphics import Color, InstructionGroup, Line
from kivy.metrics import dp
from kivy.properties import BooleanProperty, ListProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.i18n import _
from ui import design
from ui.kv import load_kv

SHOW_SECONDS = 5.0
"""How long a toast stays when nobody taps it."""
FINGER_GAP = 36
"""Distance (dp) between the tapped point and the toast's edge: the finger does not hide it."""
MAX_WIDTH = 0.6
"""A toast's widest, as a share of the window's width."""
MAX_HEIGHT = 0.5
"""A toast's highest, as a share of the window's height (longer text is cut: tap to read all)."""
Rect = tuple[float, float, float, float]
"""``(left, bottom, right, top)`` in window pixels."""
FLASH_SECONDS = 0.14
"""Each half-blink of a refused widget (three blinks)."""


class Toast(ButtonBehavior, Label):
    """The toast; ``on_release`` reads the rule (a refusal) or just hides it (a notice)."""

    refusal = BooleanProperty(True)
    background = ListProperty(list(design.REFUSAL))
    audit_role = "transient"
    """For the layout audit: drawn over other widgets for a few seconds only, by design."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._hide_event: Any = None
        self._on_read: Callable[[], None] | None = None

    @property
    def shown(self) -> bool:
        return self.parent is not None

    def show(
        self,
        message: str,
        near: Sequence[float] | None,
        *,
        refusal: bool,
        on_read: Callable[[], None] | None = None,
        avoid: Sequence[Rect] = (),
    ) -> None:
        """Show ``message`` near the window point ``near`` (None: at the top left), over as few of
        the ``avoid`` boxes (the screen's other buttons) as it can."""
        self.hide()
        self.refusal = refusal
        self.background = list(design.REFUSAL if refusal else design.BUTTON)
        self.color = list(design.INK)
        self._on_read = on_read
        self._fit(message)
        self._place(near, avoid)
        Window.add_widget(self)
        self._hide_event = Clock.schedule_once(lambda _dt: self.hide(), SHOW_SECONDS)

    def hide(self) -> None:
        if self._hide_event is not None:
            self._hide_event.cancel()
            self._hide_event = None
        if self.parent is not None:
            self.parent.remove_widget(self)

    def on_release(self) -> None:
        read = self._on_read if self.refusal else None
        self.hide()
        if read is not None:
            read()

    def _text(self, message: str) -> str:
        hint = _("Tap to read the rule") if self.refusal else ""
        escaped = message.replace("&", "&amp;").replace("[", "&bl;").replace("]", "&br;")
        if not hint:
            return escaped
        return f"{escaped}\n[size={round(design.design.caption)}]{hint}[/size]"

    def _fit(self, message: str) -> None:
        """Wrap ``message`` in the title's type, no wider or higher than the window allows; cut
        at a word with a hint to tap when it is too long."""
        self.font_size = design.design.title
        self.padding = [dp(16), dp(10)]
        widest, highest = Window.width * MAX_WIDTH, Window.height * MAX_HEIGHT
        if self._lay_out(self._text(message), widest) <= highest:
            return
        words = message.split()
        shown, hidden = 0, len(words)
        while hidden - shown > 1:  # the most words that fit before the hint
            middle = (shown + hidden) // 2
            if self._lay_out(self._text(self._cut(words, middle)), widest) <= highest:
                shown = middle
            else:
                hidden = middle
        self._lay_out(self._text(self._cut(words, shown)), widest)

    def texture_update(self, *args: Any) -> None:
        """Render now, and forget the render Kivy queued for the next frame when the text changed:
        laid out here already, the same text would be rendered again there (and a software renderer
        waits for the frame before to finish drawing before it can replace the texture)."""
        super().texture_update(*args)
        self._trigger_texture.cancel()

    @staticmethod
    def _cut(words: Sequence[str], count: int) -> str:
        return _("{start}... (tap to read all)").format(start=" ".join(words[:count]))

    def _lay_out(self, text: str, widest: float) -> float:
        """Lay ``text`` out on one line if it fits ``widest``, else wrapped at it; the height."""
        self.text = text
        self.text_size: tuple[float | None, None] = (None, None)
        self.texture_update()
        if self.texture_size[0] > widest:
            self.text_size = (widest, None)
            self.texture_update()
        width, height = self.texture_size
        target = design.design.target  # a finger's target, however short the text
        self.size = (max(width, target), max(height, target))
        return float(self.height)

    def _place(self, near: Sequence[float] | None, avoid: Sequence[Rect]) -> None:
        """Just above the finger if that covers none of ``avoid``, else the nearest spot that
        covers the fewest, always inside the window; with no finger (a scan, a hardware button),
        over the header band at the top left."""
        width, height = Window.size
        if near is None:
            self.x, self.top = 0.0, float(height)
            return
        x, y = near
        gap = dp(FINGER_GAP)
        spare_x, spare_y = max(0.0, width - self.width), max(0.0, height - self.height)

        def inside(left: float, bottom: float) -> tuple[float, float]:
            return min(max(0.0, left), spare_x), min(max(0.0, bottom), spare_y)

        above = inside(x - self.width / 2, y + gap)
        below = inside(x - self.width / 2, y - gap - self.height)
        spots = [above if y + gap + self.height <= height else below, above, below]
        steps = 8
        spots += [
            (spare_x * i / steps, spare_y * j / steps)
            for i in range(steps + 1)
            for j in range(steps + 1)
        ]

        def cost(spot: tuple[float, float]) -> tuple[int, float]:
            left, bottom = spot
            box = (left, bottom, left + self.width, bottom + self.height)
            covered = sum(1 for other in avoid if _overlap(box, other))
            centre_x, centre_y = left + self.width / 2, bottom + self.height / 2
            return covered, (centre_x - x) ** 2 + (centre_y - y) ** 2

        self.x, self.y = min(spots, key=cost)


def _overlap(a: Rect, b: Rect) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def flash(widget: Widget) -> Animation:
    """Blink ``widget`` (the refused cell or button) three times, framed in the refusal's red."""
    Animation.cancel_all(widget, "opacity")  # a flash still running ends (and its frame goes)
    frame = InstructionGroup()
    frame.add(Color(*design.REFUSAL))
    frame.add(Line(rectangle=(widget.x, widget.y, widget.width, widget.height), width=dp(3)))
    widget.canvas.after.add(frame)
    blink = Animation(opacity=0.3, duration=FLASH_SECONDS) + Animation(
        opacity=1, duration=FLASH_SECONDS
    )
    animation = blink + blink + blink

    def done(*_args: Any) -> None:
        widget.opacity = 1
        widget.canvas.after.remove(frame)

    animation.bind(on_complete=done, on_cancel=done)
    animation.start(widget)
    return animation


load_kv(__file__)
