"""Checks of what a player notices at the table that the boxes alone do not show: read from the
window as drawn (its pixels) and from the screen after real taps.

Kinds of problem:

``toast_over_control``
    a toast (or another widget drawn over the screen for a moment) lies over an enabled control
    or the whose-turn band: a tap meant for the control would read the toast's rule instead;
``selection_hidden``
    a chooser's chosen item (``chosen`` true) is drawn in the same colour as the items not chosen
    (read from the pixels, after the finger lifted);
``stale_refusal``
    a refusal still shown (its toast, the screen's refusal line, the band's mark) although no
    refusal stands, or after an input the screen accepted (recorded by the tour's driver);
``cut_option``
    an option of a list (or an item marked ``audit_role = "item"``: a statistics bar) less than
    fully in view, with no visible cue (a ``▼ n more`` line, see
    :class:`ui.widgets.MoreCue`) saying that there is more;
``low_contrast``
    text drawn under 4.5:1 (a shape under 3:1) against what lies behind it: the label's colours
    against the commonest colour of its text's box in the window's pixels;
``text_on_frame``
    a line of text touching a frame or border a widget draws around a box (a Kivy ``Line`` with
    a ``rectangle``, in a colour that shows): the label's lines as laid out, against the band the
    frame's stroke covers.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from typing import Any

from kivy.graphics import Color, Instruction, InstructionGroup, Line
from kivy.graphics.instructions import CanvasBase
from kivy.uix.label import Label
from kivy.uix.widget import Widget
from PIL import Image

from ui.audit.checks import (
    TOLERANCE,
    Node,
    Problem,
    Rect,
    describe,
    extent,
    inside,
    intersect,
    is_option,
    is_target,
    layout_nodes,
    plain_text,
    text_rect,
)
from ui.design import SYMBOLS, contrast

MIN_TEXT_CONTRAST = 4.5
"""WCAG 2 AA for text."""
SAME_COLOUR = 12
"""Largest difference (0-255, any channel) of two fills a player takes for the same colour."""

SHAPE_CONTRAST = 3.0
"""WCAG 2 AA for graphics: a player's shape, a good's symbol drawn in its own colour."""
TAGS = re.compile(r"\[/?[a-z]+(?:=[^\]]*)?\]")
COLOURED = re.compile(r"\[color=#?([0-9a-fA-F]{6})[0-9a-fA-F]{0,2}\](.*?)\[/color\]", re.S)

RGB = tuple[int, int, int]


def interaction_audit(
    roots: Sequence[Widget], size: tuple[int, int], image: Image.Image | None = None
) -> list[Problem]:
    """Every problem of these kinds under ``roots`` (the window's, as the layout audit reads it);
    the pixel checks need ``image``, the window as drawn."""
    nodes = layout_nodes(roots, size)
    found = toast_over_control(nodes) + stale_refusal(roots) + cut_option(nodes)
    found += text_on_frame(nodes)
    if image is not None:
        rgb = image.convert("RGB")
        found += selection_hidden(nodes, rgb) + low_contrast(nodes, rgb)
    return found


def enabled_target(node: Node) -> bool:
    widget = node.widget
    return (
        node.visible
        and is_target(widget)
        and not widget.disabled
        and getattr(widget, "audit_role", None) != "transient"
    )


def overlaps(a: Rect, b: Rect) -> bool:
    width, height = extent(intersect(a, b))
    return width > TOLERANCE and height > TOLERANCE


def toast_over_control(nodes: Sequence[Node]) -> list[Problem]:
    found = []
    toasts = [n for n in nodes if n.visible and getattr(n.widget, "audit_role", "") == "transient"]
    for toast in toasts:
        for node in nodes:
            if node is toast or id(toast.widget) in node.ancestors or not enabled_target(node):
                continue
            if overlaps(toast.rect, intersect(node.rect, node.clip)):
                found.append(
                    Problem(
                        describe(toast.widget),
                        "toast_over_control",
                        f"over {describe(node.widget)}",
                    )
                )
    return found


def stale_refusal(roots: Sequence[Widget]) -> list[Problem]:
    """A refusal shown while none stands (the game's ``table.refusal`` is None)."""
    found = []
    for root in roots:
        for widget in root.walk():
            table = getattr(widget, "table", None)
            if table is None or not hasattr(table, "refusal") or table.refusal is not None:
                continue
            toast = getattr(widget, "toast", None)
            if toast is not None and toast.parent is not None and toast.refusal:
                found.append(Problem(describe(toast), "stale_refusal", "no refusal stands"))
            for shown in widget.walk(restrict=True):
                if getattr(shown, "audit_role", None) == "summary" and plain_text(shown).strip():
                    found.append(Problem(describe(shown), "stale_refusal", "no refusal stands"))
                if getattr(shown, "refused", False) is True:
                    found.append(Problem(describe(shown), "stale_refusal", "its mark shows"))
    return found


def cut_option(nodes: Sequence[Node]) -> list[Problem]:
    """Options of a scrolling list partly or wholly out of its view, with no cue in view."""
    found = []
    for node in nodes:
        scroller = node.scroller
        if scroller is None or not node.visible or inside(node.rect, node.clip):
            continue
        item = getattr(node.widget, "audit_role", None) == "item"
        if not item and not (is_target(node.widget) and is_option(node.widget)):
            continue
        cue = getattr(scroller, "more_cue", None)
        if cue is not None and cue.opacity > 0 and plain_text(cue).strip():
            continue
        shown_w, shown_h = extent(intersect(node.rect, node.clip))
        width, height = extent(node.rect)
        found.append(
            Problem(
                describe(node.widget),
                "cut_option",
                f"{shown_w:.0f}x{shown_h:.0f} of {width:.0f}x{height:.0f} px in view, no cue",
            )
        )
    return found


# --- pixels --------------------------------------------------------------------------------------


def pixel(image: Image.Image, x: float, y: float) -> RGB:
    """The colour at window point ``(x, y)`` (Kivy counts y from the bottom, images from the top)."""
    column = min(max(0, int(x)), image.width - 1)
    row = min(max(0, image.height - 1 - int(y)), image.height - 1)
    found: Any = image.getpixel((column, row))
    return (int(found[0]), int(found[1]), int(found[2]))


def differ(a: RGB, b: RGB) -> bool:
    return max(abs(p - q) for p, q in zip(a, b, strict=True)) > SAME_COLOUR


def fill_of(image: Image.Image, rect: Rect) -> RGB:
    """A widget's face: the colour most of a thin strip inside its left edge shows (away from
    the text)."""
    left, bottom, _right, top = rect
    samples = [pixel(image, left + 3, bottom + (top - bottom) * k / 10) for k in range(2, 9)]
    return Counter(samples).most_common(1)[0][0]


def selection_hidden(nodes: Sequence[Node], image: Image.Image) -> list[Problem]:
    found = []
    for node in nodes:
        widget = node.widget
        if not node.visible or getattr(widget, "chosen", None) is not True or widget.parent is None:
            continue
        others = [
            other
            for other in nodes
            if other.widget.parent is widget.parent
            and type(other.widget) is type(widget)
            and getattr(other.widget, "chosen", None) is False
            and other.visible
            and inside(other.rect, other.clip)
        ]
        if not others or not inside(node.rect, node.clip):
            continue
        mine = fill_of(image, node.rect)
        if not any(differ(mine, fill_of(image, other.rect)) for other in others):
            found.append(
                Problem(describe(widget), "selection_hidden", f"drawn as the others: {mine}")
            )
    return found


def as_rgba(rgb: RGB) -> tuple[float, float, float, float]:
    return (rgb[0] / 255, rgb[1] / 255, rgb[2] / 255, 1.0)


def inks(label: Label) -> list[tuple[RGB, bool]]:
    """The colours ``label`` draws its text in, each with whether it draws only symbols there (a
    piece's shape, a good's symbol: held to the graphics' 3:1): its own colour for what no
    ``[color]`` tag colours, and each tag's."""
    text = label.text if label.markup else ""
    found: list[tuple[RGB, bool]] = []
    for code, inside_text in COLOURED.findall(text):
        shown = TAGS.sub("", inside_text)
        if shown.strip():
            colour = (int(code[0:2], 16), int(code[2:4], 16), int(code[4:6], 16))
            found.append((colour, all(ch in SYMBOLS or ch.isspace() for ch in shown)))
    rest = TAGS.sub("", COLOURED.sub("", text)) if label.markup else label.text
    if rest.strip():
        own = label.disabled_color if label.disabled else label.color
        found.append((rgb(own), all(ch in SYMBOLS or ch.isspace() for ch in rest)))
    return found


def rgb(colour: Sequence[float]) -> RGB:
    return (round(colour[0] * 255), round(colour[1] * 255), round(colour[2] * 255))


def background_of(image: Image.Image, rect: Rect) -> RGB | None:
    """The commonest colour of ``rect`` in the window's pixels: what the text is drawn on."""
    left, bottom, right, top = (int(v) for v in rect)
    left, bottom = max(0, left), max(0, bottom)
    right, top = min(image.width, right), min(image.height, top)
    if right - left < 2 or top - bottom < 2:
        return None
    crop = image.crop((left, image.height - top, right, image.height - bottom))
    colours = crop.convert("RGB").getcolors(crop.width * crop.height)  # None only above that many
    assert colours is not None
    colour: Any = max(colours)[1]  # the commonest; of equals, the same one every run
    return (int(colour[0]), int(colour[1]), int(colour[2]))


def low_contrast(nodes: Sequence[Node], image: Image.Image) -> list[Problem]:
    """Text whose colours stand under 4.5:1 (a shape's under 3:1) against what the window's
    pixels show behind it."""
    found = []
    toasts = [
        n.rect for n in nodes if n.visible and getattr(n.widget, "audit_role", "") == "transient"
    ]
    for node in nodes:
        label = node.widget
        if not node.visible or not isinstance(label, Label) or not plain_text(label).strip():
            continue
        if getattr(label, "audit_role", None) == "transient" or node.opacity < 1:
            continue
        area = intersect(intersect(text_rect(label, node.rect), node.rect), node.clip)
        if any(overlaps(area, toast) for toast in toasts):
            continue  # what the toast hides for a moment is read once it goes
        background = background_of(image, area)
        if background is None:
            continue
        for ink, shape in inks(label):
            ratio = contrast(as_rgba(ink), as_rgba(background))
            least = SHAPE_CONTRAST if shape else MIN_TEXT_CONTRAST
            if ratio < least:
                what = "shape" if shape else "text"
                found.append(
                    Problem(
                        describe(label),
                        "low_contrast",
                        f"{what} {ink} {ratio:.2f}:1 on {background} (under {least}:1)",
                    )
                )
                break
    return found


# --- frames --------------------------------------------------------------------------------------


def frames_of(widget: Widget) -> list[tuple[Rect, float]]:
    """The rectangles ``widget`` strokes in a colour that shows, in window pixels, each with the
    half width of its stroke (Kivy draws a line ``width`` to each side of its path)."""
    groups: list[Instruction] = [widget.canvas]
    if widget.canvas.has_before:
        groups.insert(0, widget.canvas.before)
    if widget.canvas.has_after:
        groups.append(widget.canvas.after)
    found: list[tuple[Rect, float]] = []
    alpha = 1.0

    def visit(group: InstructionGroup) -> None:
        nonlocal alpha
        for instruction in group.children:
            if isinstance(instruction, Color):
                alpha = instruction.a
            elif isinstance(instruction, Line) and instruction.rectangle and alpha > 0:
                x, y, width, height = instruction.rectangle[:4]
                if width <= 0 or height <= 0:
                    continue
                left, bottom = widget.to_window(x, y)
                right, top = widget.to_window(x + width, y + height)
                found.append(((left, bottom, right, top), max(1.0, float(instruction.width))))
            elif isinstance(instruction, InstructionGroup) and not isinstance(
                instruction, CanvasBase
            ):
                visit(instruction)  # a group of its own, not a child widget's canvas

    for group in groups:
        visit(group)
    return found


def line_boxes(label: Label, rect: Rect) -> list[Rect]:
    """Where each line of ``label``'s text is drawn in the window: its texture centred on the box
    (:func:`ui.audit.checks.text_rect`), the lines placed in it as Kivy's text provider places
    them (``halign``, ``valign``, ``padding``)."""
    provider = label._label
    lines = getattr(provider, "_cached_lines", None) or []
    if not lines:
        return []
    tex_left, _tex_bottom, _tex_right, tex_top = text_rect(label, rect)
    tex_width, tex_height = label.texture_size
    pad_left, pad_top, pad_right, _pad_bottom = provider.options["padding"]
    inner_height = provider._internal_size[1]
    valign = label.valign
    if valign == "bottom":
        y = int(tex_height - inner_height + pad_top)
    elif valign in ("middle", "center"):
        y = int((tex_height - inner_height + 2 * pad_top) / 2)
    else:
        y = int(pad_top)
    found = []
    for line in lines:
        if not any(word.text.strip() for word in line.words):
            y += line.h
            continue
        x = pad_left
        if label.halign == "center":
            x = min(
                int(tex_width - line.w),
                max(int(pad_left), int((tex_width - line.w + pad_left - pad_right) / 2)),
            )
        elif label.halign == "right":
            x = max(0, int(tex_width - line.w - pad_right))
        top = tex_top - y
        found.append((tex_left + x, top - line.h, tex_left + x + line.w, top))
        y += line.h
    return found


def text_on_frame(nodes: Sequence[Node]) -> list[Problem]:
    """Lines of text that reach into the band a frame's stroke covers."""
    frames = [
        (node, frame, half)
        for node in nodes
        if node.visible and node.opacity >= 1
        for frame, half in frames_of(node.widget)
    ]
    found = []
    for node in nodes:
        label = node.widget
        if not node.visible or not isinstance(label, Label) or not plain_text(label).strip():
            continue
        boxes = [intersect(box, node.clip) for box in line_boxes(label, node.rect)]
        boxes = [box for box in boxes if extent(box)[0] > 0 and extent(box)[1] > 0]
        for owner, (left, bottom, right, top), half in frames:
            outer = (left - half, bottom - half, right + half, top + half)
            inner = (left + half, bottom + half, right - half, top - half)
            touching = [box for box in boxes if overlaps(box, outer) and not inside(box, inner)]
            if touching:
                where = "its own frame" if owner.widget is label else describe(owner.widget)
                found.append(Problem(describe(label), "text_on_frame", f"a line reaches {where}"))
                break
    return found
