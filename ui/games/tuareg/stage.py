"""The end of a Tuareg stage and of the game, which the screen
(:class:`ui.games.tuareg.gamescreen.TuaregScreen`) holds as its ``stage``: the reveal walked through
one hidden card at a time (caves, thieves), the maps, the majority table before and after
``score_stage``, and the hands shown for the tie-break.
"""

from __future__ import annotations

from functools import partial

from companion.games.tuareg import actions as a
from companion.games.tuareg.model import SpecialCard
from companion.games.tuareg.scoring import TIE_PENALTY
from companion.games.tuareg.state import TuaregState
from companion.installation.i18n import _, ngettext
from ui.games.tuareg.host import TuaregHost
from ui.games.tuareg.prompts import TuaregPrompts, hand_to_reveal
from ui.games.tuareg.view import (
    MajorityTable,
    good_markup,
    goods_markup,
    stage_preview,
    stage_result,
)


def first_hidden(state: TuaregState) -> tuple[SpecialCard, int, int] | None:
    """The first cave, then thief, with a card still face down: (card, seat, number)."""
    for card in (SpecialCard.CAVE, SpecialCard.THIEF):
        for seat, player in enumerate(state.players):
            held = player.caves if card is SpecialCard.CAVE else player.thieves
            for number, hidden in enumerate(held, 1):
                if None in hidden:
                    return card, seat, number
    return None


def so_far() -> str:
    return _("The count so far; a face-down card counts once revealed.")


class TuaregStage(TuaregPrompts):
    """The prompts of a stage's end and of the game's; what they use of the screen is
    :class:`ui.games.tuareg.host.TuaregHost`."""

    def __init__(self, host: TuaregHost) -> None:
        super().__init__(host)
        self.maps_kept: set[int] = set()
        """Seats that keep their remaining maps at this stage's end."""

    # --- the end of a stage ---------------------------------------------------------------------

    def reveal_prompt(self) -> None:
        """One hidden card at a time (caves, then thieves), then the maps, then the count."""
        state = self.state
        preview = stage_preview(state)
        hidden = first_hidden(state)
        if hidden is not None:
            self.hidden_prompt(*hidden, preview)
            return
        for seat, player in enumerate(state.players):
            if player.maps and seat not in self.maps_kept:
                self.panel(
                    ngettext(
                        "{name} holds {n} map: cash it in for this stage?",
                        "{name} holds {n} maps: cash one in for this stage?",
                        player.maps,
                    ).format(name=player.name, n=player.maps),
                    table=preview,
                )
                self.button(_("Cash a map"), partial(self.host.submit, a.CashMap(player=seat)))
                self.button(_("Keep the maps"), partial(self.keep_maps, seat))
                return
        self.panel(
            _("Stage {n}: the count (animals, caves, thieves; not hands)").format(n=state.stage),
            _("Cards (majority points); the most of a good scores, a tie scores {n} less.").format(
                n=TIE_PENALTY
            ),
            preview,
        )
        if any(isinstance(x, a.ScoreStage) for x in self.host.legal()):
            self.button(
                _("Score stage {n}").format(n=state.stage),
                lambda: self.host.submit(a.ScoreStage()),
                primary=True,
            )

    def hidden_prompt(
        self, card: SpecialCard, seat: int, number: int, preview: MajorityTable
    ) -> None:
        """Which cards lie under the player's cave or thief ``number``: the rules list the
        possible answers (the cards the table saw go in stay where they are)."""
        player = self.state.players[seat]
        if card is SpecialCard.CAVE:
            hidden = player.caves[number - 1]
            title = _("{name}'s cave {n}: which cards lie in it (in the order hidden)?")
            note = _("Seen going in: {goods}").format(goods=goods_markup(hidden)) + "\n" + so_far()
            note = "\n".join(filter(None, (self.scanned_note(), note)))
            options: list[tuple[str, a.RevealCave | a.RevealThief]] = [
                (goods_markup(x.goods), x)
                for x in self.host.legal()
                if isinstance(x, a.RevealCave) and (x.player, x.cave) == (seat, number)
            ]
        else:
            title = _("{name}'s thief {n}: which card did it steal?")
            note = so_far()
            options = [
                (good_markup(x.good), x)
                for x in self.host.legal()
                if isinstance(x, a.RevealThief) and (x.player, x.thief) == (seat, number)
            ]
        self.panel(title.format(name=player.name, n=number), note, preview)
        for text, action in options:
            self.button(text, partial(self.host.submit, action))

    def keep_maps(self, seat: int) -> None:
        self.maps_kept.add(seat)
        self.host.render()

    def scored_prompt(self) -> None:
        index = self.host.scored_stage
        assert index is not None
        self.panel(
            _("Stage {n} is scored.").format(n=index + 1),
            _("Cards (majority points)"),
            stage_result(self.state, index),
        )
        self.button(
            _("On to stage {n}").format(n=self.state.stage), self.close_scored, primary=True
        )

    def close_scored(self) -> None:
        self.host.scored_stage = None
        self.host.render()

    def game_over_prompt(self) -> None:
        state = self.state
        if self.host.mode == "reveal_hand" and self.host.reveal_seat is not None:
            self.reveal_hand_prompt()
            return
        last = len(state.stages) - 1
        self.panel(
            _("The game is over."),
            _("Stage {n}: cards (majority points)").format(n=last + 1),
            stage_result(state, last),
        )
        self.button(_("Score sheet"), self.host.score, primary=True)
        for seat, player in enumerate(state.players):
            if player.hand and player.hand_revealed is None:
                text = ngettext(
                    "{name} shows the hand ({n} card)",
                    "{name} shows the hand ({n} cards)",
                    player.hand,
                ).format(name=player.name, n=player.hand)
                self.button(text, partial(self.start_reveal_hand, seat))

    def start_reveal_hand(self, seat: int) -> None:
        self.host.reset_drafts()
        self.host.mode = "reveal_hand"
        self.host.reveal_seat = seat
        self.host.render()

    def reveal_hand_prompt(self) -> None:
        seat = self.host.reveal_seat
        assert seat is not None
        self.panel(
            ngettext(
                "{name}'s hand, for the tie-break: which {n} card?",
                "{name}'s hand, for the tie-break: which {n} cards?",
                hand_to_reveal(self.host),
            ).format(name=self.player_name(seat), n=hand_to_reveal(self.host)),
            _("Shown: {goods}").format(goods=goods_markup(self.host.picked)),
        )
        self.goods_buttons(self.pick)
        self.picked_controls()
        action = a.RevealHand(player=seat, goods=tuple(self.host.picked))
        self.button(_("Show these cards"), lambda: self.host.submit(action), primary=True)
        self.button(_("Cancel"), self.cancel, fixed=True)
