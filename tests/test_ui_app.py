"""The app around the games: home, resume after a restart, hardware events from other threads,
corrections, the score sheet, the idle frame rate, and screenshots of every screen."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.uix.widget import Widget
from targi_table import CENTRE, RULES
from ui_harness import SIZES, Harness, plain, running_app, shot, tap_text

from companion.games.targi import actions as a
from companion.games.targi.model import Phase
from companion.games.targi.names import card_hints, card_name
from companion.games.tuareg.model import Good
from companion.play.session import Session
from companion.store import Store
from hardware.events import ButtonPressed, CardScanned, ScannerConnected
from ui.keyboard import OnScreenKeyboard
from ui.picker import Picker


def open_keyboard() -> OnScreenKeyboard:
    """The on-screen keyboard open over the window."""
    from kivy.core.window import Window

    (keyboard,) = [w for w in Window.children if isinstance(w, OnScreenKeyboard)]
    return keyboard


OPTIONS = RULES.parse_options(
    {"players": [{"name": "Amal", "colour": "blue"}, {"name": "Bilal", "colour": "white"}]}
)


def targi_session(store: Store, *, revealed: bool = True) -> Session:
    session = Session.create(store, RULES, OPTIONS)
    if revealed:
        for cell, card in CENTRE.items():
            session.submit(
                a.RevealCard(cell=cell, card=card), seq=session.seq, game_id=session.game_id
            )
    return session


def finished_targi(store: Store) -> Session:
    """A Targi game played to its end, the plainest legal way."""
    session = targi_session(store)
    while not RULES.is_over(session.state):
        state = session.state
        action = (
            a.EndTurn(player=state.to_move)
            if state.phase is Phase.ACTIONS
            else RULES.legal_actions(state)[0]
        )
        assert session.submit(action, seq=session.seq, game_id=session.game_id).verdict.ok
    return session


def resume_only_game(h: Harness) -> None:
    unfinished = h.screen.ids.unfinished.children
    assert len(unfinished) == 1
    h.tap(unfinished[0])


def post_from_thread(h: Harness, event: object) -> None:
    thread = threading.Thread(target=h.app.pump.queue.post, args=(event,))
    thread.start()
    thread.join()


def shown(h: Harness) -> dict[str, str]:
    """What the Targi screen shows: every grid cell, the bar and both players."""
    screen = h.screen
    texts = {str(space): cell.text for space, cell in screen.cells.items()}
    return {
        **texts,
        "status": screen.ids.bar.status,
        "prompt": screen.ids.prompt.title,
        "player0": screen.ids.player0.text,
        "player1": screen.ids.player1.text,
    }


def test_resume_after_a_restart_shows_the_same_screen(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    with Store.open(database) as store:
        targi_session(store)
    with running_app(database) as h:
        resume_only_game(h)
        for card in (2, 5, 14):
            h.tap(h.screen.cells[card])
        before = shown(h)
        assert "[b]A[/b]" in before["2"] and "[b]B[/b]" in before["5"]  # Amal's and Bilal's marks
    with running_app(database) as h:  # a new app on the same file, as after a power cut
        resume_only_game(h)
        assert shown(h) == before


def test_a_scan_and_a_button_from_other_threads_update_the_screen(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    with Store.open(database) as store:
        targi_session(store, revealed=False)
    with running_app(database) as h:
        resume_only_game(h)
        cell = h.screen.cells[(1, 1)]
        assert cell.text == "face down"
        post_from_thread(h, CardScanned(tag="0A1B2C3D4E", card=CENTRE[(1, 1)]))
        h.wait_for(lambda: cell.text == card_name(CENTRE[(1, 1)]))
        post_from_thread(h, ButtonPressed(button="undo"))
        h.wait_for(lambda: cell.text == "face down")
        well = CardScanned(tag="0A1B2C3D4F", card="TARGI-TRIBE-WELL-1")
        post_from_thread(h, well)  # a tribe card goes to the first face-down tribe cell
        h.wait_for(lambda: h.screen.cells[(1, 2)].text == "Well 1")
        assert cell.text == "face down"
        post_from_thread(h, well)  # the same card again cannot be drawn: refused, with why
        h.wait_for(lambda: "already in play" in h.screen.ids.bar.refusal)
        assert h.screen.table.refusal.code == "card_in_play"
        assert [c.text for c in h.screen.cells.values()].count("Well 1") == 1
        post_from_thread(h, ScannerConnected(port="/dev/ttyUSB0"))
        h.wait_for(lambda: "/dev/ttyUSB0" in h.app.settings_screen.hardware)


def test_a_correction_is_logged_and_shown(tmp_path: Path) -> None:
    """Targi's "Set stock" by steppers: no keyboard, the numbers within what the action takes."""
    database = tmp_path / "games.sqlite3"
    with Store.open(database) as store:
        game_id = targi_session(store).game_id
    with running_app(database) as h:
        resume_only_game(h)
        tap_text(h, "Correct")
        tap_text(h, "Set stock")
        dates = h.screen.rows["dates"][1].ids.stepper
        assert dates.value == 2  # the form starts from what the app believes
        shown = {name: row.words for name, (_spec, row) in h.screen.rows.items()}
        assert (shown["salt"], shown["vp"]) == ("Salt", "VP")  # labels as words, not "vp"
        for _ in range(3):
            h.tap(dates.ids.down)
        assert dates.value == 0 and dates.ids.down.disabled  # no stock below nothing
        for _ in range(9):
            h.tap(dates.ids.up)
        tap_text(h, "Apply the correction")
        assert h.screen.name == "game-targi"
        assert "dates 9" in h.screen.ids.player0.text
    with Store.open(database) as store:
        entry = store.load(game_id).entries[-1]
        assert entry.kind == "correction" and entry.payload["dates"] == 9


