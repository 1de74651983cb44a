"""Targi at the table: the 5x5 grid as it lies, the prompt for the step the round is in, and both
players' goods, gold, VP, hand and display.

The screen decides no rule: the highlighted spaces, the offered choices and every refusal come from
``TargiRules.legal_actions`` / ``check`` and the session's verdicts.
"""

from __future__ import annotations

from typing import Any

from kivy.utils import colormap, get_color_from_hex

from companion.games.targi import actions as a
from companion.games.targi.board import BORDER, RAID_CORNERS, BorderCard, Cell
from companion.games.targi.effects import MERCHANT_FOR_GOLD, MERCHANT_FOR_GOOD
from companion.games.targi.flow import awaiting_reveal
from companion.games.targi.model import CardKind, Good, Phase, PlayerState, TargiState
from companion.i18n import _
from ui.choices import card_text, naming
from ui.kv import load_kv
from ui.screens.base import GameScreen
from ui.widgets import TextCell

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
    "row": lambda row: _("display row {n}").format(n=row + 1),
    "pay_gold": lambda _paid: _("pay with gold"),
    "card": lambda card: card_text(card) if isinstance(card, str) else "",
    "decision": lambda decision: _(decision),
    "cell": lambda _cell: "",
    "choice": lambda good: _(good.value),
    "marker": lambda cell: _("marker at {cell}").format(cell="·".join(map(str, cell))),
    "to": lambda cell: _("to {cell}").format(cell="·".join(map(str, cell))),
    "first": lambda spot: _("row {row} card {n}").format(row=spot[0] + 1, n=spot[1] + 1),
    "second": lambda spot: _("with row {row} card {n}").format(row=spot[0] + 1, n=spot[1] + 1),
}
"""How the choices of Targi's actions read on a button."""

GREY = [0.45, 0.45, 0.45, 1]
ROBBER_BACKGROUND = [0.55, 0.12, 0.1, 1]
RAID_BACKGROUND = [0.35, 0.22, 0.12, 1]
GOODS_BACKGROUND = [0.5, 0.42, 0.22, 1]
TRIBE_BACKGROUND = [0.15, 0.33, 0.38, 1]
BORDER_BACKGROUND = [0.22, 0.22, 0.25, 1]


def player_colour(colour: str) -> list[float]:
    """The RGBA of a player's colour name (``blue``, ``white`` ...); grey for names Kivy lacks."""
    named = colormap.get(colour.strip().lower())
    if named is None and colour.startswith("#"):
        try:
            named = get_color_from_hex(colour)
        except ValueError:
            named = None
    return list(named) if named is not None else GREY


def ink_on(background: list[float]) -> list[float]:
    """Black text on light backgrounds, white on dark ones."""
    light = 0.299 * background[0] + 0.587 * background[1] + 0.114 * background[2]
    return [0, 0, 0, 1] if light > 0.6 else [1, 1, 1, 1]


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


def exchange_text(exchange: a.Exchange) -> str:
    """``3 salt for 1 gold`` or ``2 salt for 1 pepper``, as the Merchant card prints its exchanges
    (in words: Kivy's default font has no arrow)."""
    give = _(exchange.give.value)
    if exchange.get == "gold":
        return _("{n} {give} for 1 gold").format(n=MERCHANT_FOR_GOLD, give=give)
    return _("{n} {give} for 1 {get}").format(
        n=MERCHANT_FOR_GOOD, give=give, get=_(exchange.get.value)
    )


def border_name(number: int) -> str:
    return _(BORDER[number].value.replace("_", " ")).capitalize()


