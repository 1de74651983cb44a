"""The active language: chosen from the environment, switched at run time, plurals per language,
and the CLI's ``--lang`` (a real process) translating messages but never codes."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from companion.installation import i18n
from tests.cli_process import run

RAID_CORNER = '{"kind": "place", "player": 0, "card": 4}'
SPANISH_RAID = "La carta 4 es una esquina de asalto: ningún tuareg puede colocarse allí."
RAID_IN = {
    "es": SPANISH_RAID,
    "pl": "Karta 4 to narożne pole Rabunku: nie może tam stanąć żaden Tuareg.",
    "de": "Karte 4 ist eine Überfall-Ecke: dort darf kein Targi stehen.",
    "en": "Card 4 is a raid corner: no Targi may stand there.",
}


@pytest.fixture(autouse=True)
def _english_afterwards() -> object:
    yield
    i18n.set_language("en")


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({"LANGUAGE": "pl:en", "LANG": "de_DE.UTF-8"}, "pl"),
        ({"LANGUAGE": "fr:de", "LANG": "es_ES.UTF-8"}, "de"),
        ({"LC_ALL": "es_AR.UTF-8", "LANG": "de_DE.UTF-8"}, "es"),
        ({"LANG": "de_AT.UTF-8"}, "de"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_the_first_language_follows_the_system_locale(
    environ: dict[str, str], expected: str
) -> None:
    assert i18n.system_language(environ) == expected


def test_switching_the_language_changes_every_later_translation() -> None:
    i18n.set_language("es")
    assert (i18n.current_language(), i18n._("dates")) == ("es", "dátiles")
    i18n.set_language("pl")
    assert i18n._("salt") == "sól"
    i18n.set_language("de")
    assert i18n._("There is nothing to undo.") == "Es gibt nichts rückgängig zu machen."
    i18n.set_language("en")
    assert i18n._("dates") == "dates"
    with pytest.raises(ValueError, match="'xx' is not one of en, es, pl, de"):
        i18n.set_language("xx")
    assert i18n.current_language() == "en"


def test_plurals_follow_each_language_rules() -> None:
    """Each catalog declares its language's plural rule (Polish: 1, 2-4 but not 12-14, else)."""
    i18n.set_language("pl")
    rule = i18n._translation.plural  # type: ignore[attr-defined]
    assert [rule(n) for n in (1, 2, 4, 5, 12, 22, 25)] == [0, 1, 1, 2, 2, 1, 2]
    i18n.set_language("de")
    rule = i18n._translation.plural  # type: ignore[attr-defined]
    assert [rule(n) for n in (0, 1, 2)] == [1, 0, 1]
    i18n.set_language("en")  # no catalog: English's own two forms
    assert [i18n.ngettext("{n} card", "{n} cards", n) for n in (1, 2)] == ["{n} card", "{n} cards"]


