"""Actions in words (no Kivy): what undo and redo say they took back."""

from __future__ import annotations

from dataclasses import MISSING, dataclass, fields
from pathlib import Path
from typing import Annotated, Any, ClassVar, get_args, get_origin

import pytest
from targi_table import CENTRE, RULES, new_game, play
from timbuktu_table import new_game as timbuktu_game
from tuareg_table import CAMEL_1, WATER
from tuareg_table import options as tuareg_options

from companion.games.targi import actions as t
from companion.games.timbuktu import actions as tb
from companion.games.tuareg import actions as tu
from companion.games.tuareg import model as tu_model
from companion.games.tuareg.rules import TuaregRules
from companion.installation import i18n
from companion.play.describe import describe, generic, redone, undone
from companion.play.session import Session
from companion.play.table import TableGame
from companion.store import Store


def test_targi_words_its_actions() -> None:
    state = new_game()
    assert describe("targi", state, t.Place(player=0, card=2)) == "Amal's Targi on 2 Dates"
    assert describe("targi", state, t.UseNoble(player=1, decision="discard")) == (
        "Bilal used 1 Noble"
    )
    assert describe("targi", state, t.EndTurn(player=1)) == "Bilal's end of turn"
    cell = t.RevealCard(cell=(2, 2), card="TARGI-GOODS-CHOICE-1")
    assert describe("targi", state, cell) == "Choice 1 named at centre 2·2"
    well = t.RevealCard(cell=(1, 2), card="TARGI-TRIBE-WELL-1")
    i18n.set_language("de")
    try:  # the card as the German edition names it, not the id's English words
        assert describe("targi", state, well) == "Brunnen 1 in der Mitte 1·2 benannt"
    finally:
        i18n.set_language("en")


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


def test_an_action_no_game_words_names_the_player_and_whether_it_is_a_correction() -> None:
    """The generic words never show an action's kind (a code, in English)."""

    @dataclass(frozen=True)
    class Unworded:
        kind: str = "some_new_move"
        player: int = 1

    @dataclass(frozen=True)
    class UnwordedCorrection:
        kind: str = "set_something"
        correction: ClassVar[bool] = True

    state = TuaregRules().setup(tuareg_options(2))
    assert generic(state, Unworded()) == "Timo: a move"
    assert generic(state, UnwordedCorrection()) == "a correction"
    i18n.set_language("de")
    try:
        assert generic(state, Unworded()) == "Timo: ein Zug"
    finally:
        i18n.set_language("en")


def _actions(union: Any) -> list[type]:
    """The action classes of a game's action union (``Annotated`` or not)."""
    while get_origin(union) is Annotated:
        union = get_args(union)[0]
    return list(get_args(union))


SAMPLES: dict[str, dict[str, Any]] = {
    "targi": {
        "player": 0,
        "card": "TARGI-TRIBE-WELL-3",
        **{f"{kind}.card": 2 for kind in ("Place", "TakeGoods", "MoveRobber", "MoveTargi")},
        "MoveTargi.to": 5,
        "cell": (2, 2),
        "decision": "display",
        "exchanges": (),
        "trade": t.SilversmithTrade.ONE_GOLD,
        "marker": (1, 1),
        "to": (1, 2),
        "space": 3,
        "first": (0, 0),
        "second": (1, 0),
        "row": 1,
        "index": 0,
        "points": 3,
        "dates": 1,
        "salt": 0,
        "pepper": 0,
        "gold": 0,
        "vp": 4,
    },
    "tuareg": {
        "player": 0,
        "goods": (WATER,),
        "onto": CAMEL_1,
        "animal": CAMEL_1,
        "good": WATER,
        "count": 3,
        "card": tu_model.SpecialCard.CAVE,
        "cave": 1,
        "thief": 1,
        "victim": 1,
        "dinars": 2,
        "points": 1,
    },
    "timbuktu": {
        "player": 0,
        "camels": (),
        "camel": "C",
        "pen": 4,
        "pitches": (1,),
        "goods": (),
        "pitch": 2,
        "place": 1,
        "to": (2, 3),
        "fields": ((1, 2),),
        "gold": 0,
        "coffee": 0,
        "pepper": 0,
        "salt": 0,
        "water": 0,
    },
}


def _sample(game: str, cls: type) -> Any:
    samples = SAMPLES[game]
    needed = {
        f.name: samples.get(f"{cls.__name__}.{f.name}", samples.get(f.name))
        for f in fields(cls)
        if f.default is MISSING and f.default_factory is MISSING
    }
    return cls(**needed)


@pytest.mark.parametrize("language", ["en", "es", "pl", "de"])
def test_every_action_and_correction_of_every_game_is_worded_by_its_game(language: str) -> None:
    """No undo toast or log line reads in the generic words or shows an action's kind."""
    states = {
        "targi": new_game(),
        "tuareg": TuaregRules().setup(tuareg_options(2)),
        "timbuktu": timbuktu_game(),
    }
    unions = {"targi": t.TargiAction, "tuareg": tu.TuaregAction, "timbuktu": tb.TimbuktuAction}
    i18n.set_language(language)
    try:
        unworded = []
        for game, union in unions.items():
            for cls in _actions(union):
                action = _sample(game, cls)
                said = describe(game, states[game], action)
                kind = action.kind.replace("_", " ")
                english = language != "en" and kind in said  # "load" is also an English word
                if said == generic(states[game], action) or english:
                    unworded.append(f"{game} {action.kind}: {said!r}")
    finally:
        i18n.set_language("en")
    assert unworded == []


def test_a_correction_says_what_the_table_now_shows() -> None:
    state = TuaregRules().setup(tuareg_options(2))
    assert describe("tuareg", state, tu.SetHand(player=0, count=3)) == "Karin's hand set to 3 cards"
    assert describe("tuareg", state, tu.SetDeck(count=1)) == "the deck set to 1 card"
    assert describe("tuareg", state, tu.CashMap(player=1)) == "Timo cashed a map"
    targi = new_game()
    assert describe(
        "targi", targi, t.SetStock(player=0, dates=1, salt=0, pepper=0, gold=0, vp=4)
    ) == ("Amal's goods and points set")
    oasis = timbuktu_game()
    assert describe("timbuktu", oasis, tb.SetGoods(player=0, camel="C", goods=())) == (
        "the goods of Ada's camel C set"
    )


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
