"""Tuareg's table in words: goods, stacks, caves, thieves, the market, whose turn, and the majority
table of a stage. Pure Python (no Kivy), so the screen only places these texts.

Nothing is decided here: a stage's points come from :func:`companion.games.tuareg.scoring.stage_score`,
every count from the state.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.games.tuareg.model import Good
from companion.games.tuareg.names import good_name, special_name
from companion.games.tuareg.scoring import stage_score
from companion.games.tuareg.state import (
    AnimalRef,
    GoodCounts,
    Hidden,
    Phase,
    Stack,
    TuaregState,
)
from companion.installation.i18n import _, ngettext, pgettext
from ui.design import counters, numbers_counted
from ui.spacing import tied

GOOD_INK = {
    Good.WATER: "6cc3ff",
    Good.GOLD: "ffd447",
    Good.SALT: "f2f2f2",
    Good.MILLET: "e0a458",
}
"""Markup colour of each good's name (readable on the dark background)."""
GREEN_INK = "7ddc7d"
"""Markup colour of what may be done: the player to move, a good that may go on."""


def good_markup(good: Good | None) -> str:
    """A good's name in its colour; ``?`` for a card not seen yet."""
    if good is None:
        return "?"
    return f"[color={GOOD_INK[good]}]{good_name(good)}[/color]"


def goods_markup(goods: Sequence[Good | None], empty: str = "—") -> str:
    return " · ".join(good_markup(g) for g in goods) if goods else empty


def animal_name(ref: AnimalRef) -> str:
    if ref.animal.value == "camel":
        return _("Camel {n}").format(n=ref.number)
    return _("Donkey {n}").format(n=ref.number)


def runs_markup(stack: Sequence[Good | None], empty: str) -> str:
    """A load bottom to top, a run of one good as one line: ``2 rock salt`` over ``1 gold``, each
    count at 20 sp (read across the table)."""
    runs: list[tuple[Good | None, int]] = []
    for good in stack:
        if runs and runs[-1][0] is good:
            runs[-1] = (good, runs[-1][1] + 1)
        else:
            runs.append((good, 1))
    shown = (f"{counters(f'[b]{n}[/b]')} {good_markup(g)}" for g, n in reversed(runs))
    return "\n".join(shown) if runs else empty


def animal_text(ref: AnimalRef, stack: Stack) -> str:
    """``Camel 1`` over its load (top run first)."""
    return f"[b]{animal_name(ref)}[/b]\n{runs_markup(stack, _('empty'))}"


def cave_text(number: int, cave: Hidden, revealed: bool) -> str:
    """A cave while the stage is played shows only how many cards lie face down under it."""
    if not cave:
        return _("cave {n}: unused").format(n=number)
    if revealed:
        return _("cave {n}: {goods}").format(n=number, goods=goods_markup(cave))
    return ngettext(
        "cave {n}: {k} card face down", "cave {n}: {k} cards face down", len(cave)
    ).format(n=number, k=len(cave))


def thief_text(number: int, thief: Hidden) -> str:
    if not thief:
        return _("thief {n}: unused").format(n=number)
    if thief[0] is None:
        return _("thief {n}: 1 card face down").format(n=number)
    return _("thief {n}: {good}").format(n=number, good=good_markup(thief[0]))


def player_text(state: TuaregState, seat: int) -> str:
    """Name, hand count, maps, caves and thieves, a line each (the animals are cells of their own;
    the screen puts the player's badge before the name); the counts' numbers at 20 sp, each held
    to its word."""
    player = state.players[seat]
    parts = [_("hand {n}").format(n=player.hand)]
    header = f"[b]{player.name}[/b]"
    if state.phase is Phase.TURNS and state.to_move == seat:  # on the name's line
        header += f" · [color={GREEN_INK}]" + _("to move") + "[/color]"
    if player.maps or player.maps_cashing:
        parts.append(_("maps {n}").format(n=player.maps))
    counts = numbers_counted(tied(" · ".join(parts)))
    if player.maps_cashing:  # for the stage's end only, at the caption size: Polish
        cashed = _("cashed {n}").format(n=player.maps_cashing)  # "spieniężone" fits whole
        counts += " · " + tied(cashed)
    revealed = state.phase is not Phase.TURNS
    specials = [cave_text(n, cave, revealed) for n, cave in enumerate(player.caves, 1)]
    specials += [thief_text(n, thief) for n, thief in enumerate(player.thieves, 1)]
    return "\n".join((header, counts, *specials))


