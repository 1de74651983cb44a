"""The one score-sheet model every game produces: categories x players, totals, ranks, tie-break.

Exports (JSON, CSV) are views of this model; :mod:`companion.rules.sheet_words` says its outcome in words.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from companion.installation.csv_cells import SafeWriter


@dataclass(frozen=True)
class Category:
    key: str
    label: str


DRAW = "draw"
"""The tie-break when every step left the best players equal: they share first place."""
PENDING = "pending"
"""The tie-break while players tied on points cannot be told apart yet (what decides is not known
yet, e.g. hands not shown): the sheet ranks them together and keeps the steps that will decide."""


@dataclass(frozen=True)
class TieBreak:
    """One step of a tie-break: ``key`` names it, ``values`` gives each player's figure (higher wins).

    ``label`` is how a sentence names the figure ("gold"), translated like a category's label;
    empty: the ``key``."""

    key: str
    values: Mapping[str, int]
    label: str = ""

    @property
    def said(self) -> str:
        return self.label or self.key


@dataclass(frozen=True)
class ScoreSheet:
    game: str
    players: tuple[str, ...]
    categories: tuple[Category, ...]
    points: Mapping[str, Mapping[str, int]]
    """player -> category key -> points."""
    totals: Mapping[str, int]
    ranking: tuple[tuple[str, ...], ...]
    """Groups of players, best first; a group of several is a draw."""
    tiebreak: str | None
    """The tie-break step that decided first place: ``None`` when the top total is unique."""
    final: bool = False
    notes: tuple[str, ...] = ()
    """What the table should know about these figures, e.g. values from unverified card data."""
    trace: Mapping[str, Mapping[str, tuple[int, ...]]] = field(default_factory=dict)
    """player -> category key -> sequence numbers of the log entries that changed that cell."""
    tiebreaks: tuple[TieBreak, ...] = ()
    """The tie-break steps in the order they apply, with every player's figure (the words of a
    decided tie quote them)."""
    colours: Mapping[str, str] = field(default_factory=dict)
    """player -> the colour they play (as the game's options name it), where known."""
    house_rules: Mapping[str, str] = field(default_factory=dict)
    """The house rules the game chose: ruling id -> alternative id (:mod:`companion.rules.rulings`)."""

    @property
    def ranks(self) -> dict[str, int]:
        """player -> place (1 is first; players drawn share a place)."""
        return {p: place for place, group in enumerate(self.ranking, 1) for p in group}

    @property
    def leaders(self) -> tuple[str, ...]:
        """The players in first place (several on a draw), none on a sheet without players."""
        return self.ranking[0] if self.ranking else ()

    def as_dict(self) -> dict[str, object]:
        return {
            "game": self.game,
            "final": self.final,
            "categories": [{"key": c.key, "label": c.label} for c in self.categories],
            "players": {
                player: {**dict(self.points[player]), "total": self.totals[player]}
                for player in self.players
            },
            "ranking": [list(group) for group in self.ranking],
            "tiebreak": self.tiebreak,
            "notes": list(self.notes),
            "trace": {
                player: {key: list(seqs) for key, seqs in cells.items()}
                for player, cells in self.trace.items()
            },
            "house_rules": dict(self.house_rules),
        }

    def to_csv(self) -> str:
        """One row per category, one column per player, then the total and rank rows, the
        tie-break, whether the sheet is ``final`` (the game is over) or ``provisional``, and the
        notes."""
        out = io.StringIO()
        writer = SafeWriter(out)  # a player's name is never run as a formula
        writer.writerow(["category", *self.players])
        for category in self.categories:
            writer.writerow([category.label, *(self.points[p][category.key] for p in self.players)])
        writer.writerow(["Total", *(self.totals[p] for p in self.players)])
        writer.writerow(["Rank", *(self.ranks[p] for p in self.players)])
        writer.writerow(["Tie-break", self.tiebreak or ""])
        writer.writerow(["Status", "final" if self.final else "provisional"])
        for note in self.notes:
            writer.writerow(["Note", note])
        return out.getvalue()


def build_sheet(
    game: str,
    categories: Sequence[Category],
    points: Mapping[str, Mapping[str, int]],
    tiebreaks: Sequence[TieBreak],
    *,
    final: bool = False,
    notes: Sequence[str] = (),
) -> ScoreSheet:
    """Total ``points`` per player and rank them, breaking equal totals by ``tiebreaks`` in order."""
    players = tuple(points)
    totals = {p: sum(points[p][c.key] for c in categories) for p in players}

    def sort_key(player: str) -> tuple[int, ...]:
        return (totals[player], *(step.values[player] for step in tiebreaks))

    ordered = sorted(players, key=sort_key, reverse=True)
    ranking: list[tuple[str, ...]] = []
    for player in ordered:
        if ranking and sort_key(ranking[-1][0]) == sort_key(player):
            ranking[-1] = (*ranking[-1], player)
        else:
            ranking.append((player,))
    return ScoreSheet(
        game=game,
        players=players,
        categories=tuple(categories),
        points={p: dict(points[p]) for p in players},
        totals=totals,
        ranking=tuple(ranking),
        tiebreak=_deciding_step(ordered, totals, tiebreaks),
        final=final,
        notes=tuple(notes),
        tiebreaks=tuple(tiebreaks),
    )


def _deciding_step(
    ordered: Sequence[str], totals: Mapping[str, int], tiebreaks: Sequence[TieBreak]
) -> str | None:
    """Which step separated the players tied on the best total: a tie-break key, "draw" or None."""
    if not ordered:
        return None
    best = totals[ordered[0]]
    contenders = [p for p in ordered if totals[p] == best]
    if len(contenders) == 1:
        return None
    for step in tiebreaks:
        top = max(step.values[p] for p in contenders)
        contenders = [p for p in contenders if step.values[p] == top]
        if len(contenders) == 1:
            return step.key
    return DRAW
