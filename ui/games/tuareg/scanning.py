"""Scanned Tuareg cards, mixed into :class:`ui.games.tuareg.gamescreen.TuaregScreen`: each goes into
the step at hand as :mod:`companion.play.scan_play` (``game scan``) reads it.

A scan is one more card of the step's draft (the cards a tap adds too: a load, a draw's market
cards, a payment, a cave's cards, a hand shown) or the whole of a move (the two market cards, a
thief's card, a map cashed in, a cave or thief used); which animal, cave or thief it is for is what
the screen chose by a tap (``given``). A move the scans complete is made at once when nothing is
left to choose; a draft that may still grow waits for its confirm button.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from companion.games.tuareg import actions as a
from companion.games.tuareg.model import Good, SpecialCard
from companion.games.tuareg.scans import cards_of, good_card
from companion.games.tuareg.state import Phase
from ui.games.tuareg.prompts import hand_to_reveal
from ui.games.tuareg.stage import first_hidden
from ui.scans import ScanSteps

if TYPE_CHECKING:
    from ui.games.tuareg.host import TuaregHost as Host
else:
    Host = object


class TuaregScans(ScanSteps, Host):
    """Uses of the screen what :class:`ui.games.tuareg.host.TuaregHost` declares."""

    def on_scan(self, card: str) -> bool:
        """A scanned card goes into the step at hand, or is refused with the reason."""
        state = self.state
        seat = state.to_move
        if state.phase is Phase.MARKET:
            self.scan_goods(card, {"kind": "open_market"}, complete=True)
        elif state.phase is Phase.REVEAL:
            self.scan_reveal(card)
        elif self.mode == "reveal_hand":
            given = {"kind": "reveal_hand", "player": self.reveal_seat}
            self.scan_goods(card, given, fewest=hand_to_reveal(self), complete=True)
        elif self.mode == "load" and self.load is not None:
            self.scan_load(card)
        elif self.mode == "market" and self.load is not None:
            self.scan_goods(card, {"kind": "take_market", **self.onto()}, complete=self.all_taken)
        elif self.mode == "draw":
            fewest = min(
                (len(x.to_market) for x in self.legal() if isinstance(x, a.Draw)), default=0
            )
            self.scan_goods(card, {"kind": "draw", "player": seat}, fewest=fewest)
        elif self.mode == "buy":
            self.scan_payment(card)
        elif self.mode is None and self.scan_buys(card):
            return True
        else:
            given = {"kind": self.mode} if self.mode in ("hide", "steal") else {}
            self.play_scan(self.scan_move([card], given))
        return True

    def onto(self) -> dict[str, Any]:
        """The animal being loaded, as the log writes it."""
        assert self.load is not None and self.table is not None
        dumped: dict[str, Any] = self.table.rules.dump_action(self.load.action())
        return {"player": dumped["player"], "onto": dumped["onto"]}

    def scan_goods(
        self,
        card: str,
        given: Mapping[str, Any],
        *,
        fewest: int = 0,
        complete: bool | Callable[[dict[str, Any]], bool] = False,
    ) -> None:
        """One more goods card for the step's cards (``picked``). ``fewest``: the step needs at
        least so many, so fewer are not refused yet; ``complete``: the move the cards make is made
        at once (nothing is left to choose), or whether it is, asked of the move."""
        cards = [*map(good_card, self.picked), card]
        move = self.scan_move(cards, given)
        goods, _specials = cards_of((card,))
        if not goods or not self.scan_joins(move, None, short=len(cards) < fewest):
            self.refuse_scan(move)
            return
        whole = complete(move.action) if callable(complete) and move.action else complete
        if move.action is not None and whole:
            self.play_scan(move)
            return
        self.picked.append(goods[0])
        self.render()

    def scan_load(self, card: str) -> None:
        """A card laid onto the animal chosen: judged as the touch builder judges the good's button,
        by the loading rules and the turn."""
        draft = self.load
        assert draft is not None
        move = self.scan_move([*map(good_card, draft.added), card], {"kind": "load", **self.onto()})
        if move.action is None:
            self.refuse_scan(move)
            return
        draft.added.append(Good(move.action["goods"][-1]))
        self.render()

    def scan_payment(self, card: str) -> None:
        """The special card bought, then the cards paid from the hand (an animal's top is a tap)."""
        payment = self.payment
        assert payment is not None
        goods, specials = cards_of((card,))
        if payment.card is None and specials:
            self.turn.choose_card(specials[0])
            return
        if payment.card is None:
            self.refuse_scan(self.scan_move([card], {"kind": "buy"}))
            return
        assert self.table is not None
        paid: dict[str, Any] = self.table.rules.dump_action(payment.action())
        given = {"kind": "buy", "player": paid["player"], "from_animals": paid["from_animals"]}
        cards = [f"TUAREG-SPECIAL-{payment.card.name}", *map(good_card, payment.from_cache)]
        move = self.scan_move([*cards, card], given)
        if not goods or not self.scan_joins(move, self.scan_move(cards, given).verdict):
            self.refuse_scan(move)
            return
        self.turn.pay(goods[0])

    def scan_buys(self, card: str) -> bool:
        """At the turn's menu a special card scanned is the card to buy, if buying is allowed."""
        _goods, specials = cards_of((card,))
        if not specials or "buy" in self.blocked() or self.state.turn.main is not None:
            return False
        self.begin("buy")
        self.turn.choose_card(specials[0])
        return True

    def scan_reveal(self, card: str) -> None:
        """The cards under the cave or thief being revealed, or a map cashed in."""
        hidden = first_hidden(self.state)
        if hidden is None:
            self.play_scan(self.scan_move([card]))
            return
        special, seat, number = hidden
        if special is SpecialCard.THIEF:
            given = {"kind": "reveal_thief", "player": seat, "thief": number}
            self.play_scan(self.scan_move([card], given))
            return
        count = len(self.state.players[seat].caves[number - 1])
        given = {"kind": "reveal_cave", "player": seat, "cave": number}
        self.scan_goods(card, given, fewest=count, complete=True)

    def all_taken(self, take: dict[str, Any]) -> bool:
        """Whether the market cards scanned are all of that good the rules let the animal take
        (then nothing is left to choose)."""
        onto = self.load.onto if self.load is not None else None
        return not any(
            isinstance(x, a.TakeFromMarket)
            and x.onto == onto
            and x.good.value == take["good"]
            and x.count > take["count"]
            for x in self.legal()
        )

    def scanned_take(self) -> dict[str, Any] | None:
        """The market cards scanned onto the animal chosen, as a move (None: none scanned)."""
        if not self.picked or self.load is None:
            return None
        move = self.scan_move(
            list(map(good_card, self.picked)), {"kind": "take_market", **self.onto()}
        )
        return move.action
