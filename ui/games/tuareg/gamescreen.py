"""The Tuareg card game at the table: every player's animals, caves, thieves and maps, the market
and the deck; the turn's actions built card by card; the stage-end reveal and its majority table;
and, once, the card values only the cards print.

The screen decides no rule. A load shows live which goods may still go on and why not
(:func:`loading.loadable_next` / :func:`loading.load_refusals`); every other choice is offered from
``TuaregRules.legal_actions``, and every finished action goes to the session, whose verdict is shown.
"""

from __future__ import annotations

from typing import Any

from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.games.tuareg import actions as a
from companion.games.tuareg.blocked import blocked
from companion.games.tuareg.model import Good
from companion.games.tuareg.names import good_name
from companion.games.tuareg.state import AnimalRef, Phase, TuaregState
from companion.installation.i18n import _
from companion.play.table import TableGame
from companion.rules.verdict import Verdict
from ui import columns
from ui.design import INK, badge
from ui.games.tuareg.drafts import LoadDraft, Payment
from ui.games.tuareg.scanning import TuaregScans
from ui.games.tuareg.stage import TuaregStage
from ui.games.tuareg.turn import TuaregTurn
from ui.games.tuareg.values_dialog import ValuesDialog
from ui.games.tuareg.view import (
    MajorityTable,
    animal_text,
    goods_markup,
    player_text,
    status_text,
    table_text,
    unconfirmed,
)
from ui.kv import load_kv
from ui.prompt import Prompt
from ui.screens.base import GameScreen
from ui.spacing import tied
from ui.widgets import show_only

ANIMAL_BACKGROUND = [0.24, 0.2, 0.15, 1]
CHOSEN_FRAME = list(INK)


class TuaregLabel(Label):
    """A label that wraps and is as tall as its text."""


class TuaregCell(Label):
    """One cell of the majority table."""


class TuaregMajority(GridLayout):
    """The majority table above a stage's prompt: a column per good, a row per player."""


class TuaregAnimal(ButtonBehavior, Label):
    """One animal and its load, framed in yellow when a tap on it is legal, in white when chosen;
    as tall as its load needs (its panel takes the tallest)."""

    background = ListProperty(ANIMAL_BACKGROUND)
    frame = ListProperty([0, 0, 0, 0])
    highlighted = BooleanProperty(False)


class TuaregPlayerPanel(BoxLayout):
    """One player in one row: their badge, hand, maps, caves and thieves, then a cell per animal."""

    text = StringProperty("")
    active = BooleanProperty(False)
    """The player to move."""
    tallest = NumericProperty(0)
    """The height of the tallest animal's text."""

    def fit(self) -> None:
        self.tallest = max((c.texture_size[1] for c in self.ids.animals.children), default=0)


