"""``scripts/ui-taps [--size WxH] [--json]``: the taps a typical turn of each game costs, counted
in the real app in an offscreen window, driven as the layout audit's tour drives it.

Each turn starts from a position the table logged (a game's positions), resumed from Home, and is
a short list of taps; each game declares its own (``ui/games/<game>/taps.py``, its UI entry's
``turns``). The table printed counts, per turn:

- ``taps``: fingers put down (the taps of the turn, nothing else);
- ``swipes``: taps whose button was first scrolled into view (a list longer than its box);
- ``prompts``: taps after which the app asked something new (its buttons changed, nothing logged);
- ``screens``: the screens the turn showed (a turn that never leaves the game screen: 1);
- ``moves``: entries the turn added to the game's log (checked: a turn that logs fewer or more
  than its script says is reported as broken, not counted).

When the screens change, update the steps of a game's ``TURNS`` (they are meant to be edited), keeping
each turn the same move at the table, so that before and after compare.

Before (commit c710889, the screens before issue 15's redesign, 800x480)::

    game      turn                                              taps  swipes  prompts  screens  moves
    targi     name 2 revealed centre cards (Dates 1, Well 1)       2       2        0        1      2
    targi     place a Targi on border card 2                       1       0        0        1      1
    targi     resolve an intersection (Choice 1: dates)            2       0        1        1      1
    tuareg    take 1 water from the market, end the turn           4       0        2        1      2
    tuareg    load a card from the hand, end the turn              5       0        3        1      2
    timbuktu  move camel A to pen 1, pay coffee, no swap field     4       0        3        1      1

After (the redesign: merged card chips, the likeliest tribe symbol preselected, camels tapped on the
board, fixed action rows; 800x480)::

    game      turn                                              taps  swipes  prompts  screens  moves
    targi     name 2 revealed centre cards (Dates 1, Well 1)       2       0        0        1      2
    targi     place a Targi on border card 2                       1       0        0        1      1
    targi     resolve an intersection (Choice 1: dates)            2       0        1        1      1
    tuareg    take 1 water from the market, end the turn           4       0        2        1      2
    tuareg    load a card from the hand, end the turn              5       0        3        1      2
    timbuktu  move camel A to pen 1, pay coffee, no swap field     4       0        3        1      1

The Targi names no longer scroll (two swipes before); a free Timbuktu move with the board's arrows
and swap fields not entered is one tap fewer ("Free, no swap field" answers both: 3 instead of 4).

With a scanner fitted (issue 19; 800x480), the same moves at the table, a card scanned where it is
handled anyway (``scans``: cards read; Targi's card names were scans already)::

    game      turn                                                      taps  prompts  moves  scans
    tuareg    take 1 water from the market, end the turn                   4        2      2      0
    tuareg    scanner: the same                                            3        2      2      1
    tuareg    load a card from the hand, end the turn                      5        3      2      0
    tuareg    scanner: the same                                            4        3      2      1
    timbuktu  move camel A to pen 1, pay coffee, no swap field             4        3      1      0
    timbuktu  scanner: the same                                            3        3      1      1
    timbuktu  a thief pile at a stage's end (pen 1, pitches 1, 3, ...)     6        4      1      0
    timbuktu  scanner: the same                                            0        0      1      3

Issue 23 (800x480): a thief pile is read as its three cards, one chip each (the pen preselected,
a chip per pitch-card face, a chip per goods-card face: the third logs it); a printed caravan board
is a tap per camel of four different goods ("all but" the good it lacks) or of one good (``x4``), at
most a tap per kind otherwise; a tribe card drawn is named by its symbol then its face, as the
centre's cards. Before: the commit before issue 23 (37f6631), the same moves::

    game      turn                                                                   taps  swipes
    timbuktu  a thief pile at a stage's end (pen 1, pitches 1 and 3, gold and salt)     6       0
    timbuktu  first game: one printed caravan board (8 camels), loaded                 33       0
    targi     name the tribe card the Tribal expansion drew (Tent 9), into the hand     3       1

After::

    game      turn                                                                   taps  swipes
    timbuktu  a thief pile at a stage's end (pen 1, pitches 1 and 3, gold and salt)     3       0
    timbuktu  first game: one printed caravan board (8 camels), loaded                  9       0
    targi     name the tribe card the Tribal expansion drew (Tent 9), into the hand     4       0

The tribe card's naming is its 2nd and 3rd taps (symbol, face; before: one tap on a list of 40
faces scrolled to it, up to six swipes by hand); the 1st is the Tribal expansion, the 4th the hand.
A button already wholly in view is tapped without a swipe (before issue 23 the counter scrolled to
every button of a list longer than its box).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from companion.store import Store
    from ui.audit.driver import Driver

Step = Callable[["Driver"], None]


def text(label: str, *, prefix: bool = False, suffix: bool = False) -> Step:
    """Tap the button reading ``label`` (or starting or ending with it)."""
    return lambda d: d.tap_text(label, prefix=prefix, suffix=suffix)


def part(name: str, key: Any) -> Step:
    """Tap ``key`` of the screen's attribute ``name`` (a cell of the grid, a pen, an animal)."""

    def tap(d: Driver) -> None:
        from ui.audit.tour import part as screen_part

        d.tap(screen_part(d, name)[key])

    return tap


