"""Cards scanned on the Tuareg and Timbuktu screens, in real offscreen windows: each scan reaches the
screen as the scanner's thread delivers it (a :class:`CardScanned` posted to the app's event queue)
and is judged as ``game scan`` judges it (:mod:`companion.scan_play`)."""

from __future__ import annotations

import threading
from pathlib import Path

from test_ui_tuareg import logged, resume
from tuareg_table import CAMEL_1, GOLD, MILLET, SALT, WATER
from ui_harness import Harness, plain, running_app, shown, tap_text

from companion.games.tuareg import actions as a
from hardware.events import CardScanned

KARIN, TIMO = 0, 1


def scan(h: Harness, card: str) -> None:
    """``card`` read by the scanner: posted from another thread, as the reader thread posts it."""
    poster = threading.Thread(
        target=h.app.pump.queue.post, args=(CardScanned(tag=card, card=card),), name="scanner"
    )
    poster.start()
    poster.join()
    h.frames(3)


def refused(h: Harness, message: str) -> None:
    h.wait_for(lambda: shown(h, "refusal") == message)
    assert h.screen.ids.bar.refusal == message


def test_a_tuareg_load_built_by_scanning_card_after_card(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    logged(
        database,
        a.OpenMarket(goods=(WATER, MILLET)),
        a.Draw(player=KARIN, to_market=(SALT,)),
        a.EndTurn(player=KARIN),
        a.Draw(player=TIMO, to_market=(MILLET,)),
        a.EndTurn(player=TIMO),
    )
    with running_app(database) as h:
        resume(h)
        screen = h.screen
        tap_text(h, "Load from the hand")
        h.tap(screen.animal_cells[(KARIN, CAMEL_1)])
        seq = screen.table.seq
        scan(h, "TUAREG-GOOD-WATER")
        h.wait_for(lambda: screen.load.added == [WATER])
        reasons = [plain(w.text) for w in screen.ids.options.children[::-1] if w.text]
        assert "A camel carrying water carries nothing else." in reasons  # the live reasons
        scan(h, "TUAREG-GOOD-SALT")  # the touch builder's reason, and nothing changes
        refused(h, "A camel carrying water carries nothing else.")
        assert screen.load.added == [WATER] and screen.table.seq == seq
        scan(h, "TUAREG-GOOD-WATER")
        h.wait_for(lambda: screen.load.added == [WATER, WATER])
        scan(h, "TUAREG-GOOD-WATER")  # a third card: Karin holds two
        refused(h, "Karin holds 2 cards, not 3.")
        assert screen.load.added == [WATER, WATER] and screen.table.seq == seq
        tap_text(h, "Load 2 card(s)")
        assert screen.table.state.players[KARIN].stack(CAMEL_1) == (WATER, WATER)


def test_the_tuareg_market_opens_by_scanning_its_two_cards(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    logged(database)
    with running_app(database) as h:
        resume(h)
        screen = h.screen
        scan(h, "TUAREG-GOOD-GOLD")
        h.wait_for(lambda: "Scanned: gold" in plain(shown(h, "note")))
        assert screen.table.seq == 0 and shown(h, "refusal") == ""
        scan(h, "TUAREG-SPECIAL-MAP")  # no market card: refused, the gold stays scanned
        h.wait_for(lambda: screen.table.refusal is not None)
        assert screen.table.seq == 0 and screen.picked == [GOLD]
        scan(h, "TUAREG-GOOD-WATER")
        h.wait_for(lambda: screen.table.seq == 1)
        assert screen.table.state.market.gold == 1 and screen.table.state.market.water == 1


def test_another_games_card_is_refused_naming_its_game(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    logged(database, a.OpenMarket(goods=(WATER, MILLET)))
    with running_app(database) as h:
        resume(h)
        seq = h.screen.table.seq
        scan(h, "TIMBUKTU-CAMEL-A")
        refused(h, "TIMBUKTU-CAMEL-A is a Timbuktu card, not a Tuareg card.")
        assert h.screen.table.seq == seq
