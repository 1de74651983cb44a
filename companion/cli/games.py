"""``table-companion game ...``: track a game headlessly, one logged action per command.

Every command prints one JSON object. ``act``, ``undo`` and ``redo`` take the sequence number the
caller last saw (``show`` prints it), so a command typed against an older view is refused as stale;
``latest`` stands for the number the command reads when it opens the game (for one table typing
alone: it cannot tell whether the caller saw that moment). Exit codes: 0 accepted, 1 refused by a
rule (the verdict names it), 2 malformed input, 3 the game database cannot be used where it is
(full disk, read-only, permissions, ...: nothing changed).
A game whose log is damaged shows its last sound entry with a ``damaged`` field and refuses every
change with exit 1 and the verdict ``log_damaged``; one that cannot be set up at all is exit 1 with
the error ``log_damaged``.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

from companion.installation.errors import InputError
from companion.installation.i18n import _
from companion.installation.json_input import check_text, read_json
from companion.play.log_fold import LogFold
from companion.rules import reference
from companion.rules.explanations import explained
from companion.rules.registry import GAMES, rules_for
from companion.rules.rulings import check_choices, deciding, game_options
from companion.store import LogEntry, Store, UnknownGameError

if TYPE_CHECKING:  # the rules' machinery (pydantic) loads for a command that opens a game
    from pydantic import TypeAdapter

    from companion.play.session import Outcome, Session

EXIT_OK, EXIT_REFUSED, EXIT_BAD_INPUT = 0, 1, 2
LATEST = "latest"
"""The SEQ that stands for the game's sequence number as the command reads it."""
EXIT_STORAGE = 3
"""The game database cannot be used where it is (:class:`companion.store.StorageUnavailableError`)."""
READING_VERBS = ("list", "show", "legal", "log", "sheet", "now")
"""Verbs that only read: they work on a database on a read-only mount."""

_log = logging.getLogger(__name__)


@cache
def state_adapter(state_type: type) -> TypeAdapter[Any]:
    from pydantic import TypeAdapter

    return TypeAdapter(state_type)


def describe(session: Session, *, compact: bool = False) -> dict[str, Any]:
    """What the app believes about a game, as JSON; ``compact`` leaves the state and the house
    rules out (the state's schema is then never built: a ``game act --compact`` does not pay
    for it)."""
    state = session.state
    described = {
        "game_id": session.game_id,
        "game": session.rules.name,
        "seq": session.seq,
        "over": session.rules.is_over(state),
        "to_move": getattr(state, "to_move", None),
    }
    if not compact:
        described["state"] = state_adapter(state.__class__).dump_python(state, mode="json")
        described["house_rules"] = dict(session.house_rules)
    if session.damage is not None:  # only then: a sound game's output is unchanged
        described["damaged"] = session.damage.as_dict()
    if session.repaired is not None:  # only on the call that repaired the game
        described["repaired"] = session.repaired.as_dict()
    return described


def parse_players(specs: list[str]) -> list[dict[str, str]]:
    """``NAME:COLOUR`` pairs as game options (spaces around a name dropped, as a rename does)."""
    players = []
    for spec in specs:
        name, sep, colour = spec.partition(":")
        name = name.strip()
        if not sep or not name or not colour:
            raise InputError("invalid_value", f"player: expected NAME:COLOUR, got {spec!r}")
        players.append({"name": name, "colour": colour})
    return players


def parse_count(text: str, field: str) -> int:
    """A whole number typed on the command line (at most 9 digits), or InputError naming it."""
    check_text(text, field)
    if not (text.isascii() and text.isdigit() and len(text) <= 9):
        message = _("{field}: expected a whole number, got {text!r}")
        raise InputError("invalid_value", message.format(field=field, text=text))
    return int(text)


def parse_seq(text: str, session: Session) -> int:
    """The SEQ argument: a sequence number, or :data:`LATEST` for the game's number now."""
    if text == LATEST:
        return session.seq
    try:
        return parse_count(text, "seq")
    except InputError:
        message = _("seq: expected the sequence number you last saw or {latest!r}, got {text!r}")
        raise InputError("invalid_value", message.format(latest=LATEST, text=text)) from None


def parse_rulings(game: str, specs: Sequence[str]) -> dict[str, str]:
    """``RULING=ALTERNATIVE`` house rules (``game new --ruling``), checked against ``game``'s
    rulings; InputError names ``ruling`` and what is wrong."""
    choices: dict[str, str] = {}
    for spec in specs:
        check_text(spec, "ruling")
        ruling, sep, alternative = spec.partition("=")
        if not sep or not ruling or not alternative:
            raise InputError("invalid_value", f"ruling: expected RULING=ALTERNATIVE, got {spec!r}")
        if ruling in choices:
            raise InputError("invalid_value", f"ruling: {ruling!r} is chosen twice")
        choices[ruling] = alternative
    return check_choices(game, choices, "ruling")


