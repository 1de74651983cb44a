"""The score sheet of any game: categories x players, totals, rank, the tie-break that decided."""

from __future__ import annotations

from typing import Any

from kivy.properties import StringProperty
from kivy.uix.label import Label
from kivy.uix.screenmanager import Screen

from companion.i18n import _
from companion.scoresheet import ScoreSheet
from ui.kv import load_kv


class SheetCell(Label):
    """One cell of the sheet's table."""


class ScoreSheetScreen(Screen):
    heading = StringProperty("")
    footer = StringProperty("")

    def __init__(self, nav: Any, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.nav = nav
        self.back_to = "home"
        self.sheet: ScoreSheet | None = None

    def show(self, sheet: ScoreSheet, back_to: str) -> None:
        self.sheet = sheet
        self.back_to = back_to
        state = _("final") if sheet.final else _("so far")
        self.heading = _("{game} — score sheet ({state})").format(
            game=sheet.game.capitalize(), state=state
        )
        table = self.ids.table
        table.clear_widgets()
        table.cols = len(sheet.players) + 1
        ranks = {p: place for place, group in enumerate(sheet.ranking, 1) for p in group}
        rows = [
            ["", *sheet.players],
            *(
                [c.label, *(str(sheet.points[p][c.key]) for p in sheet.players)]
                for c in sheet.categories
            ),
            [_("Total"), *(str(sheet.totals[p]) for p in sheet.players)],
            [_("Rank"), *(str(ranks[p]) for p in sheet.players)],
        ]
        for index, row in enumerate(rows):
            bold = index == 0 or index >= len(rows) - 2
            for text in row:
                table.add_widget(SheetCell(text=text, bold=bold))
        lines = []
        if sheet.tiebreak:
            lines.append(_("Tie-break: {step}").format(step=_(sheet.tiebreak.replace("_", " "))))
        lines.extend(sheet.notes)
        self.footer = "\n".join(lines)

    def back(self) -> None:
        self.nav.go(self.back_to)


load_kv(__file__)
