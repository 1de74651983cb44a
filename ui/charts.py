"""Charts drawn with Kivy's own canvas: bars (a row per player) and score lines over time.

A charting library (matplotlib, kivy_garden.graph) would cost a Pi seconds of start time and tens
of MB for a handful of bars and lines: these are a few rectangles and lines, redrawn only when
their data or size changes. Every series carries its player's shape and initial as well as their colour.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from kivy.graphics import Color, Line, Rectangle
from kivy.metrics import dp
from kivy.properties import ListProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from ui.design import (
    INK,
    MUTED_INK,
    SURFACE,
    SYMBOL_FONT,
    TEXT_CONTRAST,
    design,
    piece,
    shape_ink,
)
from ui.kv import load_kv
from ui.widgets import reuse_children

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Series:
    """One player's values: ``colour`` names their piece (fill and shape)."""

    name: str
    colour: str
    values: Sequence[float]


class BarRow(BoxLayout):
    """One bar: who (``label``, markup), how long (``fraction`` of the row, 0 to 1), ``value``."""

    audit_role = "item"
    """For the layout audit: one item of a list, which is in view whole or cued (``▼ n more``)."""
    label = StringProperty("")
    value = StringProperty("")
    fraction = NumericProperty(0.0)
    fill = ListProperty([1, 1, 1, 1])


def fill_bars(
    container: Widget, series: Sequence[Series], shown: Sequence[str], labels: Sequence[str]
) -> None:
    """A bar per series in ``container``: its single value against the largest, ``shown`` as its
    value's words, ``labels`` (markup) naming whose it is. The bars it holds are given their new
    figures (making a bar costs far more than changing one)."""
    largest = max((s.values[0] for s in series), default=0) or 1
    bars = reuse_children(container, len(series), BarRow)
    for bar, s, text, label in zip(bars, series, shown, labels, strict=True):
        bar.label, bar.value = label, text
        bar.fraction, bar.fill = s.values[0] / largest, piece(s.colour).fill


def fitted_label(
    text: str, colour: Sequence[float], font_size: float, center: tuple[float, float]
) -> Label:
    """A label exactly the size of its text (markup allowed), centred on ``center``."""
    label = Label(text=text, markup=True, color=colour, font_size=font_size)
    label.texture_update()
    label.size = label.texture_size
    label.center = center
    return label


class LineChart(Widget):
    """Each series as a line over its plays, in order; the player's shape and initial mark its
    last point."""

    series = ListProperty([])

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.bind(series=self.redraw, size=self.redraw, pos=self.redraw)

    def redraw(self, *_args: Any) -> None:
        self.canvas.clear()
        self.clear_widgets()
        values = [v for s in self.series for v in s.values]
        if not values:
            return
        low, high = min(values), max(values)
        span = (high - low) or 1
        margin = dp(24)
        left, bottom = self.x + margin, self.y + margin
        width, height = self.width - 2 * margin, self.height - 2 * margin
        longest = max(len(s.values) for s in self.series)
        with self.canvas:
            Color(*SURFACE)
            Rectangle(pos=self.pos, size=self.size)
            Color(*MUTED_INK)
            Line(points=[left, bottom + height, left, bottom, left + width, bottom], width=dp(1))
        ends: dict[tuple[int, int], int] = {}
        markers: list[Label] = []
        for line in self.series:
            drawn = piece(line.colour)
            points: list[float] = []
            for index, value in enumerate(line.values):
                x = left + (width * index / (longest - 1) if longest > 1 else width / 2)
                y = bottom + (height * (value - low) / span if high > low else height / 2)
                points += [x, y]
            with self.canvas:
                Color(*shape_ink(drawn.fill))
                if len(points) > 2:
                    Line(points=points, width=dp(2.5))
            marker = fitted_label(
                f"[font={SYMBOL_FONT}]{drawn.shape}[/font][b]{line.name[:1].upper()}[/b]",
                shape_ink(drawn.fill, TEXT_CONTRAST),
                design.body,
                (points[-2], points[-1]),
            )
            # markers ending on one spot (a tie) stand side by side, not on top of each other
            spot = (round(points[-2]), round(points[-1]))
            marker.x -= ends.get(spot, 0) * (marker.width + dp(4))
            ends[spot] = ends.get(spot, 0) + 1
            markers.append(marker)
        # each marker on a patch of the chart's own background: readable over any line
        with self.canvas:
            Color(*SURFACE)
            for marker in markers:
                Rectangle(
                    pos=(marker.x - dp(2), marker.y), size=(marker.width + dp(4), marker.height)
                )
        for marker in markers:
            self.add_widget(marker)
        # the score axis: the highest and lowest score, once when every score is the same
        axis = {low: bottom, high: bottom + height} if high > low else {low: bottom + height / 2}
        for value, y in axis.items():
            self.add_widget(
                fitted_label(f"{value:g}", INK, design.caption, (self.x + margin, y + margin / 2))
            )
        # the plays axis: the first and the last play's number under the line
        for number in dict.fromkeys((1, longest)):
            x = left + (width * (number - 1) / (longest - 1) if longest > 1 else width / 2)
            self.add_widget(
                fitted_label(str(number), INK, design.caption, (x, self.y + margin / 2))
            )
        logger.debug("line chart of %d series redrawn", len(self.series))


load_kv(__file__)