def new_game(
    store: Store, game: str, players: list[str], start: str, rulings: Sequence[str] = ()
) -> dict[str, Any]:
    """A new game; ``rulings`` (``RULING=ALTERNATIVE``) are its house rules, chosen over the
    table's settings."""
    check_text(game, "game")
    if game not in GAMES:
        raise InputError("unknown_game", f"game: unknown game {game!r}; known: {sorted(GAMES)}")
    for spec in players:
        check_text(spec, "player")
    rules = rules_for(game)
    stored = rules.stored_options(store.list_settings(game))
    options = rules.parse_options(
        {
            "players": parse_players(players),
            "start_player": parse_count(start, "start"),
            **stored,
            **game_options(game, parse_rulings(game, rulings)),
        }
    )
    from companion.play.session import Session

    session = Session.create(store, rules, options)
    _log.info("game %s: new %s game, %d players", session.game_id, game, len(players))
    return describe(session)


def open_session(store: Store, game_id: str) -> Session:
    from companion.play.session import Session

    check_text(game_id, "game_id")
    try:
        session = Session.resume(store, game_id, repair=True)
    except UnknownGameError:
        raise InputError(
            "unknown_game_id", f"game_id: no game {game_id!r} in {store.path}"
        ) from None
    if session.repaired is not None:  # the table reads what came back and what was lost
        print(f"table-companion: {session.repaired.sentence()}", file=sys.stderr)
    return session


def parse_json_object(text: str, field: str) -> dict[str, Any]:
    value = read_json(text, field)
    if not isinstance(value, dict):
        raise InputError("invalid_value", f"{field}: expected a JSON object")
    return value


def act(session: Session, seq: str, text: str) -> Outcome:
    """Submit the action in ``text``; both arguments are checked before anything is written."""
    seen = parse_seq(seq, session)
    payload = parse_json_object(text, "action")
    outcome = session.submit_payload(payload, seq=seen)
    _log_outcome(session, payload.get("kind", "action"), outcome)
    return outcome


def step(session: Session, verb: str, seq: str) -> Outcome:
    """``undo`` or ``redo`` the last action."""
    move = session.undo if verb == "undo" else session.redo
    outcome = move(seq=parse_seq(seq, session))
    _log_outcome(session, verb, outcome)
    return outcome


def _log_outcome(session: Session, what: object, outcome: Outcome) -> None:
    if outcome.verdict.ok:
        _log.info("game %s: %s committed as seq %d", session.game_id, what, outcome.seq)
    else:
        _log.info("game %s: %s refused (%s)", session.game_id, what, outcome.verdict.code)


def outcome_report(
    session: Session, outcome: Outcome, *, compact: bool = False, explain: bool = False
) -> tuple[dict[str, Any], int]:
    """The verdict and the game after it; ``compact`` leaves the state out; ``explain`` adds a
    refusal's explanation to its verdict (``explanation``: as ``rules explain`` prints it, with
    ``house_rule`` naming the game's house rule where one decided it)."""
    game = describe(session, compact=compact)  # compact: as before house rules (show has them)
    verdict = outcome.verdict.as_dict()
    if explain and not outcome.verdict.ok:
        code = outcome.verdict.code
        found = explained(session.rules.name, code)
        house_rule = deciding(session.rules.name, code, session.house_rules)
        if found is not None and house_rule is not None:
            found = {**found, "house_rule": house_rule}
        verdict["explanation"] = found
    report = {"verdict": verdict, **game}
    return report, EXIT_OK if outcome.verdict.ok else EXIT_REFUSED


def log(session: Session) -> dict[str, Any]:
    """Every log entry in order: when, what kind, whose, the action; an undo or redo names the
    entry whose action it took back or put back, and ``in_effect`` says whether an action or
    correction counts in the game now (not undone)."""
    rows = [_log_row(entry) for entry in session.entries]
    fold: LogFold[dict[str, Any]] = LogFold()
    for row in rows:
        concerns = fold.push(row["kind"], row)
        if row["kind"] in ("undo", "redo"):
            row["undoes" if row["kind"] == "undo" else "redoes"] = concerns["seq"]
    for row in rows:
        if "action" in row:
            row["in_effect"] = False
    for row in fold.in_force:
        row["in_effect"] = True
    return {
        "game_id": session.game_id,
        "game": session.rules.name,
        "seq": session.seq,
        "entries": rows,
    }


def _log_row(entry: LogEntry) -> dict[str, Any]:
    row: dict[str, Any] = {"seq": entry.seq, "time": entry.created_at, "kind": entry.kind}
    if entry.kind in ("action", "correction"):
        row["correction"] = entry.kind == "correction"
        row["player"] = entry.payload.get("player")
        row["action"] = entry.payload
    return row


def legal(session: Session) -> list[dict[str, Any]]:
    if session.damage is not None:  # read-only: nothing can be done
        return []
    return [session.rules.dump_action(a) for a in session.rules.legal_actions(session.state)]


def now(session: Session) -> dict[str, Any]:
    """ "What can I do now?": ``{"game_id", "game", "seq", "phase", "section", "options"}``, the
    section of the rules reference that matches the phase and each option of the moment, open or
    not (then with the refusal's ``code`` and ``reason``, the ``rule`` and its ``section``).
    A damaged game offers nothing."""
    found = reference.now(session.rules.name, session.rules, session.state)
    if session.damage is not None:
        found["options"] = []
    return {"game_id": session.game_id, "game": found.pop("game"), "seq": session.seq, **found}


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
