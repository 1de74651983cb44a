"""The game screens' shared chrome, in a real offscreen window driven by real taps: the header band
(whose turn on their colour), refusals as a toast by the finger (the refused cell blinking, tap for
the rule), undo and redo saying what they took back, and a bar whose buttons fit in every language."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

import pytest
from kivy.core.window import Window
from kivy.metrics import dp
from targi_table import CENTRE
from targi_table import RULES as TARGI
from ui_harness import Harness, buttons, plain, running_app, tap_text

from companion.games.targi import actions as t
from companion.installation import i18n
from companion.play.session import Session
from companion.rules.explanations import explained
from companion.store import Store
from ui import design
from ui.audit.checks import audit, window_rect
from ui.game_widgets import RefusalDialog
from ui.header import whose_turn
from ui.toast import FINGER_GAP


def targi_game(database: Path) -> None:
    """Amal (blue) and Bilal (white), the centre revealed: round 1, Amal places first."""
    players = [{"name": "Amal", "colour": "blue"}, {"name": "Bilal", "colour": "white"}]
    with Store.open(database) as store:
        session = Session.create(store, TARGI, TARGI.parse_options({"players": players}))
        for cell, card in CENTRE.items():
            action = t.RevealCard(cell=cell, card=card)
            assert session.submit(action, seq=session.seq, game_id=session.game_id).verdict.ok


def overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def open_only_game(h: Harness) -> None:
    (game,) = h.screen.ids.unfinished.children
    h.tap(game)


@pytest.fixture
def english_afterwards() -> Iterator[None]:
    yield
    i18n.set_language("en")


def test_the_header_band_names_the_player_to_move_on_their_colour(tmp_path: Path) -> None:
    targi_game(tmp_path / "games.sqlite3")
    with running_app(tmp_path / "games.sqlite3") as h:
        open_only_game(h)
        screen = h.screen
        band = screen.ids.bar.ids.message
        assert plain(band.ids.turn.text) == "Amal"
        assert "●" in band.ids.badge.text and "A" in plain(band.ids.badge.text)
        assert tuple(band.fill) == design.piece("blue").fill
        assert band.ids.turn.font_size >= design.design.turn >= 24
        assert tuple(band.ids.turn.color) == design.ink_on(design.piece("blue").fill)
        assert "Round 1" in band.ids.status.text

        h.tap(screen.cells[2])  # Amal places a Targi: Bilal's turn
        assert plain(band.ids.turn.text) == "Bilal"
        assert "■" in band.ids.badge.text
        assert tuple(band.fill) == design.piece("white").fill
        assert tuple(band.ids.turn.color) == design.DARK_INK  # white fill: dark text
        h.screenshot("header-band")


def test_a_refused_tap_shows_a_toast_by_the_finger_and_the_cell_blinks(tmp_path: Path) -> None:
    targi_game(tmp_path / "games.sqlite3")
    with running_app(tmp_path / "games.sqlite3") as h:
        open_only_game(h)
        screen = h.screen
        h.tap(screen.cells[2])  # Amal on 2: card 10 lies opposite it
        cell = screen.cells[10]
        x, y = cell.to_window(*cell.center)
        drawn = len(cell.canvas.after.children)  # the cell's own frames
        h.tap(cell)  # Bilal taps it: refused

        toast = screen.toast
        assert toast.parent is Window and toast.refusal
        reason = "Card 10 is opposite an opponent's Targi."
        assert reason in plain(toast.text) and "Tap to read the rule" in plain(toast.text)
        assert toast.font_size >= design.design.title
        assert tuple(toast.background) == design.REFUSAL
        left, bottom, right, top = window_rect(toast)
        assert left >= 0 and right <= Window.width and bottom >= 0 and top <= Window.height
        toast_box = (left, bottom, right, top)
        covered = [box for box in screen.targets() if overlap(toast_box, box)]
        assert len(covered) <= 1  # the next taps stay free (just above the finger: 3 cells)
        assert not overlap(toast_box, window_rect(cell))  # the refused cell is seen blinking
        centre_x, centre_y = (left + right) / 2, (bottom + top) / 2
        assert abs(centre_x - x) < Window.width / 2 and abs(centre_y - y) < Window.height / 2
        assert not audit([toast], Window.size)  # readable whole, nothing cut
        assert cell.opacity < 1  # the refused cell blinks ...
        h.run_for(1.2)
        assert cell.opacity == 1 and len(cell.canvas.after.children) == drawn  # ... briefly
        h.screenshot("refusal-toast")

        h.tap(toast)  # tap for the rule
        dialog = screen.ids.bar.dialog
        assert dialog is not None and dialog.ids.reason.text == reason
        assert toast.parent is None
        h.tap(dialog.ids.close)

        h.tap(cell)  # refused again; the band (its mark showing) reads the rule too
        assert toast.parent is Window
        band = screen.ids.bar.ids.message
        assert band.ids.refused.opacity == 1
        h.tap(band)
        assert screen.ids.bar.dialog is not None and toast.parent is None
        screen.ids.bar.dialog.dismiss(animation=False)


def test_a_toast_hides_itself_and_lets_taps_beside_it_through(tmp_path: Path) -> None:
    targi_game(tmp_path / "games.sqlite3")
    with running_app(tmp_path / "games.sqlite3") as h:
        open_only_game(h)
        screen = h.screen
        h.tap(screen.cells[2])
        h.tap(screen.cells[10])
        assert screen.toast.parent is Window
        h.tap(screen.cells[3])  # a legal tap elsewhere goes through and hides the toast
        assert screen.table.state.players[1].targi == (3,)
        assert screen.toast.parent is None
        h.tap(screen.cells[3])  # Amal on Bilal's card: refused, gone after a few seconds
        assert screen.toast.parent is Window
        h.run_for(5.5)
        assert screen.toast.parent is None


def test_undo_and_redo_say_what_they_took_back(tmp_path: Path) -> None:
    targi_game(tmp_path / "games.sqlite3")
    with running_app(tmp_path / "games.sqlite3") as h:
        open_only_game(h)
        screen = h.screen
        h.tap(screen.cells[2])
        tap_text(h, "Undo")
        toast = screen.toast
        assert toast.parent is Window and not toast.refusal
        assert plain(toast.text) == "Undone: Amal's Targi on 2 Dates"
        assert tuple(toast.background) != design.REFUSAL
        assert not audit([toast], Window.size)  # one short line, still a whole finger high
        assert screen.table.state.players[0].targi == ()
        h.screenshot("undo-toast")
        tap_text(h, "Redo")
        assert plain(screen.toast.text) == "Redone: Amal's Targi on 2 Dates"
        assert screen.table.state.players[0].targi == (2,)
        tap_text(h, "Redo")  # nothing to redo: a refusal, by the Redo button
        assert screen.toast.refusal
        redo = screen.ids.bar.ids.redo
        left, _bottom, right, top = window_rect(screen.toast)
        x, y = redo.to_window(*redo.center)
        # no room above: below the button (as close as the board's cells, left free, allow)
        assert left <= x <= right and y - dp(FINGER_GAP) - dp(48) <= top <= y - dp(FINGER_GAP)


@pytest.mark.parametrize("language", ["de", "pl"])
@pytest.mark.parametrize("size", [(800, 480), (1280, 720)])
def test_the_game_bar_fits_in_every_language(
    tmp_path: Path, language: str, size: tuple[int, int], english_afterwards: None
) -> None:
    targi_game(tmp_path / "games.sqlite3")
    i18n.set_language(language)
    with running_app(tmp_path / "games.sqlite3", size) as h:
        open_only_game(h)
        h.tap(h.screen.cells[2])
        h.tap(h.screen.cells[10])  # a refusal stands: its mark is in the band too
        bar = h.screen.ids.bar
        assert bar.ids.undo.text == i18n._("Undo") != "Undo"
        assert audit([bar], Window.size) == []  # nothing cut, off-screen, small or covered
        assert audit([h.screen.toast], Window.size) == []
        for name in ("undo", "redo", "correct", "score", "home"):
            left, bottom, right, top = window_rect(bar.ids[name])
            assert left >= 0 and right <= Window.width and top <= Window.height
            assert min(right - left, top - bottom) >= 48
        h.screenshot(f"game-bar-{language}")


def test_a_prompts_end_turn_stays_in_view_under_its_scrolling_options(tmp_path: Path) -> None:
    targi_game(tmp_path / "games.sqlite3")
    with Store.open(tmp_path / "games.sqlite3") as store:
        (game,) = store.list_games()
        session = Session.resume(store, game.id)
        for seat, card in enumerate((2, 5, 14, 3, 13, 11)):
            action = t.Place(player=seat % 2, card=card)
            assert session.submit(action, seq=session.seq, game_id=session.game_id).verdict.ok
    with running_app(tmp_path / "games.sqlite3") as h:
        open_only_game(h)
        screen = h.screen
        (end,) = buttons(screen, "End turn (leave the rest)")
        problems = audit([screen], Window.size)
        assert not [p for p in problems if "End turn" in p.widget], problems
        assert plain(screen.ids.bar.ids.message.ids.turn.text) == "Amal"
        h.tap(end)
        assert plain(screen.ids.bar.ids.message.ids.turn.text) == "Bilal"


def test_the_band_names_a_player_only_while_the_moves_allowed_are_theirs() -> None:
    players = (
        SimpleNamespace(name="Karin", colour="red"),
        SimpleNamespace(name="Timo", colour="blue"),
    )
    state = SimpleNamespace(to_move=1, players=players)
    assert whose_turn(state, [SimpleNamespace(player=1), SimpleNamespace(player=1)]) == (
        "Timo",
        "blue",
    )
    assert whose_turn(state, [SimpleNamespace(player=1), SimpleNamespace(player=0)]) is None
    assert whose_turn(state, [SimpleNamespace(kind="score_stage")]) is None  # the whole table's
    assert whose_turn(state, []) is None  # game over
    assert whose_turn(SimpleNamespace(to_move=None, players=players), []) is None


@pytest.mark.parametrize("language", ["en", "es", "pl", "de"])
def test_tapping_the_toast_says_why_and_where_the_rulebook_says_it(
    tmp_path: Path, language: str, english_afterwards: None
) -> None:
    """Issue 17's "Why?": the refusal's dialog explains the rule and cites the rulebook's section
    and words, in the table's language (Spanish and Polish: their edition's own sentence; German,
    without a German edition at hand: the English one, said so)."""
    i18n.set_language(language)
    expected = explained("targi", "opposite")
    assert expected is not None
    assert expected["quote"]["lang"] == ("en" if language == "de" else language)
    targi_game(tmp_path / "games.sqlite3")
    with running_app(tmp_path / "games.sqlite3") as h:
        open_only_game(h)
        h.tap(h.screen.cells[2])
        h.tap(h.screen.cells[10])  # opposite Amal's Targi: refused
        h.tap(h.screen.toast)
        (dialog,) = [w for w in Window.children if isinstance(w, RefusalDialog)]
        why = plain(dialog.ids.why.text)
        for part in (
            expected["title"],
            expected["explanation"],
            expected["source"]["section"],
            expected["quote"]["text"],
            *([expected["quote"]["note"]] if language == "de" else []),
        ):
            assert part in why
        assert audit([dialog], Window.size) == []
        h.screenshot(f"refusal-why-{language}")
        dialog.dismiss(animation=False)
