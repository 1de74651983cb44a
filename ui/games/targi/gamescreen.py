"""Targi at the table: the 5x5 grid as it lies, the prompt for the step the round is in, and both
players' goods, gold, VP, hand and display.

The screen decides no rule: the highlighted spaces, the offered choices and every refusal come from
``TargiRules.legal_actions`` / ``check`` and the session's verdicts.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.core.text.markup import MarkupLabel as CoreMarkupLabel
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label

from companion.games.targi import actions as a
from companion.games.targi import names
from companion.games.targi.board import BORDER, RAID_CORNERS, BorderCard, Cell
from companion.games.targi.effects import MERCHANT_FOR_GOLD, MERCHANT_FOR_GOOD
from companion.games.targi.flow import awaiting_reveal
from companion.games.targi.model import CardKind, Good, Phase, Stock, Symbol, TargiState
from companion.games.targi.names import (
    amount,
    card_hints,
    card_name,
    decision_name,
    good_name,
    kind_name,
    raid_payment,
    returned,
    symbol_name,
    tribe_points_and_cost,
    upper_first,
)
from companion.games.targi.naming import Face, faces, faces_of, symbols
from companion.installation.i18n import _, ngettext, pgettext
from ui import design
from ui.choices import WHOLE, naming
from ui.design import counters
from ui.game_widgets import TextCell
from ui.hyphenate import fit
from ui.kv import load_kv
from ui.prompt import ChoicePanel
from ui.screens.base import GameScreen
from ui.spacing import NBSP
from ui.widgets import BigButton, ChoiceButton, reuse_children, show_only

Space = int | Cell
"""A border card's number or a central cell: where a Targi or a tribe marker stands."""

LAYOUT: tuple[tuple[Space, ...], ...] = (
    (16, 1, 2, 3, 4),
    (15, (1, 1), (1, 2), (1, 3), 5),
    (14, (2, 1), (2, 2), (2, 3), 6),
    (13, (3, 1), (3, 2), (3, 3), 7),
    (12, 11, 10, 9, 8),
)
"""The table seen from the start player's side: border cards 1-16 clockwise from the Noble."""

CARD_OF_KIND = {kind: number for number, kind in BORDER.items()}
"""The single border card of each special kind (the Merchant is card 5 ...)."""

TEXTS = {
    # after "Display" (a tribe card's decision): the row alone, "display" is said once
    "row": lambda row: pgettext("a row of a player's display", "row {n}").format(n=row + 1),
    "pay_gold": lambda _paid: _("pay with gold"),
    "card": lambda card: card_name(card) if isinstance(card, str) else "",
    "decision": decision_name,
    "cell": lambda _cell: "",
    "choice": good_name,
    "marker": lambda cell: _("marker at {cell}").format(cell="·".join(map(str, cell))),
    "to": lambda cell: _("to {cell}").format(cell="·".join(map(str, cell))),
    "first": lambda spot: _("row {row} card {n}").format(row=spot[0] + 1, n=spot[1] + 1),
    "second": lambda spot: _("with row {row} card {n}").format(row=spot[0] + 1, n=spot[1] + 1),
}
"""How the choices of Targi's actions read on a button."""

NAMED_TEXTS = {**TEXTS, "card": lambda _card: ""}
"""The choices of a drawn card once it is named (the title names it)."""


def stock_of(action: Any) -> Stock:
    """The amounts a raid payment or a return names (its other fields left out)."""
    return Stock(**{f: getattr(action, f, 0) for f in ("dates", "salt", "pepper", "gold", "vp")})


RAID_TEXTS = {WHOLE: lambda action: raid_payment(stock_of(action))}
"""A raid payment as the player makes it: ``Give 1 pepper``, ``Lose 1 VP``."""
LIMITS_TEXTS = {WHOLE: lambda action: returned(stock_of(action))}
"""What goes back over the limits: ``Return 2 pepper, 1 gold``."""

CARD_TEXT_TEXTS = {**TEXTS, "row": lambda row: _("display row {n}").format(n=row + 1)}
"""The choices of a card's text (play the hand card into a row): the row says whose it is."""

