"""Correct what the app believes: pick one of the game's corrections (all of them in view), fill
in its fields (started from the current belief), and log it. Malformed fields and refused
corrections are explained.

Every field of the correction gets its own input (see :mod:`ui.corrections`), none needing a
keyboard: the player and choices are spinners, numbers are steppers within their bounds, a cell is
two steppers, a list of an enum's values is built by tapping the values in order, a card is chosen
by tapping its chip (where the game offers them: ``CARD_FIELDS`` in its UI ``corrections``), and
the rest (a note, a list of cells) is typed on the on-screen keyboard. Changing a spinner (the player,
the animal ...) fills the other fields again from what the app believes for the new pick.
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any

from kivy.properties import BooleanProperty, ListProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen
from kivy.uix.widget import Widget

from companion.installation.errors import InputError
from companion.installation.i18n import _
from companion.play.table import TableGame
from ui.choices import kind_of, kind_text, value_text
from ui.corrections import (
    Belief,
    CardGroup,
    FieldSpec,
    assemble,
    belief_of,
    card_chooser,
    correction_types,
    current_value,
    field_specs,
    field_text,
    parse_field,
)
from ui.keyboard import ask_text
from ui.kv import load_kv
from ui.picker import PickField, pick
from ui.screens.base import Navigator
from ui.stepper import Stepper
from ui.widgets import BigButton, show_only

PLAYER = "player"
"""The field naming a seat, offered by the players' names."""
MAX_TYPED = 200
"""The longest text a typed field takes (a note)."""


def choice_text(value: Any) -> str:
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    return value_text(value)


class TypedField(BigButton):
    """A field typed on the on-screen keyboard: shows what was typed; a tap opens the keyboard."""

    typed = StringProperty("")


class CardField(BigButton):
    """A card: shows the card chosen; a tap offers the cards as chips (first their kind)."""

    card = StringProperty("")


class KindButton(BigButton):
    """One correction of the game's list."""


class FieldRow(BoxLayout):
    """One field of a correction: its name and its input (``ids.choice`` a spinner,
    ``ids.stepper`` a stepper, ``ids.first``/``ids.second`` a cell's steppers, ``ids.text`` a
    typed field)."""

    label = StringProperty("")
    words = StringProperty("")
    """The label as shown: ``Salt``, ``VP``."""

    def __init__(
        self,
        spec: FieldSpec,
        choices: dict[str, Any] | None = None,
        cards: ModuleType | None = None,
        groups: Callable[[], list[CardGroup]] | None = None,
        **kwargs: Any,
    ) -> None:
        """``choices`` maps each spinner text to its value (None: the field is not a choice);
        ``cards`` (the game's chooser, see :func:`ui.corrections.card_chooser`) makes it a card
        chosen among ``groups()``."""
        super().__init__(**kwargs)
        self.spec = spec
        self.label = _(spec.label)
        self.words = spec.words
        self.choices = choices
        self.cards = cards
        self.groups = groups
        for name, widget in self._inputs(spec, choices):
            self.ids[name] = widget
            self.ids.input.add_widget(widget)
        self.show(spec.default)

    def _inputs(self, spec: FieldSpec, choices: dict[str, Any] | None) -> list[tuple[str, Widget]]:
        if choices is not None:
            field = CorrectChoice(values=list(choices), text=next(iter(choices)), title=self.label)
            return [("choice", field)]
        if self.cards is not None:
            card = CardField()
            card.bind(card=self._card_text, on_release=lambda _b: self.choose_kind())
            return [("card", card)]
        if spec.kind == "integer":
            return [("stepper", self._stepper(spec.bounds[0]))]
        if spec.kind == "cell":
            pair = zip(("first", "second"), spec.bounds, strict=True)
            return [(name, self._stepper(bounds)) for name, bounds in pair]
        field = TypedField()
        field.bind(on_release=lambda _b: self.type_text())
        return [("text", field)]

    def _stepper(self, bounds: tuple[int, int]) -> Stepper:
        low, high = bounds
        return Stepper(minimum=low, maximum=high, blank=self.spec.nullable, blank_text=_("none"))

    def _card_text(self, field: CardField, card: str) -> None:
        assert self.cards is not None
        field.text = self.cards.card_label(card) if card else _("(none)")

    def choose_kind(self) -> None:
        """The kinds of card first (goods, or a tribe symbol), unless there is one only."""
        assert self.groups is not None
        groups = self.groups()
        none = [(_("(none)"), lambda: self.set_card(""))] if self.spec.nullable else []
        if len(groups) == 1:
            self.choose_card(groups[0], none)
            return
        options = [(g.title, lambda g=g: self.choose_card(g, none)) for g in groups]
        pick(self.label, options, none, cols=len(groups) if len(groups) <= 3 else 3)

    def choose_card(self, group: CardGroup, extra: list[tuple[str, Callable[[], None]]]) -> None:
        options = [(text, lambda c=card: self.set_card(c)) for text, card in group.chips]
        title = f"{self.label[:1].upper()}{self.label[1:]}: {group.title}"
        pick(title, options, extra, cols=3)

    def set_card(self, card: str) -> None:
        self.ids.card.card = card

    def steppers(self) -> list[Stepper]:
        return [self.ids[n] for n in ("stepper", "first", "second") if n in self.ids]

    def type_text(self) -> None:
        ask_text(
            self.label,
            lambda text: setattr(self.ids.text, "typed", text),
            self.ids.text.typed,
            max_length=MAX_TYPED,
            words=False,
        )

    def value(self) -> Any:
        if self.choices is not None:
            return self.choices.get(self.ids.choice.text)
        if self.cards is not None:
            return self.ids.card.card or None
        steppers = self.steppers()
        if self.spec.kind == "integer":
            return steppers[0].value
        if self.spec.kind == "cell":
            numbers = [s.value for s in steppers]
            return None if None in numbers and self.spec.nullable else numbers
        return parse_field(self.spec, self.ids.text.typed)

    def show(self, value: Any) -> None:
        """Start the input from ``value`` (a value the spinner does not offer leaves it as is)."""
        if self.choices is not None:
            for text, choice in self.choices.items():
                if choice == value:
                    self.ids.choice.text = text
            return
        if self.cards is not None:
            self.ids.card.card = value if isinstance(value, str) else ""
            self._card_text(self.ids.card, self.ids.card.card)
            return
        steppers = self.steppers()
        if self.spec.kind == "integer":
            if isinstance(value, int) or (value is None and self.spec.nullable):
                steppers[0].value = value
            elif steppers[0].value is None:
                steppers[0].value = max(steppers[0].minimum, min(0, steppers[0].maximum))
            return
        if self.spec.kind == "cell":
            numbers = list(value) if isinstance(value, list | tuple) else [None] * len(steppers)
            for stepper, number in zip(steppers, numbers, strict=False):
                if isinstance(number, int) or self.spec.nullable:
                    stepper.value = number
                elif stepper.value is None:
                    stepper.value = stepper.minimum
            return
        self.ids.text.typed = field_text(self.spec, value)


