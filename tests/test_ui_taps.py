"""The taps-per-turn counter (scripts/ui-taps) counts what a player does, and says when a turn's
script no longer fits the screens."""

from __future__ import annotations

from pathlib import Path

from companion.store import Store
from ui.audit.taps import Count, Turn, _turns, count_turn, part, table, text
from ui.games.targi import positions as p

SIZE = (800, 480)


def test_a_turn_is_counted_tap_by_tap_with_its_prompts_and_moves(tmp_path: Path) -> None:
    take = next(t for t in _turns() if t.game == "tuareg" and t.name.startswith("take"))
    with Store.open(tmp_path / "games.sqlite3") as store:
        count = count_turn(store, take, SIZE)
    assert count.broken == ""
    # Take from the market, the camel, the card (the move), End turn (the second move).
    assert (count.taps, count.prompts, count.moves, count.screens) == (4, 2, 2, 1)


def test_a_button_scrolled_into_view_is_a_swipe(tmp_path: Path) -> None:
    """At 800x480 no typical turn scrolls any more; in a window smaller than the display the
    Timbuktu answers do, and each one scrolled to is counted."""
    move = next(t for t in _turns() if t.game == "timbuktu")
    with Store.open(tmp_path / "games.sqlite3") as store:
        count = count_turn(store, move, (640, 400))
    assert count.broken == ""
    assert count.taps == 4 and count.moves == 1
    assert count.swipes >= 1


def test_a_script_that_no_longer_fits_the_screens_is_reported_broken(tmp_path: Path) -> None:
    stale = Turn("targi", "a button that is gone", p.targi, (text("No such button"),), 1)
    short = Turn("targi", "one tap, two moves said", p.targi, (part("cells", 2),), 2)
    with Store.open(tmp_path / "a.sqlite3") as store:
        gone = count_turn(store, stale, SIZE)
    with Store.open(tmp_path / "b.sqlite3") as store:
        miscounted = count_turn(store, short, SIZE)
    assert "No such button" in gone.broken
    assert miscounted.broken == "logged 1 move(s), the script says 2"
    printed = table([gone, miscounted, Count("tuareg", "fine", taps=3, moves=1, screens=1)])
    assert "BROKEN: logged 1 move(s)" in printed
    assert printed.splitlines()[0].split()[2:] == [
        "taps",
        "swipes",
        "prompts",
        "screens",
        "moves",
        "scans",
    ]
    assert printed.splitlines()[-1].split()[-6:] == ["3", "0", "0", "1", "1", "0"]


def test_a_scan_is_counted_as_a_scan_not_a_tap(tmp_path: Path) -> None:
    """With a scanner fitted the three cards of a Timbuktu thief pile are its whole entry."""
    thefts = next(t for t in _turns() if t.name == "scanner: a thief pile at a stage's end")
    with Store.open(tmp_path / "games.sqlite3") as store:
        count = count_turn(store, thefts, SIZE)
    assert count.broken == ""
    assert (count.taps, count.scans, count.moves) == (0, 3, 1)


def test_issue_23s_entries_fit_their_tap_budgets(tmp_path: Path) -> None:
    """Without a scanner: a thief pile at most 3 taps, a first game's printed caravan board at
    most 12, a drawn tribe card named in 2 (its symbol and face, after the Tribal expansion's
    tap and before the hand's); no swipe in any."""
    budgets = {
        "a thief pile at a stage's end (pen 1, pitches 1 and 3, gold and salt)": 3,
        "first game: one printed caravan board (8 camels), loaded": 12,
        "name the tribe card the Tribal expansion drew (Tent 9), into the hand": 1 + 2 + 1,
    }
    for at, turn in enumerate(t for t in _turns() if t.name in budgets):
        with Store.open(tmp_path / f"{at}.sqlite3") as store:
            count = count_turn(store, turn, SIZE)
        assert count.broken == ""
        assert count.taps <= budgets[turn.name] and count.swipes == 0, count
