"""A score sheet's outcome in words (companion.rules.sheet_words): the winner and their points, the
tie-break that decided quoting its figures, draws and ties not decided yet, in every language."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from companion.after import history
from companion.after.exports import pdf
from companion.games.targi import actions as ta
from companion.games.targi.scoring import Tally
from companion.games.targi.scoring import sheet as targi_sheet
from companion.games.timbuktu.model import Good, Goods
from companion.games.timbuktu.scoring import sheet as timbuktu_sheet
from companion.games.tuareg import scoring as tuareg
from companion.games.tuareg.model import Good as TuaregGood
from companion.installation import i18n
from companion.rules.scoresheet import PENDING, Category, ScoreSheet, build_sheet
from companion.rules.sheet_words import headline, names, tiebreak
from companion.store import Store
from ui.games.targi import positions


@pytest.fixture(autouse=True)
def _english_afterwards() -> Iterator[None]:
    yield
    i18n.set_language("en")


def targi(final: bool = True, **players: tuple[int, int, int]) -> ScoreSheet:
    """A Targi sheet: player -> (VP tokens, gold, goods)."""
    tallies = {
        name: Tally(vp_tokens=vp, card_vp=0, card_bonus=0, gold=gold, goods=goods, display=())
        for name, (vp, gold, goods) in players.items()
    }
    return targi_sheet(tallies, final=final)


GOLD_TIE = {"Amal": (30, 7, 2), "Bilal": (30, 5, 9)}
"""Equal points, Amal has more gold: gold decides."""

SAID = {
    "en": ("Amal wins with 30 points", "Amal wins the tie on gold: 7 to 5"),
    "es": ("Amal gana con 30 puntos", "Amal gana el desempate por oro: 7 a 5"),
    "pl": ("Amal wygrywa z 30 punktami", "Amal wygrywa remis — złoto: 7 do 5"),
    "de": ("Amal gewinnt mit 30 Punkten", "Amal gewinnt den Gleichstand — Gold: 7 zu 5"),
}


@pytest.mark.parametrize("language", sorted(SAID))
def test_a_tie_decided_on_gold_is_said_in_every_language(language: str) -> None:
    i18n.set_language(language)
    sheet = targi(**GOLD_TIE)  # labels and words in the language shown
    assert (headline(sheet), tiebreak(sheet)) == SAID[language]


def test_a_clear_winner_needs_no_tie_break_and_a_game_going_on_has_a_leader() -> None:
    sheet = targi(Amal=(31, 0, 0), Bilal=(30, 9, 9))
    assert (headline(sheet), tiebreak(sheet)) == ("Amal wins with 31 points", "")
    going = targi(final=False, Amal=(1, 0, 0), Bilal=(0, 0, 0))
    assert headline(going) == "Amal leads with 1 point"
    assert tiebreak(targi(final=False, **GOLD_TIE)) == "Amal leads the tie on gold: 7 to 5"


def test_the_second_step_quotes_only_the_players_still_level_when_it_applied() -> None:
    # Bilal has as much gold as Amal and fewer goods; Cleo has the most goods but less gold.
    sheet = targi(Amal=(30, 7, 4), Bilal=(30, 7, 2), Cleo=(30, 1, 9))
    assert sheet.tiebreak == "goods"
    assert tiebreak(sheet) == "Amal wins the tie on number of goods: 4 to 2"


def test_a_draw_names_everyone_sharing_first_place_and_the_steps_that_left_them_level() -> None:
    sheet = targi(Amal=(30, 7, 2), Bilal=(30, 7, 2), Cleo=(10, 9, 9))
    assert headline(sheet) == "Amal and Bilal share first place with 30 points"
    assert tiebreak(sheet) == "No tie-break separates them: equal on gold, number of goods."
    i18n.set_language("pl")
    polish = targi(Amal=(1, 7, 2), Bilal=(1, 7, 2), Cleo=(1, 7, 2))
    assert headline(polish) == "Amal, Bilal i Cleo dzielą pierwsze miejsce z 1 punktem"


def test_a_draw_without_tie_break_steps_says_so() -> None:
    sheet = build_sheet("counter", [Category("n", "n")], {"ann": {"n": 1}, "bob": {"n": 1}}, [])
    assert (sheet.tiebreak, tiebreak(sheet)) == ("draw", "No tie-break separates them.")


def test_timbuktus_shared_victory_is_a_draw_in_words() -> None:
    haul = Goods.of([Good.GOLD, Good.GOLD])
    sheet = timbuktu_sheet(dict.fromkeys(Good, 3), {"Ada": haul, "Ben": haul}, final=True)
    assert sheet.tiebreak == "shared"
    assert headline(sheet) == "Ada and Ben share first place with 6 points"
    assert tiebreak(sheet) == "No tie-break separates them: equal on number of goods."


def test_a_tie_the_cache_will_decide_is_said_open_not_drawn() -> None:
    tally = tuareg.GameTally(
        stages=[dict.fromkeys(TuaregGood, 0)], maps_cashed=[0], unused={}, cache_value=0
    )
    decided = tuareg.game_sheet({"Karin": tally, "Timo": tally}, final=True)
    open_tie = replace(decided, tiebreak=PENDING, ranking=(("Karin", "Timo"),))
    assert headline(open_tie) == "Karin and Timo are level at the top with 0 points"
    assert tiebreak(open_tie) == (
        "Karin and Timo are level on points: "
        "the cache's value in dinars decides, once it can be counted."
    )
    cached = replace(tally, cache_value=12)
    won = tuareg.game_sheet({"Karin": cached, "Timo": tally}, final=True)
    assert tiebreak(won) == "Karin wins the tie on the cache's value in dinars: 12 to 0"


def test_a_sheet_read_back_without_its_steps_figures_still_says_who_won() -> None:
    sheet = replace(targi(**GOLD_TIE), tiebreaks=())
    assert tiebreak(sheet) == "Amal wins on the tie-break."


def test_names_are_listed_as_a_sentence_says_them() -> None:
    assert [names(()), names(("A",)), names(("A", "B")), names(("A", "B", "C"))] == [
        "",
        "A",
        "A and B",
        "A, B and C",
    ]


def test_the_history_and_its_pdf_say_the_tie_break_as_the_sheet_does(tmp_path: Path) -> None:
    """Listed twice: replayed (and cached), then read from the cache, which keeps the steps."""
    with Store.open(tmp_path / "games.sqlite3") as store:
        session = positions.targi_finished(store)
        sheet = session.score_sheet()
        others = {n: sheet.totals[n] - sheet.points[n]["vp_tokens"] for n in sheet.players}
        level = max(others.values()) + 10
        for seat, (name, gold) in enumerate(zip(sheet.players, (7, 5), strict=True)):
            vp = level - others[name]  # both end on ``level`` points
            stock = ta.SetStock(player=seat, dates=0, salt=0, pepper=0, gold=gold, vp=vp)
            assert session.submit(stock, seq=session.seq, game_id=session.game_id).verdict.ok
        for _ in range(2):
            (play,) = history.plays(store)
            assert pdf.tiebreak_words(play) == "Amal wins the tie on gold: 7 to 5"
        assert store.cached_results()[session.game_id]["sheet"]["tiebreaks"][0]["key"] == "gold"
