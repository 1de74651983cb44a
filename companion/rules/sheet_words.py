"""A score sheet's outcome in words, as the table reads it out: who wins (or leads, on a sheet of a
game still going) with how many points, and the tie-break that decided, quoting its figures
("Amal wins the tie on gold: 7 to 5").

Pure functions of a :class:`~companion.rules.scoresheet.ScoreSheet`, translated in the active language
when called, so the screen, an export or the CLI say the same; nothing here decides a rule.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.installation.i18n import _, ngettext
from companion.rules.scoresheet import PENDING, ScoreSheet, TieBreak


def names(players: Sequence[str]) -> str:
    """``Amal``, ``Amal and Bilal``, ``Amal, Bilal and Cleo``."""
    if len(players) <= 1:
        return "".join(players)
    return _("{players} and {last}").format(players=", ".join(players[:-1]), last=players[-1])


def headline(sheet: ScoreSheet) -> str:
    """Who is first and with how many points; '' for a sheet without players."""
    leaders = sheet.leaders
    if not leaders:
        return ""
    points = sheet.totals[leaders[0]]
    if len(leaders) == 1:
        if sheet.final:
            text = ngettext(
                "{player} wins with {points} point", "{player} wins with {points} points", points
            )
        else:
            text = ngettext(
                "{player} leads with {points} point", "{player} leads with {points} points", points
            )
        return text.format(player=leaders[0], points=points)
    if sheet.final and sheet.tiebreak != PENDING:
        text = ngettext(
            "{players} share first place with {points} point",
            "{players} share first place with {points} points",
            points,
        )
    else:
        text = ngettext(
            "{players} are level at the top with {points} point",
            "{players} are level at the top with {points} points",
            points,
        )
    return text.format(players=names(leaders), points=points)


def tiebreak(sheet: ScoreSheet) -> str:
    """How the tie for first place was settled, or '' when no tie for first place needed one."""
    key, leaders = sheet.tiebreak, sheet.leaders
    if key is None or not leaders:
        return ""
    if key == PENDING:
        steps = ", ".join(step.said for step in sheet.tiebreaks)
        if not steps:
            return _("{players} are level on points: the tie-break cannot be counted yet.").format(
                players=names(leaders)
            )
        return _("{players} are level on points: {steps} decides, once it can be counted.").format(
            players=names(leaders), steps=steps
        )
    step = next((s for s in sheet.tiebreaks if s.key == key), None)
    if len(leaders) == 1:
        return _won(sheet, leaders[0], step)
    steps = ", ".join(s.said for s in sheet.tiebreaks)  # a draw, whatever the game calls it
    if not steps:
        return _("No tie-break separates them.")
    return _("No tie-break separates them: equal on {steps}.").format(steps=steps)


def _won(sheet: ScoreSheet, winner: str, step: TieBreak | None) -> str:
    """``winner`` came first on the tie-break ``step``: its figures for them and the best rival."""
    rival = _best_rival(sheet, winner, step)
    if step is None or rival is None:  # a sheet read back without its steps' figures
        if sheet.final:
            return _("{player} wins on the tie-break.").format(player=winner)
        return _("{player} leads on the tie-break.").format(player=winner)
    figures = {"player": winner, "step": step.said, "best": step.values[winner], "other": rival}
    if sheet.final:
        return _("{player} wins the tie on {step}: {best} to {other}").format(**figures)
    return _("{player} leads the tie on {step}: {best} to {other}").format(**figures)


def _best_rival(sheet: ScoreSheet, winner: str, step: TieBreak | None) -> int | None:
    """The best figure at ``step`` of the players still level with ``winner`` when it applied."""
    if step is None:
        return None
    level = [p for p in sheet.players if sheet.totals[p] == sheet.totals[winner]]
    for earlier in sheet.tiebreaks:
        if earlier is step:
            break
        level = [p for p in level if earlier.values[p] == earlier.values[winner]]
    others = [step.values[p] for p in level if p != winner]
    return max(others) if others else None
