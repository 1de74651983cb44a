"""Timbuktu's setup, mixed into :class:`ui.games.timbuktu.gamescreen.TimbuktuScreen`: each caravan board
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
from companion.games.timbuktu.model import CAPACITY, DEALT, Good, Goods
from companion.installation.i18n import _, ngettext
from ui.games.timbuktu.drafts import CaravanDraft
from ui.games.timbuktu.view import good_markup


def unbroken(markup: str) -> str:
    """A good's symbol and name kept on one line."""
    return markup.replace("[/font] ", "[/font]\N{NO-BREAK SPACE}")


TIMES = "\N{MULTIPLICATION SIGN}"
"""Before a count on a button that adds that many goods at once."""

if TYPE_CHECKING:
    from ui.games.timbuktu.host import TimbuktuHost as Host
else:
    Host = object


class SetupPrompts(Host):
    """Uses of the screen what :class:`ui.games.timbuktu.host.TimbuktuHost` declares."""

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
        self.panel(title, self.caravan_note(draft), cols=1)
        self.group(len(Good))
        self.load_buttons(draft)
        self.group(2)
        if draft.loads:
            self.button(_("Take the last one back"), self.take_good_back, action=True)
        if draft.complete:
            self.button(
                _("Load {name}'s caravan").format(name=name),
                lambda: self.submit_payload(draft.payload()),
                primary=True,
            )
        remembered = [
            x
            for x in self.legal()
            if isinstance(x, a.LoadCaravan) and x.camels == state.players[x.player].remembered
        ]
        if remembered:
            names = ", ".join(state.players[x.player].name for x in remembered)
            self.button(
                _("The remembered loads: {names}").format(names=names),
                lambda: self.load_remembered(remembered),
                primary=not draft.loads,
            )
        for seat in unloaded:
            if seat != draft.seat:
                other = state.players[seat].name
                self.button(
                    _("{name}'s caravan instead").format(name=other),
                    partial(self.enter_caravan, seat),
                    option=True,
                )
        self.table_choice_buttons()

    def load_buttons(self, draft: CaravanDraft) -> None:
        """A camel's load in as few taps as it has kinds, at most: a good at a time (first row);
        the camel filled up with one good (second row: three times the sign for three); a camel of four
        different goods in one tap (third row, on an empty camel: every good but one)."""
        room = draft.room
        for good in Good:
            self.button(good_markup(good), partial(self.add_good, good))
        if room > 1:
            for good in Good:
                self.button(
                    f"{good_markup(good)} {TIMES}{room}", partial(self.fill_goods, [good] * room)
                )
        if room == CAPACITY:
            for missing in Good:
                others = [good for good in Good if good is not missing]
                self.button(
                    _("all but {good}").format(good=unbroken(good_markup(missing))),
                    partial(self.fill_goods, others),
                )

    def fill_goods(self, goods: list[Good]) -> None:
        if self.caravan is not None:
            self.caravan.fill(goods)
        self.render()

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
        self.render()

    def take_good_back(self) -> None:
        if self.caravan is not None:
            self.caravan.take_back()
        self.render()

    def enter_caravan(self, seat: int) -> None:
        self.caravan = CaravanDraft.start(seat, self.state.seats)
        self.render()

    def load_remembered(self, loads: list[a.LoadCaravan]) -> None:
        """Every caravan the table loaded as last time, one log entry each."""
        for action in loads:
            if not self.submit(action).ok:
                return

    def table_choice_buttons(self) -> None:
        """How this table loads its caravans from the next game on (stored in the settings): at
        the end of the list, rarely changed (scrolled to when needed)."""
        settings = self.nav.store.list_settings(table_settings.SETTINGS_GAME)
        variant = table_settings.stored_variant(settings)
        if variant == "printed":
            self.button(
                _("Next games: deal the goods (variant)"),
                lambda: self.remember_variant("dealt"),
                option=True,
            )
        else:
            self.button(
                _("Next games: the printed caravan boards"),
                lambda: self.remember_variant("printed"),
                option=True,
            )
            counted = table_settings.leftovers_removed(settings)
            text = (
                _("Next games: leftovers are out of play")
                if counted
                else _("Next games: leftovers count as removed")
            )
            self.button(text, lambda: self.remember_leftovers(not counted), option=True)
        note = self.ids.note.text
        kind = (
            _("This game: goods dealt (variant).")
            if self.state.variant == "dealt"
            else _("This game: the printed caravan boards.")
        )
        self.ids.note.text = f"{note}\n{kind}".strip()

    def remember_variant(self, variant: str) -> None:
        table_settings.remember_variant(self.nav.store, variant)
        self.render()

    def remember_leftovers(self, counted: bool) -> None:
        table_settings.remember_leftovers_removed(self.nav.store, counted)
        self.render()

    # --- the start area -------------------------------------------------------------------------

    def placement_prompt(self) -> None:
        state = self.state
        player = state.players[self.seat_to_move()]
        letter = self.placing_letter()
        self.panel(
            _("{name} places camel {camel} in the start area: tap a pen.").format(
                name=player.name, camel=letter
            ),
            _("At the end every player has a camel in every pen. Tap a camel to place another."),
            cols=4,
        )
        for camel in player.camels:
            if camel.place is None:
                self.button(
                    _("Camel {camel}").format(camel=camel.letter),
                    partial(self.pick_placing, camel.letter),
                    chosen=camel.letter == letter,
                )
        left = sum(leftovers(state, s).total for s in range(state.seats))
        if left:
            self.ids.note.text += "\n" + ngettext(
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
        self.render()

    def place_in(self, pen: int) -> None:
        letter = cast(Letter, self.placing_letter())  # one of the player's camels: A to H
        self.submit(a.PlaceCamel(player=self.seat_to_move(), camel=letter, pen=pen))