ROBBER_BACKGROUND = [0.55, 0.12, 0.1, 1]
RAID_BACKGROUND = [0.35, 0.22, 0.12, 1]
GOODS_BACKGROUND = [0.5, 0.42, 0.22, 1]
TRIBE_BACKGROUND = [0.15, 0.33, 0.38, 1]
BORDER_BACKGROUND = [0.22, 0.22, 0.25, 1]


def mark(colour: str, name: str) -> str:
    """A player's shape and initial drawn on their own colour (the shape in the text's ink)."""
    shape = design.piece(colour).shape
    return f"[font={design.SYMBOL_FONT}]{shape}[/font] [b]{name.strip()[:1].upper()}[/b]"


def chip_text(face: Face, hints: dict[str, str], *, compact: bool = False) -> str:
    """What a card prints (a tribe card's points and cost, what a goods card gives), and how many
    copies it may be; ``compact``: a tribe card's points in bold, then its cost without "costs"
    (the naming's four chips a row)."""
    if compact and face.symbol is not None:
        points, cost = tribe_points_and_cost(face.card)
        text = f"[b]{points}[/b] · {cost}"
    else:
        text = hints.get(face.card, card_name(face.card))
    copies = ngettext("{n} copy", "{n} copies", face.free).format(n=face.free)
    return text + (f" · [b]{copies}[/b]" if face.free > 1 else "")


class TargiCell(TextCell):
    """A grid space: its card, who stands on it (shape and initial), a yellow frame when a tap
    there is legal, a white inner frame when it is the chosen one. ``words`` is what it says, a
    long word broken at its marks when the cell is too narrow for it (:mod:`ui.hyphenate`)."""

    chosen = BooleanProperty(False)
    words = StringProperty("")
    short = StringProperty("")
    """What it says instead when ``words`` would need more lines than the cell holds inside its
    frames: a border card with a long name leaves its number out (a Targi's mark goes after the
    name)."""
    inset = ListProperty([0.0, 0.0])
    """How far the text keeps from the cell's sides and from its top and bottom: clear of the
    frames drawn over it."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.bind(words=self.fit, short=self.fit, text_size=self.fit, font_size=self.fit)

    def fit(self, *_args: Any) -> None:
        width = self.text_size[0] if self.text_size[0] else self.width
        text = fit(self.words, width, self.font_size, self.font_name)
        if self.short and self.text_size[1] and self.needs(text, width) > self.text_size[1]:
            text = fit(self.short, width, self.font_size, self.font_name)
        self.text = text

    def needs(self, text: str, width: float) -> float:
        """The height ``text`` takes wrapped at ``width`` in this cell's font, every line kept."""
        core = CoreMarkupLabel(
            text=text, text_size=(width, None), font_size=self.font_size, font_name=self.font_name
        )
        core.refresh()
        return float(core.texture.size[1]) if core.texture is not None else 0.0


class TargiButton(BigButton):
    """A button of the fixed row under the prompt (never scrolled away)."""

    primary = BooleanProperty(False)


class TargiChip(ChoiceButton):
    """One distinct card the face-down card may be (``payload``: the reveal it records, given to
    ``pick`` when tapped)."""

    pick: Callable[[Any], Any] | None = None

    def on_release(self) -> None:
        if self.pick is not None and isinstance(self.payload, tuple):
            self.pick(self.payload[0])


class TargiSymbolButton(TargiButton):
    """A tribe symbol the naming chips are filtered to (``pick``: given the ``symbol`` tapped)."""

    symbol: Symbol | None = None
    pick: Callable[[Symbol], Any] | None = None

    def on_release(self) -> None:
        if self.pick is not None and self.symbol is not None:
            self.pick(self.symbol)


class TargiPanel(Label):
    """One player's counters; ``active`` marks the player to move."""

    active = BooleanProperty(False)


class TargiNaming(BoxLayout):
    """Naming a face-down card: a chip per distinct card it may be."""

    title = StringProperty("")
    cols = NumericProperty(2)


