"""The layout audit's checks on small synthetic widget trees: each must find the one problem
built into its tree, and nothing in a tree that has none."""

from __future__ import annotations

from kivy.base import EventLoop
from kivy.metrics import sp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView
from kivy.uix.scrollview import ScrollView
from kivy.uix.widget import Widget

from ui.audit.checks import Problem, audit, window_roots
from ui.audit.minimums import MIN_BODY_SP

SIZE = (800, 480)


def setup_module() -> None:
    EventLoop.ensure_window()  # labels render their text through the GL context


def placed(widget: Widget, x: float, y: float, w: float, h: float) -> Widget:
    widget.size_hint = (None, None)
    widget.pos, widget.size = (x, y), (w, h)
    return widget


def label(text: str, font: float = 20, **kwargs: object) -> Label:
    made = Label(text=text, font_size=sp(font), **kwargs)
    made.texture_update()
    return made


def root(*children: Widget) -> Widget:
    made = placed(Widget(), 0, 0, *SIZE)
    for child in children:
        made.add_widget(child)
    return made


def kinds(problems: list[Problem]) -> list[tuple[str, str]]:
    return sorted((p.widget.split(" ")[0], p.kind) for p in problems)


def test_a_tree_without_problems_has_none() -> None:
    tree = root(
        placed(label("Round 1"), 10, 400, 300, 60),
        placed(Button(text="Undo", font_size=sp(20)), 10, 10, 120, 60),
    )
    assert audit([tree], SIZE) == []


def test_text_larger_than_its_box_overflows() -> None:
    tree = root(placed(label("a sentence far too long for its box"), 300, 400, 60, 60))
    (problem,) = audit([tree], SIZE)
    assert problem.kind == "overflow" and "in a 60x60 px box" in problem.detail


def test_text_cut_by_a_fixed_box_or_an_ellipsis_is_clipped() -> None:
    long = "one two three four five six seven eight nine ten eleven twelve"
    cut = placed(label(long), 10, 300, 100, 30)
    cut.text_size = (100, 30)
    cut.texture_update()
    shortened = placed(label(long, shorten=True), 10, 200, 100, 30)
    shortened.text_size = (100, None)
    shortened.texture_update()
    problems = audit([root(cut, shortened)], SIZE)
    assert [p.kind for p in problems] == ["clipped", "clipped"]
    assert "px of height" in problems[0].detail and "ellipsis" in problems[1].detail


def test_text_beyond_the_window_is_clipped() -> None:
    tree = root(placed(label("Ranks"), 780, 10, 100, 60))
    (problem,) = audit([tree], SIZE)
    assert problem.kind == "clipped" and "beyond the window" in problem.detail


def test_a_word_wider_than_its_label_broken_mid_word() -> None:
    """Kivy wraps a word longer than the width in its middle: ``Stammes`` / ``erweiterung``."""

    def wrapped(text: str, width: float, x: float) -> Label:
        made = placed(label(text, markup=True), x, 300, width, 160)
        made.text_size = (width, None)
        made.texture_update()
        return made

    broken = wrapped("14 [b]Stammeserweiterung[/b]", 90, 10)
    whole = wrapped("14 Stammes erweiterung", 160, 120)  # wraps between words only
    wide = wrapped("14 Stammeserweiterung", 400, 300)
    assert len(whole._label._cached_lines) > 1
    (problem,) = audit([root(broken, whole, wide)], SIZE)
    assert problem.kind == "word_broken" and "Stammeserweiterung" in problem.detail
    assert "'14 Stammeserweiterung'" in problem.widget


def test_small_text_and_a_small_target() -> None:
    tree = root(
        placed(label("tiny", font=MIN_BODY_SP - 2), 10, 400, 200, 60),
        placed(Button(text="x", font_size=sp(20)), 10, 10, 40, 60),
    )
    assert kinds(audit([tree], SIZE)) == [("Button", "small_target"), ("Label", "small_text")]


def test_a_button_drawn_over_by_a_later_widget_is_covered() -> None:
    def tree(button_first: bool) -> Widget:
        button = placed(Button(text="End turn", font_size=sp(20)), 10, 10, 200, 60)
        panel = placed(Button(text="Panel", font_size=sp(20)), 100, 0, 300, 200)
        return root(button, panel) if button_first else root(panel, button)

    problems = audit([tree(button_first=True)], SIZE)
    assert [(p.widget.split(" ")[0], p.kind) for p in problems] == [("Button", "covered")]
    assert "'End turn'" in problems[0].widget and "'Panel'" in problems[0].detail
    assert "centre" in problems[0].detail
    # the other way round, the button is drawn last and nothing covers it
    assert audit([tree(button_first=False)], SIZE) == []


def test_a_layout_drawing_nothing_covers_nothing() -> None:
    button = placed(Button(text="Go", font_size=sp(20)), 10, 10, 200, 60)
    assert audit([root(button, placed(BoxLayout(), 0, 0, *SIZE))], SIZE) == []


