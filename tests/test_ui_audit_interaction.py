"""The audit's interaction checks (:mod:`ui.audit.interaction`) on small synthetic widget trees and
images drawn for them: each finds the one problem built in, and nothing where there is none."""

from __future__ import annotations

from types import SimpleNamespace

from kivy.base import EventLoop
from kivy.core.window import Window
from kivy.graphics import Color, Line
from kivy.metrics import sp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.scrollview import ScrollView
from kivy.uix.widget import Widget
from PIL import Image, ImageDraw

from ui.audit.checks import Node, layout_nodes
from ui.audit.interaction import (
    cut_option,
    low_contrast,
    selection_hidden,
    stale_refusal,
    text_on_frame,
    toast_over_control,
)
from ui.toast import Toast
from ui.widgets import MoreCue, RefusalLine

SIZE = (800, 480)


def setup_module() -> None:
    EventLoop.ensure_window()  # labels render their text through the GL context


def placed(widget: Widget, x: float, y: float, w: float, h: float) -> Widget:
    widget.size_hint = (None, None)
    widget.pos, widget.size = (x, y), (w, h)
    return widget


def root(*children: Widget) -> Widget:
    made = placed(Widget(), 0, 0, *SIZE)
    for child in children:
        made.add_widget(child)
    return made


def image(*boxes: tuple[tuple[float, float, float, float], tuple[int, int, int]]) -> Image.Image:
    """A window's pixels: dark, with each ``(left, bottom, right, top)`` box filled."""
    drawn = Image.new("RGB", SIZE, (21, 24, 29))
    pen = ImageDraw.Draw(drawn)
    for (left, bottom, right, top), colour in boxes:
        pen.rectangle((left, SIZE[1] - top, right - 1, SIZE[1] - bottom - 1), fill=colour)
    return drawn


def test_a_toast_over_an_enabled_button_is_found_beside_it_not() -> None:
    toast = placed(Toast(text="No."), 100, 100, 200, 60)
    over = placed(Button(text="Buy"), 150, 120, 100, 50)
    beside = placed(Button(text="Back"), 400, 120, 100, 50)
    disabled = placed(Button(text="Sell", disabled=True), 120, 110, 50, 30)
    problems = toast_over_control(layout_nodes([root(over, beside, disabled), toast], SIZE))
    assert [(p.kind, p.detail) for p in problems] == [("toast_over_control", "over Button 'Buy'")]


class Choice(Button):
    chosen = False


def test_a_chosen_item_drawn_as_the_others_is_hidden() -> None:
    items = [placed(Choice(text=t), 10, 400 - 60 * i, 200, 50) for i, t in enumerate("ABC")]
    items[1].chosen = True
    column = root(*items)
    nodes = layout_nodes([column], SIZE)
    same = image(*[((10, 400 - 60 * i, 210, 450 - 60 * i), (58, 67, 80)) for i in range(3)])
    (problem,) = selection_hidden(nodes, same)
    assert problem.kind == "selection_hidden" and "'B'" in problem.widget
    filled = image(
        *[((10, 400 - 60 * i, 210, 450 - 60 * i), (58, 67, 80)) for i in range(3)],
        ((10, 340, 210, 390), (31, 95, 173)),
    )
    assert selection_hidden(nodes, filled) == []


def test_dim_text_and_a_dim_shape_are_low_contrast() -> None:
    dim = placed(Label(text="Pepper", font_size=sp(20), color=(0.3, 0.3, 0.3, 1)), 10, 10, 200, 60)
    clear = placed(Label(text="Salt", font_size=sp(20)), 300, 10, 200, 60)
    shape = placed(
        Label(text="[color=0072b2]●[/color] A", markup=True, font_size=sp(20)), 10, 200, 200, 60
    )
    for label in (dim, clear, shape):
        label.texture_update()
    on_a_button = image(((10, 200, 210, 260), (58, 67, 80)))  # blue on a button's face: 1.9:1
    found = low_contrast(layout_nodes([root(dim, clear, shape)], SIZE), on_a_button)
    assert sorted((p.widget, p.detail.split()[0]) for p in found) == [
        ("Label 'Pepper'", "text"),
        ("Label '● A'", "shape"),
    ]
    shape.parent.remove_widget(shape)
    found = low_contrast(layout_nodes([root(shape)], SIZE), image())  # on the background: 3.4:1
    assert found == []


