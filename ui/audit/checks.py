"""Layout checks on a Kivy widget tree, as drawn: what a player at the table could not read or tap.

Pure functions of the widgets' geometry and text (no screen knowledge), so they survive any
restructuring of the screens. Every widget is placed in window coordinates and drawn in Kivy's
order (a parent, then its children from the last in ``children`` to the first); what a later,
opaque widget draws over an earlier one covers it.

Kinds of problem:

``overflow``
    a label's text is larger than its box (Kivy draws it across its neighbours);
``clipped``
    a label's text is cut: shortened with an ellipsis, lines dropped by a fixed ``text_size``, or
    drawn partly outside the window (or a clipping box that does not scroll that way);
``offscreen``
    a touch target lies (partly) outside the window or such a clipping box;
``hidden_in_scroll``
    a primary action (not one of a list's options) not wholly visible in its ScrollView, or a
    label marked ``audit_role = "primary"`` (a sheet's total, say) out of view in one;
``covered``
    a touch target's centre or corners are drawn over by a later, opaque widget;
``small_text``
    text under the type scale's minimum (:mod:`ui.audit.minimums`);
``small_target``
    a touch target narrower or lower than the minimum;
``word_broken``
    a word longer than its label's width, which Kivy wraps in the middle of the word
    (``Stammes`` / ``erweiterung``).

(:mod:`ui.audit.run` adds ``unreachable``: a state the tour could not bring about; and
``untranslated``, English words in another language, from :mod:`ui.audit.words`.)

A ModalView open over the screen is audited alone: what lies under it is inactive by design. A widget
marked ``audit_role = "transient"`` (a toast that hides itself after seconds and takes no touch
outside its box) is audited itself but covers nothing.
Invisible widgets (zero opacity, zero size) and empty labels are not checked.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from kivy.graphics import BorderImage, Ellipse, Mesh, Rectangle, RoundedRectangle
from kivy.metrics import sp
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView
from kivy.uix.scrollview import ScrollView
from kivy.uix.stencilview import StencilView
from kivy.uix.textinput import TextInput
from kivy.uix.widget import Widget

from ui.audit.minimums import MIN_BODY_SP, MIN_TARGET_PX, MIN_WHOSE_TURN_SP, WHOSE_TURN_IDS

TOLERANCE = 1.0
"""Pixels a box may exceed another by before it counts (rounding of layouts)."""
KINDS = (
    "overflow",
    "clipped",
    "offscreen",
    "hidden_in_scroll",
    "covered",
    "small_text",
    "small_target",
    "word_broken",
    "unreachable",
    "untranslated",
    "toast_over_control",
    "selection_hidden",
    "stale_refusal",
    "cut_option",
    "low_contrast",
    "text_on_frame",
)
"""Every kind of problem; ``unreachable`` is the tour's: a state it could not bring about; the
last six are :mod:`ui.audit.interaction`'s."""
MARKUP = re.compile(r"\[/?[a-z_]+(?:=[^\]]*)?\]")
PUNCTUATION = ".,;:!?¡¿()[]'\"«»„“”…·"
"""What may stick to a word without making it no word (``(Tuareg)``, ``Höhle:``)."""
FILLS = (Rectangle, RoundedRectangle, BorderImage, Ellipse, Mesh)
"""Canvas instructions that paint an area (a widget with one is opaque where it paints)."""

Rect = tuple[float, float, float, float]
"""``(left, bottom, right, top)`` in window pixels."""


@dataclass(frozen=True)
class Problem:
    widget: str
    kind: str
    detail: str


@dataclass
class Node:
    """One widget as drawn: its box and what clips it, in window coordinates."""

    widget: Widget
    order: int
    rect: Rect
    clip: Rect
    """What of the window may show this widget (the window and every clipping ancestor)."""
    fixed_clip: Rect
    """As ``clip``, but without the axes a ScrollView ancestor can scroll (cut by design)."""
    fixed_by: str
    """What sets ``fixed_clip``: ``the window`` or the clipping widget's description."""
    scroller: ScrollView | None
    opacity: float
    ancestors: tuple[int, ...]
    """``id()`` of every ancestor."""

    @property
    def visible(self) -> bool:
        left, bottom, right, top = self.rect
        return self.opacity > 0 and right - left > 0 and top - bottom > 0


# --- geometry ------------------------------------------------------------------------------------


def window_rect(widget: Widget) -> Rect:
    left, bottom = widget.to_window(widget.x, widget.y)
    right, top = widget.to_window(widget.right, widget.top)
    return (left, bottom, right, top)