class CorrectChoice(PickField):
    """A field of a correction with a few values (a player, an animal): chosen in a picker."""


class SequenceRow(BoxLayout):
    """A list of one enum's values, bottom to top (a load): tap values to add them in order."""

    label = StringProperty("")
    words = StringProperty("")
    """The label as shown: ``Salt``, ``VP``."""
    items = ListProperty([])
    summary = StringProperty("")

    def __init__(self, spec: FieldSpec, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.spec = spec
        self.label = _(spec.label)
        self.words = spec.words
        buttons = self.ids.buttons
        for choice in spec.choices:
            button = BigButton(text=value_text(choice))
            button.bind(on_release=lambda _b, c=choice: self.add(c))
            buttons.add_widget(button)
        buttons.add_widget(BigButton(text=_("Remove the last"), on_release=lambda _b: self.pop()))
        buttons.add_widget(BigButton(text=_("Clear"), on_release=lambda _b: self.show([])))
        self.show(spec.default or [])
        self.on_items(self, self.items)

    def on_items(self, _row: SequenceRow, items: list[Any]) -> None:
        self.summary = ", ".join(value_text(i) for i in items) or _("(none)")

    def add(self, choice: Any) -> None:
        if self.spec.max_items is None or len(self.items) < self.spec.max_items:
            self.items = [*self.items, choice]

    def pop(self) -> None:
        self.items = self.items[:-1]

    def value(self) -> list[Any]:
        return list(self.items)

    def show(self, value: Any) -> None:
        if value is not None:
            self.items = list(value)


Row = FieldRow | SequenceRow


class CorrectScreen(Screen):
    title = StringProperty("")
    message = StringProperty("")
    choosing = BooleanProperty(True)
    """The list of corrections is shown (no correction chosen yet)."""

    def __init__(self, nav: Navigator, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.nav = nav
        self.table: TableGame[Any, Any] | None = None
        self.shown_seq = -1
        """The log entry of the game the correction is meant for (as the screen was opened)."""
        self.chosen: type | None = None
        self.done: Callable[[], None] | None = None
        """Where logging or cancelling leads (a finished game's sheet); else back to the game."""
        self.belief: Belief = belief_of("", "")
        self.cards: ModuleType | None = None
        """The game's card chooser for the chosen correction (None: its card, if any, is typed)."""
        self.rows: dict[str, tuple[FieldSpec, Row]] = {}
        ids = self.ids
        cancel = ids.cancel.__self__
        self._menu = [ids.kinds.__self__, Widget()], [cancel]  # the list at the top
        self._form = [ids.scroller.__self__], [ids.apply.__self__, ids.other.__self__, cancel]
        self.on_choosing(self, self.choosing)

    def on_choosing(self, _screen: CorrectScreen, choosing: bool) -> None:
        """The list of corrections, or the chosen one's form and its actions."""
        body, actions = self._menu if choosing else self._form
        show_only(self.ids.body, *body)
        show_only(self.ids.actions, *actions)

    def show(self, table: TableGame[Any, Any], done: Callable[[], None] | None = None) -> None:
        self.table = table
        self.done = done
        self.shown_seq = table.seq
        self.chosen = None
        self.message = ""
        self.title = _("What does the table show differently?")
        kinds = self.ids.kinds
        kinds.clear_widgets()
        for cls in correction_types(table.rules):
            button = KindButton(text=kind_text(cls))
            button.bind(on_release=lambda _b, c=cls: self.choose(c))
            kinds.add_widget(button)
        self.ids.fields.clear_widgets()
        self.ids.sequences.clear_widgets()
        self.rows = {}
        self.choosing = True

    def other_correction(self) -> None:
        """Back to the list of corrections (nothing logged)."""
        assert self.table is not None
        self.show(self.table, self.done)

    def player_names(self) -> list[str]:
        assert self.table is not None
        return [
            getattr(p, "name", str(i))
            for i, p in enumerate(getattr(self.table.state, "players", ()))
        ]

    def choose(self, cls: type) -> None:
        assert self.table is not None
        self.chosen = cls
        self.message = ""
        self.title = kind_text(cls)
        self.belief = belief_of(self.table.rules.name, kind_of(cls))
        self.cards = card_chooser(self.table.rules.name, kind_of(cls))
        fields, sequences = self.ids.fields, self.ids.sequences
        fields.clear_widgets()
        sequences.clear_widgets()
        self.rows = {}
        for spec in field_specs(self.table.rules, cls):
            row = self.row_for(spec)
            self.rows[spec.name] = (spec, row)
            (sequences if isinstance(row, SequenceRow) else fields).add_widget(row)
        cells = any(spec.kind == "cell" for spec, _row in self.rows.values())
        fields.cols = 2 if len(fields.children) >= 3 and not cells else 1
        self.choosing = False
        self.prefill(by_name=True)

    def row_for(self, spec: FieldSpec) -> Row:
        """The input for ``spec``; a changed spinner fills the fields it picks from the belief."""
        if spec.kind == "sequence":
            return SequenceRow(spec)
        if spec.name == PLAYER:
            choices: dict[str, Any] | None = {n: i for i, n in enumerate(self.player_names())}
        elif spec.kind == "choice":
            choices = {choice_text(c): c for c in spec.choices}
            if spec.nullable:
                choices[_("none")] = None
        elif self.cards is not None and self.cards.CARD_FIELDS[kind_of(self.chosen)] == spec.name:
            return FieldRow(spec, cards=self.cards, groups=self.card_groups)
        else:
            return FieldRow(spec)
        row = FieldRow(spec, choices)
        if spec.name == PLAYER or spec.name in self.belief.picks:
            by_name = spec.name == PLAYER
            row.ids.choice.bind(text=lambda *_a: self.prefill(by_name=by_name))
        return row

    def card_groups(self) -> list[CardGroup]:
        """The chips the chosen correction's card field offers, for the other fields as set now."""
        assert self.table is not None and self.cards is not None and self.chosen is not None
        groups: list[CardGroup] = self.cards.card_groups(
            self.table.state, kind_of(self.chosen), self.values()
        )
        return groups

    def seat(self) -> int | None:
        if PLAYER not in self.rows:
            return None
        seat = self.rows[PLAYER][1].value()
        return seat if isinstance(seat, int) else None

    def values(self) -> dict[str, Any]:
        return {name: row.value() for name, (_spec, row) in self.rows.items()}

    def prefill(self, *, by_name: bool = False) -> None:
        """Start the fields from what the app believes now: ``by_name`` (a new player) also the
        player's counts found by the fields' names; then what the correction's belief reader
        gives for the current picks (an animal's load ...)."""
        assert self.table is not None
        state = self.table.state
        if by_name:
            for name, (spec, row) in self.rows.items():
                if name != PLAYER and spec.kind not in ("choice", "sequence"):
                    value = current_value(state, self.seat(), name)
                    if value is not None:
                        row.show(value)
        for name, value in self.belief.read(state, self.values()).items():
            if name in self.rows and name not in self.belief.picks:
                self.rows[name][1].show(value)

    def payload(self) -> dict[str, Any]:
        assert self.chosen is not None
        specs = [spec for spec, _row in self.rows.values()]
        return assemble(kind_of(self.chosen), self.values(), specs)

    def apply(self) -> None:
        """Log the correction; on success go back to the game, which shows the new belief."""
        assert self.table is not None
        if self.chosen is None:
            self.message = _("Choose what to correct first.")
            return
        try:
            action = self.table.rules.parse_action(self.payload())
        except InputError as error:
            self.message = error.message
            return
        verdict = self.table.submit(action, seq=self.shown_seq)
        if verdict.ok:
            self.leave()
        else:
            self.message = verdict.message

    def cancel(self) -> None:
        self.leave()

    def leave(self) -> None:
        if self.done is not None:
            self.done()
        else:
            self.nav.back_to_game()


load_kv(__file__)
