"""``rules explain``, ``rules rulings`` and ``game act --explain`` as other tools use them: a real
process, JSON out, in the table's language; and the README documents them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from cli_process import run

from companion.cli import main
from companion.installation.i18n import set_language
from companion.rules.explanations import explained

README = Path(__file__).resolve().parent.parent / "README.md"


@pytest.mark.parametrize(
    ("game", "code", "lang", "expected"),
    [
        (
            "targi",
            "opposite",
            "es",
            {
                "title": "No enfrente de un tuareg rival",
                "book": "Reglamento de Targi, edición española",
                "section": "2. Colocar alternativamente las figuras tuareg",
                "quote_lang": "es",
            },
        ),
        (
            "targi",
            "robber",
            "en",
            {
                "title": "Not on the robber's card",
                "book": "Targi rulebook, English edition",
                "section": "1. Move the Robber 1 space forward",
                "quote_lang": "en",
            },
        ),
        (
            "tuareg",
            "gold",
            "pl",
            {
                "title": "Dwa złota na wielbłąda",
                "book": "Instrukcja gry karcianej Tuareg, wydanie angielskie",
                "section": "Loading up your camel with goods from your cache",
                "quote_lang": "en",
            },
        ),
        (
            "tuareg",
            "market_card",
            "en",
            {
                "title": "One card back to the market",
                "book": "Tuareg card game rulebook, English edition",
                "section": "Drawing resource cards from the draw pile and placing it in your cache",
                "quote_lang": "en",
            },
        ),
        (
            "timbuktu",
            "must_pay",
            "de",
            {
                "title": "Abseits der Pfeile zahlt ein Kamel",
                "book": "Timbuktu-Spielregel, englische Ausgabe",
                "section": "B. Moving the Camels: Moving the Camels",
                "quote_lang": "en",
            },
        ),
        (
            "timbuktu",
            "must_pay",
            "en",
            {
                "title": "Off the arrows a camel pays",
                "book": "Timbuktu rulebook, English edition",
                "section": "B. Moving the Camels: Moving the Camels",
                "quote_lang": "en",
            },
        ),
        (
            "timbuktu",
            "not_your_turn",
            "es",
            {
                "title": "No es tu turno",
                "book": "Table Companion: cómo lleva la app una partida",
                "section": "A quién le toca",
                "quote_lang": None,
            },
        ),
    ],
)
def test_rules_explain_answers_in_the_tables_language(
    game: str, code: str, lang: str, expected: dict[str, Any]
) -> None:
    exit_code, answer = run("rules", "explain", game, code, "--lang", lang)
    assert exit_code == 0, answer
    assert list(answer) == ["code", "title", "explanation", "source", "quote"]
    assert answer["code"] == code and answer["title"] == expected["title"]
    assert answer["source"] == {
        "book": expected["book"],
        "section": expected["section"],
        "page": None,
    }
    if expected["quote_lang"] is None:
        assert answer["quote"] is None
    else:
        assert answer["quote"]["lang"] == expected["quote_lang"]
        assert ("note" in answer["quote"]) == (expected["quote_lang"] != lang)


@pytest.mark.parametrize(
    ("args", "code", "field"),
    [
        (("explain", "chess", "opposite"), "unknown_game", "game"),
        (("explain", "targi", "checkmate"), "unknown_code", "code"),
        (("explain", "tuareg", "opposite"), "unknown_code", "code"),  # a Targi code only
        (("rulings", "chess"), "unknown_game", "game"),
    ],
)
def test_an_unknown_game_or_code_is_an_error_naming_the_field(
    args: tuple[str, ...], code: str, field: str
) -> None:
    exit_code, answer = run("rules", *args)
    assert exit_code == 2
    assert answer["error"]["code"] == code
    assert answer["error"]["message"].startswith(f"{field}: ")


def test_rules_explain_without_a_code_is_a_usage_error() -> None:
    exit_code, output = run("rules", "explain", "targi")
    assert exit_code == 2 and "expected GAME CODE" in output


def test_rules_rulings_lists_each_games_rulings_translated() -> None:
    exit_code, answer = run("rules", "rulings", "timbuktu", "--lang", "de")
    assert exit_code == 0
    assert answer["game"] == "timbuktu"
    leftovers = next(r for r in answer["rulings"] if r["id"] == "leftovers")
    assert set(leftovers) == {
        "id", "ruling", "reason", "source", "wordings", "alternatives", "choice"
    }  # fmt: skip
    assert leftovers["ruling"].startswith("In der Verteilvariante")
    assert leftovers["choice"] == {"setting": "leftovers_removed", "value": False}
    assert leftovers["alternatives"][0]["choice"]["value"] is True
    exit_code, answer = run("rules", "rulings", "targi")
    hand = next(r for r in answer["rulings"] if r["id"] == "hand_card_kept")
    assert set(hand["wordings"]) == {"en", "es", "pl"}
    assert hand["alternatives"] == [] and hand["choice"] is None


def test_the_rules_questions_still_read_their_file(tmp_path: Path) -> None:
    question = tmp_path / "markers.json"
    question.write_text('{"targi": [1, 5, 9]}')
    assert run("rules", "targi", "markers", str(question)) == (0, {"markers": [[1, 1], [1, 3]]})
    exit_code, output = run("rules", "targi", "markers", str(tmp_path / "missing.json"))
    assert exit_code == 2 and "can't open" in output


def test_game_act_explain_adds_the_explanation_to_a_refusal(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    _code, game = run(
        "game", "new", "targi", "--player", "Amal:blue", "--player", "Bilal:white", db=db
    )
    game_id = game["game_id"]
    wrong = '{"kind": "reveal", "cell": [1, 2], "card": "TARGI-GOODS-DATES-2"}'
    exit_code, plain = run("game", "act", game_id, "0", wrong, db=db)
    assert (exit_code, plain["verdict"]["code"]) == (1, "wrong_kind")
    assert "explanation" not in plain["verdict"]
    exit_code, report = run(
        "game", "act", game_id, "0", wrong, "--explain", "--compact", "--lang", "es", db=db
    )
    assert exit_code == 1
    verdict = report["verdict"]
    assert {k: verdict[k] for k in ("ok", "code")} == {"ok": False, "code": "wrong_kind"}
    assert verdict["message"] and "state" not in report
    _exit, expected = run("rules", "explain", "targi", "wrong_kind", "--lang", "es")
    assert verdict["explanation"] == expected
    assert verdict["explanation"]["title"] == "Una carta del otro tipo"
    accepted = '{"kind": "reveal", "cell": [1, 1], "card": "TARGI-GOODS-DATES-1"}'
    exit_code, report = run("game", "act", game_id, "0", accepted, "--explain", db=db)
    assert exit_code == 0 and report["verdict"] == {"ok": True, "code": "ok", "message": ""}


def test_game_act_explain_in_another_game_and_language(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    _code, game = run("game", "new", "tuareg", "--player", "Karin:red", "--player", "Timo:blue",
                      db=db)  # fmt: skip
    draw = json.dumps({"kind": "draw", "player": 0, "to_market": ["millet"]})
    exit_code, report = run("game", "act", game["game_id"], "0", draw, "--explain",
                            "--lang", "pl", db=db)  # fmt: skip
    assert exit_code == 1 and report["verdict"]["code"] == "wrong_phase"
    explanation = report["verdict"]["explanation"]
    assert explanation["title"] == "Nie na tym etapie rozgrywki"
    assert explanation["source"]["section"] == "Before you begin"
    assert explanation["quote"]["lang"] == "en" and explanation["quote"]["note"]


def test_the_readme_documents_the_commands() -> None:
    text = README.read_text(encoding="utf-8")
    assert "table-companion rules explain GAME CODE" in text
    assert "table-companion rules rulings GAME" in text
    assert "--explain" in text
    for field in ('"title"', '"explanation"', '"source"', '"quote"', "unknown_code"):
        assert field in text, field


def test_a_tables_choice_of_ruling_is_kept_in_the_games_log_and_shown_on_its_sheet(
    tmp_path: Path,
) -> None:
    """Timbuktu's leftovers ruling end to end: the table picks the alternative (setting
    ``leftovers_removed``, as ``rules rulings`` names it), a new game takes it into its logged
    options, its sheet says which ruling applies, and a later change of the setting leaves the
    game as it was started."""
    db = tmp_path / "games.sqlite3"
    _code, answer = run("rules", "rulings", "timbuktu", db=db)
    choice = next(r for r in answer["rulings"] if r["id"] == "leftovers")["alternatives"][0]
    setting, value = choice["choice"]["setting"], choice["choice"]["value"]
    assert run("settings", "set", "timbuktu", "variant", '"dealt"', db=db)[0] == 0
    assert run("settings", "set", "timbuktu", setting, json.dumps(value), db=db)[0] == 0
    players = ["--player", "Ada:red", "--player", "Ben:blue", "--player", "Cleo:green"]
    _code, counted = run("game", "new", "timbuktu", *players, db=db)
    assert run("settings", "set", "timbuktu", setting, "false", db=db)[0] == 0
    _code, kept_out = run("game", "new", "timbuktu", *players, db=db)

    _code, sheet = run("game", "sheet", counted["game_id"], db=db)
    assert (
        "Ruling applied: The leftovers count as removed goods and raise the value of their kind."
        in sheet["notes"]
    )
    _code, sheet = run("game", "sheet", kept_out["game_id"], "--lang", "es", db=db)
    assert (
        "Regla aplicada: En la variante de reparto, las mercancías sobrantes salen del juego sin "
        "aumentar el valor de su tipo." in sheet["notes"]
    )
    _code, shown = run("game", "show", counted["game_id"], db=db)
    assert shown["state"]["leftovers_removed"] is True  # the setting changed, the game did not


ILLEGAL = {
    "targi": (
        ("--player", "Amal:blue", "--player", "Bilal:white"),
        {"kind": "reveal", "cell": [1, 2], "card": "TARGI-GOODS-DATES-2"},
        "wrong_kind",
    ),
    "tuareg": (
        ("--player", "Karin:red", "--player", "Timo:blue"),
        {"kind": "draw", "player": 0, "to_market": ["millet"]},
        "wrong_phase",
    ),
    "timbuktu": (
        ("--player", "Ada:red", "--player", "Ben:blue", "--player", "Cleo:green"),
        {"kind": "place", "player": 0, "camel": "A", "pen": 1},
        "wrong_phase",
    ),
}
"""An illegal move in each game, as a new game refuses it."""


@pytest.mark.parametrize("lang", ["en", "es", "pl", "de"])
@pytest.mark.parametrize("game", list(ILLEGAL))
def test_an_illegal_move_in_each_game_is_explained_in_each_language(
    game: str, lang: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The command in this process (``main``, as the console script runs it): fast enough to
    cover every game in every language; the real processes above cover the same path."""
    players, action, code = ILLEGAL[game]
    db = str(tmp_path / "games.sqlite3")
    try:
        assert main(["--db", db, "game", "new", game, *players]) == 0
        game_id = json.loads(capsys.readouterr().out)["game_id"]
        argv = ["--db", db, "--lang", lang, "game", "act", game_id, "0", json.dumps(action)]
        assert main([*argv, "--explain", "--compact"]) == 1
        verdict = json.loads(capsys.readouterr().out)["verdict"]
        assert main(["--lang", lang, "rules", "explain", game, code]) == 0
        expected = json.loads(capsys.readouterr().out)
    finally:
        set_language("en")
    assert verdict["code"] == code
    assert verdict["explanation"] == expected
    assert expected["source"]["section"] and expected["source"]["book"]
    english = explained(game, code)
    assert english is not None
    assert (expected["title"] != english["title"]) == (lang != "en")