def test_a_button_outside_the_window_is_offscreen() -> None:
    tree = root(placed(Button(text="Rank", font_size=sp(20)), 10, -40, 200, 60))
    problems = {p.kind: p.detail for p in audit([tree], SIZE)}
    assert problems["offscreen"] == "40 px outside the window"
    assert set(problems) == {"offscreen", "clipped"}  # its text is cut by the window too


def test_invisible_and_empty_widgets_are_not_checked() -> None:
    hidden = placed(Button(text="x", font_size=sp(8)), 10, 10, 20, 20)
    hidden.opacity = 0
    collapsed = placed(Button(text="x"), 10, 10, 100, 0)
    empty = placed(label("", font=8), 10, 100, 10, 10)
    assert audit([root(hidden, collapsed, empty)], SIZE) == []


def scroll_list(*buttons: Widget, columns: int = 1) -> ScrollView:
    """A 100 px high scroll area over a column (or a grid) of 60 px high widgets."""
    scroller = placed(ScrollView(do_scroll_x=False), 0, 0, 300, 100)
    if columns == 1:
        column = BoxLayout(orientation="vertical", size_hint=(None, None))
    else:
        column = GridLayout(cols=columns, size_hint=(None, None))
    column.size = (300, 60 * -(-len(buttons) // columns))
    for button in buttons:
        column.add_widget(button)
    scroller.add_widget(column)
    scroller.scroll_y = 1
    scroller.update_from_scroll()
    column.do_layout()
    return scroller


def test_a_primary_action_out_of_a_scroll_view_is_hidden_but_a_list_option_is_not() -> None:
    options = [Button(text=f"Option {n}", font_size=sp(20)) for n in range(4)]
    assert audit([root(scroll_list(*options))], SIZE) == []  # scrolling a list is by design
    actions = [Button(text="Option", font_size=sp(20)), Label(text="or", font_size=sp(20))]
    save = Button(text="Save the values", font_size=sp(20))
    problems = audit([root(scroll_list(*actions, save))], SIZE)
    assert [(p.kind, p.widget) for p in problems] == [
        ("hidden_in_scroll", "Button 'Save the values'")
    ]
    # a prompt's buttons in a grid are actions unless marked as options (a payload)
    grid = [Button(text=f"Pen {n}", font_size=sp(20)) for n in range(4)]
    scroller = scroll_list(*grid, columns=2)
    problems = audit([root(scroller)], SIZE)
    assert [(p.kind, p.widget) for p in problems] == [
        ("hidden_in_scroll", "Button 'Pen 2'"),
        ("hidden_in_scroll", "Button 'Pen 3'"),
    ]
    for button in grid:
        button.payload = None
    assert audit([scroller.parent], SIZE) == []


def test_an_open_modal_view_is_audited_alone() -> None:
    under = placed(Button(text="x", font_size=sp(8)), 10, 10, 20, 20)
    modal = ModalView()
    window = root(root(under), modal)
    assert window_roots(window) == [modal]


def test_a_label_marked_primary_out_of_a_scroll_views_view_is_hidden() -> None:
    rows = [Label(text=f"Row {n}", font_size=sp(20)) for n in range(3)]
    total = Label(text="Total 42", font_size=sp(20))
    assert audit([root(scroll_list(*rows, total))], SIZE) == []  # a table's rows: by design
    total = Label(text="Total 42", font_size=sp(20))
    total.audit_role = "primary"
    rows = [Label(text=f"Row {n}", font_size=sp(20)) for n in range(3)]
    (problem,) = audit([root(scroll_list(*rows, total))], SIZE)
    assert (problem.kind, problem.widget) == ("hidden_in_scroll", "Label 'Total 42'")


def test_english_words_on_a_screen_in_another_language_are_untranslated() -> None:
    """``Dates 1`` and ``ROBBER`` on a German screen are English left over; ``Datteln 1``, a name,
    a card id, a file's name and path, and a rulebook's English words quoted (italic) are not."""
    from ui.audit.words import untranslated

    tree = root(
        placed(label("Dates 1\nROBBER"), 10, 400, 200, 60),
        placed(label("Datteln 1 · Amal"), 10, 300, 200, 60),
        placed(label("2 Datteln (TARGI-GOODS-2DATES)"), 10, 100, 600, 60),
        placed(label("Auf /media/stick: table-companion-labels-targi-a4.pdf"), 10, 20, 600, 60),
        placed(
            label("[i]No figures may be placed on the following spaces[/i]", markup=True),
            10,
            200,
            600,
            60,
        ),
    )
    problems = untranslated([tree], SIZE, "de")
    assert [(p.kind, p.detail) for p in problems] == [("untranslated", "English: Dates, ROBBER")]
    assert untranslated([tree], SIZE, "en") == []