def picker_buttons() -> dict[str, Widget]:
    """The buttons of the picker open over the window, by their text (markup aside)."""
    from kivy.core.window import Window

    (picker,) = [w for w in Window.children if isinstance(w, Picker)]
    return {plain(b.text): b for b in picker.walk() if hasattr(b, "trigger_action")}


def test_a_targi_card_is_corrected_by_tapping_its_chip(tmp_path: Path) -> None:
    """No card id is typed: a card field offers the kinds of card, then one chip per printed face
    (copies merged); the correction names a copy of that face, and no keyboard opens."""
    database = tmp_path / "games.sqlite3"
    with Store.open(database) as store:
        targi_session(store)
    with running_app(database) as h:
        resume_only_game(h)
        tap_text(h, "Correct")
        tap_text(h, "Set hand")
        field = h.screen.rows["card"][1].ids.card
        assert plain(field.text) == "(none)"  # Amal holds no card
        h.tap(field)
        kinds = picker_buttons()
        assert {"Well", "Camel rider", "Oasis", "Targia", "Tent", "(none)", "Cancel"} <= set(kinds)
        h.tap(kinds["Oasis"])
        chips = picker_buttons()
        oasis = [text for text in chips if "VP; costs" in text]
        assert len(oasis) == len(set(oasis)) >= 2  # one chip per face
        h.tap(chips[oasis[0]])
        assert field.text.startswith("Oasis ")
        tap_text(h, "Apply the correction")
        assert h.screen.name == "game-targi"
        hand = h.screen.table.state.players[0].hand
        assert hand.startswith("TARGI-TRIBE-OASIS-") and oasis[0].startswith(card_hints()[hand])

        tap_text(h, "Correct")
        tap_text(h, "Fix card")  # centre 1·1 holds a goods card: its chips come at once
        h.tap(h.screen.rows["card"][1].ids.card)
        h.tap(picker_buttons()["gives 2 pepper"])
        tap_text(h, "Apply the correction")
        assert h.screen.table.state.slot((1, 1)).card == "TARGI-GOODS-2PEPPER"
        assert not [w for w in Window.children if isinstance(w, OnScreenKeyboard)]


