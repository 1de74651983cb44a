"""``table-companion game scan GAME_ID SEQ TAG... [--with JSON] [--check]``: scans, as the screen
takes them.

Prints what ``game act`` prints (the verdict and the game after it), after ``card`` (the card the
last tag stands for), ``cards`` (every tag's card, in scan order), ``action`` (the move submitted,
or null) and, when the scans fit several moves, ``choices`` (them). Several tags build one move
(a Tuareg load, a Timbuktu thief pile); ``--with`` gives the fields a tap chooses (which animal,
which pen), checked as the game's actions take them (a malformed one exits 2 naming the field);
``--check`` submits nothing and says what the move would get (a load checked card by card). An
unknown tag exits 2 (``unknown_tag``, naming it); a refused scan exits 1 and changes nothing.
See :mod:`companion.play.scan_play`."""

from __future__ import annotations

from typing import Any

from companion.cli import games
from companion.play.scan_play import ScanMove, check_given, play_scan, resolve_tag
from companion.play.session import Outcome, Session
from companion.store import Store


def scan(
    store: Store,
    session: Session,
    seq: str,
    tags: list[str],
    *,
    given: str | None = None,
    check: bool = False,
) -> tuple[ScanMove, Outcome]:
    """Every argument is checked before anything is written."""
    seen = games.parse_seq(seq, session)
    fields = {} if given is None else games.parse_json_object(given, "with")
    check_given(session, fields)
    cards = [resolve_tag(store, tag) for tag in tags]
    return play_scan(session, cards, seq=seen, given=fields, check=check)


def described(move: ScanMove) -> dict[str, Any]:
    out: dict[str, Any] = {"card": move.card, "cards": list(move.cards), "action": move.action}
    if move.choices:
        out["choices"] = move.choices
    return out