def counts_text(counts: GoodCounts, empty: str) -> str:
    shown = [f"{good_markup(g)} {n}" for g, n in counts.items() if n]
    return " · ".join(shown) if shown else empty


def market_text(state: TuaregState) -> str:
    """``Deck 36 · market: water 1 · millet 2``."""
    return _("Deck {n} · market: {market}").format(
        n=state.deck, market=counts_text(state.market, _("empty"))
    )


def table_text(state: TuaregState) -> str:
    """The deck, the market by kind and the special cards for sale."""
    supply = " · ".join(f"{special_name(card)} {n}" for card, n in state.supply)
    return market_text(state) + "\n" + _("For sale: {supply}").format(supply=supply)


def status_text(state: TuaregState) -> str:
    """``Stage 1 · Karin to move · last round: 2 turns left`` (the game bar's line)."""
    stage = _("Stage {n}").format(n=state.stage)
    if state.phase is Phase.MARKET:
        return f"{stage} · " + _("name the market cards")
    if state.phase is Phase.REVEAL:
        return f"{stage} · " + _("reveal and count")
    if state.phase is Phase.GAME_OVER:
        return _("The game is over.")
    parts = [stage, _("{name} to move").format(name=state.players[state.to_move].name)]
    if state.final_turns is not None:
        turns = state.final_turns
        parts.append(
            ngettext("last round: {n} turn left", "last round: {n} turns left", turns).format(
                n=turns
            )
        )
    return " · ".join(parts)


def unconfirmed(state: TuaregState) -> list[Good]:
    """Goods whose printed dinars or majority points the game does not know yet."""
    return [g for g, v in state.values if v.dinars is None or v.points is None]


@dataclass(frozen=True)
class MajorityRow:
    name: str
    cells: tuple[str, ...]
    """Per good: ``cards (points)``; the winners' cells are bold."""
    maps: str
    total: str


@dataclass(frozen=True)
class MajorityTable:
    headings: tuple[str, ...]
    rows: tuple[MajorityRow, ...]
    notes: tuple[str, ...]


def majority_table(
    state: TuaregState, counts: Sequence[GoodCounts], maps: Sequence[int]
) -> MajorityTable:
    """Cards of each good per player, the majority points they score, cashed maps and the total.

    A good whose majority points are not confirmed shows ``?`` for its points and adds nothing to
    the total (the score sheet does the same, and says so)."""
    points = {g: v.points for g, v in state.values}
    names = [p.name for p in state.players]
    score = stage_score(
        {g: p or 0 for g, p in points.items()},
        {name: dict(c.items()) for name, c in zip(names, counts, strict=True)},
        dict(zip(names, maps, strict=True)),
    )
    result = score.majorities
    rows = []
    for name, held in zip(names, counts, strict=True):
        cells = []
        for good in Good:
            won = name in result.winners[good]
            scored = "?" if won and points[good] is None else str(result.points[name][good])
            cell = f"{held[good]} ({scored})"
            cells.append(f"[b]{cell}[/b]" if won else cell)
        rows.append(
            MajorityRow(
                name=name,
                cells=tuple(cells),
                maps=str(score.maps[name]),
                total=str(score.totals[name]),
            )
        )
    notes = tuple(
        _("{good}: its majority points are not confirmed, so it scores nothing yet.").format(
            good=good_name(good)
        )
        for good in Good
        if points[good] is None
    )
    maps_heading = pgettext("a column heading; | marks where the word may break", "maps")
    headings = ("", *(heading_name(g) for g in Good), maps_heading, _("total"))
    return MajorityTable(headings=headings, rows=tuple(rows), notes=notes)


def heading_name(good: Good) -> str:
    """A good as a majority table's column heads it: as short as the language allows."""
    names = {
        Good.WATER: pgettext("a column heading: a good", "water"),
        Good.GOLD: pgettext("a column heading: a good", "gold"),
        Good.SALT: pgettext("a column heading: a good", "rock salt"),
        Good.MILLET: pgettext("a column heading: a good", "millet"),
    }
    return names[good]


def stage_preview(state: TuaregState) -> MajorityTable:
    """What the stage's end counts now: each player's animals, caves and thieves (not hands)."""
    counts = [GoodCounts.of(p.counted()) for p in state.players]
    return majority_table(state, counts, [p.maps_cashing for p in state.players])


def stage_result(state: TuaregState, index: int) -> MajorityTable:
    """The majorities of a scored stage (``index`` from 0)."""
    scored = state.stages[index]
    return majority_table(state, scored.counts, scored.maps)
