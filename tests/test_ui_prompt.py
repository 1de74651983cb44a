"""The one prompt component of the game screens (:class:`ui.prompt.Prompt`) in a real offscreen
window: its answers, the row that never scrolls, the confirm button's action, chosen and refused
answers, the "more" cue of a long list, a note that scrolls with the answers, and the prompt of
legal actions narrowed field by field (:class:`ui.prompt.ChoicePanel`) drawn by it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kivy.base import EventLoop
from kivy.core.window import Window
from kivy.metrics import sp
from kivy.uix.widget import Widget

from ui import design
from ui.prompt import CHOSEN_FILL, CHOSEN_MARK, ChoicePanel, Prompt, PromptButton, PromptLabel

SIZE = (400, 300)


def setup_module() -> None:
    EventLoop.ensure_window()


def settle() -> None:
    for _ in range(4):
        EventLoop.idle()


def shown_prompt() -> Prompt:
    prompt = Prompt(size_hint=(None, None), size=SIZE, pos=(0, 0))
    Window.add_widget(prompt)
    return prompt


def texts(parent: Widget) -> list[str]:
    return [child.text for child in reversed(parent.children)]


def test_answers_scroll_under_a_cue_and_the_confirm_action_stays_in_view() -> None:
    prompt = shown_prompt()
    tapped: list[str] = []
    try:
        prompt.start("Which good?", "Karin holds 3 cards.")
        for n in range(12):
            prompt.button(f"Good {n}", lambda n=n: tapped.append(f"good {n}"))
        prompt.button("End turn", lambda: tapped.append("end"), primary=True)
        prompt.button("Cancel", lambda: tapped.append("cancel"), fixed=True)
        settle()
        options, actions = prompt.ids.options, prompt.ids.actions
        assert texts(options) == [f"Good {n}" for n in range(12)]
        assert texts(actions) == ["End turn", "Cancel"]
        assert all(b.audit_role == "option" for b in options.children)
        assert prompt.ids.title.text == "Which good?"
        assert prompt.ids.note.text == "Karin holds 3 cards."
        assert prompt.ids.options_view.do_scroll_y  # twelve answers do not fit 300 px
        cue = prompt.ids.options_view.more_cue
        assert cue.text.endswith("more") and "▼" in cue.text
        for button in (*options.children, *actions.children):
            assert button.height >= design.MIN_TARGET_PX
        assert prompt.primary is not None
        prompt.primary()
        actions.children[0].dispatch("on_release")
        options.children[-1].dispatch("on_release")
        assert tapped == ["end", "cancel", "good 0"]
        end = actions.children[-1]
        assert isinstance(end, PromptButton) and end.fill == list(design.PRIMARY)

        prompt.start("Stage 1 is scored.")  # a new prompt: nothing of the last one is left
        settle()
        assert texts(prompt.ids.options) == [] and texts(prompt.ids.actions) == []
        assert prompt.primary is None and prompt.ids.note.text == ""
        assert (
            not prompt.ids.options_view.do_scroll_y and prompt.ids.options_view.more_cue.text == ""
        )
    finally:
        Window.remove_widget(prompt)


def test_a_refused_answer_says_why_and_a_chosen_one_is_ticked() -> None:
    prompt = shown_prompt()
    try:
        prompt.start("Draw")
        refused = prompt.button("Draw, lay 0", lambda: None, primary=True, refused="Lay 1 more.")
        chosen = prompt.button("Camel A", lambda: None, chosen=True)
        plain = prompt.button("Camel B", lambda: None)
        settle()
        assert refused.disabled and refused.text == "Draw, lay 0\nLay 1 more."
        assert not refused.primary and prompt.primary is None  # the confirm button does nothing
        assert CHOSEN_MARK in chosen.text and chosen.text.endswith("Camel A")
        assert chosen.fill == CHOSEN_FILL and plain.fill == list(design.BUTTON)
    finally:
        Window.remove_widget(prompt)


def test_a_report_scrolls_with_its_answers_and_a_group_has_its_own_columns() -> None:
    prompt = shown_prompt()
    try:
        prompt.start("Thefts", "Pen 1: camel A lost 2 salt.", cols=3, scrolls=True)
        first = prompt.button("OK", lambda: None, option=False)
        prompt.group(4)
        keys = [prompt.button(str(n), lambda: None, option=False) for n in range(8)]
        settle()
        options = prompt.ids.options
        assert options.cols == 1 and prompt.ids.note.text == ""
        report, *rest = reversed(options.children)
        assert isinstance(report, PromptLabel) and report.text == "Pen 1: camel A lost 2 salt."
        assert rest[0] is first and not hasattr(first, "audit_role")
        keypad = rest[1]
        assert keypad.cols == 4 and list(reversed(keypad.children)) == keys
    finally:
        Window.remove_widget(prompt)


@dataclass(frozen=True)
class Load:
    """A legal action of a made-up game: which camel carries which good."""

    camel: int
    good: str
    kind: str = "load"


def test_legal_actions_are_narrowed_in_the_prompts_own_parts() -> None:
    panel = ChoicePanel(size_hint=(None, None), size=SIZE, pos=(0, 0))
    Window.add_widget(panel)
    chosen: list[Any] = []
    legal = [
        Load(camel, good) for camel in (1, 2, 3) for good in ("salt", "dates", "gold", "pepper")
    ]
    try:
        panel.offer("Karin loads", legal, chosen.append, extra=[("End turn", lambda: None)])
        settle()
        options, actions = panel.ids.options, panel.ids.actions
        assert panel.ids.title.text == "Karin loads"
        assert panel.ids.note.text == "Choose the camel:"  # 12 actions: one field at a time
        assert panel.ids.note.font_size >= sp(16)
        assert texts(options) == ["camel 1", "camel 2", "camel 3"]
        assert all(
            isinstance(b, PromptButton) and b.audit_role == "option" for b in options.children
        )
        assert texts(actions) == ["End turn"]  # in the row that never scrolls
        options.children[-2].dispatch("on_release")  # camel 2
        settle()
        assert len(panel.remaining) == 4 and panel.ids.note.text == ""
        assert texts(options)[0] == "Load: camel 2, good salt"
        assert texts(actions) == ["Back", "End turn"]
        for button in (*options.children, *actions.children):
            assert button.height >= design.MIN_TARGET_PX
        actions.children[-1].dispatch("on_release")  # Back
        settle()
        assert len(panel.remaining) == 12 and texts(actions) == ["End turn"]
        options.children[0].dispatch("on_release")  # camel 3
        options.children[-1].dispatch("on_release")  # camel 3, salt: one action left
        assert chosen == [Load(3, "salt")]
    finally:
        Window.remove_widget(panel)
