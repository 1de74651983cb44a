"""The statistics screen reads figures kept since the last change (issue 27: ≤ 150 ms to open)
and reuses its cells, chips and bars; a game finished since, at this table or by another
connection to the file, shows at once when it is opened again."""

from __future__ import annotations

from pathlib import Path

from played_games import play_to_end, record
from ui_harness import Harness, plain, running_app, tap_text

from companion import history, stats
from companion.store import Store
from ui.charts import BarRow


def table(h: Harness) -> dict[str, list[str]]:
    """The players' table: each player's name and their plays, wins, rate, average and best."""
    cells = [plain(c.text) for c in reversed(h.screen.ids.table.children)]
    return {cells[i].split(" ", 2)[-1]: cells[i + 1 : i + 6] for i in range(6, len(cells), 6)}


def wins(h: Harness) -> dict[str, str]:
    bars = [w for w in h.screen.ids.bars.children if isinstance(w, BarRow)]
    return {plain(b.label).split(" ", 2)[-1]: b.value for b in bars}


def expected(store: Store, game: str) -> dict[str, list[str]]:
    players = stats.compute(history.plays(store, game=game))["games"][game]["players"]
    return {name: [str(p["plays"]), str(p["wins"])] for name, p in players.items()}


def test_a_game_finished_since_shows_at_once_in_the_statistics(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    record(database, [("targi", ["Amal", "Bilal"], 0), ("targi", ["Bilal", "Cleo"], 1)])
    with running_app(database) as h:
        h.app.statistics(game="targi")
        h.frames(2)
        assert h.screen.name == "statistics" and "2 finished games" in h.screen.heading
        assert set(table(h)) == {"Amal", "Bilal", "Cleo"}
        cells = list(h.screen.ids.table.children)

        play_to_end(h.app.store, "targi", ["Dana", "Amal"], seed=7)  # at this table
        tap_text(h, "Back")
        h.app.statistics(game="targi")
        h.frames(2)
        assert "3 finished games" in h.screen.heading
        shown = table(h)
        assert {name: row[:2] for name, row in shown.items()} == expected(h.app.store, "targi")
        assert set(wins(h)) == {"Amal", "Bilal", "Cleo", "Dana"}
        assert set(cells) <= set(h.screen.ids.table.children)  # the cells held were reused

        record(database, [("targi", ["Emre", "Cleo"], 0)])  # another connection to the file
        tap_text(h, "All games")
        tap_text(h, "Targi")
        assert "4 finished games" in h.screen.heading
        assert {n: r[:2] for n, r in table(h).items()} == expected(h.app.store, "targi")
        assert "Emre" in wins(h)

        tap_text(h, "Tuareg")  # no game of it: the header alone, no cell left over
        assert "0 finished games" in h.screen.heading and table(h) == {} and wins(h) == {}
        assert len(h.screen.ids.table.children) == 6
