"""The header band of every game screen: whose turn it is, on their colour and with their piece's
shape and initial (never by hue alone), in the whose-turn type; under it the phase and what to do
now. Tapping it reads the last refusal whole (its mark shows while one stands)."""

from __future__ import annotations

from collections.abc import Iterable
from itertools import chain
from typing import Any

from kivy.properties import BooleanProperty, ListProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout

from ui import design
from ui.kv import load_kv

_NONE = object()
"""No action at all (:func:`whose_turn`)."""


def whose_turn(state: Any, legal: Iterable[Any]) -> tuple[str, str] | None:
    """``(name, colour)`` of the player to move, or None when nobody is: the state's ``to_move``
    seat, as long as the actions the rules allow now are all that player's (a reveal, a market
    to name or a stage to score is the whole table's; game over allows nothing). ``legal`` is
    read only as far as that takes: the first action that is not the seat's settles it."""
    seat = getattr(state, "to_move", None)
    players = getattr(state, "players", ())
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(players):
        return None
    actions = iter(legal)
    first = next(actions, _NONE)
    if first is _NONE or any(
        getattr(action, "player", None) != seat for action in chain((first,), actions)
    ):
        return None
    player = players[seat]
    return str(getattr(player, "name", "")), str(getattr(player, "colour", ""))


def badge_text(colour: str, name: str) -> str:
    """The piece's shape and the name's initial, drawn in the text's colour on the player's fill
    (the shape in its own colour would vanish there)."""
    shape = design.piece(colour).shape
    initial = f" [b]{name.strip()[:1].upper()}[/b]" if name.strip() else ""
    return f"[font={design.SYMBOL_FONT}]{shape}[/font]{initial}"


class HeaderBand(ButtonBehavior, BoxLayout):
    """The band; :class:`~ui.game_widgets.GameBar` feeds it ``player``, ``colour``, ``status``."""

    player = StringProperty("")
    """The name of the player to move ('' when nobody is)."""
    colour = StringProperty("")
    status = StringProperty("")
    """The phase and what to do now."""
    text = StringProperty("")
    """All it says, as a button's text does (for tests and the layout audit)."""
    refused = BooleanProperty(False)
    """A refusal stands (tap the band to read it)."""
    fill = ListProperty(list(design.SURFACE))
    ink = ListProperty(list(design.INK))
    badge = StringProperty("")

    def on_player(self, *_args: Any) -> None:
        self._recolour()

    def on_colour(self, *_args: Any) -> None:
        self._recolour()

    def _recolour(self) -> None:
        fill = design.piece(self.colour).fill if self.player else design.SURFACE
        self.fill = list(fill)
        self.ink = list(design.ink_on(fill))
        self.badge = badge_text(self.colour, self.player) if self.player else ""


load_kv(__file__)
