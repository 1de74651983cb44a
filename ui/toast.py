"""A toast: a short message in large type near where the finger tapped, gone after a few seconds.

A refusal's toast is red with white text and says to tap it for the rule (the whole reason in a
:class:`~ui.game_widgets.RefusalDialog`); undo and redo say what they took back in a quiet one. Either
hides itself after :data:`SHOW_SECONDS`, at the next input, and never takes a touch outside its own
box; it lies over no enabled control and not over the whose-turn band (where none is free, it is
not shown: the band's mark says a refusal stands). :func:`flash` blinks the widget that was
refused."""

from __future__ import annotations

import logging
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

from companion.installation.i18n import _
from ui import design
from ui.kv import load_kv

logger = logging.getLogger(__name__)

SHOW_SECONDS = 5.0
"""How long a toast stays when nobody taps it."""
FINGER_GAP = 36
"""Distance (dp) between the tapped point and the toast's edge: the finger does not hide it."""
MAX_WIDTH = 0.6
"""A toast's widest, as a share of the window's width."""
MAX_HEIGHT = 0.5
"""A toast's highest, as a share of the window's height (longer text is cut: tap to read all)."""
FITS: tuple[tuple[Callable[[], float], float], ...] = (
    (lambda: design.design.title, MAX_WIDTH),
    (lambda: design.design.title, 0.4),
    (lambda: design.design.body, 0.4),
    (lambda: design.design.body, 0.3),
)
"""The type and widest share of the window a toast tries, in turn, until it finds a free spot."""
SETTLE_FRAMES = 2
"""Frames after which a toast is placed again (the screen lays out what the input changed)."""
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
        self._settle_events: list[Any] = []
        self._on_read: Callable[[], None] | None = None
        self._wanted: tuple[
            str, Sequence[float] | None, Callable[[], Sequence[Rect]], Callable[[], Sequence[Rect]]
        ] = ("", None, lambda: (), lambda: ())
        self._fitted: tuple[object, ...] = ()
        """What the text is laid out for now (its markup, type size, width, window): placing
        the toast again for the same is no new render."""

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
        avoid: Callable[[], Sequence[Rect]] = lambda: (),
        texts: Callable[[], Sequence[Rect]] = lambda: (),
    ) -> bool:
        """Show ``message`` near the window point ``near`` (None: near the top left) where it
        covers none of the ``avoid()`` boxes (the enabled controls and the whose-turn band) and as
        little of the ``texts()`` (what the screen says) as it can; in smaller type or narrower
        when it fits nowhere, and not at all when it still does not (the band's mark and the
        screen's refusal line say it then). Placed again once the screen has laid out what the
        input changed (the next frames). Whether it is shown now."""
        self.hide()
        self.refusal = refusal
        self.background = list(design.REFUSAL if refusal else design.BUTTON)
        self.color = list(design.INK)
        self._on_read = on_read
        self._wanted = (message, near, avoid, texts)
        if not self._settle():
            return False
        Window.add_widget(self)
        self._hide_event = Clock.schedule_once(lambda _dt: self.hide(), SHOW_SECONDS)
        self._resettle_later(SETTLE_FRAMES)  # once the screen has laid out its new state
        return True

    def _settle(self) -> bool:
        """Fit and place the wanted message; whether a free spot was found."""
        message, near, avoid, texts = self._wanted
        boxes, said = list(avoid()), list(texts())
        for size, widest in FITS:
            fit = (self._text(message), size(), widest, tuple(Window.size))
            if fit != self._fitted:
                self._fit(message, fit[1], widest)
                self._fitted = fit
            spot = self._place(near, boxes, said)
            if spot is not None:
                self.x, self.y = spot
                return True
        logger.info("no room for a toast that covers no control: %s", message)
        return False

    def _resettle_later(self, frames: int) -> None:
        def again(_dt: float) -> None:
            if self.parent is None:
                return
            if not self._settle():
                self.hide()
            elif frames > 1:
                self._resettle_later(frames - 1)

        self._settle_events = [Clock.schedule_once(again, 0)]

    def hide(self) -> None:
        for event in self._settle_events:
            event.cancel()
        self._settle_events = []
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

    def _fit(self, message: str, font_size: float, share: float) -> None:
        """Wrap ``message`` in ``font_size``, no wider than ``share`` of the window nor higher than
        it allows; cut at a word with a hint to tap when it is too long."""
        self.font_size = font_size
        self.padding = [dp(16), dp(10)]
        widest, highest = Window.width * share, Window.height * MAX_HEIGHT
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

    def _place(
        self, near: Sequence[float] | None, avoid: Sequence[Rect], texts: Sequence[Rect]
    ) -> tuple[float, float] | None:
        """Where the toast covers none of ``avoid``: just above the finger if that is such a
        spot, else the one nearest the finger (with no finger, a scan or a hardware button,
        nearest the top left), then covering the least of ``texts``, always inside the window;
        None when every spot covers a control."""
        width, height = Window.size
        toast_width, toast_height = float(self.width), float(self.height)
        x, y = near if near is not None else (0.0, float(height))
        gap = dp(FINGER_GAP) if near is not None else 0.0
        spare_x, spare_y = max(0.0, width - toast_width), max(0.0, height - toast_height)

        def inside(left: float, bottom: float) -> tuple[float, float]:
            return min(max(0.0, left), spare_x), min(max(0.0, bottom), spare_y)

        above = inside(x - toast_width / 2, y + gap)
        below = inside(x - toast_width / 2, y - gap - toast_height)
        spots = [above if y + gap + toast_height <= height else below, above, below]
        steps = 16
        spots += [
            (spare_x * i / steps, spare_y * j / steps)
            for i in range(steps + 1)
            for j in range(steps + 1)
        ]

        def box(spot: tuple[float, float]) -> Rect:
            return (spot[0], spot[1], spot[0] + toast_width, spot[1] + toast_height)

        def distance(spot: tuple[float, float]) -> float:
            centre_x, centre_y = spot[0] + toast_width / 2, spot[1] + toast_height / 2
            return (centre_x - x) ** 2 + (centre_y - y) ** 2

        # The nearest free spot, the least text hidden among those as near: the spots are tried
        # nearest first (a stable sort: of two as near, the one listed first), so that only those
        # nearer than the first free one are tested against every control.
        nearest: list[tuple[float, float]] = []
        for spot in sorted(spots, key=distance):
            if nearest and distance(spot) > distance(nearest[0]):
                break
            left, bottom, right, top = box(spot)
            if not any(
                left < other[2] and other[0] < right and bottom < other[3] and other[1] < top
                for other in avoid
            ):
                nearest.append(spot)
        if not nearest:
            return None
        return min(nearest, key=lambda spot: sum(_area(box(spot), text) for text in texts))


def _area(a: Rect, b: Rect) -> float:
    """The area ``a`` and ``b`` share."""
    return max(0.0, min(a[2], b[2]) - max(a[0], b[0])) * max(0.0, min(a[3], b[3]) - max(a[1], b[1]))


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
