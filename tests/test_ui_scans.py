"""Cards scanned on the Tuareg and Timbuktu screens, in real offscreen windows: each scan reaches the
screen as the scanner's thread delivers it (a :class:`CardScanned` posted to the app's event queue)
and is judged as ``game scan`` judges it (:mod:`companion.play.scan_play`)."""

from __future__ import annotations

import threading
from pathlib import Path

from test_ui_timbuktu import at_thefts
from test_ui_timbuktu import logged as timbuktu_logged
from test_ui_timbuktu import resume as timbuktu_resume
from test_ui_tuareg import logged, resume
from tuareg_table import CAMEL_1, GOLD, MILLET, SALT, WATER
from ui_harness import Harness, plain, running_app, shown, tap_text

from companion.games.targi.rules import TargiRules
from companion.games.timbuktu.model import Phase as TimbuktuPhase
from companion.games.tuareg import actions as a
from companion.games.tuareg.model import SpecialCard
from companion.games.tuareg.state import Phase as TuaregPhase
from companion.play.session import Session
from companion.store import Store
from hardware.events import CardScanned
from ui.games.tuareg import positions

KARIN, TIMO = 0, 1
TARGI = TargiRules()


KARINS_TURN = (
    a.OpenMarket(goods=(WATER, MILLET)),
    a.Draw(player=KARIN, to_market=(SALT,)),
    a.EndTurn(player=KARIN),
    a.Draw(player=TIMO, to_market=(MILLET,)),
    a.EndTurn(player=TIMO),
)
"""Karin to move, holding two cards; the market: 1 water, 2 millet, 1 rock salt."""


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
    logged(database, *KARINS_TURN)
    with running_app(database) as h:
        resume(h)
        screen = h.screen
        tap_text(h, "Load from the hand")
        h.tap(screen.animal_cells[(KARIN, CAMEL_1)])
        seq = screen.table.seq
        scan(h, "TUAREG-GOOD-WATER")
        h.wait_for(lambda: screen.load.added == [WATER])
        reasons = [plain(w.text) for w in screen.ids.prompt.ids.options.children[::-1] if w.text]
        assert "A camel carrying water carries nothing else." in reasons  # the live reasons
        scan(h, "TUAREG-GOOD-SALT")  # the touch builder's reason, and nothing changes
        refused(h, "A camel carrying water carries nothing else.")
        assert screen.load.added == [WATER] and screen.table.seq == seq
        scan(h, "TUAREG-GOOD-WATER")
        h.wait_for(lambda: screen.load.added == [WATER, WATER])
        scan(h, "TUAREG-GOOD-WATER")  # a third card: Karin holds two
        refused(h, "Karin holds 2 cards, not 3.")
        assert screen.load.added == [WATER, WATER] and screen.table.seq == seq
        tap_text(h, "Load 2 cards")
        assert screen.table.state.players[KARIN].stack(CAMEL_1) == (WATER, WATER)