def space_of(action: Any) -> Space | None:
    """The space whose card an action of the actions step uses (None for ending the turn)."""
    if isinstance(action, a.Skip):
        return action.space
    if isinstance(action, a.TakeGoods):
        return action.card
    if isinstance(action, a.TakeCentralGoods | a.TakeCentralTribe):
        return action.cell
    try:
        return CARD_OF_KIND[BorderCard(action.kind)]
    except ValueError:
        return None


def drawn_cards(uses: list[Any]) -> list[str]:
    """The cards a Caravan or a Tribal expansion may have drawn, among ``uses`` (in order)."""
    drawn = (x.card for x in uses if isinstance(x, a.UseCaravan | a.UseTribalExpansion))
    return list(dict.fromkeys(drawn))


def exchange_text(exchange: a.Exchange) -> str:
    """``3 salt for 1 gold`` or ``2 salt for 1 date``, as the Merchant card prints its exchanges
    (in words: Kivy's default font has no arrow), each amount in its plural form."""
    get = exchange.get.value if isinstance(exchange.get, Good) else exchange.get
    give = MERCHANT_FOR_GOLD if get == "gold" else MERCHANT_FOR_GOOD
    return _("{give} for {get}").format(give=amount(exchange.give.value, give), get=amount(get, 1))


def border_name(number: int) -> str:
    return upper_first(names.border_name(BORDER[number]))


def cell_name(number: int) -> str:
    """A border card's name in its narrow grid cell, marked where a long word may break."""
    return names.cell_name(BORDER[number]) or border_name(number)


