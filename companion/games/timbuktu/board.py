"""The board: which pitch a camel takes, what a move costs by the layout, and the start area's check.

The layout (arrows, swap fields) is not public: what the table has entered travels with the game's
options (:class:`~companion.games.timbuktu.model.Layout`); anything it has not entered is confirmed
by the player at each move.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from companion.games.timbuktu.model import (
    PENS,
    PITCHES,
    Arrows,
    Layout,
    SwapFields,
    TimbuktuState,
)
from companion.installation.i18n import _


def lowest_free_pitch(occupied: Iterable[int]) -> int | None:
    """The free pitch with the lowest number, or None when all five are taken."""
    taken = set(occupied)
    return next((pitch for pitch in range(1, PITCHES + 1) if pitch not in taken), None)


def free_pens(state: TimbuktuState, place: int) -> list[int]:
    """The pens of ``place`` with at least one free pitch."""
    return [pen for pen in range(1, PENS + 1) if len(state.occupied(place, pen)) < PITCHES]


def free_move(layout: Layout, place: int, from_pen: int, to_pen: int) -> bool | None:
    """Whether moving from ``from_pen`` of ``place`` into ``to_pen`` of the next place follows an
    arrow (free); None when the table has not entered that pen's arrows."""
    arrows = layout.arrows_from(place, from_pen)
    return None if arrows is None else to_pen in arrows


def cover_shortfall(
    unplaced: Sequence[int], present: Sequence[set[int]], free: Sequence[int]
) -> str | None:
    """Why the start area can no longer end with every player's camel in every pen, or None.

    ``unplaced[s]`` is how many camels seat ``s`` still has to place, ``present[s]`` the pens it
    already has a camel in, ``free[p - 1]`` pen ``p``'s free pitches. A completion exists exactly when
    each player has a camel left for every pen it misses and each pen has a pitch left for every
    player missing from it: the camels beyond those fit anywhere, as the area has a pitch for every
    camel. Returns ``"player:<seat>"`` or ``"pen:<pen>"`` naming the first obstacle.
    """
    pens = range(1, PENS + 1)
    for seat, left in enumerate(unplaced):
        if left < sum(1 for pen in pens if pen not in present[seat]):
            return f"player:{seat}"
    for pen in pens:
        missing = sum(1 for seat in range(len(unplaced)) if pen not in present[seat])
        if free[pen - 1] < missing:
            return f"pen:{pen}"
    return None


def layout_problem(layout: Layout, players: int) -> str | None:
    """What makes ``layout`` impossible for a ``players``-player route, or None."""
    seen_arrows = set()
    for arrows in layout.arrows:
        where = (arrows.place, arrows.pen)
        if not 0 <= arrows.place < players:
            return (
                f"arrows: place {arrows.place} is not on a {players}-player route before Timbuktu"
            )
        if where in seen_arrows:
            return f"arrows: pen {arrows.pen} of place {arrows.place} is given twice"
        if len(set(arrows.to)) != 2:
            return f"arrows: pen {arrows.pen} of place {arrows.place} points to two different pens"
        seen_arrows.add(where)
    seen_places = set()
    for fields in layout.swap_fields:
        if not 1 <= fields.place <= players:
            return f"swap_fields: place {fields.place} is not an oasis of a {players}-player route"
        if fields.place in seen_places:
            return f"swap_fields: place {fields.place} is given twice"
        if len(set(fields.fields)) != len(fields.fields):
            return f"swap_fields: a pitch of place {fields.place} is given twice"
        seen_places.add(fields.place)
    return None


def with_arrows(layout: Layout, place: int, pen: int, to: tuple[int, int] | None) -> Layout:
    """``layout`` with pen ``pen`` of ``place`` pointing to ``to`` (None: unknown)."""
    kept = tuple(a for a in layout.arrows if (a.place, a.pen) != (place, pen))
    added = () if to is None else (Arrows(place, pen, to),)
    return replace(layout, arrows=tuple(sorted((*kept, *added), key=lambda a: (a.place, a.pen))))


def with_swap_fields(
    layout: Layout, place: int, fields: tuple[tuple[int, int], ...] | None
) -> Layout:
    """``layout`` with the swap fields of ``place`` set to ``fields`` (None: unknown)."""
    kept = tuple(s for s in layout.swap_fields if s.place != place)
    added = () if fields is None else (SwapFields(place, tuple(sorted(fields))),)
    return replace(layout, swap_fields=tuple(sorted((*kept, *added), key=lambda s: s.place)))


def place_name(state: TimbuktuState, place: int) -> str:
    """How the screen names a place on the route."""
    if place == 0:
        return _("the start area")
    if place == state.timbuktu:
        return _("Timbuktu")
    return _("oasis {number}").format(number=place)