def test_the_score_sheet_of_a_finished_game(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    with Store.open(database) as store:
        sheet = finished_targi(store).score_sheet()
    with running_app(database) as h:
        finished = h.screen.ids.finished.children
        assert len(finished) == 1 and not h.screen.ids.unfinished.children
        h.tap(finished[0])
        assert h.screen.name == "sheet"
        columns = len(sheet.players) + 1

        def rows(grid: str) -> list[list[str]]:
            cells = [c.text for c in reversed(h.screen.ids[grid].children)]
            return [cells[i : i + columns] for i in range(0, len(cells), columns)]

        names, totals, ranks = rows("summary")  # first, above the categories
        assert [name.rsplit(" ", 1)[-1] for name in names] == ["", *sheet.players]
        assert totals == ["Total", *(str(sheet.totals[p]) for p in sheet.players)]
        ranked = {p: str(place) for place, group in enumerate(sheet.ranking, 1) for p in group}
        assert ranks == ["Rank", *(ranked[p] for p in sheet.players)]
        assert [r[0] for r in rows("table")] == [c.label for c in sheet.categories]
        assert "final" in h.screen.heading
        tap_text(h, "Back")
        assert h.screen.name == "home"


def test_the_frame_rate_drops_at_rest_and_returns_on_a_touch(tmp_path: Path) -> None:
    with running_app(tmp_path / "games.sqlite3") as h:
        throttle = h.app.throttle
        throttle.after = 0.2
        throttle._rest.timeout = 0.2
        throttle.start()
        h.wait_for(lambda: throttle.idle)
        assert Clock._max_fps == throttle.idle_fps
        throttle._rest.timeout = 30  # the first visit builds Settings: stay awake through it
        h.tap(h.screen.ids.settings)
        assert not throttle.idle and Clock._max_fps == throttle.active_fps
        throttle._rest.cancel()


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_screenshots_of_every_screen(tmp_path: Path, size: tuple[int, int]) -> None:
    database = tmp_path / "games.sqlite3"
    with Store.open(database) as store:
        finished_targi(store)
        session = targi_session(store)
        for card in (2, 5):
            session.submit(
                a.Place(player=session.state.to_move, card=card),
                seq=session.seq,
                game_id=session.game_id,
            )
    with running_app(database, size) as h:
        shot(h, "home", colours=16)
        tap_text(h, "Settings")
        shot(h, "settings", colours=16)
        tap_text(h, "Back")
        h.tap(h.screen.ids.finished.children[0])
        shot(h, "sheet", colours=16)
        tap_text(h, "Back")
        resume_only_game(h)
        shot(h, "targi", colours=16)
        tap_text(h, "Correct")
        tap_text(h, "Set stock")
        shot(h, "correct", colours=16)
        h.app.home()
        h.frames(2)
        h.screen.ids.game.text = "timbuktu"
        h.frames(2)
        tap_text(h, "Start the game")
        shot(h, "timbuktu", colours=16)


def test_the_settings_screen_steps_card_values_within_what_the_settings_command_takes(
    tmp_path: Path,
) -> None:
    database = tmp_path / "games.sqlite3"
    with running_app(database) as h:
        tap_text(h, "Settings")
        screen = h.screen
        values = screen.sections["tuareg"]  # the section Tuareg's UI entry contributes
        water = values.rows[Good.WATER].ids.points
        assert water.shown == "?"  # not confirmed yet: nothing stored for it
        for _ in range(25):
            h.tap(water.ids.up)
        # ``table-companion settings set tuareg values`` takes 1 to 20: so does the stepper.
        assert water.value == 20 and water.ids.up.disabled
        for _ in range(16):
            h.tap(water.ids.down)
        h.tap(values.ids.save)
        assert screen.message == "Saved."
        assert h.app.store.get_setting("tuareg", "values") == {"water": 4, "gold": 5}
        assert values.rows[Good.WATER].source == "confirmed by this table"