def intersect(a: Rect, b: Rect) -> Rect:
    return (max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3]))


def inside(inner: Rect, outer: Rect) -> bool:
    return (
        inner[0] >= outer[0] - TOLERANCE
        and inner[1] >= outer[1] - TOLERANCE
        and inner[2] <= outer[2] + TOLERANCE
        and inner[3] <= outer[3] + TOLERANCE
    )


def contains(rect: Rect, x: float, y: float) -> bool:
    return rect[0] <= x <= rect[2] and rect[1] <= y <= rect[3]


def extent(rect: Rect) -> tuple[float, float]:
    return (max(0.0, rect[2] - rect[0]), max(0.0, rect[3] - rect[1]))


def beyond(inner: Rect, outer: Rect) -> float:
    """How many pixels ``inner`` sticks out of ``outer`` at most, on any side."""
    return max(outer[0] - inner[0], outer[1] - inner[1], inner[2] - outer[2], inner[3] - outer[3])


# --- the tree as drawn ---------------------------------------------------------------------------


def layout_nodes(roots: Sequence[Widget], size: tuple[int, int]) -> list[Node]:
    """Every widget under ``roots`` (drawn first to last) in draw order."""
    screen: Rect = (0.0, 0.0, float(size[0]), float(size[1]))
    found: list[Node] = []

    def visit(
        widget: Widget,
        clip: Rect,
        fixed: tuple[Rect, str],
        scroller: ScrollView | None,
        opacity: float,
        ancestors: tuple[int, ...],
    ) -> None:
        rect = window_rect(widget)
        opacity *= widget.opacity
        found.append(Node(widget, len(found), rect, clip, *fixed, scroller, opacity, ancestors))
        if isinstance(widget, StencilView):
            clip = intersect(clip, rect)
            narrowed = intersect(fixed[0], rect)
            if isinstance(widget, ScrollView):
                scroller = widget
                narrowed = _scrolled(narrowed, widget)
            if narrowed != fixed[0]:
                fixed = (narrowed, describe(widget))
        for child in reversed(widget.children):
            visit(child, clip, fixed, scroller, opacity, (*ancestors, id(widget)))

    for root in roots:
        visit(root, screen, (screen, "the window"), None, 1.0, ())
    return found


def _scrolled(clip: Rect, scroller: ScrollView) -> Rect:
    """``clip`` unbounded along the axes ``scroller`` can scroll (what it cuts there is by design:
    the finger scrolls it into view)."""
    content = scroller.children[0] if scroller.children else None
    far = float("inf")
    left, bottom, right, top = clip
    if content is not None and scroller.do_scroll_x and content.width > scroller.width:
        left, right = -far, far
    if content is not None and scroller.do_scroll_y and content.height > scroller.height:
        bottom, top = -far, far
    return (left, bottom, right, top)


def window_roots(window: Widget) -> list[Widget]:
    """What the audit looks at in ``window``: everything, or only the top ModalView if one is
    open (first drawn first)."""
    drawn = list(reversed(window.children))
    modals = [i for i, widget in enumerate(drawn) if isinstance(widget, ModalView)]
    return drawn[modals[-1] :] if modals else drawn


# --- what a widget is ----------------------------------------------------------------------------


def is_target(widget: Widget) -> bool:
    """Something a finger taps: a button-like widget or a text field."""
    return isinstance(widget, ButtonBehavior | TextInput) or (
        widget.is_event_type("on_press") or widget.is_event_type("on_release")
    )


def is_option(widget: Widget) -> bool:
    """One item of a list (scrolling to it is by design), rather than a primary action: a widget
    may say so with ``audit_role`` (``"option"`` or ``"primary"``); otherwise an option carries a
    ``payload`` (a prompt's choice) or is an item of a plain list: a vertical BoxLayout holding
    nothing but three or more tappable widgets of one class (the games on Home)."""
    role = getattr(widget, "audit_role", None)
    if role is not None:
        return bool(role == "option")
    if hasattr(widget, "payload"):
        return True
    parent = widget.parent
    if not isinstance(parent, BoxLayout) or parent.orientation != "vertical":
        return False
    items = parent.children
    return len(items) >= 3 and all(type(w) is type(widget) and is_target(w) for w in items)


def plain_text(widget: Widget) -> str:
    text = getattr(widget, "text", "")
    return MARKUP.sub("", text) if isinstance(text, str) else ""


