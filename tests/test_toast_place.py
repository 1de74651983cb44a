"""Where a toast goes: the spot the docstring of :meth:`ui.toast.Toast._place` promises (covering
no control; the nearest the finger; then hiding the least text; the first listed of equals), checked
against that rule written out plainly over every candidate spot, on random screens."""

from __future__ import annotations

import random

import pytest
from kivy.core.window import Window

from ui.toast import Rect, Toast, _area


def _spots(toast: Toast, near: tuple[float, float] | None) -> list[tuple[float, float]]:
    """Every spot ``_place`` may choose, as it lists them: above or below the finger, then a grid."""
    width, height = Window.size
    x, y = near if near is not None else (0.0, float(height))
    gap = 36.0 if near is not None else 0.0
    spare_x, spare_y = max(0.0, width - toast.width), max(0.0, height - toast.height)

    def inside(left: float, bottom: float) -> tuple[float, float]:
        return min(max(0.0, left), spare_x), min(max(0.0, bottom), spare_y)

    above = inside(x - toast.width / 2, y + gap)
    below = inside(x - toast.width / 2, y - gap - toast.height)
    first = above if y + gap + toast.height <= height else below
    grid = [(spare_x * i / 16, spare_y * j / 16) for i in range(17) for j in range(17)]
    return [first, above, below, *grid]


def _overlap(a: Rect, b: Rect) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _rule(
    toast: Toast, near: tuple[float, float] | None, avoid: list[Rect], texts: list[Rect]
) -> tuple[float, float] | None:
    x, y = near if near is not None else (0.0, float(Window.height))

    def box(spot: tuple[float, float]) -> Rect:
        return (spot[0], spot[1], spot[0] + toast.width, spot[1] + toast.height)

    def cost(spot: tuple[float, float]) -> tuple[float, float]:
        centre_x, centre_y = spot[0] + toast.width / 2, spot[1] + toast.height / 2
        hidden = sum(_area(box(spot), text) for text in texts)
        return (centre_x - x) ** 2 + (centre_y - y) ** 2, hidden

    spots = _spots(toast, near)
    free = [spot for spot in spots if not any(_overlap(box(spot), b) for b in avoid)]
    return min(free, key=cost) if free else None


def _boxes(chance: random.Random, count: int) -> list[Rect]:
    width, height = Window.size
    boxes = []
    for _ in range(count):
        left, bottom = chance.uniform(0, width), chance.uniform(0, height)
        boxes.append(
            (left, bottom, left + chance.uniform(20, 300), bottom + chance.uniform(20, 120))
        )
    return boxes


@pytest.mark.parametrize("seed", range(8))
def test_the_toast_takes_the_nearest_free_spot_then_the_one_hiding_least_text(seed: int) -> None:
    chance = random.Random(seed)
    toast = Toast(size_hint=(None, None))
    for _ in range(60):
        toast.size = (chance.uniform(80, 500), chance.uniform(48, 200))
        near = chance.choice(  # no finger (a scan); anywhere; mid-window, where spots tie
            [None, (chance.uniform(0, 800), chance.uniform(0, 480)), (Window.width / 2, 240.0)]
        )
        avoid = _boxes(chance, chance.randrange(0, 30))
        texts = _boxes(chance, chance.randrange(0, 20))
        assert toast._place(near, avoid, texts) == _rule(toast, near, avoid, texts)


def test_a_toast_with_every_spot_over_a_control_is_not_placed() -> None:
    toast = Toast(size_hint=(None, None), size=(200, 80))
    assert toast._place((400, 240), [(0, 0, *Window.size)], []) is None
