"""``table-companion game ...``: track a game headlessly, one logged action per command.

Every command prints one JSON object. ``act``, ``undo`` and ``redo`` take the sequence number the
caller last saw (``show`` prints it), so a command typed against an older view is refused as stale.
Exit codes: 0 accepted, 1 refused by a rule (the verdict names it), 2 malformed input. A game whose
log is damaged shows its last sound entry with a ``damaged`` field and refuses every change with
exit 1 and the verdict ``log_damaged``; one that cannot be set up at all is exit 1 with the error
``log_damaged``.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from pydantic import TypeAdapter

from companion.errors import InputError
from companion.registry import GAMES, rules_for
from companion.session import Outcome, Session
from companion.store import Store, UnknownGameError

EXIT_OK, EXIT_REFUSED, EXIT_BAD_INPUT = 0, 1, 2


@cache
def _state_adapter(state_type: type) -> TypeAdapter[Any]:
    return TypeAdapter(state_type)


def describe(session: Session) -> dict[str, Any]:
    """What the app believes about a game, as JSON."""
    state = session.state
    described = {
        "game_id": session.game_id,
        "game": session.rules.name,
        "seq": session.seq,
        "over": session.rules.is_over(state),
        "to_move": getattr(state, "to_move", None),
        "state": _state_adapter(type(state)).dump_python(state, mode="json"),
    }
    if session.damage is not None:  # only then: a sound game's output is unchanged
        described["damaged"] = session.damage.as_dict()
    return described


def parse_players(specs: list[str]) -> list[dict[str, str]]:
    """``NAME:COLOUR`` pairs as game options."""
    players = []
    for spec in specs:
        name, sep, colour = spec.partition(":")
        if not sep or not name or not colour:
            raise InputError("invalid_value", f"player: expected NAME:COLOUR, got {spec!r}")
        players.append({"name": name, "colour": colour})
    return players


def new_game(store: Store, game: str, players: list[str], start: int) -> dict[str, Any]:
    if game not in GAMES:
        raise InputError("unknown_game", f"game: unknown game {game!r}; known: {sorted(GAMES)}")
    rules = rules_for(game)
    stored = rules.stored_options(store.list_settings(game))
    options = rules.parse_options(
        {"players": parse_players(players), "start_player": start, **stored}
    )
    return describe(Session.create(store, rules, options))


def open_session(store: Store, game_id: str) -> Session:
    try:
        return Session.resume(store, game_id)
    except UnknownGameError:
        raise InputError(
            "unknown_game_id", f"game_id: no game {game_id!r} in {store.path}"
        ) from None


def parse_json_object(text: str, field: str) -> dict[str, Any]:
    try:
        value = json.loads(text)
    except json.JSONDecodeError as error:
        raise InputError("malformed_json", f"{field}: {error}") from None
    if not isinstance(value, dict):
        raise InputError("invalid_value", f"{field}: expected a JSON object")
    return value


def act(session: Session, seq: int, text: str) -> Outcome:
    action = session.rules.parse_action(parse_json_object(text, "action"))
    return session.submit(action, seq=seq, game_id=session.game_id)


def outcome_report(session: Session, outcome: Outcome) -> tuple[dict[str, Any], int]:
    report = {"verdict": outcome.verdict.as_dict(), **describe(session)}
    return report, EXIT_OK if outcome.verdict.ok else EXIT_REFUSED


def legal(session: Session) -> list[dict[str, Any]]:
    if session.damage is not None:  # read-only: nothing can be done
        return []
    return [session.rules.dump_action(a) for a in session.rules.legal_actions(session.state)]


def summaries(store: Store) -> list[dict[str, Any]]:
    return [
        {
            "game_id": g.id,
            "game": g.game,
            "status": g.status,
            "updated_at": g.updated_at,
            "seq": g.last_seq,
        }
        for g in store.list_games()
    ]
