"""What each page shows, as plain values for the templates, taken from the core's own producers:
the CLI's ``game show``/``now``/``list`` (:mod:`companion.cli.games`), the score sheet and its
words, the game log in words, the rules reference and the history. Nothing here decides a rule or
adds up a score; call inside :func:`companion.installation.i18n.speaking` for the reader's language.

A game's state is shown as its JSON says it (the public ``game show`` contract), worded through its
spec's names of goods and cards: numbers large, a board where the state has cells at coordinates.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from companion.after import history, stats
from companion.cli import games
from companion.installation.errors import InputError
from companion.installation.i18n import N_, _
from companion.play import game_log, last_refusal
from companion.play.labels import card_name
from companion.play.session import LogCorruptionError, Session
from companion.rules import reference, sheet_words
from companion.rules.explanations import explained
from companion.rules.registry import GAMES, spec_for
from companion.rules.scoresheet import ScoreSheet
from companion.store import Store, StoreError, is_text, readable

_log = logging.getLogger(__name__)

FIELD_WORDS = {
    "stock": N_("Stock"),
    "hand": N_("Hand"),
    "display": N_("Display"),
    "camels": N_("Camels"),
    "donkeys": N_("Donkeys"),
    "caves": N_("Caves"),
    "thieves": N_("Thieves"),
    "maps": N_("Maps"),
    "goods": N_("Goods"),
    "markers": N_("Tribe markers"),
    "loaded": N_("Loaded"),
    "vp": N_("victory points"),
    "card_bonus": N_("Card bonus"),
}
"""How a player's fields (as ``game show`` names them) read; another field reads as its name."""
HIDDEN = frozenset(("name", "colour", "hand_round", "remembered", "hand_revealed", "maps_cashing"))
"""Bookkeeping a player has no use for on a phone."""


class NotFound(Exception):
    """No such game (or it cannot be opened): the page answers 404."""


@dataclass(frozen=True)
class Row:
    label: str
    lines: tuple[str, ...] = ()
    """The value in words, a line each (a camel, a column of the display)."""
    number: int | None = None
    """Shown large when the value is a count."""


@dataclass(frozen=True)
class PlayerCard:
    name: str
    colour: str
    to_move: bool
    points: int | None
    rows: tuple[Row, ...]


@dataclass(frozen=True)
class Cell:
    text: str
    marks: str = ""


@dataclass(frozen=True)
class GamePage:
    game_id: str
    title: str
    status: str
    """Whose turn and the phase, in words."""
    seq: int
    over: bool
    players: tuple[PlayerCard, ...]
    board: tuple[tuple[Cell | None, ...], ...] = ()
    headline: str = ""
    damaged: bool = False


@dataclass(frozen=True)
class SheetPage:
    game_id: str
    title: str
    final: bool
    headline: str
    tiebreak: str
    players: tuple[str, ...]
    rows: tuple[tuple[str, tuple[int, ...]], ...]
    totals: tuple[int, ...]
    ranks: tuple[int, ...]
    notes: tuple[str, ...]


@dataclass(frozen=True)
class Option:
    label: str
    available: bool
    reason: str = ""
    rule: str = ""
    explanation: str = ""
    quote: str = ""
    source: str = ""


@dataclass(frozen=True)
class Refused:
    """The table's last refusal, while the game is still at that moment: what the table said (in
    its language ``lang``), and why, as ``rules explain`` says it in the reader's language."""

    message: str
    lang: str
    title: str = ""
    explanation: str = ""
    quote: str = ""
    quote_lang: str = ""
    note: str = ""
    source: str = ""


@dataclass(frozen=True)
class Section:
    id: str
    title: str
    summary: str
    source: str
    current: bool


@dataclass(frozen=True)
class RulesPage:
    game_id: str
    title: str
    status: str
    options: tuple[Option, ...]
    sections: tuple[Section, ...]
    refused: Refused | None = None


@dataclass(frozen=True)
class HistoryLine:
    game_id: str
    title: str
    date: str
    status: str
    scores: tuple[tuple[str, int, bool], ...]
    """(name, score, winner)."""


@dataclass(frozen=True)
class StatsPage:
    plays: int
    games: tuple[tuple[str, int, int | None], ...]
    """(title, plays, best score)."""
    players: tuple[tuple[str, int, int, int], ...]
    """(name, plays, wins, win rate in percent)."""


