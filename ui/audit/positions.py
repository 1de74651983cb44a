"""Games a table has played so far, logged through the real :class:`companion.play.session.Session`
into a tour's store: the positions the tour opens from Home, as a table resuming would.

This is the game-free part: playing a script or a policy through the session, and what each game's
positions give the app's own states (:class:`Positions`, declared by its UI entry's
``positions``). Each game's positions are its own (``ui/games/<game>/positions.py``). Moves are
chosen the plainest legal way; nothing here decides a rule: every action goes through the session,
which refuses what is wrong.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from companion.play.session import Session
from companion.store import Store


class PositionError(Exception):
    """A scripted move was refused: the tour's script no longer matches the rules."""


def play(session: Session, actions: Iterable[Any]) -> Session:
    """Submit ``actions`` in turn, as the table enters them; refused: :class:`PositionError`."""
    for action in actions:
        outcome = session.submit(action, seq=session.seq)
        if not outcome.verdict.ok:
            raise PositionError(f"{action!r} refused: {outcome.verdict}")
    return session


def play_until(
    session: Session, choose: Callable[[Any], Any], done: Callable[[Any], bool]
) -> Session:
    """Submit the action ``choose`` picks in each state until ``done`` holds."""
    while not done(session.state):
        play(session, [choose(session.state)])
    return session


@dataclass(frozen=True, kw_only=True)
class Positions:
    """What a game's positions give the app's own tour states (Home's lists, the history, the
    players): a game of it under way, and one finished if the game has such a position."""

    under_way: Callable[[Store], Session]
    """Logs a game under way (Home's list resumes it) into the store."""
    finished: Callable[[Store], Session] | None = None
    """Logs a finished game (the history shows it) into the store; None: the game has none."""