def widget_id(widget: Widget) -> str | None:
    """The ``ids`` name some ancestor's rule gave ``widget``, if any."""
    ancestor = widget.parent
    while ancestor is not None:
        for name, value in getattr(ancestor, "ids", {}).items():
            if getattr(value, "__self__", value) is widget:
                return str(name)
        if ancestor.parent is ancestor:  # the Window is its own parent
            break
        ancestor = ancestor.parent
    return None


def describe(widget: Widget) -> str:
    """``ClassName#id 'its text'`` (the id and the text when it has them)."""
    name = type(widget).__name__
    wid = widget_id(widget)
    if wid:
        name += f"#{wid}"
    text = " / ".join(plain_text(widget).split("\n")).strip()
    if text:
        name += f" {text[:50] + '…' if len(text) > 50 else text!r}"
    return name


def text_rect(label: Label, rect: Rect) -> Rect:
    """Where ``label`` draws its texture: centred on its box, as Kivy's Label rule places it."""
    width, height = label.texture_size
    centre_x, centre_y = (rect[0] + rect[2]) / 2, (rect[1] + rect[3]) / 2
    return (
        centre_x - width / 2,
        centre_y - height / 2,
        centre_x + width / 2,
        centre_y + height / 2,
    )


def paints(widget: Widget) -> bool:
    """True if ``widget`` fills an area of its own (a background, a button's face)."""
    canvas = widget.canvas
    groups = [canvas]
    if canvas.has_before:
        groups.append(canvas.before)
    if canvas.has_after:
        groups.append(canvas.after)
    for group in groups:
        for instruction in group.children:
            if isinstance(instruction, FILLS) and not (
                isinstance(widget, Label) and instruction.texture is widget.texture
            ):
                return True
    return False


def painted_rect(node: Node) -> Rect | None:
    """The area ``node`` draws over what lies under it (None: it draws nothing opaque)."""
    widget = node.widget
    if not node.visible or getattr(widget, "audit_role", None) == "transient":
        return None
    if is_target(widget) or paints(widget):
        return intersect(node.rect, node.clip)
    if isinstance(widget, Label) and widget.text and widget.texture_size[0] > 0:
        return intersect(text_rect(widget, node.rect), node.clip)
    return None


# --- the checks ----------------------------------------------------------------------------------


def audit(roots: Sequence[Widget], size: tuple[int, int]) -> list[Problem]:
    """Every problem of the widgets under ``roots`` in a window of ``size`` pixels."""
    nodes = layout_nodes(roots, size)
    painted = [(node, painted_rect(node)) for node in nodes]
    problems: list[Problem] = []
    for node in nodes:
        if not node.visible:
            continue
        if isinstance(node.widget, Label) and plain_text(node.widget).strip():
            problems += label_problems(node)
        if is_target(node.widget):
            problems += target_problems(node, painted)
    return problems


def label_problems(node: Node) -> list[Problem]:
    label: Label = node.widget
    name = describe(label)
    found = []
    whose_turn = widget_id(label) in WHOSE_TURN_IDS
    minimum = MIN_WHOSE_TURN_SP if whose_turn else MIN_BODY_SP
    if label.font_size < sp(minimum) - 0.01:
        role = "whose-turn text" if whose_turn else "text"
        found.append(
            Problem(
                name,
                "small_text",
                f"{role} at {label.font_size / sp(1):.0f} sp, under the minimum {minimum} sp",
            )
        )
    box_w, box_h = extent(node.rect)
    tex_w, tex_h = label.texture_size
    if tex_w > box_w + TOLERANCE or tex_h > box_h + TOLERANCE:
        found.append(
            Problem(
                name,
                "overflow",
                f"text {tex_w:.0f}x{tex_h:.0f} px in a {box_w:.0f}x{box_h:.0f} px box",
            )
        )
    cut = text_cut(label)
    if cut:
        found.append(Problem(name, "clipped", cut))
    broken = broken_words(label)
    if broken:
        found.append(Problem(name, "word_broken", f"broken across lines: {', '.join(broken)}"))
    drawn = text_rect(label, node.rect)
    if (
        getattr(label, "audit_role", None) == "primary"
        and node.scroller is not None
        and not inside(node.rect, node.clip)
    ):
        found.append(
            Problem(name, "hidden_in_scroll", "primary text out of its scroll area's view")
        )
    if not inside(drawn, node.fixed_clip):
        found.append(
            Problem(
                name,
                "clipped",
                f"text reaches {beyond(drawn, node.fixed_clip):.0f} px beyond {node.fixed_by}",
            )
        )
    return found


