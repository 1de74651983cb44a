"""Actions in words (no Kivy): what undo and redo say they took back."""

from __future__ import annotations

from pathlib import Path

from targi_table import CENTRE, RULES, new_game, play
from timbuktu_table import new_game as timbuktu_game
from tuareg_table import CAMEL_1, WATER
from tuareg_table import options as tuareg_options

from companion.describe import describe, redone, undone
from companion.games.targi import actions as t
from companion.games.timbuktu import actions as tb
from companion.games.tuareg import actions as tu
from companion.games.tuareg.rules import TuaregRules
from companion.session import Session
from companion.store import Store
from ui.table import TableGame


def test_targi_words_its_actions() -> None:
    state = new_game()
    assert describe("targi", state, t.Place(player=0, card=2)) == "Amal's Targi on 2 Dates"
    assert describe("targi", state, t.UseNoble(player=1, decision="discard")) == (
        "Bilal used 1 Noble"
    )
    assert describe("targi", state, t.EndTurn(player=1)) == "Bilal's end of turn"
    cell = t.RevealCard(cell=(2, 2), card="TARGI-GOODS-CHOICE-1")
    assert describe("targi", state, cell) == "Choice 1 named at centre 2·2"


def test_tuareg_and_timbuktu_word_their_everyday_actions() -> None:
    state = TuaregRules().setup(tuareg_options(2))
    take = tu.TakeFromMarket(player=0, onto=CAMEL_1, good=WATER, count=2)
    assert describe("tuareg", state, take) == "Karin took 2 water from the market"
    assert describe("tuareg", state, tu.EndTurn(player=1)) == "Timo's end of turn"
    steal = tu.Steal(player=0, thief=1, victim=1)
    assert describe("tuareg", state, steal) == "Karin stole from Timo"
    oasis = timbuktu_game()
    move = tb.MoveCamel(player=0, camel="C", pen=4)
    assert describe("timbuktu", oasis, move) == "Ada moved camel C to pen 4"


def test_an_action_without_words_names_the_player_and_the_kind_and_a_correction() -> None:
    state = TuaregRules().setup(tuareg_options(2))
    assert describe("tuareg", state, tu.CashMap(player=1)) == "Timo: cash map"
    assert describe("tuareg", state, tu.SetHand(player=0, count=3)) == (
        "Karin: correction (set hand)"
    )
    assert describe("tuareg", state, tu.SetDeck(count=3)) == "correction (set deck)"


def test_undo_and_redo_of_the_table_say_what_they_took_back(tmp_path: Path) -> None:
    with Store.open(tmp_path / "games.sqlite3") as store:
        state = new_game()
        players = [{"name": "Amal", "colour": "blue"}, {"name": "Bilal", "colour": "white"}]
        session = Session.create(store, RULES, RULES.parse_options({"players": players}))
        table = TableGame(session)
        for action in (t.RevealCard(cell=cell, card=card) for cell, card in CENTRE.items()):
            assert table.submit(action, seq=table.seq).ok
        assert table.notice == ""
        assert table.submit(t.Place(player=0, card=2), seq=table.seq).ok
        assert table.undo(seq=table.seq).ok
        assert table.notice == "Undone: Amal's Targi on 2 Dates"
        assert table.redo(seq=table.seq).ok
        assert table.notice == "Redone: Amal's Targi on 2 Dates"
        assert not table.redo(seq=table.seq).ok  # nothing to redo: a refusal, no notice
        assert table.notice == "" and table.refusal is not None
        assert table.state == play(state, t.Place(player=0, card=2))
        assert undone("targi", state, t.EndTurn(player=0)) == "Undone: Amal's end of turn"
        assert redone("targi", state, t.EndTurn(player=0)) == "Redone: Amal's end of turn"