class TargiScreen(GameScreen[TargiState]):
    """The Targi table: tap spaces, answer the prompt, correct what the app believes."""

    naming_drawn = BooleanProperty(False)
    """A card a Caravan / Tribal expansion drew is being named: the players' panels fold away
    for its faces (German and Polish faces need every line)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.cells: dict[Space, TargiCell] = {}
        for row in LAYOUT:
            for space in row:
                cell = TargiCell()
                cell.bind(on_release=lambda _c, s=space: self.tap(s))
                self.cells[space] = cell
                self.ids.grid.add_widget(cell)
        self.selected: Space | None = None
        self.exchanges: tuple[a.Exchange, ...] = ()
        self.symbol: Symbol | None = None
        """The tribe symbol the naming chips are filtered to (None: the likeliest)."""
        self.drawn: str | None = None
        """The card a Caravan / Tribal expansion drew, once named (None: to be named)."""
        self.prompt: ChoicePanel = self.ids.prompt.__self__
        self.naming = TargiNaming()
        self.chips: list[TargiChip] = []
        """The naming chips shown, one per distinct card."""

    def reset(self) -> None:
        self.selected = None
        self.exchanges = ()
        self.symbol = None
        self.drawn = None

    # --- intents --------------------------------------------------------------------------------

    def tap(self, space: Space) -> None:
        """A tapped space: place a Targi, or pick the card to resolve / to name."""
        state = self.state
        if state.phase is Phase.PLACEMENT and state.to_move is not None:
            if isinstance(space, int):
                self.submit(a.Place(player=state.to_move, card=space))
            else:
                self.refuse("border_only", _("Targi stand on border cards, not in the centre."))
        elif space in self.selectable():
            self.select(space)

    def select(self, space: Space) -> None:
        self.selected = space
        self.exchanges = ()
        self.symbol = None
        self.drawn = None
        self.render()

    def filter_symbol(self, symbol: Symbol) -> None:
        self.symbol = symbol
        self.render()

    def on_scan(self, card: str) -> bool:
        """A scanned card names a face-down card (the chosen one if it may go there, else the first
        the scan module finds, as ``game scan`` does), or the card a Caravan / Tribal expansion
        drew."""
        from companion.play.scan_play import scan_move

        state = self.state
        if state.phase is Phase.REVEAL and self.table is not None:
            chosen = {"cell": self.selected} if isinstance(self.selected, tuple) else {}
            move = scan_move(self.table.session, [card], prefer=chosen)
            if move.action is not None:
                self.submit_payload(move.action)
                return True
        if state.phase is Phase.ACTIONS and card in drawn_cards(self.legal()):
            uses = [x for x in self.legal() if space_of(x) == self.selected]
            if card in drawn_cards(uses):
                self.name_drawn(card)
                return True
        named = naming(self.ids.prompt.remaining, card)
        if named:
            self.ids.prompt.narrow(named)
            return True
        self.refuse(
            "unexpected_card", _("{card} is not a card the game expects now.").format(card=card)
        )
        return True

    def on_button(self, button: str) -> bool:
        if button == "confirm":
            remaining = self.ids.prompt.remaining
            if len(remaining) == 1:
                self.submit(remaining[0])
            return True
        if button == "next":
            self.skip()
            return True
        return super().on_button(button)

    def skip(self) -> None:
        """``next``: leave the selected card unused, or go on to the next face-down card."""
        state = self.state
        seat = state.to_move
        if state.phase is Phase.ACTIONS and seat is not None and self.selected is not None:
            self.submit(a.Skip(player=seat, space=self.selected))
        elif state.phase is Phase.REVEAL and len(awaiting_reveal(state)) > 1:
            cells = awaiting_reveal(state)
            at = next((i for i, cell in enumerate(cells) if cell == self.selected), -1)
            self.select(cells[(at + 1) % len(cells)])
        else:
            self.refuse(
                "nothing_to_skip",
                _("Nothing to skip now: answer the prompt, or end the turn with your seat button."),
            )

    # --- what the table may do now --------------------------------------------------------------

    def open_spaces(self) -> list[Space]:
        """The spaces whose cards the player to move has still to resolve."""
        seat = self.state.to_move
        if seat is None:
            return []
        player = self.state.players[seat]
        return [*player.targi, *player.markers]

    def selectable(self) -> list[Space]:
        """Spaces a tap picks: the cards left to resolve, or the face-down cards to name."""
        if self.state.phase is Phase.ACTIONS:
            return self.open_spaces()
        if self.state.phase is Phase.REVEAL:
            return list(awaiting_reveal(self.state))
        return []

    def highlighted(self) -> set[Space]:
        phase = self.state.phase
        if phase is Phase.PLACEMENT:
            return {action.card for action in self.legal() if isinstance(action, a.Place)}
        return set(self.selectable())

    # --- rendering ------------------------------------------------------------------------------

    def render(self) -> None:
        if self.table is None:
            return
        self.render_bar()
        self.naming_drawn = False
        if self.state.phase is Phase.REVEAL:  # the card being named, marked on the grid too
            self.naming_cell()
        lit = self.highlighted()
        for space, cell in self.cells.items():
            self.render_space(space, cell, lit)
        self.show_actions([])
        show_only(self.ids.ask, self.prompt)
        self.render_prompt()
        for seat, panel in enumerate((self.ids.player0, self.ids.player1)):
            self.render_player(seat, panel)

    def render_space(self, space: Space, cell: TargiCell, lit: set[Space]) -> None:
        state = self.state
        lines, background = (
            self.border_lines(space) if isinstance(space, int) else self.central_lines(space)
        )
        owner = (
            state.targi_owner.get(space)
            if isinstance(space, int)
            else state.marker_owner.get(space)
        )
        cell.frame = [0, 0, 0, 0]
        short = [cell_name(space)] if isinstance(space, int) and space not in RAID_CORNERS else []
        if owner is not None:
            player = state.players[owner]
            fill = design.piece(player.colour).fill
            if isinstance(space, int):
                background = list(fill)
                owner_mark = mark(player.colour, player.name)
                lines = self.border_lines(space, owner_mark)[0]
                if space not in RAID_CORNERS:  # the mark after the name's last line instead
                    short = [f"{cell_name(space)} {owner_mark.replace(' ', NBSP)}"]
            else:
                cell.frame = list(fill)
                badge = design.badge(player.colour, player.name, on=background)
                short = [f"{' '.join(lines)} {badge}"]  # the badge after the name instead
                lines.append(badge)
        if isinstance(space, int) and space == state.robber:
            robber = _("ROBBER")
            lines.append(f"[b]{robber}[/b]")
            short = [*short, f"[b]{robber}[/b]"] if short else []
            background = ROBBER_BACKGROUND
        cell.background = background
        cell.color = design.ink_on(background)
        cell.highlighted = space in lit
        cell.chosen = space == self.selected
        cell.short = "\n".join(short)
        cell.words = "\n".join(lines)

    def border_lines(self, number: int, owner: str = "") -> tuple[list[str], list[float]]:
        """A border card's number and name; a Targi on it (``owner``: its shape and initial)
        shares the number's line, so that a long name keeps the lines it needs."""
        if number in RAID_CORNERS:
            return [_("Raid {n}").format(n=RAID_CORNERS[number])], RAID_BACKGROUND
        if owner:
            return [f"{number}  {owner}", cell_name(number)], BORDER_BACKGROUND
        return [f"{number} {cell_name(number)}"], BORDER_BACKGROUND

    def central_lines(self, cell: Cell) -> tuple[list[str], list[float]]:
        slot = self.state.slot(cell)
        background = GOODS_BACKGROUND if slot.kind is CardKind.GOODS else TRIBE_BACKGROUND
        text = card_name(slot.card) if slot.card else _("face down")
        if slot.card is None and cell == self.selected:  # the one being named: lighter, and
            return [text], [min(1.0, c * 1.35) for c in background[:3]] + [1]  # framed in ink
        return [text], background

    def render_player(self, seat: int, panel: TargiPanel) -> None:
        """Counters: goods, gold and VP, tribe cards displayed and the hand card; who by badge."""
        player = self.state.players[seat]
        stock = player.stock
        moving = self.state.to_move == seat
        panel.active = moving
        head = f"{design.badge(player.colour, player.name)} [b]{player.name}[/b]"
        if moving:
            head += " · " + _("to move")
        tribe = _("tribe cards {n}").format(n=player.displayed)
        if player.hand:
            tribe += " · " + _("hand: {card}").format(card=card_name(player.hand))
        panel.text = "\n".join(
            (
                head,
                counters(
                    _("dates {d} · salt {s} · pepper {p}").format(
                        d=stock.dates, s=stock.salt, p=stock.pepper
                    )
                ),
                counters(_("gold {g} · VP {vp}").format(g=stock.gold, vp=stock.vp)),
                tribe,
            )
        )

    def show_actions(self, buttons: list[tuple[str, Any]], *, cols: int = 2) -> None:
        """The fixed row under the prompt: the step's primary actions, never scrolled away."""
        row = self.ids.actions
        row.clear_widgets()
        row.cols = max(1, min(cols, len(buttons)))
        for text, callback in buttons:
            button = TargiButton(text=text)
            button.bind(on_release=lambda _b, c=callback: c())
            row.add_widget(button)

    # --- the prompt for the step the round is in ------------------------------------------------

    def render_prompt(self) -> None:
        """The prompt of the phase; the legal actions are worked out only for a phase whose prompt
        offers them (naming a face-down card needs none: a scan's frame then checks no move)."""
        state = self.state
        prompt = self.ids.prompt
        phase = state.phase
        legal = [] if phase is Phase.REVEAL else self.legal()
        if phase is Phase.REVEAL:
            cell = self.naming_cell()
            if cell is not None:
                self.naming_prompt(cell)
        elif phase is Phase.RAID:
            name = state.players[state.to_move].name if state.to_move is not None else ""
            title = _("Raid {raid}: what does {name} give?").format(raid=state.raid, name=name)
            prompt.offer(title, legal, self.submit, RAID_TEXTS, with_kind=False)
        elif phase is Phase.PLACEMENT:
            name = state.players[state.to_move].name if state.to_move is not None else ""
            title = _("{name}: tap a highlighted card to place a Targi.").format(name=name)
            prompt.offer(title, [], self.submit)
        elif phase is Phase.ACTIONS:
            self.actions_prompt(legal)
        elif phase is Phase.LIMITS:
            seat = legal[0].player if legal else None
            name = state.players[seat].name if seat is not None else ""
            title = _("{name} holds more than 10 goods or 3 gold: what goes back?").format(
                name=name
            )
            actions = [x for x in legal if x.player == seat]
            prompt.offer(title, actions, self.submit, LIMITS_TEXTS, with_kind=False)
        else:
            title = _("The game is over.")
            prompt.offer(title, [], self.submit, extra=[(_("Score sheet"), self.score)])

    def naming_cell(self) -> Cell | None:
        """The face-down cell being named, chosen from now on: the one chosen if it still awaits its
        card, else the first that does (None: none does)."""
        cells = awaiting_reveal(self.state)
        self.selected = next((c for c in cells if c == self.selected), cells[0] if cells else None)
        return self.selected

    def naming_prompt(self, cell: Cell) -> None:
        """One chip per distinct card the face-down card may be, the likeliest first; tribe cards
        filtered by their symbol (the likeliest preselected). The core names the free copy."""
        kind = self.state.slot(cell).kind
        title = _("Name the {kind} card at centre {cell} (or scan it)").format(
            kind=kind_name(kind), cell="·".join(map(str, cell))
        )
        self.show_faces(
            title,
            faces(self.state, cell),
            lambda card: a.RevealCard(cell=cell, card=card),
            self.submit,
        )

    def show_faces(
        self,
        title: str,
        found: list[Face],
        payload: Callable[[str], Any],
        on_pick: Callable[[Any], Any],
        leave: list[tuple[str, Any]] | None = None,
    ) -> None:
        """Name a card by its face: a row of symbols over the chips (tribe cards: the likeliest
        preselected, one tap to change), a chip per face of that symbol (its ``payload``: what
        ``payload(card)`` makes of its free copy, given to ``on_pick``); ``leave``: the fixed
        row's buttons that give up naming."""
        offered = symbols(found)
        if offered:
            if self.symbol not in offered:
                self.symbol = offered[0]
            found = [face for face in found if face.symbol is self.symbol]
        self.show_actions(leave or [])
        row = self.naming.ids.symbols
        for symbol, button in zip(
            offered, reuse_children(row, len(offered), TargiSymbolButton), strict=True
        ):
            text = symbol_name(symbol).capitalize()
            button.text, button.primary = text, symbol is self.symbol
            # as wide as its longest word needs: "Jeździec na wielbłądzie" beside "Oaza"
            button.size_hint_x = max(len(word) for word in text.split()) + 2
            button.symbol, button.pick = symbol, self.filter_symbol
        naming = self.naming
        naming.title = title
        naming.cols = 4
        hints = card_hints()
        self.chips = reuse_children(naming.ids.chips, len(found), TargiChip)
        for face, chip in zip(found, self.chips, strict=True):
            chip.text = chip_text(face, hints, compact=True)
            chip.payload = (payload(face.card),)
            chip.pick = on_pick
        show_only(self.ids.ask, naming)
        self.prompt.offer(naming.title, [], self.submit)

    def name_drawn(self, card: str) -> None:
        """The card a Caravan or a Tribal expansion drew, named: its choices follow."""
        self.drawn = card
        self.render()

    def actions_prompt(self, legal: list[Any]) -> None:
        state = self.state
        seat = state.to_move
        prompt = self.ids.prompt
        spaces = self.open_spaces()
        if seat is None or not spaces:
            prompt.offer("", [], self.submit)
            return
        if self.selected not in spaces:
            self.selected = spaces[0]
        space = self.selected
        end = (_("End turn (leave the rest)"), lambda: self.submit(a.EndTurn(player=seat)))
        skip = (_("Leave this card unused"), lambda: self.submit(a.Skip(player=seat, space=space)))
        name = state.players[seat].name
        uses = [x for x in legal if space_of(x) == space and not isinstance(x, a.Skip)]
        extra = self.card_text_buttons(name, legal)
        if isinstance(space, int) and BORDER[space] is BorderCard.MERCHANT:
            self.merchant_prompt(space, seat, name, extra, [skip, end])
            return
        if isinstance(space, int):
            what = f"{space} {border_name(space)}"
        else:
            slot = state.slot(space)
            what = card_name(slot.card) if slot.card else _("face down")
        title = _("{name}: use {card}").format(name=name, card=what)
        drawn = drawn_cards(uses)
        named = self.drawn if len(drawn) > 1 and self.drawn in drawn else None
        if len(drawn) > 1 and named is None:
            self.drawn = None
            kind = CardKind.GOODS if isinstance(uses[0], a.UseCaravan) else CardKind.TRIBE
            naming = _("{name}: name the {kind} card drawn").format(name=name, kind=kind_name(kind))
            self.show_faces(naming, faces_of(drawn), str, self.name_drawn, [skip, end])
            self.naming_drawn = True
            return
        self.show_actions([skip, end])
        if named is not None:  # the drawn card named: how it is used
            uses = [x for x in uses if x.card == named]
            title = f"{title} · {card_name(named)}"
            extra = [(_("Another card"), lambda: self.name_drawn_again()), *extra]
            if len(uses) == 1:
                self.drawn = None
                self.submit(uses[0])
                return
        texts = NAMED_TEXTS if len(drawn) > 1 else TEXTS
        prompt.offer(title, uses, self.submit, texts, extra, with_kind=False)

    def name_drawn_again(self) -> None:
        self.drawn = None
        self.render()

    def card_text_buttons(self, name: str, legal: list[Any]) -> list[tuple[str, Any]]:
        """A button for each thing a displayed card's text allows now (as the table marked the
        cards), opening its choices."""
        offered = {
            a.PlayFromHand: _("Play the hand card (a card's text)"),
            a.SwapDisplayed: _("Swap two displayed cards (a card's text)"),
        }
        buttons = []
        for kind, text in offered.items():
            actions = [x for x in legal if isinstance(x, kind)]
            if actions:
                buttons.append((text, lambda t=text, xs=actions: self.offer_card_text(name, t, xs)))
        return buttons

    def offer_card_text(self, name: str, text: str, actions: list[Any]) -> None:
        back = (_("Back"), self.render)
        title = f"{name}: {text}"
        self.ids.prompt.offer(title, actions, self.submit, CARD_TEXT_TEXTS, [back], with_kind=False)

    def merchant_prompt(
        self,
        space: int,
        seat: int,
        name: str,
        extra: list[tuple[str, Any]],
        leave: list[tuple[str, Any]],
    ) -> None:
        """Exchanges are added one at a time; each offered one keeps the whole sequence legal
        (``space``: the Merchant's border card, chosen again to start over)."""
        assert self.table is not None
        offered = [
            a.UseMerchant(player=seat, exchanges=(*self.exchanges, a.Exchange(give=give, get=get)))
            for give in Good
            for get in (*Good, "gold")
            if get != give
        ]
        offered = [action for action in offered if self.table.check(action).ok]
        done = []
        if self.exchanges:
            whole = a.UseMerchant(player=seat, exchanges=self.exchanges)
            done = [
                (
                    ngettext(
                        "Done: {n} exchange", "Done: {n} exchanges", len(self.exchanges)
                    ).format(n=len(self.exchanges)),
                    lambda: self.submit(whole),
                ),
                (_("Start over"), lambda: self.select(space)),
            ]
        self.show_actions([*done, *leave])
        if done:  # the exchanges chosen so far: confirming them is what the prompt expects
            self.ids.actions.children[-1].primary = True
        sofar = "; ".join(exchange_text(x) for x in self.exchanges)
        title = _("{name}: Merchant exchanges").format(name=name) + (f" ({sofar})" if sofar else "")
        self.ids.prompt.offer(
            title,
            offered,
            self.add_exchanges,
            {"exchanges": lambda sequence: exchange_text(sequence[-1])},
            extra,
            with_kind=False,
        )

    def add_exchanges(self, action: a.UseMerchant) -> None:
        self.exchanges = action.exchanges
        self.render()


load_kv(__file__)
