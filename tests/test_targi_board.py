"""Targi's geometry: placements, markers, the robber's path (rulebook examples and pinned counts)."""

from __future__ import annotations

import pytest

from companion.games.targi.board import (
    OPPOSITE,
    legal_placements,
    marker_cells,
    placement_refusals,
    robber_for_round,
)


def test_issue_example_placements() -> None:
    refusals = placement_refusals(5, [1, 14], [6, 10])
    assert legal_placements(5, [1, 14], [6, 10]) == [3, 7, 9, 11, 13, 15]
    assert refusals == {
        1: "occupied", 2: "opposite", 4: "raid", 5: "robber", 6: "occupied",
        8: "raid", 10: "occupied", 12: "raid", 14: "occupied", 16: "raid",
    }  # fmt: skip


def test_rulebook_placement_rules() -> None:
    """Opposite the robber and opposite one's own Targi are allowed; on the robber is not."""
    robber = 2
    assert placement_refusals(robber, [], [])[2] == "robber"
    assert 10 in legal_placements(robber, [], [])  # opposite the robber
    assert 11 in legal_placements(robber, mine=[1], theirs=[])  # opposite my own Targi
    assert placement_refusals(robber, mine=[], theirs=[1])[11] == "opposite"


def test_first_applicable_reason_wins() -> None:
    """A raid corner is "raid" even under the robber; the robber's card outranks "opposite"."""
    assert placement_refusals(4, [], [])[4] == "raid"
    assert placement_refusals(11, [], [1])[11] == "robber"


def test_opposite_pairs_are_the_rulebook_pairs() -> None:
    assert {(a, b) for a, b in OPPOSITE.items() if a < b} == {
        (1, 11), (2, 10), (3, 9), (5, 15), (6, 14), (7, 13)
    }  # fmt: skip


@pytest.mark.parametrize(
    ("robber", "mine", "theirs", "count"),
    [
        (1, [], [], 11),
        (5, [1, 14], [6, 10], 6),
        (2, [], [1, 5, 9], 5),
        (15, [2, 3], [6, 7], 5),
        (13, [1, 2, 3], [5, 6], 4),
    ],
)
def test_pinned_legal_placement_counts(
    robber: int, mine: list[int], theirs: list[int], count: int
) -> None:
    assert len(legal_placements(robber, mine, theirs)) == count


def perft(robber: int, depth: int, mover: tuple[int, ...] = (), other: tuple[int, ...] = ()) -> int:
    """Placement sequences of ``depth`` Targi from an empty border, players alternating."""
    if depth == 0:
        return 1
    return sum(
        perft(robber, depth - 1, other, (*mover, card))
        for card in legal_placements(robber, mover, other)
    )


def test_placement_perft_by_hand() -> None:
    # Robber on 1: 11 cards. Second Targi: 9 after each first card, except 10 after card 11
    # (its opposite card is the robber's, which is already excluded).
    assert perft(1, 1) == 11
    assert perft(1, 2) == 10 * 9 + 10


@pytest.mark.parametrize(
    ("robber", "depth", "count"),
    [(1, 3, 810), (1, 4, 5200), (1, 6, 118080), (7, 6, 118080), (10, 4, 5200)],
)
def test_placement_perft_pinned(robber: int, depth: int, count: int) -> None:
    assert perft(robber, depth) == count


@pytest.mark.parametrize(
    ("targi", "markers"),
    [
        ([1, 5, 9], [(1, 1), (1, 3)]),  # the issue's example
        ([2, 6, 7], [(2, 2), (3, 2)]),
        ([5, 15, 2], [(1, 2)]),  # two Targi facing each other: one crossing
        ([1, 2, 3], []),  # all lines parallel
        ([13, 14, 15], []),
        ([11, 13], [(3, 1)]),
    ],
)
def test_markers_where_lines_cross(targi: list[int], markers: list[tuple[int, int]]) -> None:
    assert marker_cells(targi) == markers


def test_robber_path_and_raids() -> None:
    path = {r: robber_for_round(r) for r in range(1, 14)}
    assert path == {
        1: (None, 1), 2: (None, 2), 3: (None, 3), 4: (1, 5), 5: (None, 6), 6: (None, 7),
        7: (2, 9), 8: (None, 10), 9: (None, 11), 10: (3, 13), 11: (None, 14), 12: (None, 15),
        13: (4, None),
    }  # fmt: skip


@pytest.mark.parametrize("round_number", [0, 14, -1])
def test_rounds_outside_1_to_13_are_errors(round_number: int) -> None:
    with pytest.raises(ValueError, match="round must be 1-13"):
        robber_for_round(round_number)
