"""A stored game's log for people: every entry, when it was written and what it did in words
(:mod:`companion.play.describe`), a correction and a move later taken back marked as such.

The log is replayed from the game's options (as :meth:`companion.play.session.Session.resume` does) so
that each action is worded against the game as it was when it was taken. A damaged log is read up
to its last sound entry, and ``damage`` says where it stops.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from companion.installation.errors import InputError
from companion.installation.i18n import _
from companion.play import describe
from companion.play.log_fold import ACTION_KINDS, LogFold
from companion.rules.registry import rules_for
from companion.rules.verdict import RuleViolation
from companion.store import DamagedGameError, Store, UnknownGameError

_log = logging.getLogger(__name__)


@dataclass(frozen=True)
class LogLine:
    seq: int
    at: datetime
    kind: str
    """``action``, ``correction``, ``undo`` or ``redo`` (as the store names the entry)."""
    text: str
    undone: bool
    """An action or correction taken back by a later undo and not put back."""

    @property
    def correction(self) -> bool:
        return self.kind == "correction"


@dataclass(frozen=True)
class GameLog:
    game_id: str
    game: str
    lines: tuple[LogLine, ...]
    damage: str | None
    """Why the log stops before its end, if it does."""


def read(store: Store, game_id: str) -> GameLog:
    """The log of stored game ``game_id``; :class:`InputError` ``unknown_game`` if there is none or
    its options no longer set up a game."""
    try:
        stored = store.load(game_id)
        rules = rules_for(stored.game)
        state = rules.setup(rules.parse_options(stored.options, stored=True))
    except (UnknownGameError, DamagedGameError, KeyError, InputError) as error:
        raise InputError("unknown_game", _("game_id: {error}").format(error=error)) from None
    lines: list[dict[str, Any]] = []
    fold: LogFold[tuple[int, Any, Any]] = LogFold()
    """(seq, action, state before it) of every action."""
    damage = stored.damage.reason if stored.damage is not None else None
    for entry in stored.entries:
        if not fold.can(entry.kind):
            damage = _("entry {seq} cannot be read").format(seq=entry.seq)
            break
        if entry.kind in ACTION_KINDS:
            try:
                action = rules.parse_action(entry.payload)
                after = rules.apply(state, action)
            except (InputError, RuleViolation) as error:
                damage = str(error)
                _log.warning("game %s: the log stops at entry %d: %s", game_id, entry.seq, error)
                break
            except Exception as error:  # a damaged entry the rules did not foresee (as Session)
                damage = repr(error)
                _log.exception("game %s: the rules failed on log entry %d", game_id, entry.seq)
                break
            text = describe.describe(stored.game, state, action)
            fold.push(entry.kind, (entry.seq, action, state))
            state = after
        elif entry.kind == "undo":
            _seq, action, state = fold.push(entry.kind)
            text = describe.undone(stored.game, state, action)
        else:
            _seq, action, before = fold.push(entry.kind)
            text = describe.redone(stored.game, before, action)
            state = rules.apply(before, action)
        lines.append({"seq": entry.seq, "at": entry.created_at, "kind": entry.kind, "text": text})
    in_force = {seq for seq, _action, _state in fold.in_force}
    return GameLog(
        game_id=game_id,
        game=stored.game,
        lines=tuple(
            LogLine(
                seq=line["seq"],
                at=datetime.fromisoformat(line["at"]),
                kind=line["kind"],
                text=line["text"],
                undone=line["kind"] in ("action", "correction") and line["seq"] not in in_force,
            )
            for line in lines
        ),
        damage=damage,
    )
