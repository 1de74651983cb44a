"""Naming a revealed Targi card by its face: identical copies are one choice, a free copy is named."""

from __future__ import annotations

from targi_table import RULES, play

from companion.games.targi import actions as a
from companion.games.targi.model import Symbol
from companion.games.targi.naming import faces, symbols


def fresh():
    options = RULES.parse_options(
        {"players": [{"name": "Amal", "colour": "blue"}, {"name": "Bilal", "colour": "white"}]}
    )
    return RULES.setup(options)


def test_identical_copies_are_one_face_the_likeliest_first() -> None:
    state = fresh()
    goods = faces(state, (1, 1))
    cards = [face.card for face in goods]
    assert len(goods) == 12  # 19 goods cards print 12 different things
    assert "TARGI-GOODS-SALT-1" in cards and "TARGI-GOODS-SALT-2" not in cards
    assert [face.free for face in goods[:2]] == [3, 3]  # choice and gold: three copies each
    assert {face.card for face in goods[:2]} == {"TARGI-GOODS-CHOICE-1", "TARGI-GOODS-GOLD-1"}
    assert all(face.symbol is None for face in goods)
    tribe = faces(state, (1, 2))
    wells = [face for face in tribe if face.symbol is Symbol.WELL]
    assert len(tribe) == 40 and len(wells) == 8
    assert wells[0].card == "TARGI-TRIBE-WELL-8" and wells[0].free == 2  # WELL-8 = WELL-9
    assert symbols(tribe)[0] is Symbol.WELL


def test_the_named_copy_is_one_still_in_the_pile() -> None:
    state = play(fresh(), a.RevealCard(cell=(1, 1), card="TARGI-GOODS-SALT-1"))
    salt = [f for f in faces(state, (1, 3)) if f.card.rstrip("0123456789") == "TARGI-GOODS-SALT-"]
    assert [(f.card, f.free) for f in salt] == [("TARGI-GOODS-SALT-2", 1)]
    for face in faces(state, (1, 3)):
        assert RULES.check(state, a.RevealCard(cell=(1, 3), card=face.card)).ok
