"""The rules reference and "What can I do now?" (:mod:`companion.rules.reference`): each game's sections
in the rulebook's order, each with its source and translations, every verdict code in a section,
and the options of a mid-game moment, a closed one with its rule; and both through the CLI."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import targi_table
import timbuktu_table
import tuareg_table
from cli_process import run
from registered_games import BUILT_IN

from companion.games.targi import actions as ta
from companion.games.timbuktu.model import Phase as TimbuktuPhase
from companion.installation.i18n import LANGUAGES, _, set_language
from companion.rules.reference import matches, now, part_dict, reference_of


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    set_language("en")
    yield
    set_language("en")


def _options(result: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {option["id"]: option for option in result["options"]}


@pytest.mark.parametrize("game", BUILT_IN)
def test_sections_in_order_with_a_source_and_every_language(game: str) -> None:
    reference = reference_of(game)
    assert reference is not None
    ids = [part.id for part in reference.parts]
    assert 8 <= len(ids) <= 14 and len(set(ids)) == len(ids)
    assert ids[-1] == "app"
    for part in reference.parts:
        assert part.sources, part.id
        sentences = part.summary.count(". ") + 1
        assert 1 <= sentences <= 5, part.id
    for lang in LANGUAGES:
        if lang == "en":
            continue
        set_language(lang)
        for part in reference.parts:
            shown = part_dict(game, part)
            assert shown["title"] != part.title, (lang, part.id)
            assert shown["summary"] != part.summary, (lang, part.id)
            assert shown["source"]["book"] and shown["source"]["section"]


def test_targi_placement_names_the_robber_and_the_opponent() -> None:
    state = targi_table.place(targi_table.new_game(), 2, 6)
    result = now("targi", targi_table.RULES, state)
    assert (result["phase"], result["section"]) == ("placement", "placing")
    options = _options(result)
    assert "place-4" not in options  # a raid corner is never an option
    assert options["place-3"] == {"id": "place-3", "label": "Targi on 3 Salt", "available": True}
    robber = options["place-1"]
    assert robber["available"] is False
    assert (robber["code"], robber["rule"], robber["section"]) == (
        "robber",
        "Not on the robber's card",
        "robber",
    )
    assert robber["reason"] == "The robber stands on card 1."
    assert options["place-14"]["code"] == "opposite"
    assert options["place-2"]["code"] == "occupied"


def test_targi_actions_close_the_fata_morgana_without_a_marker() -> None:
    state = targi_table.place(targi_table.new_game(), 2, 6, 3, 7, 9, 13)
    result = now("targi", targi_table.RULES, state)
    assert result["section"] == "actions"
    options = _options(result)
    assert options["card-2"]["available"] and options["end"]["available"]
    fata = options["card-9"]
    assert (fata["available"], fata["code"], fata["section"]) == (False, "no_marker", "markers")
    # the option is closed because the rules refuse it: the rules agree
    probe = ta.UseFataMorgana(player=0, marker=(1, 1), to=(2, 2))
    assert targi_table.RULES.check(state, probe).code == "no_marker"


def test_tuareg_one_action_a_turn() -> None:
    state = tuareg_table.new_game()
    draw = next(x for x in tuareg_table.RULES.legal_actions(state) if x.kind == "draw")
    state = tuareg_table.RULES.apply(state, draw)
    result = now("tuareg", tuareg_table.RULES, state)
    assert result["section"] == "turn"
    options = _options(result)
    assert list(options) == ["draw", "load", "take_market", "buy", "hide", "steal", "end_turn"]
    assert options["end_turn"]["available"]
    for kind in ("draw", "load", "take_market", "buy"):
        assert options[kind]["code"] == "one_action", kind
        assert options[kind]["rule"] == "One option per turn"
        assert options[kind]["section"] == "turn"


def test_timbuktu_a_moved_camel_waits_for_the_next_stage() -> None:
    state = timbuktu_table.started()
    for _turn in range(3):  # one round: each of the three players moves camel A
        seat = state.to_move
        move = next(m for m in timbuktu_table.RULES.legal_actions(state) if m.camel == "A")
        assert move.player == seat
        state = timbuktu_table.RULES.apply(state, move)
    assert state.phase is TimbuktuPhase.MOVES
    result = now("timbuktu", timbuktu_table.RULES, state)
    assert result["section"] == "moving"
    options = _options(result)
    assert options["camel-B"]["available"]
    assert options["camel-A"]["code"] == "already_moved"
    assert options["camel-A"]["section"] == "camel_cards"


def test_timbuktu_a_robbed_pen() -> None:
    state = timbuktu_table.move_all(timbuktu_table.started())
    assert state.phase is TimbuktuPhase.THEFTS
    first = next(iter(timbuktu_table.RULES.legal_actions(state)))
    state = timbuktu_table.RULES.apply(state, first)
    options = _options(now("timbuktu", timbuktu_table.RULES, state))
    assert options[f"thief-{first.pen}"]["code"] == "pen_robbed"
    assert options[f"thief-{first.pen}"]["section"] == "thefts"


@pytest.mark.parametrize(
    ("words", "lang", "expected"),
    [
        ("raid", "en", "raid"),
        ("RÄUBER", "de", "robber"),
        ("rauber vorwarts", "de", "robber"),
        ("zlodziej", "pl", "robber"),
    ],
)
def test_search_is_case_and_accent_blind(words: str, lang: str, expected: str) -> None:
    set_language(lang)
    reference = reference_of("targi")
    assert reference is not None
    found = [part.id for part in reference.parts if matches("targi", part, words)]
    assert expected in found
    assert len(found) < len(reference.parts)
    assert all(matches("targi", part, "") for part in reference.parts)


def test_cli_reference_in_german(tmp_path: Any) -> None:
    code, out = run("rules", "reference", "targi", "--lang", "de")
    assert code == 0
    assert out["game"] == "targi"
    ids = [section["id"] for section in out["sections"]]
    assert ids[:4] == ["setup", "overview", "robber", "raid"]
    raid = out["sections"][3]
    assert set(raid) == {"id", "title", "summary", "source", "codes"}
    assert raid["codes"] == ["raid_paid", "wrong_payment"]
    set_language("de")
    assert raid["title"] == _("Raid") != "Raid"
    assert raid["source"] == {
        "book": _("Targi rulebook, English edition"),
        "section": "Raid",
        "page": None,
    }


def test_cli_reference_one_section_and_unknowns() -> None:
    code, out = run("rules", "reference", "timbuktu", "--section", "thefts")
    assert code == 0 and [s["id"] for s in out["sections"]] == ["thefts"]
    assert out["sections"][0]["codes"] == ["pen_robbed"]
    code, out = run("rules", "reference", "timbuktu", "--section", "nope")
    assert code == 2 and out["error"]["code"] == "unknown_section"
    assert out["error"]["message"].startswith("section:")
    code, out = run("rules", "reference", "chess")
    assert code == 2 and out["error"]["code"] == "unknown_game"
    code, out = run("rules", "explain", "targi", "raid", "--section", "raid")
    assert code == 2  # --section belongs to reference only


def test_cli_game_now(tmp_path: Any) -> None:
    db = tmp_path / "games.sqlite3"
    code, game = run(
        "game", "new", "targi", "--player", "Amal:blue", "--player", "Bilal:white", db=db
    )
    assert code == 0
    game_id = game["game_id"]
    for cell, card in targi_table.CENTRE.items():
        action = f'{{"kind": "reveal", "cell": [{cell[0]}, {cell[1]}], "card": "{card}"}}'
        assert run("game", "act", game_id, "latest", action, db=db)[0] == 0
    for seat, card in ((0, 2), (1, 6)):
        action = f'{{"kind": "place", "player": {seat}, "card": {card}}}'
        assert run("game", "act", game_id, "latest", action, db=db)[0] == 0
    code, out = run("game", "now", game_id, db=db)
    assert code == 0
    assert list(out)[:6] == ["game_id", "game", "seq", "phase", "section", "options"]
    assert (out["game"], out["phase"], out["section"]) == ("targi", "placement", "placing")
    closed = _options(out)["place-14"]
    assert (closed["available"], closed["code"]) == (False, "opposite")
    again = run("game", "now", game_id, db=db)
    assert again == (0, out)  # deterministic
    code, out = run("game", "now", "nope", db=db)
    assert code == 2 and out["error"]["code"] == "unknown_game_id"
