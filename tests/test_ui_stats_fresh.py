"""The statistics and History screens open fast (issue 27): Statistics reads figures kept since
the last change, both reuse their cells, rows, chips and bars; a game finished since, at this
table or by another connection to the file, shows at once when they are opened again, and a
reused row opens the game it now shows."""

from __future__ import annotations

from pathlib import Path

from played_games import play_to_end, record
from ui_harness import Harness, plain, running_app, tap_text

from companion.after import history, stats
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


def test_a_game_finished_since_heads_the_history_and_its_reused_row_opens_it(
    tmp_path: Path,
) -> None:
    database = tmp_path / "games.sqlite3"
    old = record(
        database, [("targi", ["Amal", "Bilal"], 0), ("tuareg", ["Amal", "Bilal", "Cleo"], 1)]
    )
    with running_app(database) as h:
        h.app.history()
        h.frames(2)
        rows = list(reversed(h.screen.ids.rows.children))
        assert [row.play.game_id for row in rows] == old[::-1]
        h.tap(rows[0].ids.play)
        assert h.screen.name == "sheet" and h.screen.game_id == old[-1]

        with Store.open(database) as other:  # another connection, at today's time: the newest
            new = play_to_end(other, "timbuktu", ["Emre", "Cleo", "Amal"], seed=3)
        h.app.home()
        h.app.history()
        h.frames(2)
        shown = list(reversed(h.screen.ids.rows.children))
        assert "Emre" in plain(shown[0].text) and len(shown) == 3
        assert shown[:2] == rows  # the rows held, given their new games
        h.tap(shown[0].ids.play)
        assert h.screen.name == "sheet" and h.screen.game_id == new
        tap_text(h, "Back")
        h.tap(h.screen.ids.rows.children[-2].ids.log)  # the second row: what was the newest
        assert h.screen.name == "gamelog" and plain(h.screen.heading) == "Tuareg — game log"