def scan(card: str) -> Step:
    """The scanner reads ``card`` (a scan, not a tap)."""
    return lambda d: d.scan(card)


@dataclass(frozen=True)
class Turn:
    game: str
    name: str
    position: Callable[[Store], object]
    """Logs the position the turn starts from."""
    steps: tuple[Step, ...]
    moves: int
    """Log entries the turn adds."""


def _turns() -> list[Turn]:
    """Every game's typical turns (the ``turns`` its UI entry declares), game by game in name
    order."""
    from companion.rules.registry import load
    from ui.games import entries

    return [
        turn
        for _game, entry in sorted(entries().items())
        if entry.turns is not None
        for turn in load(entry.turns, tuple)
    ]


@dataclass
class Count:
    game: str
    turn: str
    taps: int = 0
    swipes: int = 0
    prompts: int = 0
    screens: int = 0
    moves: int = 0
    scans: int = 0
    broken: str = ""


def _seq(d: Driver) -> int | None:
    table = d.app.table
    return None if table is None else int(table.seq)


def _buttons(d: Driver) -> tuple[str, ...]:
    from kivy.core.window import Window

    from ui.audit.driver import is_button, plain

    shown: list[str] = []
    for root in [d.screen, *Window.children[:-1]]:
        shown += [plain(w.text or "") for w in root.walk() if is_button(w) and hasattr(w, "text")]
    return tuple(shown)


def count_turn(store: Store, turn: Turn, size: tuple[int, int]) -> Count:
    """Play ``turn`` on ``store`` (empty) in a fresh app at ``size``, counting as it goes."""
    from ui.audit.driver import Driver
    from ui.audit.tour import open_game

    count = Count(turn.game, turn.name)
    turn.position(store)

    class Counting(Driver):
        def tap(self, widget: Any) -> None:
            count.taps += 1
            super().tap(widget)

        def scan(self, card: str) -> None:
            count.scans += 1
            super().scan(card)

        def _scroll_into_view(self, scroller: Any, widget: Any) -> None:
            before = scroller.scroll_y
            super()._scroll_into_view(scroller, widget)
            if scroller.scroll_y != before:
                count.swipes += 1

    d = Counting(store, size)
    try:
        open_game(d, turn.game)
        count.taps = count.swipes = count.scans = 0  # resuming the game is not part of the turn
        start = _seq(d)
        screens = {d.screen.name}
        for step in turn.steps:
            seq, shown = _seq(d), _buttons(d)
            step(d)
            screens.add(d.screen.name)
            if _seq(d) == seq and _buttons(d) != shown:
                count.prompts += 1
        count.screens = len(screens)
        end = _seq(d)
        count.moves = 0 if start is None or end is None else end - start
        if count.moves != turn.moves:
            count.broken = f"logged {count.moves} move(s), the script says {turn.moves}"
    except Exception as error:  # a step no longer reaches its button: the script needs updating
        count.broken = str(error) or type(error).__name__
    finally:
        d.close()
    return count


def count_all(size: tuple[int, int]) -> list[Count]:
    from companion.store import Store

    counts = []
    for turn in _turns():
        with (
            tempfile.TemporaryDirectory(prefix="ui-taps-") as scratch,
            Store.open(Path(scratch) / "games.sqlite3") as store,
        ):
            counts.append(count_turn(store, turn, size))
    return counts


COLUMNS = ("taps", "swipes", "prompts", "screens", "moves", "scans")


def table(counts: Sequence[Count]) -> str:
    width = max(len(c.turn) for c in counts)
    lines = [f"{'game':<9} {'turn':<{width}}  " + "  ".join(COLUMNS)]
    for c in counts:
        if c.broken:
            lines.append(f"{c.game:<9} {c.turn:<{width}}  BROKEN: {c.broken}")
            continue
        figures = "  ".join(f"{getattr(c, name):>{len(name)}}" for name in COLUMNS)
        lines.append(f"{c.game:<9} {c.turn:<{width}}  {figures}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    from ui.audit.run import configure_kivy, parse_size

    parser = argparse.ArgumentParser(prog="ui-taps", description=__doc__.split("\n")[0])
    parser.add_argument("--size", type=parse_size, default=(800, 480), help="e.g. 800x480")
    parser.add_argument("--json", action="store_true", help="one JSON list instead of the table")
    args = parser.parse_args(argv)
    configure_kivy(args.size, "en")
    from ui.launch import prepare_kivy

    prepare_kivy()
    counts = count_all(args.size)
    if args.json:
        print(json.dumps([asdict(c) for c in counts], indent=1))
    else:
        print(table(counts))
    return 1 if any(c.broken for c in counts) else 0


if __name__ == "__main__":
    sys.exit(main())