def text_cut(label: Label) -> str:
    """Why some of ``label``'s text is not drawn at all, or '' if all of it is. A label marked
    ``audit_role = "summary"`` (the refusal line) is one line cut at a word on purpose: the band
    refusal mark and the toast read the whole text."""
    if getattr(label, "audit_role", None) == "summary":
        return ""
    if label.is_shortened:
        return "text shortened with an ellipsis"
    width, height = label.text_size
    if height is None or width is None:
        return ""
    natural = natural_height(label, width)
    if natural > height + TOLERANCE:
        return f"text needs {natural:.0f} px of height, {height:.0f} px shown"
    return ""


def broken_words(label: Label) -> list[str]:
    """The words of ``label``'s text that its drawn lines split in the middle: a piece on a line
    that is no whole word of the text (a shortened text is reported as clipped instead). Only
    words of letters count: a run of symbols (goods icons) may wrap anywhere."""
    lines = getattr(label._label, "_cached_lines", None)
    if not lines or len(lines) < 2 or label.is_shortened:
        return []
    words = set(plain_text(label).split())
    pieces = [piece for line in lines for piece in "".join(w.text for w in line.words).split()]
    if all(piece in words for piece in pieces):
        return []
    broken = [word for word in plain_text(label).split() if word not in pieces]
    return [word for word in broken if word.strip(PUNCTUATION).replace("-", "").isalpha()]


def natural_height(label: Label, width: float) -> float:
    """The height ``label``'s text takes wrapped at ``width``, nothing dropped."""
    core = label._label  # the text as Kivy lays it out, with every option
    options = {k: v for k, v in core.options.items() if k not in ("text", "text_size")}
    options["shorten"] = False
    copy = type(core)(text=core.text, text_size=(width, None), **options)
    copy.refresh()
    return float(copy.texture.size[1]) if copy.texture is not None else 0.0


def target_problems(node: Node, painted: Sequence[tuple[Node, Rect | None]]) -> list[Problem]:
    widget = node.widget
    name = describe(widget)
    found = []
    width, height = extent(node.rect)
    if min(width, height) < MIN_TARGET_PX - 0.01:
        found.append(
            Problem(
                name,
                "small_target",
                f"{width:.0f}x{height:.0f} px, under the minimum {MIN_TARGET_PX} px",
            )
        )
    if not inside(node.rect, node.fixed_clip):
        shown_w, shown_h = extent(intersect(node.rect, node.fixed_clip))
        if shown_w * shown_h <= 0:
            detail = f"wholly outside {node.fixed_by}"
        else:
            detail = f"{beyond(node.rect, node.fixed_clip):.0f} px outside {node.fixed_by}"
        found.append(Problem(name, "offscreen", detail))
    elif node.scroller is not None and not inside(node.rect, node.clip) and not is_option(widget):
        shown_w, shown_h = extent(intersect(node.rect, node.clip))
        found.append(
            Problem(
                name,
                "hidden_in_scroll",
                f"a primary action in a scroll area: {shown_w:.0f}x{shown_h:.0f} of "
                f"{width:.0f}x{height:.0f} px in view",
            )
        )
    cover = covering(node, painted)
    if cover:
        found.append(Problem(name, "covered", cover))
    return found


def probe_points(rect: Rect) -> Iterator[tuple[str, float, float]]:
    """The centre and the four corners of ``rect``, corners moved a little inwards."""
    left, bottom, right, top = rect
    inset_x, inset_y = min(4.0, (right - left) / 4), min(4.0, (top - bottom) / 4)
    yield "centre", (left + right) / 2, (bottom + top) / 2
    yield "bottom-left corner", left + inset_x, bottom + inset_y
    yield "bottom-right corner", right - inset_x, bottom + inset_y
    yield "top-left corner", left + inset_x, top - inset_y
    yield "top-right corner", right - inset_x, top - inset_y


def covering(node: Node, painted: Sequence[tuple[Node, Rect | None]]) -> str:
    """Which of ``node``'s visible probe points a later widget draws over, and by what."""
    visible = intersect(node.rect, node.clip)
    hits: list[str] = []
    by: list[str] = []
    later = [
        (other, area)
        for other, area in painted[node.order + 1 :]
        if area is not None and id(node.widget) not in other.ancestors
    ]
    for where, x, y in probe_points(node.rect):
        if not contains(visible, x, y):
            continue
        for other, area in later:
            if contains(area, x, y):
                hits.append(where)
                name = describe(other.widget)
                if name not in by:
                    by.append(name)
                break
    if not hits:
        return ""
    return f"{', '.join(hits)} drawn over by {'; '.join(by)}"
