"""What the table's buttons mean on any game screen, after the screen had its say (``confirm``,
``undo`` ... and a screen's own ``next``): ``seatN`` is seat N's "my turn is done", ``next`` held ends
the stage, ``next`` tapped where the screen has nothing to skip says so.

Nothing is decided here: each intent becomes the game's own action, submitted through the screen,
so an illegal one comes back from the rules with the reason and changes nothing. No Kivy here.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Protocol

from companion.installation.i18n import _
from companion.rules.refusals import NO_SUCH_SEAT
from companion.rules.registry import spec_for
from companion.rules.verdict import Verdict

if TYPE_CHECKING:
    from companion.play.table import TableGame

SEAT_BUTTON = re.compile(r"seat([1-9])")


class Submits(Protocol):
    """A game screen: the table it shows and how it logs an action (each screen's own submit)."""

    table: TableGame[Any, Any] | None

    def submit(self, action: Any) -> Any: ...


def seat_of(button: str) -> int | None:
    """``seat3`` -> seat 2 (seats count from 0); None for any other button."""
    match = SEAT_BUTTON.fullmatch(button)
    return int(match.group(1)) - 1 if match else None


def game_title(table: TableGame[Any, Any]) -> str:
    return spec_for(table.rules.name).title()


def refuse(table: TableGame[Any, Any], code: str, message: str) -> None:
    table.refuse(Verdict(False, code, message))


def press(screen: Submits, button: str) -> bool:
    """A tapped button the screen did not use; True if it means something in every game."""
    table = screen.table
    if table is None:
        return False
    seat = seat_of(button)
    if seat is not None:
        end_turn(screen, table, seat)
        return True
    if button == "next":
        refuse(table, "nothing_to_skip", _("Nothing to skip here: answer the prompt on screen."))
        return True
    return False


def hold(screen: Submits, button: str) -> bool:
    """A held button; True if it means something in a game (``next``: end the stage)."""
    table = screen.table
    if table is None or button != "next":
        return False
    end_stage(screen, table)
    return True


def end_turn(screen: Submits, table: TableGame[Any, Any], seat: int) -> None:
    """Seat ``seat`` says its turn is done: the game's end-of-turn action for it, if legal."""
    players = len(table.state.players)
    if seat >= players:
        refuse(table, "no_such_seat", NO_SUCH_SEAT.text(n=seat + 1, count=players))
        return
    kind = spec_for(table.rules.name).turn_end
    if kind is None:
        refuse(
            table,
            "no_turn_end",
            _('{game} has no "my turn is done": a turn ends with its move.').format(
                game=game_title(table)
            ),
        )
        return
    screen.submit(table.rules.parse_action({"kind": kind, "player": seat}))


def end_stage(screen: Submits, table: TableGame[Any, Any]) -> None:
    """``next`` held: the game's stage-end action if it has one (refused with the reason while the
    stage cannot end yet), else a message that nothing happened."""
    kind = spec_for(table.rules.name).stage_end
    if kind is None:
        refuse(
            table,
            "no_stage_end",
            _("{game} has no stage to end by hand: holding next did nothing.").format(
                game=game_title(table)
            ),
        )
        return
    screen.submit(table.rules.parse_action({"kind": kind}))
