"""The prompts of a Tuareg turn, which the screen (:class:`ui.games.tuareg.gamescreen.TuaregScreen`)
holds as its ``turn``: the market at setup, the turn's menu, and each action built card by card
(draw, load, take from the market, buy, hide in a cave, steal with a thief).

Loads ask :mod:`companion.games.tuareg.loading` as they grow; every other option is a legal action
the rules listed; every finished action goes to the session, whose verdict the screen shows.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from kivy.uix.label import Label

from companion.games.tuareg import actions as a
from companion.games.tuareg.model import Good, SpecialCard
from companion.games.tuareg.names import special_name
from companion.games.tuareg.state import AnimalRef
from companion.games.tuareg.turns import DRAW_SIZE
from companion.installation.i18n import _, ngettext
from companion.rules.verdict import Verdict
from ui.games.tuareg.drafts import LoadDraft
from ui.games.tuareg.prompts import TuaregPrompts
from ui.games.tuareg.view import GREEN_INK, animal_name, good_markup, goods_markup, market_text


class TuaregReason(Label):
    """Beside a good's button: whether it may go on, or every rule it would break."""


class TuaregTurn(TuaregPrompts):
    """The turn's prompts; what they use of the screen is :class:`ui.games.tuareg.host.TuaregHost`
    (its drafts: ``load``, ``payment``, ``picked``)."""

    # --- the start of the game ------------------------------------------------------------------

    def market_prompt(self) -> None:
        self.panel(_("Which two cards were laid out as the market?"), self.scanned_note())
        for action in self.host.legal():
            if isinstance(action, a.OpenMarket):
                self.button(goods_markup(action.goods), partial(self.host.submit, action))

    # --- a turn ---------------------------------------------------------------------------------

    def turn_menu(self) -> None:
        state = self.state
        player = state.players[state.to_move]
        name = player.name
        refused = self.host.blocked()
        if state.turn.main is None:
            self.panel(
                _("{name}: choose the turn's action.").format(name=name),
                ngettext("{name} holds {n} card.", "{name} holds {n} cards.", player.hand).format(
                    name=name, n=player.hand
                ),
            )
            mains = (
                ("draw", _("Draw"), "draw"),
                ("load", _("Load from the hand"), "load"),
                ("take_market", _("Take from the market"), "market"),
                ("buy", _("Buy a special card"), "buy"),
            )
            for kind, text, mode in mains:
                self.button(text, partial(self.host.begin, mode), refused=refused.get(kind))
        else:
            self.panel(
                _("{name}: the action is taken; use caves or thieves, or end the turn.").format(
                    name=name
                ),
                ngettext("{name} holds {n} card.", "{name} holds {n} cards.", player.hand).format(
                    name=name, n=player.hand
                ),
            )
        if player.caves:
            self.button(
                _("Hide in a cave"), lambda: self.host.begin("hide"), refused=refused.get("hide")
            )
        if player.thieves:
            self.button(
                _("Steal with a thief"),
                lambda: self.host.begin("steal"),
                refused=refused.get("steal"),
            )
        seat = state.to_move
        self.button(
            _("End turn"),
            lambda: self.host.submit(a.EndTurn(player=seat)),
            primary=True,
            refused=refused.get("end_turn"),
        )

    def draw_prompt(self) -> None:
        state = self.state
        seat = state.to_move
        drawn = min(DRAW_SIZE, state.deck)
        fewest = min(
            (len(x.to_market) for x in self.host.legal() if isinstance(x, a.Draw)), default=None
        )
        note = _("Into the market: {goods}").format(goods=goods_markup(self.host.picked))
        if fewest:
            note += "\n" + _("Lay at least {n} into the market.").format(n=fewest)
        self.panel(
            ngettext(
                "{name} draws {n} card: does it go into the market?",
                "{name} draws {n} cards: which go into the market?",
                drawn,
            ).format(name=self.player_name(), n=drawn),
            note,
        )
        self.goods_buttons(self.pick)
        self.picked_controls()
        action = a.Draw(player=seat, to_market=tuple(self.host.picked))
        self.button(
            _("Draw, lay {n} into the market").format(n=len(self.host.picked)),
            lambda: self.host.submit(action),
            primary=True,
            refused=self.short(action),
        )
        self.button(_("Cancel"), self.cancel, fixed=True)

    # --- loading an animal ----------------------------------------------------------------------

    def animal_buttons(self) -> None:
        player = self.state.players[self.state.to_move]
        for ref, stack in player.animals():
            text = f"{animal_name(ref)}: {goods_markup(stack, _('empty'))}"
            self.button(text, partial(self.choose_animal, ref))

    def reason(self, text: str) -> None:
        self.host.prompt.add(TuaregReason(text=text))

    def choose_animal(self, ref: AnimalRef) -> None:
        self.host.load = LoadDraft.start(self.state, ref)
        self.host.render()

    def load_prompt(self) -> None:
        name = self.player_name()
        if self.host.load is None:
            self.panel(_("{name} loads from the hand: onto which animal?").format(name=name))
            self.animal_buttons()
            self.button(_("Cancel"), self.cancel, fixed=True)
            return
        draft = self.host.load
        self.panel(
            _("{name} loads {animal}").format(name=name, animal=animal_name(draft.onto)),
            _("On it, bottom to top: {stack} · laid now: {added}").format(
                stack=goods_markup(draft.stack, _("nothing")),
                added=goods_markup(draft.added, _("nothing")),
            ),
        )
        for offer in draft.offers():
            self.button(good_markup(offer.good), partial(self.add_load, offer.good))
            if offer.ok:
                self.reason(f"[color={GREEN_INK}]" + _("may go on") + "[/color]")
            else:
                self.reason("\n".join(offer.reasons))
        if draft.added:
            self.button(_("Take the last card back"), self.unload, fixed=True)
            self.button(
                ngettext("Load {n} card", "Load {n} cards", len(draft.added)).format(
                    n=len(draft.added)
                ),
                lambda: self.host.submit(draft.action()),
                primary=True,
            )
        self.button(_("Another animal"), lambda: self.host.begin("load"), fixed=True)
        self.button(_("Cancel"), self.cancel, fixed=True)

    def add_load(self, good: Good) -> None:
        """Lay ``good`` next if the loading rules and the turn allow it; else say why not."""
        draft = self.host.load
        assert draft is not None and self.host.table is not None
        verdict = draft.verdict(good)
        if verdict.ok:
            verdict = self.host.table.check(draft.action((good,)))
        if not verdict.ok:
            self.host.refuse(verdict.code, verdict.message)
            return
        draft.added.append(good)
        self.host.render()

    def unload(self) -> None:
        if self.host.load is not None and self.host.load.added:
            self.host.load.added.pop()
        self.host.render()

    # --- taking from the market -----------------------------------------------------------------

    def take_prompt(self) -> None:
        name = self.player_name()
        if self.host.load is None:
            self.panel(
                _("{name} takes from the market: onto which animal?").format(name=name),
                market_text(self.state),
            )
            self.animal_buttons()
            self.button(_("Cancel"), self.cancel, fixed=True)
            return
        onto = self.host.load.onto
        self.panel(
            _("{name} takes market cards onto {animal}").format(
                name=name, animal=animal_name(onto)
            ),
            _("On it, bottom to top: {stack}").format(
                stack=goods_markup(self.host.load.stack, _("nothing"))
            ),
        )
        scanned = self.host.scanned_take()
        takes = [x for x in self.host.legal() if isinstance(x, a.TakeFromMarket) and x.onto == onto]
        for action in takes:
            text = _("Take {n} {good}").format(n=action.count, good=good_markup(action.good))
            if scanned is not None and (action.good.value, action.count) == (
                scanned["good"],
                scanned["count"],
            ):  # the cards scanned: the move the confirm button makes
                self.host.prompt.note += "\n" + self.scanned_note()
                self.button(text, partial(self.host.submit, action), primary=True)
            else:
                self.button(text, partial(self.host.submit, action))
        for good, available in self.state.market.items():
            verdict = self.host.load.verdict(good)
            if available and not verdict.ok:
                self.reason(f"{good_markup(good)}: {verdict.message}")
        self.button(_("Another animal"), lambda: self.host.begin("market"), fixed=True)
        self.button(_("Cancel"), self.cancel, fixed=True)

    # --- buying a special card ------------------------------------------------------------------

    def buy_prompt(self) -> None:
        state = self.state
        payment = self.host.payment
        assert payment is not None
        name = self.player_name()
        if payment.card is None:
            self.panel(_("{name} buys a special card: which one?").format(name=name))
            for card, left in state.supply:
                text = _("{card} ({n} left)").format(card=special_name(card), n=left)
                self.button(text, partial(self.choose_card, card))
            self.button(_("Cancel"), self.cancel, fixed=True)
            return
        self.panel(
            _("{name} buys a {card}: what is paid?").format(
                name=name, card=special_name(payment.card)
            ),
            payment.summary(state),
        )
        for good in Good:
            dinars = state.value(good).dinars
            worth = (
                _("worth ?, not confirmed") if dinars is None else _("worth {n}").format(n=dinars)
            )
            text = _("{good} from the hand ({worth})").format(good=good_markup(good), worth=worth)
            self.button(text, partial(self.pay, good))
        for ref, _stack in state.players[state.to_move].animals():
            top = payment.next_top(state, ref)
            if top is not None:
                text = _("Top of {animal}: {good}").format(
                    animal=animal_name(ref), good=good_markup(top)
                )
                self.button(text, partial(self.pay, ref))
        if payment.steps:
            self.button(_("Take the last card back"), self.unpay, fixed=True)
        self.button(
            _("Buy the {card}").format(card=special_name(payment.card)),
            lambda: self.host.submit(payment.action()),
            primary=True,
            refused=self.short(payment.action()),
        )
        self.button(_("Cancel"), self.cancel, fixed=True)

    def short(self, action: Any) -> Verdict | None:
        """The rules' reason ``action`` cannot be made yet (a payment or a market lay short of
        what the note above asks), shown on its greyed-out button; None when it can."""
        assert self.host.table is not None
        verdict = self.host.table.check(action)
        return None if verdict.ok else verdict

    def choose_card(self, card: SpecialCard) -> None:
        assert self.host.payment is not None
        self.host.payment.card = card
        self.host.render()

    def pay(self, step: Good | AnimalRef) -> None:
        assert self.host.payment is not None
        if self.host.payment.can_add(step):
            self.host.payment.steps.append(step)
        self.host.render()

    def unpay(self) -> None:
        if self.host.payment is not None and self.host.payment.steps:
            self.host.payment.steps.pop()
        self.host.render()

    # --- caves and thieves ----------------------------------------------------------------------

    def hide_prompt(self) -> None:
        state = self.state
        player = state.players[state.to_move]
        self.panel(_("{name} hides a card in a cave").format(name=player.name))
        for action in self.host.legal():
            if not isinstance(action, a.Hide):
                continue
            if action.source is None:
                source = _("a card from the hand")
            else:
                source = _("the top of {animal} ({good})").format(
                    animal=animal_name(action.source),
                    good=good_markup(player.stack(action.source)[-1]),
                )
            text = _("Cave {n}: {source}").format(n=action.cave, source=source)
            self.button(text, partial(self.host.submit, action))
        self.button(_("Cancel"), self.cancel, fixed=True)

    def steal_prompt(self) -> None:
        state = self.state
        steals = [x for x in self.host.legal() if isinstance(x, a.Steal)]
        thief = min((x.thief for x in steals), default=None)
        self.panel(_("{name} sends a thief: from whom?").format(name=self.player_name()))
        for action in steals:
            if action.thief != thief:
                continue
            victim = state.players[action.victim]
            if action.source is None:
                text = _("{name}'s hand (at random)").format(name=victim.name)
            else:
                text = _("{name}'s {animal}: {good}").format(
                    name=victim.name,
                    animal=animal_name(action.source),
                    good=good_markup(victim.stack(action.source)[-1]),
                )
            self.button(text, partial(self.host.submit, action))
        self.button(_("Cancel"), self.cancel, fixed=True)