def test_a_missing_or_outdated_mo_is_compiled_from_the_po(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = i18n.LOCALE_DIR / "es" / "LC_MESSAGES" / "table-companion.po"
    folder = tmp_path / "es" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    shutil.copy(source, folder / source.name)
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    i18n.set_language("es")  # no .mo: compiled in memory, nothing written
    assert i18n._("pepper") == "pimienta" and not list(folder.glob("*.mo"))
    (folder / "table-companion.mo").write_bytes(i18n.compile_po(folder / source.name))
    edited = (folder / source.name).read_text("utf-8").replace('"pimienta"', '"pimienta negra"')
    (folder / source.name).write_text(edited, "utf-8")  # the .po is now newer than the .mo
    i18n.set_language("es")
    assert i18n._("pepper") == "pimienta negra"


def _targi_in_placement(db: Path) -> tuple[str, int]:
    """A Targi game whose centre is revealed: the first player places a Targi next."""
    code, game = run(
        "game", "new", "targi", "--player", "Amal:blue", "--player", "Bilal:white", db=db
    )
    game_id, seq = game["game_id"], game["seq"]
    while True:
        code, legal = run("game", "legal", game_id, db=db)
        if legal[0]["kind"] != "reveal":
            return game_id, seq
        code, report = run("game", "act", game_id, str(seq), json.dumps(legal[0]), db=db)
        assert code == 0
        seq = report["seq"]


def test_the_cli_speaks_the_language_asked_for_and_keeps_its_codes(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    game_id, seq = _targi_in_placement(db)
    answers = {}
    for lang in ("es", "pl", "de"):  # before the command, and after it
        before = run("--lang", lang, "game", "act", game_id, str(seq), RAID_CORNER, db=db)
        after = run("game", "act", game_id, str(seq), RAID_CORNER, f"--lang={lang}", db=db)
        assert before == after
        answers[lang] = before
    answers["en"] = run("game", "act", game_id, str(seq), RAID_CORNER, db=db)
    for lang, (code, report) in answers.items():
        assert (code, report["verdict"]["code"], report["seq"]) == (1, "raid", seq)
        assert report["verdict"]["message"] == RAID_IN[lang]


def test_the_environment_chooses_the_cli_language_without_lang(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "games.sqlite3"
    code, game = run("game", "new", "targi", "--player", "A:blue", "--player", "B:white", db=db)
    said = {}
    for lang in ("es", "en"):
        monkeypatch.setenv("LANGUAGE", lang)
        code, report = run("game", "undo", game["game_id"], "0", db=db)
        said[lang] = (code, report["verdict"]["code"], report["verdict"]["message"])
    assert said["es"][:2] == said["en"][:2]
    assert (said["es"][2], said["en"][2]) == (
        "No hay nada que deshacer.",
        "There is nothing to undo.",
    )


def test_an_unknown_language_is_refused_by_name() -> None:
    code, text = run("--lang", "xx", "game", "list")
    assert code == 2 and "--lang: 'xx' is not one of en, es, pl, de" in text
    code, text = run("game", "list", "--lang")
    assert code == 2 and "--lang: expected a language code" in text


def test_one_english_word_with_two_meanings_is_told_apart_by_its_context() -> None:
    """``pgettext``: where a drawn tribe card goes ("Hand") is not the game's other hands."""
    i18n.set_language("de")
    assert i18n.pgettext("a tribe card goes to", "Hand") == "Auf die Hand"
    assert i18n.pgettext("a tribe card goes to", "Display") == "Auslegen"
    assert i18n.npgettext("no such context", "{n} card", "{n} cards", 2) == "{n} cards"
    i18n.set_language("pl")
    forms = [i18n.ngettext("Done: {n} exchange", "Done: {n} exchanges", n) for n in (1, 3, 5)]
    assert forms == ["Gotowe: {n} wymiana", "Gotowe: {n} wymiany", "Gotowe: {n} wymian"]
    i18n.set_language("es")
    assert i18n.ngettext("Done: {n} exchange", "Done: {n} exchanges", 1) == "Hecho: {n} intercambio"


def test_targi_cards_are_named_in_the_language_shown() -> None:
    """A copy reads by its printed face in the table's language, never by its English id."""
    from companion.games.targi.names import card_name, decision_name

    i18n.set_language("de")
    assert card_name("TARGI-GOODS-DATES-1") == "Datteln 1"
    assert card_name("TARGI-GOODS-SALT-PEPPER") == "Salz + Pfeffer"
    assert card_name("TARGI-TRIBE-CAMEL-RIDER-4") == "Kamelreiter 4"
    assert card_name("TARGI-GOODS-CHOICE-2") == "Wahl 2"
    assert decision_name("discard") == "Abwerfen"
    i18n.set_language("es")
    assert card_name("TARGI-GOODS-2DATES") == "2 dátiles"
    assert card_name("TARGI-TRIBE-WELL-3") == "Pozo 3"
    i18n.set_language("pl")
    assert card_name("TARGI-GOODS-GOLD-1") == "Złoto 1"
    assert decision_name("hand") == "Do ręki"
    i18n.set_language("en")
    assert card_name("TARGI-GOODS-DATES-1") == "Dates 1"
    assert card_name("TUAREG-GOODS-SALT") == "TUAREG-GOODS-SALT"  # not a Targi card: as it is


def test_a_counted_refusal_takes_the_form_its_number_asks_for() -> None:
    from companion.games.targi.refusals import NO_SUCH_CARD

    def said(count: int) -> str:
        return NO_SUCH_CARD.text(row=1, name="Amal", count=count)

    assert said(1) == "Row 1 of Amal's display holds 1 card."
    assert said(3) == "Row 1 of Amal's display holds 3 cards."
    i18n.set_language("pl")
    assert [said(n).split(" ma ")[1] for n in (1, 3, 5)] == ["1 kartę.", "3 karty.", "5 kart."]


def test_every_game_counts_its_refusals_as_polish_does() -> None:
    """One counted refusal per game and a shared one: 1 / 2-4 / 5+ take Polish's three forms."""
    from companion.games.timbuktu.refusals import CAMEL_COUNT
    from companion.games.tuareg.refusals import NOT_IN_HAND, UNDERPAID_WORTH
    from companion.rules.refusals import NO_SUCH_SEAT

    def in_polish(say: object) -> list[str]:
        i18n.set_language("pl")
        return [say(n) for n in (1, 3, 5)]  # type: ignore[operator]

    def hand(n: int) -> str:
        return NOT_IN_HAND.text(name="Amal", n=n, k=7)

    def price(n: int) -> str:  # a variant counts as the refusal it varies
        return UNDERPAID_WORTH.text(n=n, paid="2")

    def camels(n: int) -> str:
        return CAMEL_COUNT.text(players=3, count=n, first="A", last="H")

    def seat(n: int) -> str:
        return NO_SUCH_SEAT.text(n=6, count=n)

    assert hand(1) == "Amal holds 1 card, not 7." and hand(3) == "Amal holds 3 cards, not 7."
    assert in_polish(hand) == [
        "Amal ma 1 kartę, nie 7.",
        "Amal ma 3 karty, nie 7.",
        "Amal ma 5 kart, nie 7.",
    ]
    assert [text.split(";")[0].split()[-1] for text in in_polish(price)] == [
        "dinar",
        "dinary",
        "dinarów",
    ]
    assert [text.split(" ma ")[1].split(" (")[0] for text in in_polish(camels)] == [
        "1 wielbłąda",
        "3 wielbłądy",
        "5 wielbłądów",
    ]
    assert [text.split("siedzi ")[1] for text in in_polish(seat)] == [
        "1 gracz.",
        "3 graczy.",
        "5 graczy.",
    ]


def test_a_tuareg_cave_counts_its_face_down_cards_as_polish_does() -> None:
    from companion.games.tuareg.model import Good
    from ui.games.tuareg.view import cave_text

    i18n.set_language("pl")
    assert [cave_text(1, (Good.WATER,) * n, revealed=False) for n in (1, 3, 5)] == [
        "jaskinia 1: 1 karta zakryta",
        "jaskinia 1: 3 karty zakryte",
        "jaskinia 1: 5 kart zakrytych",
    ]


def test_a_timbuktu_card_reads_in_the_language_shown() -> None:
    """Not the id's English words (``Pen 1, Goods Gold Salt``) on the thief pile's note."""
    from companion.games.timbuktu.names import card_name

    i18n.set_language("de")
    assert [card_name(f"TIMBUKTU-{c}") for c in ("THIEF-PEN-1", "THIEF-GOODS-GOLD-SALT")] == [
        "Pferch 1",
        "Gold + Salz",
    ]
    assert card_name("TIMBUKTU-THIEF-PITCH-1-3") == "Plätze 1·3"
    assert card_name("TIMBUKTU-CAMEL-C") == "Kamel C"
