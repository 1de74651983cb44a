"""Correct what the app believes: pick one of the game's corrections, fill in its fields (started
from the current belief), and log it. Malformed fields and refused corrections are explained."""

from __future__ import annotations

from typing import Any

from kivy.properties import StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen

from companion.errors import InputError
from companion.i18n import _
from ui.choices import kind_of, kind_text
from ui.corrections import FieldSpec, correction_types, current_value, field_specs, parse_field
from ui.kv import load_kv
from ui.table import TableGame
from ui.widgets import BigButton


class FieldRow(BoxLayout):
    """One field of a correction: its name and a text box or a spinner."""

    label = StringProperty("")


class CorrectScreen(Screen):
    title = StringProperty("")
    message = StringProperty("")

    def __init__(self, nav: Any, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.nav = nav
        self.table: TableGame | None = None
        self.chosen: type | None = None
        self.rows: dict[str, tuple[FieldSpec, FieldRow]] = {}

    def show(self, table: TableGame) -> None:
        self.table = table
        self.chosen = None
        self.message = ""
        self.title = _("What does the table show differently?")
        kinds = self.ids.kinds
        kinds.clear_widgets()
        for cls in correction_types(table.rules):
            button = BigButton(text=kind_text(cls))
            button.bind(on_release=lambda _b, c=cls: self.choose(c))
            kinds.add_widget(button)
        self.ids.form.clear_widgets()

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
        form = self.ids.form
        form.clear_widgets()
        self.rows = {}
        for spec in field_specs(self.table.rules, cls):
            row = FieldRow(label=_(spec.name.replace("_", " ")))
            if spec.name == "player":
                row.ids.choice.values = self.player_names()
                row.ids.choice.text = self.player_names()[0]
                row.ids.choice.bind(text=lambda *_a: self.prefill())
                row.ids.text.opacity, row.ids.text.disabled, row.ids.text.size_hint_x = 0, True, 0
            elif spec.kind == "choice":
                values = [str(v) for v in spec.choices] + ([""] if spec.nullable else [])
                row.ids.choice.values = values
                row.ids.choice.text = str(spec.default) if spec.default is not None else values[0]
                row.ids.text.opacity, row.ids.text.disabled, row.ids.text.size_hint_x = 0, True, 0
            else:
                row.ids.choice.opacity, row.ids.choice.disabled, row.ids.choice.size_hint_x = (
                    0,
                    True,
                    0,
                )
                row.ids.text.text = "" if spec.default is None else str(spec.default)
            self.rows[spec.name] = (spec, row)
            form.add_widget(row)
        self.prefill()

    def seat(self) -> int | None:
        if "player" not in self.rows:
            return None
        names = self.player_names()
        chosen = self.rows["player"][1].ids.choice.text
        return names.index(chosen) if chosen in names else None

    def prefill(self) -> None:
        """Start each field from what the app believes now (a player's counts, hand ...)."""
        assert self.table is not None
        for name, (spec, row) in self.rows.items():
            if name == "player" or spec.kind == "choice":
                continue
            value = current_value(self.table.state, self.seat(), name)
            if value is not None:
                row.ids.text.text = str(value)

    def payload(self) -> dict[str, Any]:
        assert self.chosen is not None
        payload: dict[str, Any] = {"kind": kind_of(self.chosen)}
        for name, (spec, row) in self.rows.items():
            if name == "player":
                payload[name] = self.seat()
            elif spec.kind == "choice":
                payload[name] = row.ids.choice.text or None
            else:
                payload[name] = parse_field(spec, row.ids.text.text)
        return payload

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
        verdict = self.table.submit(action)
        if verdict.ok:
            self.nav.back_to_game()
        else:
            self.message = verdict.message

    def cancel(self) -> None:
        self.nav.back_to_game()


load_kv(__file__)