class TargiScreen(GameScreen):
    """The Targi table: tap spaces, answer the prompt, correct what the app believes."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.cells: dict[Space, TextCell] = {}
        for row in LAYOUT:
            for space in row:
                cell = TextCell()
                cell.bind(on_release=lambda _c, s=space: self.tap(s))
                self.cells[space] = cell
                self.ids.grid.add_widget(cell)
        self.selected: Space | None = None
        self.exchanges: tuple[a.Exchange, ...] = ()

    @property
    def state(self) -> TargiState:
        assert self.table is not None
        return self.table.state

    def reset(self) -> None:
        self.selected = None
        self.exchanges = ()

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
        self.render()

    def on_scan(self, card: str) -> bool:
        """A scanned card names a face-down card, or the card a Caravan / Tribal expansion drew."""
        state = self.state
        if state.phase is Phase.REVEAL:
            cells = [self.selected] if self.selected in awaiting_reveal(state) else []
            for cell in [*cells, *awaiting_reveal(state)]:
                action = a.RevealCard(cell=cell, card=card)
                if self.table is not None and self.table.check(action).ok:
                    self.submit(action)
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
            cells = list(awaiting_reveal(state))
            at = cells.index(self.selected) if self.selected in cells else -1
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

    def highlighted(self, legal: list[Any]) -> set[Space]:
        phase = self.state.phase
        if phase is Phase.PLACEMENT:
            return {action.card for action in legal if isinstance(action, a.Place)}
        return set(self.selectable())

    # --- rendering ------------------------------------------------------------------------------

    def render(self) -> None:
        if self.table is None:
            return
        self.render_bar()
        legal = self.legal()
        lit = self.highlighted(legal)
        for space, cell in self.cells.items():
            self.render_space(space, cell, lit)
        self.render_prompt(legal)
        for seat, label in enumerate((self.ids.player0, self.ids.player1)):
            label.text = self.player_text(seat, self.state.players[seat])

    def render_space(self, space: Space, cell: TextCell, lit: set[Space]) -> None:
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
        if owner is not None:
            player = state.players[owner]
            lines.append(f"[b]{player.name}[/b]")
            if isinstance(space, int):
                background = player_colour(player.colour)
            else:
                cell.frame = player_colour(player.colour)
        if isinstance(space, int) and space == state.robber:
            lines.append(f"[b]{_('ROBBER')}[/b]")
            background = ROBBER_BACKGROUND
        cell.background = background
        cell.color = ink_on(background)
        cell.highlighted = space in lit
        if space == self.selected:
            cell.frame = [1, 0.85, 0.2, 1]
        cell.text = "\n".join(lines)

    def border_lines(self, number: int) -> tuple[list[str], list[float]]:
        if number in RAID_CORNERS:
            return [_("Raid {n}").format(n=RAID_CORNERS[number])], RAID_BACKGROUND
        return [f"{number} {border_name(number)}"], BORDER_BACKGROUND

    def central_lines(self, cell: Cell) -> tuple[list[str], list[float]]:
        slot = self.state.slot(cell)
        background = GOODS_BACKGROUND if slot.kind is CardKind.GOODS else TRIBE_BACKGROUND
        text = card_text(slot.card) if slot.card else _("face down")
        return [text], background

    def player_text(self, seat: int, player: PlayerState) -> str:
        stock = player.stock
        rows = [", ".join(card_text(c) for c in row) or "—" for row in player.display]
        mark = _(" — to move") if self.state.to_move == seat else ""
        return "\n".join(
            (
                f"[b]{player.name}[/b] ({_(player.colour)}){mark}",
                _("dates {d} · salt {s} · pepper {p}").format(
                    d=stock.dates, s=stock.salt, p=stock.pepper
                ),
                _("gold {g} · VP {vp}").format(g=stock.gold, vp=stock.vp),
                _("hand: {card}").format(card=card_text(player.hand) if player.hand else "—"),
                *(f"{i}: {row}" for i, row in enumerate(rows, 1)),
            )
        )

    # --- the prompt for the step the round is in ------------------------------------------------

    def render_prompt(self, legal: list[Any]) -> None:
        state = self.state
        prompt = self.ids.prompt
        phase = state.phase
        if phase is Phase.REVEAL:
            cells = awaiting_reveal(state)
            if self.selected not in cells:
                self.selected = cells[0] if cells else None
            cell = self.selected
            title = _("Name the card at centre {cell} (tap a face-down card, or scan it)").format(
                cell="·".join(map(str, cell or ()))
            )
            actions = [x for x in legal if isinstance(x, a.RevealCard) and x.cell == cell]
            prompt.offer(title, actions, self.submit, TEXTS, with_kind=False)
        elif phase is Phase.RAID:
            name = state.players[state.to_move].name if state.to_move is not None else ""
            title = _("Raid {raid}: what does {name} give?").format(raid=state.raid, name=name)
            prompt.offer(title, legal, self.submit, TEXTS, with_kind=False)
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
            prompt.offer(title, actions, self.submit, TEXTS, with_kind=False)
        else:
            title = _("The game is over.")
            prompt.offer(title, [], self.submit, extra=[(_("Score sheet"), self.score)])

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
        extra = [*self.card_text_buttons(name, legal), skip, end]
        if isinstance(space, int) and BORDER[space] is BorderCard.MERCHANT:
            self.merchant_prompt(seat, name, extra)
            return
        if isinstance(space, int):
            what = f"{space} {border_name(space)}"
        else:
            slot = state.slot(space)
            what = card_text(slot.card) if slot.card else _("face down")
        title = _("{name}: use {card}").format(name=name, card=what)
        prompt.offer(title, uses, self.submit, TEXTS, extra, with_kind=False)

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
        self.ids.prompt.offer(title, actions, self.submit, TEXTS, [back], with_kind=False)

    def merchant_prompt(self, seat: int, name: str, extra: list[tuple[str, Any]]) -> None:
        """Exchanges are added one at a time; each offered one keeps the whole sequence legal."""
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
                    _("Done: {n} exchange(s)").format(n=len(self.exchanges)),
                    lambda: self.submit(whole),
                ),
                (_("Start over"), lambda: self.select(self.selected)),
            ]
        sofar = "; ".join(exchange_text(x) for x in self.exchanges)
        title = _("{name}: Merchant exchanges").format(name=name) + (f" ({sofar})" if sofar else "")
        self.ids.prompt.offer(
            title,
            offered,
            self.add_exchanges,
            {"exchanges": lambda sequence: exchange_text(sequence[-1])},
            [*done, *extra],
            with_kind=False,
        )

    def add_exchanges(self, action: a.UseMerchant) -> None:
        self.exchanges = action.exchanges
        self.render()


load_kv(__file__)
