"""The score sheet screen in a real window: it leads with the winner (their colour's badge, their
name and points), the tie-break in words when it decided, every player's total and rank, all in
view at 800x480 with five players in German; the categories follow; games are named by title."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from kivy.core.window import Window
from kivy.metrics import dp
from kivy.uix.widget import Widget
from ui_harness import Harness, running_app, shot, tap_text

from companion.games.targi import actions as ta
from companion.games.timbuktu import actions as ba
from companion.games.timbuktu.model import Good
from companion.installation import i18n
from companion.play.session import Session
from companion.rules.scoresheet import ScoreSheet
from companion.rules.sheet_words import headline
from companion.store import Store
from ui.audit.driver import plain
from ui.design import piece
from ui.games.targi import positions as p
from ui.games.timbuktu.positions import timbuktu_five_finished


@pytest.fixture(autouse=True)
def _english_afterwards() -> Iterator[None]:
    yield
    i18n.set_language("en")


def submit(session: Session, *actions: object) -> None:
    for action in actions:
        assert session.submit(action, seq=session.seq, game_id=session.game_id).verdict.ok


def finished_timbuktu_of_five(store: Store) -> Session:
    """Five players to the end; then the table corrects Bartholomäus's first camel to four gold,
    so that he wins alone."""
    session = timbuktu_five_finished(store)
    submit(session, ba.SetGoods(player=1, camel="A", goods=(Good.GOLD,) * 4))
    return session


def open_finished(h: Harness) -> None:
    finished = h.screen.ids.finished.children
    assert len(finished) == 1
    h.tap(finished[0])
    assert h.screen.name == "sheet"


def rows(grid: Widget) -> list[list[Widget]]:
    cells = list(reversed(grid.children))
    return [cells[i : i + grid.cols] for i in range(0, len(cells), grid.cols)]


def in_window(widget: Widget) -> bool:
    left, bottom = widget.to_window(widget.x, widget.y)
    right, top = widget.to_window(widget.right, widget.top)
    width, height = Window.size
    return left >= 0 and bottom >= 0 and right <= width and top <= height and widget.height > 0


@pytest.mark.parametrize("language", ["en", "de"])
def test_five_players_sheet_leads_with_the_winner_then_every_total_and_rank(
    tmp_path: Path, language: str
) -> None:
    database = tmp_path / "games.sqlite3"
    with Store.open(database) as store:
        finished_timbuktu_of_five(store)
    i18n.set_language(language)
    with running_app(database) as h:
        open_finished(h)
        sheet: ScoreSheet = h.screen.sheet
        assert sheet.final and sheet.leaders == ("Bartholomäus",)
        winner = h.screen.ids.winner
        # First the winner: the shape of their colour and their initial, then who and how much.
        assert winner.text.startswith("[font=DejaVuSans][color=")  # the shape in its colour
        assert plain(winner.text) == f"{piece('blue').shape} B  {headline(sheet)}"
        assert str(sheet.totals["Bartholomäus"]) in headline(sheet)
        names, totals, ranks = rows(h.screen.ids.summary)
        assert [plain(c.text).split(" ", 1)[1] for c in names[1:]] == list(sheet.players)
        assert [c.text for c in totals] == [i18n._("Total"), *map(str, sheet.totals.values())]
        expected_ranks = [str(sheet.ranks[player]) for player in sheet.players]
        assert [c.text for c in ranks] == [i18n._("Rank"), *expected_ranks]
        assert ranks[2].text == "1" and ranks[2].leader and not ranks[1].leader
        for cell in [winner, *names, *totals, *ranks]:  # all of it in view, nothing scrolled
            assert in_window(cell), plain(cell.text)
        assert winner.y >= names[0].top and ranks[0].y >= h.screen.ids.scroll.top
        # The categories follow, below, in the table that may scroll.
        labels = [row[0].text for row in rows(h.screen.ids.table)]
        assert labels == [c.label for c in sheet.categories]
        shot(h, f"sheet-five-{language}", colours=16)
        tap_text(h, i18n._("Back"))
        assert h.screen.name == "home"


def test_a_tie_decided_on_gold_is_said_in_words_under_the_winner(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    with Store.open(database) as store:
        session = p.targi_finished(store)
        sheet = session.score_sheet()
        others = {n: sheet.totals[n] - sheet.points[n]["vp_tokens"] for n in sheet.players}
        level = max(others.values()) + 10  # both players end on this many points
        submit(
            session,
            *(
                ta.SetStock(player=seat, dates=0, salt=0, pepper=0, gold=gold, vp=level - others[n])
                for seat, (n, gold) in enumerate(zip(sheet.players, (7, 5), strict=True))
            ),
        )
    with running_app(database) as h:
        open_finished(h)
        assert plain(h.screen.ids.tiebreak.text) == "Amal wins the tie on gold: 7 to 5"
        assert plain(h.screen.ids.winner.text).endswith(f"A  Amal wins with {level} points")
        assert in_window(h.screen.ids.tiebreak)
        assert h.screen.ids.winner.y >= h.screen.ids.tiebreak.top
        assert h.screen.ids.tiebreak.y >= h.screen.ids.summary.top


def test_the_sheet_names_the_game_by_its_title_not_its_id(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    with Store.open(database) as store:
        p.targi_finished(store)
    i18n.set_language("es")  # Targi's Spanish edition is called Tuareg
    with running_app(database) as h:
        open_finished(h)
        assert h.screen.heading.startswith("Tuareg (Targi) — ")
        assert "targi" not in h.screen.heading


def test_a_sheet_shown_as_the_app_stops_reads_nothing_ahead_from_the_closed_store(
    tmp_path: Path,
) -> None:
    """The BG Stats code a finished game's sheet makes ahead (a moment after it shows) is not
    made once the app has stopped: its store is closed by then, and the next frames of the
    process (another app's) must not meet an error from it."""
    from kivy.clock import Clock

    from ui.screens.scoresheet import CODE_AHEAD_AFTER

    database = tmp_path / "games.sqlite3"
    with Store.open(database) as store:
        p.targi_finished(store)
    with running_app(database) as h:
        open_finished(h)
        sheet = h.screen
        sheet._read_ahead = None
        sheet._code_ahead()  # as showing the sheet asks for it: the app stops before it comes
    for _ in range(4):  # the next frames of this process
        time.sleep(CODE_AHEAD_AFTER)
        Clock.tick()
    assert sheet._read_ahead is None


def _cells(screen: Widget) -> list[Widget]:
    return [*screen.ids.summary.children, *screen.ids.table.children, *screen.ids.notes.children]


def _pixels(path: Path) -> bytes:
    from PIL import Image

    with Image.open(path) as image:
        return image.convert("RGB").tobytes()


def test_a_sheet_opened_again_gives_its_cells_new_texts_and_shows_what_a_first_opening_shows(
    tmp_path: Path,
) -> None:
    """The sheet's cells are made once and given each sheet's texts after (making them was most of
    an opening's CPU): five players' sheet, then two players', then the five again, each drawn
    pixel for pixel as its first opening drew it, every row even, with no cell made anew."""
    from companion.after import history

    database = tmp_path / "games.sqlite3"
    with Store.open(database) as store:
        five = finished_timbuktu_of_five(store).game_id
        two = p.targi_finished(store).game_id
        plays = {game_id: history.load_play(store, game_id) for game_id in (five, two)}
    with running_app(database) as h:
        h.app.show_sheet(plays[two].sheet, back_to="home", game_id=two)
        alone = _pixels(shot(h, "sheet-two-first", colours=16))
    with running_app(database) as h:
        shots: list[bytes] = []
        made: dict[int, Widget] = {}  # held: an id is not reused meanwhile
        watched = set()  # how many watch each cell's texture size: one row's fit, no old one
        for game_id in (five, two, five):
            h.app.show_sheet(plays[game_id].sheet, back_to="home", game_id=game_id)
            shots.append(_pixels(shot(h, f"sheet-again-{len(shots)}", colours=16)))
            cells = _cells(h.screen)
            if len(shots) == 3:
                assert {id(cell) for cell in cells} <= set(made)  # every cell given anew
            made |= {id(cell): cell for cell in cells}
            watched |= {
                len(cell.get_property_observers("texture_size"))
                for cell in [*h.screen.ids.summary.children, *h.screen.ids.table.children]
            }
            for grid in (h.screen.ids.summary, h.screen.ids.table):
                for row in rows(grid):
                    tallest = max(cell.texture_size[1] for cell in row) + dp(6)
                    assert {cell.height for cell in row} == {max(dp(34), tallest)}
        sheet = plays[five].sheet
        totals = rows(h.screen.ids.summary)[1]
        assert [c.text for c in totals] == ["Total", *(str(sheet.totals[n]) for n in sheet.players)]
        assert [c.leader for c in totals[1:]] == [n in sheet.leaders for n in sheet.players]
        assert [row[0].text for row in rows(h.screen.ids.table)] == [
            c.label for c in sheet.categories
        ]
        assert [n.text for n in reversed(h.screen.ids.notes.children)] == list(sheet.notes)
    assert len(watched) == 1
    assert shots[0] == shots[2]  # the five players' sheet, before and after the two players'
    assert shots[1] == alone  # the two players' sheet, after the five players', as in a fresh app
