"""Timbuktu's setup, prompted on :class:`ui.games.timbuktu.gamescreen.TimbuktuScreen`: each caravan board
filled good by good (or every remembered caravan in one tap), which loads the next games start
with, and the start area's placements (tap a pen).
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, cast

from companion.games.timbuktu import actions as a
from companion.games.timbuktu import table_settings
from companion.games.timbuktu.actions import Letter
from companion.games.timbuktu.caravans import leftovers
from companion.games.timbuktu.model import CAPACITY, DEALT, Good, Goods, TimbuktuState
from companion.installation.i18n import _, ngettext
from ui.games.timbuktu.drafts import CaravanDraft
from ui.games.timbuktu.view import camel_line, good_key, good_markup
from ui.spacing import tied

TIMES = "\N{MULTIPLICATION SIGN}"
"""Before a count on a button that adds that many goods at once."""

if TYPE_CHECKING:
    from ui.games.timbuktu.host import TimbuktuHost


class SetupPrompts:
    """The setup's prompts, with the caravan board being filled and the camel being placed; the
    screen (``host``) shows and submits them."""

    def __init__(self, host: TimbuktuHost) -> None:
        self.host = host
        self.caravan: CaravanDraft | None = None
        """The caravan board being filled, if any."""
        self.placing: str | None = None
        """The camel the player to place picked (None: the first not placed)."""

    @property
    def state(self) -> TimbuktuState:
        return self.host.state

    def reset(self) -> None:
        """Forget the caravan board half filled and the camel picked."""
        self.caravan = None
        self.placing = None

    # --- loading the caravans -------------------------------------------------------------------

    def loading_prompt(self) -> None:
        state = self.state
        unloaded = [seat for seat, p in enumerate(state.players) if not p.loaded]
        draft: CaravanDraft | None = self.caravan
        if draft is None or draft.seat not in unloaded:
            draft = self.caravan = CaravanDraft.start(unloaded[0], state.seats)
        name = state.players[draft.seat].name
        filling = draft.filling
        if filling is None:
            title = _("{name}'s caravan board is full: load it?").format(name=name)
        else:
            title = _("{name}'s caravan board: camel {camel}, good {n} of 4").format(
                name=name,
                camel=draft.letters[filling],
                n=len(draft.loads[filling]) + 1 if filling < len(draft.loads) else 1,
            )
            title = tied(title)  # Polish 'towar 3 z' / '4' broke over two lines
        self.host.prompt.start(title, self.caravan_note(draft), cols=1)
        self.host.prompt.group(len(Good))
        self.load_buttons(draft)
        self.host.prompt.group(2)
        if draft.loads:
            self.host.prompt.button(_("Take the last one back"), self.take_good_back, fixed=True)
        if draft.complete:
            self.host.prompt.button(
                _("Load {name}'s caravan").format(name=name),
                lambda: self.host.submit_payload(draft.payload()),
                primary=True,
            )
        remembered = [
            x
            for x in self.host.legal()
            if isinstance(x, a.LoadCaravan) and x.camels == state.players[x.player].remembered
        ]
        if remembered:
            names = ", ".join(state.players[x.player].name for x in remembered)
            self.host.prompt.button(
                _("The remembered loads: {names}").format(names=names),
                lambda: self.load_remembered(remembered),
                primary=not draft.loads,
                option=False,
            )
        for seat in unloaded:
            if seat != draft.seat:
                other = state.players[seat].name
                self.host.prompt.button(
                    _("{name}'s caravan instead").format(name=other),
                    partial(self.enter_caravan, seat),
                )
        self.table_choice_buttons()

    def load_buttons(self, draft: CaravanDraft) -> None:
        """A camel's load in as few taps as it has kinds, at most: a good at a time (first row);
        the camel filled up with one good (second row: three times the sign for three); a camel of four
        different goods in one tap (third row, on an empty camel: every good but one). They are
        the prompt's list of answers: it scrolls, with a cue, where three rows do not fit."""
        room = draft.room
        for good in Good:
            self.host.prompt.button(good_key(good), partial(self.add_good, good), option=True)
        if room > 1:
            for good in Good:
                self.host.prompt.button(
                    f"{good_key(good)} {TIMES}{room}",
                    partial(self.fill_goods, [good] * room),
                    option=True,
                )
        if room == CAPACITY:
            for missing in Good:
                others = [good for good in Good if good is not missing]
                self.host.prompt.button(
                    _("all but {good}").format(good="\n" + good_key(missing)),
                    partial(self.fill_goods, others),
                    option=True,
                )

    def fill_goods(self, goods: list[Good]) -> None:
        if self.caravan is not None:
            self.caravan.fill(goods)
        self.host.render()

    def caravan_note(self, draft: CaravanDraft) -> str:
        """In the variant, what is left of the goods dealt (the board is shown on the left)."""
        state = self.state
        if state.variant != "dealt":
            return ""
        used = Goods.of(g for load in draft.loads for g in load)
        left = " · ".join(f"{good_markup(g)} {DEALT[state.seats] - used.count(g)}" for g in Good)
        return _("Dealt {n} of each good; left: {left}").format(n=DEALT[state.seats], left=left)

    def add_good(self, good: Good) -> None:
        if self.caravan is not None:
            self.caravan.add(good)
        self.host.render()

    def take_good_back(self) -> None:
        if self.caravan is not None:
            self.caravan.take_back()
        self.host.render()

    def enter_caravan(self, seat: int) -> None:
        self.caravan = CaravanDraft.start(seat, self.state.seats)
        self.host.render()

    def load_remembered(self, loads: list[a.LoadCaravan]) -> None:
        """Every caravan the table loaded as last time, one log entry each."""
        for action in loads:
            if not self.host.submit(action).ok:
                return

    def table_choice_buttons(self) -> None:
        """How this table loads its caravans from the next game on (stored in the settings): at
        the end of the list, rarely changed (scrolled to when needed)."""
        settings = self.host.nav.store.list_settings(table_settings.SETTINGS_GAME)
        variant = table_settings.stored_variant(settings)
        if variant == "printed":
            self.host.prompt.button(
                _("Next games: deal the goods (variant)"),
                lambda: self.remember_variant("dealt"),
            )
        else:
            self.host.prompt.button(
                _("Next games: the printed caravan boards"),
                lambda: self.remember_variant("printed"),
            )
            counted = table_settings.leftovers_removed(settings)
            text = (
                _("Next games: leftovers are out of play")
                if counted
                else _("Next games: leftovers count as removed")
            )
            self.host.prompt.button(text, lambda: self.remember_leftovers(not counted))
        note = self.host.prompt.note
        kind = (
            _("This game: goods dealt (variant).")
            if self.state.variant == "dealt"
            else _("This game: the printed caravan boards.")
        )
        self.host.prompt.note = f"{note}\n{kind}".strip()

    def remember_variant(self, variant: str) -> None:
        table_settings.remember_variant(self.host.nav.store, variant)
        self.host.render()

    def remember_leftovers(self, counted: bool) -> None:
        table_settings.remember_leftovers_removed(self.host.nav.store, counted)
        self.host.render()

    # --- the start area -------------------------------------------------------------------------

    def placement_prompt(self) -> None:
        state = self.state
        player = state.players[self.seat_to_move()]
        letter = self.placing_letter()
        self.host.prompt.start(
            _("{name} places camel {camel} in the start area: tap a pen.").format(
                name=player.name, camel=letter
            ),
            _("At the end every player has a camel in every pen. Tap a camel to place another."),
            cols=4,
        )
        for camel in player.camels:
            if camel.place is None:
                self.host.prompt.button(  # its goods too: the players' rows show only their totals
                    camel_line(camel),
                    partial(self.pick_placing, camel.letter),
                    chosen=camel.letter == letter,
                    option=False,
                )
        left = sum(leftovers(state, s).total for s in range(state.seats))
        if left:
            self.host.prompt.note += "\n" + ngettext(
                "{n} dealt good was left over.", "{n} dealt goods were left over.", left
            ).format(n=left)

    def seat_to_move(self) -> int:
        """The seat placing a camel (the start area is only prompted while someone is to)."""
        seat = self.state.to_move
        assert seat is not None
        return seat

    def placing_letter(self) -> str:
        player = self.state.players[self.seat_to_move()]
        unplaced = [c.letter for c in player.camels if c.place is None]
        return self.placing if self.placing in unplaced else unplaced[0]

    def pick_placing(self, letter: str) -> None:
        self.placing = letter
        self.host.render()

    def place_in(self, pen: int) -> None:
        letter = cast(Letter, self.placing_letter())  # one of the player's camels: A to H
        self.host.submit(a.PlaceCamel(player=self.seat_to_move(), camel=letter, pen=pen))