class TuaregScreen(TuaregScans, GameScreen[TuaregState]):
    """Tap an action, build it card by card, submit it; the rules answer."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        # The widgets themselves, not the weak proxies ``ids`` holds: the values prompt takes them
        # off the screen, and nothing else would keep them alive until they come back.
        self.board = self.ids.board.__self__
        self.side = self.ids.side.__self__
        """Kept so the body can swap them for the values prompt and back."""
        self.prompt: Prompt = self.ids.prompt.__self__
        self.majority = TuaregMajority()
        self.prompt.hold_above(self.majority)
        self.values = ValuesDialog(self)
        self.panels: list[TuaregPlayerPanel] = []
        self.animal_cells: dict[tuple[int, AnimalRef], TuaregAnimal] = {}
        self.reset_drafts()
        self.turn = TuaregTurn(self)
        self.stage = TuaregStage(self)

    # --- the table shown and what is being built on it -----------------------------------------

    def show(self, table: TableGame[TuaregState, Any]) -> None:
        self.values.forget()
        self.stage.maps_kept.clear()
        self.panels = []
        self.ids.players.clear_widgets()
        super().show(table)

    def reset_drafts(self) -> None:
        self.mode: str | None = None
        self.load: LoadDraft | None = None
        self.payment: Payment | None = None
        self.picked: list[Good] = []
        self.reveal_seat: int | None = None
        self.scored_stage: int | None = None

    def reset(self) -> None:
        self.reset_drafts()

    def begin(self, mode: str | None) -> None:
        """Start building the turn's ``mode`` action; a load or a take that only one animal can
        receive (as the rules list them) starts on that animal."""
        self.reset_drafts()
        self.mode = mode
        if mode == "buy":
            self.payment = Payment(player=self.state.to_move)
        if mode in ("load", "market"):
            kind = a.LoadFromCache if mode == "load" else a.TakeFromMarket
            animals = {x.onto for x in self.legal() if isinstance(x, kind)}
            if len(animals) == 1:
                self.load = LoadDraft.start(self.state, animals.pop())
        self.render()

    def submit(self, action: Any) -> Verdict:
        assert self.table is not None
        # GameScreen's own: the type checker would find the host protocol's that the scans mix in
        verdict = GameScreen.submit(self, action)
        if verdict.ok and isinstance(action, a.ScoreStage):
            self.scored_stage = len(self.state.stages) - 1
            if self.table.over:
                self.nav.show_sheet(self.table.score_sheet(), back_to=self.name)
            self.render()
        return verdict

    # --- rendering ------------------------------------------------------------------------------

    def render(self) -> None:
        if self.table is None:
            return
        state = self.state
        self.render_bar(status_text(state))
        info = table_text(state)
        missing = unconfirmed(state)
        if missing:
            info += "\n" + _("Card values not confirmed: {goods}").format(
                goods=", ".join(good_name(g) for g in missing)
            )
        self.ids.table_info.text = tied(info)  # "Millet 1" on one line, "·" ending a line
        refusal = self.table.refusal
        self.ids.refusal.text = refusal.message if refusal is not None else ""
        if state.phase is not Phase.REVEAL:
            self.stage.maps_kept.clear()
        self.render_players()
        if self.values.asking():
            self.values.render()
            return
        self.show_body(self.board, self.side)
        self.render_side()
        self.primary = self.prompt.primary

    def show_body(self, *widgets: Widget) -> None:
        show_only(self.ids.body, *widgets)

    def render_players(self) -> None:
        state = self.state
        players = self.ids.players
        while len(self.panels) < len(state.players):
            panel = TuaregPlayerPanel()
            self.panels.append(panel)
            players.add_widget(panel)
        self.animal_cells = {}
        selectable = self.selectable_animals()
        chosen = self.load.onto if self.load is not None else None
        for seat, (panel, player) in enumerate(zip(self.panels, state.players, strict=True)):
            panel.text = f"{badge(player.colour, player.name)} {player_text(state, seat)}"
            panel.active = state.phase is Phase.TURNS and seat == state.to_move
            grid = panel.ids.animals
            animals = list(player.animals())
            if len(grid.children) != len(animals):
                grid.clear_widgets()
                for ref, _stack in animals:
                    cell = TuaregAnimal(background=ANIMAL_BACKGROUND)
                    cell.bind(texture_size=lambda _c, _s, p=panel: p.fit())
                    cell.bind(on_release=lambda _c, s=seat, r=ref: self.tap_animal(s, r))
                    grid.add_widget(cell)
            for cell, (ref, stack) in zip(reversed(grid.children), animals, strict=True):
                cell.highlighted = seat == state.to_move and ref in selectable
                mine = seat == state.to_move and ref == chosen
                cell.frame = CHOSEN_FRAME if mine else [0, 0, 0, 0]
                cell.text = animal_text(ref, stack)
                if mine and self.load is not None and self.load.added:
                    cell.text += "\n+ " + goods_markup(self.load.added)
                self.animal_cells[(seat, ref)] = cell

    def selectable_animals(self) -> set[AnimalRef]:
        """The animals of the player to move that a tap picks in the current step."""
        state = self.state
        if state.phase is not Phase.TURNS:
            return set()
        player = state.players[state.to_move]
        if self.mode in ("load", "market") and self.load is None:
            return {ref for ref, _stack in player.animals()}
        if self.mode == "buy" and self.payment is not None and self.payment.card is not None:
            return {
                ref
                for ref, _stack in player.animals()
                if self.payment.next_top(state, ref) is not None
            }
        return set()

    def tap_animal(self, seat: int, ref: AnimalRef) -> None:
        if seat != self.state.to_move or ref not in self.selectable_animals():
            return
        if self.mode in ("load", "market"):
            self.turn.choose_animal(ref)
        elif self.mode == "buy":
            self.turn.pay(ref)

    # --- the side panel: one prompt at a time ---------------------------------------------------

    def blocked(self) -> dict[str, Verdict]:
        """The turn's actions the rules cannot allow now, each with the reason."""
        return blocked(self.state)

    def show_majority(self, table: MajorityTable | None) -> None:
        grid = self.majority
        grid.clear_widgets()
        if table is None:
            grid.cols = 1
            return
        grid.cols = len(table.headings)
        cells = [TuaregCell(text=f"[b]{heading}[/b]") for heading in table.headings]
        for row in table.rows:
            texts = (row.name, *row.cells, row.maps, f"[b]{row.total}[/b]")
            cells += [TuaregCell(text=text) for text in texts]
        for cell in cells:
            grid.add_widget(cell)
        columns.fit(grid, cells)
        if table.notes:
            self.prompt.note = "\n".join(filter(None, (self.prompt.note, *table.notes)))

    def render_side(self) -> None:
        phase = self.state.phase
        turn, stage = self.turn, self.stage
        if phase is Phase.MARKET:
            turn.market_prompt()
        elif phase is Phase.REVEAL:
            stage.reveal_prompt()
        elif phase is Phase.GAME_OVER:
            stage.game_over_prompt()
        elif self.scored_stage is not None:
            stage.scored_prompt()
        else:
            prompts = {
                None: turn.turn_menu,
                "draw": turn.draw_prompt,
                "load": turn.load_prompt,
                "market": turn.take_prompt,
                "buy": turn.buy_prompt,
                "hide": turn.hide_prompt,
                "steal": turn.steal_prompt,
            }
            prompts[self.mode]()


load_kv(__file__)
