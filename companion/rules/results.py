"""A game's result as the history lists it: its final score sheet and the facts its log gives (when it
ended, how many corrections). The store keeps it beside the game (:meth:`Store.keep_result`),
written in the same commit as the entry that gave it, so the history reads it instead of replaying
every game (:mod:`companion.after.history`); the store checks it against the log's last digest."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.rules.scoresheet import Category, ScoreSheet, TieBreak


@dataclass(frozen=True)
class GameResult:
    """What a replay of a game's log says: the sheet, and the facts the log's entries give."""

    game: str
    sheet: ScoreSheet
    over: bool
    ended_at: str | None
    """The time of the entry that ended the game (corrections, undos and redos after it do not
    lengthen it), else of the last entry; ``None`` for a game without entries."""
    corrections: int

    def as_cached(self) -> dict[str, Any]:
        sheet = self.sheet
        return {
            "game": self.game,
            "over": self.over,
            "ended_at": self.ended_at,
            "corrections": self.corrections,
            "sheet": {
                "game": sheet.game,
                "players": list(sheet.players),
                "categories": [[c.key, c.label] for c in sheet.categories],
                "points": sheet.points,
                "totals": sheet.totals,
                "ranking": [list(group) for group in sheet.ranking],
                "tiebreak": sheet.tiebreak,
                "tiebreaks": [
                    {"key": step.key, "label": step.label, "values": dict(step.values)}
                    for step in sheet.tiebreaks
                ],
                "final": sheet.final,
                "notes": list(sheet.notes),
            },
        }

    @classmethod
    def from_cached(cls, data: dict[str, Any]) -> GameResult:
        sheet = data["sheet"]
        return cls(
            game=data["game"],
            sheet=ScoreSheet(
                game=sheet["game"],
                players=tuple(sheet["players"]),
                categories=tuple(Category(key, label) for key, label in sheet["categories"]),
                points=sheet["points"],
                totals=sheet["totals"],
                ranking=tuple(tuple(group) for group in sheet["ranking"]),
                tiebreak=sheet["tiebreak"],
                final=sheet["final"],
                notes=tuple(sheet["notes"]),
                tiebreaks=tuple(
                    TieBreak(step["key"], step["values"], step["label"])
                    for step in sheet["tiebreaks"]
                ),
            ),
            over=data["over"],
            ended_at=data["ended_at"],
            corrections=data["corrections"],
        )
