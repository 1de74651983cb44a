"""Timbuktu's player rows read across the table (issue 23): with five players, two of them with
long names, in every language at 800x480, each row is one line whose goods counts and camel count
are drawn at 20 sp or more, every pen's pitch stays a 48 px target and the camel chooser's answers
stay in view."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from kivy.core.window import Window
from kivy.metrics import dp, sp

from companion.games.timbuktu.model import Phase
from companion.installation import i18n
from companion.play.session import Session
from companion.store import Store
from ui.audit import tour
from ui.audit.checks import window_rect
from ui.audit.driver import Driver
from ui.audit.positions import play_until
from ui.games.timbuktu import positions as p

SCREENSHOTS = Path(__file__).resolve().parent.parent / "screenshots"
COUNTED = "0123456789"
TARGET = 48
"""The least a touch target may be (px at 800x480)."""


@contextmanager
def five_players_moving(tmp_path: Path, lang: str) -> Iterator[Driver]:
    """A game of five at its first camel move, opened from Home in ``lang`` at 800x480."""
    i18n.set_language(lang)
    try:
        with Store.open(tmp_path / "games.sqlite3") as store:
            options = p.TIMBUKTU.parse_options({"players": p.TIMBUKTU_FIVE})
            session = Session.create(store, p.TIMBUKTU, options)
            play_until(session, p.timbuktu_next, p.at_phase(Phase.MOVES))
            driver = Driver(store, (800, 480))
            try:
                tour.open_game(driver, "timbuktu")
                driver.frames(3)
                yield driver
            finally:
                driver.close()
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "de", "pl", "es"])
def test_five_rows_one_line_each_counts_at_20_sp_pens_still_targets(
    tmp_path: Path, lang: str
) -> None:
    with five_players_moving(tmp_path, lang) as d:
        d.screenshot(SCREENSHOTS / f"timbuktu-five-rows-{lang}-800x480.png")
        screen = d.screen
        rows = screen.player_rows[:5]
        width, height = Window.size
        for row in rows:
            lines = row._label._cached_lines
            assert len(lines) == 1, [w.text for line in lines for w in line.words]
            left, bottom, right, top = window_rect(row)
            assert left >= 0 and bottom >= 0 and right <= width and top <= height
            numbers = [w for w in lines[0].words if any(c in COUNTED for c in w.text)]
            assert numbers, row.text
            for word in numbers:  # the goods' counts and the camels moved, read across the table
                assert word.options["font_size"] >= sp(20) - 0.5, (word.text, row.text)
        for column in screen.columns:
            for cell in column.cells:
                assert cell.height >= dp(TARGET) - 0.5, (column.pen, cell.height)
        view = window_rect(screen.ids.prompt.ids.options_view)
        for (
            button
        ) in screen.ids.prompt.ids.options.children:  # the camel chooser: every camel in view
            left, bottom, right, top = window_rect(button)
            assert bottom >= view[1] - 0.5 and top <= view[3] + 0.5, button.text