def test_a_tuareg_card_bought_and_paid_by_scans(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    logged(database, *KARINS_TURN)
    with running_app(database) as h:
        resume(h)
        screen = h.screen
        seq = screen.table.seq
        scan(h, "TUAREG-SPECIAL-CAVE")  # at the turn's menu: the card to buy
        h.wait_for(lambda: screen.payment is not None and screen.payment.card is SpecialCard.CAVE)
        scan(h, "TUAREG-GOOD-GOLD")  # still short of the price: paid so far
        scan(h, "TUAREG-GOOD-SALT")
        h.wait_for(lambda: screen.payment.from_cache == (GOLD, SALT))
        assert shown(h, "note") == "gold 2 + rock salt 1 = 3 dinars; the price is 3."
        scan(h, "TUAREG-GOOD-MILLET")  # a third card from a hand of two
        refused(h, "Karin holds 2 cards, not 3.")
        assert screen.payment.from_cache == (GOLD, SALT) and screen.table.seq == seq
        tap_text(h, "Buy the cave")
        assert len(screen.table.state.players[KARIN].caves) == 1


def test_tuareg_market_cards_scanned_onto_an_animal(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    logged(database, *KARINS_TURN)
    with running_app(database) as h:
        resume(h)
        screen = h.screen
        tap_text(h, "Take from the market")
        h.tap(screen.animal_cells[(KARIN, CAMEL_1)])
        seq = screen.table.seq
        scan(h, "TUAREG-GOOD-MILLET")  # one of two millet cards: the other may follow
        h.wait_for(lambda: screen.picked == [MILLET])
        assert screen.table.seq == seq and "Scanned: millet" in plain(shown(h, "note"))
        scan(h, "TUAREG-GOOD-WATER")  # of another good: no take of one good
        h.wait_for(lambda: screen.table.refusal is not None)
        assert screen.picked == [MILLET] and screen.table.seq == seq
        scan(h, "TUAREG-GOOD-MILLET")  # both millet cards: nothing left to choose
        h.wait_for(lambda: screen.table.seq == seq + 1)
        assert screen.table.state.players[KARIN].stack(CAMEL_1) == (MILLET, MILLET)


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


def test_a_timbuktu_thief_pile_scanned_at_a_stage_end(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    timbuktu_logged(database, at_thefts(1))
    with running_app(database) as h:
        timbuktu_resume(h)
        screen = h.screen
        seq = screen.table.seq
        scan(h, "TIMBUKTU-THIEF-PEN-1")
        h.wait_for(lambda: screen.scans.thief_cards == ["TIMBUKTU-THIEF-PEN-1"])
        # the pen's number held to its word
        assert plain(shown(h, "note")).startswith("Scanned: Pen\u00a01")
        assert screen.table.seq == seq and shown(h, "refusal") == ""
        before = plain(shown(h, "note"))
        scan(h, "TIMBUKTU-CAMEL-A")  # no card of a thief pile: refused, nothing changes
        h.wait_for(lambda: screen.table.refusal is not None)
        assert screen.table.seq == seq and screen.scans.thief_cards == ["TIMBUKTU-THIEF-PEN-1"]
        assert plain(shown(h, "note")) == before
        removed = screen.table.state.removed
        scan(h, "TIMBUKTU-THIEF-GOODS-GOLD-SALT")
        scan(h, "TIMBUKTU-THIEF-PITCH-1-3")
        h.wait_for(lambda: screen.table.seq == seq + 1)
        theft = screen.table.session.last_action
        assert (theft.pen, theft.pitches, {g.value for g in theft.goods}) == (
            1,
            (1, 3),
            {"gold", "salt"},
        )
        assert screen.table.state.removed != removed and screen.scans.thief_cards == []


def test_a_timbuktu_camel_card_names_the_camel_that_moves(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    timbuktu_logged(database, lambda s: s.phase is TimbuktuPhase.MOVES)
    with running_app(database) as h:
        timbuktu_resume(h)
        screen = h.screen
        state = screen.table.state
        letter = screen.rounds.movable_letters()[0]
        seq = screen.table.seq
        scan(h, f"TIMBUKTU-CAMEL-{letter}")
        h.wait_for(lambda: screen.rounds.move is not None)
        assert screen.rounds.move.letter == letter and screen.table.seq == seq  # its pen is a tap
        assert shown(h, "title").startswith(f"Camel {letter}: tap the pen of")
        scan(h, "TIMBUKTU-CAMEL-Z")  # no such card
        h.wait_for(lambda: screen.table.refusal is not None)
        assert screen.rounds.move.letter == letter and screen.table.seq == seq
        assert state.to_move == screen.table.state.to_move


def test_a_tuareg_stage_end_revealed_by_scans(tmp_path: Path) -> None:
    """The cave's card, the thief's, then a map cashed in: each a scan; a card that is none of
    them is refused and changes nothing."""
    database = tmp_path / "games.sqlite3"
    with Store.open(database) as store:
        positions.tuareg(store, positions.TUAREG_STAGE_ONE)
    with running_app(database) as h:
        resume(h)
        screen = h.screen
        seq = screen.table.seq
        assert screen.state.phase is TuaregPhase.REVEAL
        scan(h, "TUAREG-SPECIAL-DONKEY")
        h.wait_for(lambda: screen.table.refusal is not None)
        assert screen.table.seq == seq and screen.picked == []
        for card in ("TUAREG-GOOD-GOLD", "TUAREG-GOOD-GOLD", "TUAREG-SPECIAL-MAP"):
            scan(h, card)
            seq += 1
            h.wait_for(lambda s=seq: screen.table.seq == s)
        kinds = [entry.payload["kind"] for entry in screen.table.session.entries[-3:]]
        assert kinds == ["reveal_cave", "reveal_thief", "cash_map"]


def test_a_tuareg_draws_market_cards_scanned(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    logged(database, *KARINS_TURN)
    with running_app(database) as h:
        resume(h)
        screen = h.screen
        tap_text(h, "Draw")
        seq = screen.table.seq
        scan(h, "TUAREG-GOOD-WATER")
        h.wait_for(lambda: screen.picked == [WATER])
        scan(h, "TUAREG-SPECIAL-THIEF")  # no goods card: never laid into the market
        h.wait_for(lambda: screen.table.refusal is not None)
        assert screen.picked == [WATER] and screen.table.seq == seq
        tap_text(h, "Draw, lay 1 into the market")
        assert screen.table.state.market.water == 2


def test_a_scanned_targi_card_is_revealed_on_the_face_down_card_chosen_else_the_first(
    tmp_path: Path,
) -> None:
    database = tmp_path / "games.sqlite3"
    players = {
        "players": [{"name": "Amal", "colour": "blue"}, {"name": "Bilal", "colour": "white"}]
    }
    with Store.open(database) as store:
        Session.create(store, TARGI, TARGI.parse_options(players))
    with running_app(database) as h:
        (game,) = h.screen.ids.unfinished.children
        h.tap(game)
        screen = h.screen
        h.tap(screen.cells[(3, 3)])  # the last goods card face down, chosen
        assert screen.selected == (3, 3)
        scan(h, "TARGI-GOODS-DATES-1")
        h.wait_for(lambda: screen.table.state.slot((3, 3)).card == "TARGI-GOODS-DATES-1")
        scan(h, "TARGI-GOODS-2SALT")  # nothing chosen: the first goods card face down
        h.wait_for(lambda: screen.table.state.slot((1, 1)).card == "TARGI-GOODS-2SALT")