@dataclass(frozen=True)
class GameLine:
    game_id: str
    title: str
    status: str
    players: str
    seq: int
    updated_at: str


@dataclass(frozen=True)
class LogPage:
    game_id: str
    title: str
    lines: tuple[tuple[int, str, str, bool], ...]
    """(seq, time, words, undone), the newest first."""
    damage: str | None = None


def title_of(game: str) -> str:
    return spec_for(game).title() if game in GAMES else game


def open_game(store: Store, game_id: str) -> Session:
    if not game_id.isalnum() or len(game_id) > 64:
        raise NotFound(game_id)
    try:
        return games.open_session(store, game_id)
    except (StoreError, LogCorruptionError, InputError) as error:
        _log.info("game %s not shown: %s", game_id, error)
        raise NotFound(game_id) from None


def game_list(store: Store) -> tuple[GameLine, ...]:
    """Every stored game (``game list``), the most recently changed first."""
    lines = []
    for summary in games.summaries(store):
        try:
            options, _created = store.game_info(summary["game_id"])
            names = ", ".join(str(p.get("name", "")) for p in options.get("players", []))
        except (StoreError, AttributeError):
            names = ""
        lines.append(  # a damaged text (listed escaped) shown with U+FFFD
            GameLine(
                game_id=readable(summary["game_id"]),
                title=readable(title_of(summary["game"])),
                status=readable(status_word(summary["status"])),
                players=names,
                seq=summary["seq"],
                updated_at=readable(_local(summary["updated_at"])),
            )
        )
    return tuple(lines)


def game_in_play(store: Store) -> str | None:
    """The id of the game changed last (as ``game list`` orders them): the one in play, or the
    one just over, with its result; None before the first game. A damaged id (listed escaped)
    names no game to show: the next one is."""
    return next((g.id for g in store.list_games() if is_text(g.id)), None)


def _local(stamp: str) -> str:
    """An ISO time the store wrote (UTC) as the table's clock reads it: ``2026-03-01 20:40``."""
    try:
        return datetime.fromisoformat(stamp).astimezone().strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return stamp


STATUS_WORDS = {
    "active": N_("in play"),
    "finished": N_("finished"),
    "abandoned": N_("abandoned"),
}


def status_word(status: str) -> str:
    return _(STATUS_WORDS[status]) if status in STATUS_WORDS else status


def status_line(session: Session, shown: dict[str, Any]) -> str:
    """``Round 3 · Amal to move``-like: the round or stage, the phase's section of the rules
    reference, whose turn; or who won."""
    state = shown["state"]
    if shown["over"]:
        return _("The game is over.")
    parts = []
    for key, word in (("round", N_("Round {n}")), ("stage", N_("Stage {n}"))):
        if isinstance(state.get(key), int) and state[key] > 0:
            parts.append(_(word).format(n=state[key]))
    found = reference.reference_of(session.rules.name)
    if found is not None:
        part = found.part(found.phase_part(session.state))
        if part is not None:
            parts.append(_(part.title))
    seat = shown["to_move"]
    players = state.get("players", [])
    if isinstance(seat, int) and 0 <= seat < len(players):
        parts.append(_("{name} to move").format(name=players[seat]["name"]))
    return " · ".join(parts)


def _word(game: str, value: Any) -> str:
    """A good's or card's name as the game says it, else the value as it is."""
    if isinstance(value, str):
        spec = spec_for(game)
        names = spec.names()
        if value in names:
            return names[value]
        if value.count("-") >= 2:
            return card_name(spec, value, names)
        return _(FIELD_WORDS.get(value, value))
    if isinstance(value, dict):
        cards = [v for v in value.values() if isinstance(v, str) and v.count("-") >= 2]
        shown = cards or [v for v in value.values() if v not in (None, [], "")]
        return " ".join(_word(game, v) for v in shown)
    if isinstance(value, list):
        return ", ".join(_word(game, v) for v in value if v not in (None, [], ""))
    return str(value)


def _label(key: str) -> str:
    """A field's name for people: :data:`FIELD_WORDS`, else the field's own word in the catalog
    where a game's screen already says it (``pen``, ``pitch``), else the word as it is."""
    return _(FIELD_WORDS[key]) if key in FIELD_WORDS else _(key).replace("_", " ").capitalize()