def options_list(count: int, cue: bool) -> tuple[Widget, ScrollView]:
    scroller = placed(ScrollView(do_scroll_x=False), 10, 200, 300, 150)
    grid = GridLayout(cols=1, size_hint_y=None, row_default_height=56, row_force_default=True)
    grid.height = 56 * count
    for n in range(count):
        button = Button(text=f"exchange {n}")
        button.audit_role = "option"
        grid.add_widget(button)
    scroller.add_widget(grid)
    column = placed(BoxLayout(orientation="vertical"), 10, 150, 300, 200)
    column.add_widget(scroller)
    if cue:
        column.add_widget(MoreCue(scroller=scroller))
    return root(column), scroller


def test_an_option_cut_by_its_list_needs_a_cue() -> None:
    tree, _scroller = options_list(5, cue=False)
    for _ in range(3):
        EventLoop.idle()
    found = cut_option(layout_nodes([tree], SIZE))
    assert found and {p.kind for p in found} == {"cut_option"}
    cued, scroller = options_list(5, cue=True)
    for _ in range(3):
        EventLoop.idle()
    assert scroller.more_cue.text.endswith("more") and cut_option(layout_nodes([cued], SIZE)) == []
    whole, _scroller = options_list(2, cue=True)
    for _ in range(3):
        EventLoop.idle()
    assert cut_option(layout_nodes([whole], SIZE)) == []


def test_a_refusal_shown_when_none_stands_is_stale() -> None:
    screen = root(placed(RefusalLine(text="Pen 1 is full."), 10, 10, 300, 30))
    screen.table = SimpleNamespace(refusal=None)
    (problem,) = stale_refusal([screen])
    assert problem.kind == "stale_refusal"
    screen.table = SimpleNamespace(refusal=object())
    assert stale_refusal([screen]) == []


def framed_cell(width: float, inset: float, padding: float) -> Label:
    """A cell ``width`` px wide whose text runs ``padding`` px from its sides, framed ``inset`` px
    inside its box by a 3 px stroke (as the Targi grid's cells draw the card in use)."""
    cell = Label(text="Merchant", font_size=sp(16), halign="center", valign="middle")
    placed(cell, 10, 10, width, 60)
    cell.text_size = (width - 2 * padding, 60 - 2 * padding)
    with cell.canvas.after:
        Color(1, 0.8, 0, 1)
        Line(rectangle=(10 + inset, 10 + inset, width - 2 * inset, 60 - 2 * inset), width=1.5)
    cell.texture_update()
    return cell


def drawn(cell: Label) -> list[Node]:
    """The nodes of ``cell`` after the window drew it once (Kivy lays a frame's stroke out then)."""
    tree = root(cell)
    Window.add_widget(tree)
    try:
        EventLoop.idle()
        return layout_nodes([tree], SIZE)
    finally:
        Window.remove_widget(tree)


def test_text_reaching_a_frame_is_on_the_frame_text_inside_it_not() -> None:
    wide = framed_cell(width=70, inset=4, padding=2)
    (problem,) = text_on_frame(drawn(wide))
    assert (problem.kind, problem.detail) == ("text_on_frame", "a line reaches its own frame")
    clear = framed_cell(width=120, inset=4, padding=8)
    assert text_on_frame(drawn(clear)) == []
    hidden = framed_cell(width=70, inset=4, padding=2)
    hidden.canvas.after.children[0].a = 0  # a frame nobody sees is no frame
    assert text_on_frame(drawn(hidden)) == []