def _rows(game: str, key: str, value: Any) -> list[Row]:
    label = _label(key)
    if isinstance(value, bool):
        return [Row(label, (_("yes"),))] if value else []
    if isinstance(value, int):
        return [Row(label, (), value)]
    if isinstance(value, dict) and all(isinstance(v, int) for v in value.values()):
        return [Row(_word(game, k), (), v) for k, v in value.items()]
    if isinstance(value, list) and value and not _coordinates(value):
        if all(isinstance(item, list) for item in value):  # columns, stacks: numbered
            lines = [f"{n}: {_word(game, item) or '—'}" for n, item in enumerate(value, 1)]
            return [Row(label, tuple(lines), sum(len(item) for item in value))]
        if all(isinstance(item, dict) for item in value):  # camels, caravans: one line each
            return [Row(label, tuple(_item(game, item) for item in value), len(value))]
        return [Row(label, (", ".join(_word(game, item) for item in value),), len(value))]
    return []


def _item(game: str, item: dict[str, Any]) -> str:
    """``A: gold, salt (place 3 · pen 3)``: its name (the first text), what it holds (lists),
    then its numbers, each named."""
    texts = [v for v in item.values() if isinstance(v, str)]
    held = [_word(game, v) for v in item.values() if isinstance(v, list)]
    numbers = [
        f"{_label(k)} {v}"
        for k, v in item.items()
        if isinstance(v, int) and not isinstance(v, bool)
    ]
    line = ": ".join(
        part for part in (" ".join(texts), ", ".join(h for h in held if h) or "—") if part
    )
    return f"{line} ({' · '.join(numbers)})" if numbers else line


def _coordinates(value: list[Any]) -> bool:
    """A list of board positions (``[[1, 2], ...]``): shown on the board, not as words."""
    return all(
        isinstance(item, list) and len(item) == 2 and all(isinstance(i, int) for i in item)
        for item in value
    )


def _board(game: str, state: dict[str, Any]) -> tuple[tuple[Cell | None, ...], ...]:
    """The first field of the state that is a list of ``[[row, column], cell]``, as a grid, with
    the initials of the players whose pieces stand on each cell."""
    for value in state.values():
        if not (isinstance(value, list) and value and all(_is_cell(item) for item in value)):
            continue
        cells = {tuple(item[0]): item[1] for item in value}
        rows = sorted({r for r, _c in cells})
        columns = sorted({c for _r, c in cells})
        marks: dict[tuple[int, int], list[str]] = {}
        for player in state.get("players", []):
            for item in player.values():
                if isinstance(item, list) and item and _coordinates(item):
                    for position in item:
                        marks.setdefault(tuple(position), []).append(player["name"][:2])
        return tuple(
            tuple(
                Cell(_word(game, cells[(r, c)]) or "—", " ".join(marks.get((r, c), [])))
                if (r, c) in cells
                else None
                for c in columns
            )
            for r in rows
        )
    return ()


def _is_cell(item: Any) -> bool:
    return (
        isinstance(item, list)
        and len(item) == 2
        and isinstance(item[0], list)
        and _coordinates([item[0]])
    )


def game_page(store: Store, game_id: str) -> GamePage:
    session = open_game(store, game_id)
    shown = games.describe(session)
    state = shown["state"]
    game = session.rules.name
    sheet = session.score_sheet()
    cards = []
    for seat, player in enumerate(state.get("players", [])):
        rows = [
            row
            for key, value in player.items()
            if key not in HIDDEN
            for row in _rows(game, key, value)
        ]
        name = player.get("name", "")
        cards.append(
            PlayerCard(
                name=name,
                colour=str(player.get("colour", "")),
                to_move=shown["to_move"] == seat and not shown["over"],
                points=sheet.totals.get(name),
                rows=tuple(rows),
            )
        )
    return GamePage(
        game_id=session.game_id,
        title=title_of(game),
        status=status_line(session, shown),
        seq=session.seq,
        over=shown["over"],
        players=tuple(cards),
        board=_board(game, state),
        headline=sheet_words.headline(sheet),
        damaged="damaged" in shown,
    )


def sheet_page(store: Store, game_id: str) -> SheetPage:
    session = open_game(store, game_id)
    sheet: ScoreSheet = session.score_sheet()
    ranks = sheet.ranks
    return SheetPage(
        game_id=session.game_id,
        title=title_of(session.rules.name),
        final=sheet.final,
        headline=sheet_words.headline(sheet),
        tiebreak=sheet_words.tiebreak(sheet),
        players=sheet.players,
        rows=tuple(
            (c.label, tuple(sheet.points[p].get(c.key, 0) for p in sheet.players))
            for c in sheet.categories
        ),
        totals=tuple(sheet.totals[p] for p in sheet.players),
        ranks=tuple(ranks.get(p, 0) for p in sheet.players),
        notes=tuple(sheet.notes),
    )


def log_page(store: Store, game_id: str) -> LogPage:
    session = open_game(store, game_id)
    read = game_log.read(store, session.game_id)
    return LogPage(
        game_id=session.game_id,
        title=title_of(read.game),
        lines=tuple(
            (line.seq, line.at.astimezone().strftime("%H:%M"), line.text, line.undone)
            for line in reversed(read.lines)
        ),
        damage=read.damage,
    )


def _source(found: dict[str, Any]) -> str:
    if found.get("page") is None:  # the app's own rules: no page to name
        return f"{found['book']}, {found['section']}"
    return _("{book}, {section}, page {page}").format(**found)


def refused_now(store: Store, session: Session) -> Refused | None:
    """The game's last refusal if it was answered at the game's moment now, explained."""
    found = last_refusal.current(store, session.game_id, session.seq)
    if found is None:
        return None
    why = explained(session.rules.name, found.code)
    if why is None:
        return Refused(found.message, found.lang)
    quote = why["quote"] or {}
    return Refused(
        found.message,
        found.lang,
        title=why["title"],
        explanation=why["explanation"],
        quote=quote.get("text", ""),
        quote_lang=quote.get("lang", ""),
        note=quote.get("note", ""),
        source=_source(why["source"]),
    )


def rules_page(store: Store, game_id: str) -> RulesPage:
    """The table's last refusal while it is current, "What can I do now?" (each option open, or
    why not with the rule and its quote), then every section of the game's reference, the phase's
    first."""
    session = open_game(store, game_id)
    game = session.rules.name
    now = games.now(session)
    options = []
    for option in now["options"]:
        if option["available"]:
            options.append(Option(option["label"], True))
            continue
        found = explained(game, option["code"]) or {}
        quote = found.get("quote", {}) if isinstance(found, dict) else {}
        options.append(
            Option(
                option["label"],
                False,
                reason=option["reason"],
                rule=option.get("rule") or "",
                explanation=found.get("explanation", "") if isinstance(found, dict) else "",
                quote=quote.get("text", "") if isinstance(quote, dict) else "",
                source=_source(found["source"]) if isinstance(found, dict) and found else "",
            )
        )
    sections = []
    found_reference = reference.reference_of(game)
    if found_reference is not None:
        for part in found_reference.parts:
            shown = reference.part_dict(game, part)
            sections.append(
                Section(
                    id=part.id,
                    title=shown["title"],
                    summary=shown["summary"],
                    source=_source(shown["source"]),
                    current=part.id == now["section"],
                )
            )
    sections.sort(key=lambda s: not s.current)
    return RulesPage(
        game_id=session.game_id,
        title=title_of(game),
        status=status_line(session, games.describe(session)),
        options=tuple(options),
        sections=tuple(sections),
        refused=refused_now(store, session),
    )


def history_page(store: Store) -> tuple[HistoryLine, ...]:
    return tuple(
        HistoryLine(
            game_id=play.game_id,
            title=title_of(play.game),
            date=play.started_at.astimezone().strftime("%Y-%m-%d"),
            status=status_word(play.status),
            scores=tuple((s.name, s.score, s.winner) for s in play.seats),
        )
        for play in history.plays(store)
    )


def stats_page(store: Store) -> StatsPage:
    found = stats.compute(history.plays(store))
    return StatsPage(
        plays=found["plays"],
        games=tuple(
            (title_of(game), part["plays"], part["best_score"])
            for game, part in found["games"].items()
        ),
        players=tuple(
            (name, part["plays"], part["wins"], round(100 * (part["win_rate"] or 0)))
            for name, part in found["players"].items()
        ),
    )
