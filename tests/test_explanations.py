"""Every verdict code explained, in every language, with a rulebook source; quotes and wordings
taken from the rulebooks (one sentence, verbatim); the rulings name each known ambiguity."""

from __future__ import annotations

import importlib
import importlib.util
import re
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Iterator
from pathlib import Path

import pytest
from registered_games import BUILT_IN

from companion.installation.i18n import DEFAULT, LANGUAGES, _, set_language
from companion.rules.explanations import COMMON, Explanation, explained, explanation, game_table
from companion.rules.refusals import SHARED, all_refusals
from companion.rules.registry import GAMES
from companion.rules.rulings import rulings_of

RULEBOOKS = Path("/work/shared/rules")
"""The rulebooks' texts (OCR) the quotes come from, where the project's shared files are."""
BOOK_FILES = {"targi": "targi", "tuareg": "tuareg-cardgame", "timbuktu": "timbuktu"}


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    set_language(DEFAULT)
    yield
    set_language(DEFAULT)


def registry_codes() -> list[tuple[str, str]]:
    """Every (game, code) a game can refuse with: its own codes and the shared ones."""
    shared = [entry.code for entry in SHARED]
    pairs = {(game, code) for game in BUILT_IN for code in shared}
    pairs |= {(entry.game, entry.code) for entry in all_refusals() if entry.game is not None}
    return sorted(pairs)


def test_the_explanation_tables_cover_exactly_the_registry() -> None:
    assert set(COMMON.codes()) == {entry.code for entry in SHARED}
    for game in BUILT_IN:
        table = game_table(game)
        assert table is not None
        own = {entry.code for entry in all_refusals() if entry.game == game}
        shared = {entry.code for entry in SHARED}
        # a game explains its own codes; a shared code it words its own way (a variant) may rely
        # on the shared explanation, and nothing else is explained
        assert own - shared <= set(table.codes()) <= own, game


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_every_code_has_an_explanation_and_a_source_in_every_language(lang: str) -> None:
    english = {pair: explained(*pair) for pair in registry_codes()}
    set_language(lang)
    for (game, code), in_english in english.items():
        answer = explained(game, code)
        assert answer is not None and in_english is not None, (game, code)
        assert set(answer) == {"code", "title", "explanation", "source", "quote"}
        assert set(answer["source"]) == {"book", "section", "page"}
        assert answer["code"] == code
        assert answer["title"] and answer["explanation"], (game, code)
        assert answer["source"]["book"] and answer["source"]["section"], (game, code)
        if lang != DEFAULT:  # the catalogs translate every explanation: it reads differently
            for key in ("title", "explanation"):
                assert answer[key] != in_english[key], (game, code, key)
            assert answer["source"]["book"] != in_english["source"]["book"], (game, code)


def test_shared_codes_cite_the_apps_own_rules_and_game_codes_their_rulebook() -> None:
    for game, code in registry_codes():
        entry = explanation(game, code)
        assert entry is not None
        book = entry.section.book
        if code in COMMON.codes() and game_table(game).get(code) is None:  # type: ignore[union-attr]
            assert book.own and entry.quotes == {}, (game, code)
            assert explained(game, code)["source"]["book"].startswith("Table Companion")  # type: ignore[index]
        else:
            assert not book.own, (game, code)


def test_a_table_reads_the_quote_of_its_edition_else_the_english_with_a_note() -> None:
    set_language("es")
    quote = explained("targi", "opposite")["quote"]  # type: ignore[index]
    assert quote["lang"] == "es" and "note" not in quote
    assert quote["text"].endswith("Sobre una casilla en frente de una figura tuareg del jugador "
                                  "contrario.")  # fmt: skip
    source = explained("targi", "opposite")["source"]  # type: ignore[index]
    assert source == {
        "book": "Reglamento de Targi, edición española",
        "section": "2. Colocar alternativamente las figuras tuareg",
        "page": None,
    }
    set_language("de")  # no German Targi rulebook is held: the English one, said so
    answer = explained("targi", "opposite")
    assert answer is not None
    assert answer["quote"]["lang"] == "en"
    assert "opposite an opponent’s Targi" in answer["quote"]["text"]  # noqa: RUF001
    assert answer["quote"]["note"] == _(
        "No edition of this rulebook in your language is at hand: quoted from the English."
    )
    assert answer["quote"]["note"].startswith("Keine Ausgabe")
    assert answer["source"]["book"] == "Targi-Spielregel, englische Ausgabe"
    assert answer["source"]["section"] == "2. Place in turn the Targi Figures"
    set_language("pl")  # the Polish edition has no edge-card section: the English one's
    answer = explained("targi", "same_good")
    assert answer is not None
    assert answer["source"]["section"] == "Meaning of the Edge Cards"
    assert answer["quote"]["lang"] == "en"
    assert answer["quote"]["note"].startswith("Tego fragmentu nie ma")


def test_tuareg_and_timbuktu_quote_their_english_rulebook_for_every_table() -> None:
    set_language("pl")
    for game, code in (("tuareg", "gold"), ("timbuktu", "must_pay")):
        answer = explained(game, code)
        assert answer is not None
        assert answer["quote"]["lang"] == "en" and answer["quote"]["note"]
        assert answer["source"]["book"].endswith("wydanie angielskie")
        assert answer["explanation"] != explanation(game, code).text  # type: ignore[union-attr]


# --- the quotes are the rulebooks' own words -------------------------------------------------


def _fold(text: str) -> str:
    """Letters and digits only, without accents; ``ł`` as the OCR reads it (``t``)."""
    text = text.replace("ł", "t").replace("Ł", "T").replace("¢", "c")
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.combining(c)).lower()
    return "".join(re.findall(r"[a-z0-9]+", text))


def _trigrams(text: str) -> dict[str, list[int]]:
    index: dict[str, list[int]] = defaultdict(list)
    folded = _fold(text)
    for i in range(len(folded) - 2):
        index[folded[i : i + 3]].append(i)
    return index


def found(fragment: str, index: dict[str, list[int]], slack: int = 16) -> float:
    """How much of ``fragment`` one place of the book holds (1.0: all of it), by letter
    trigrams lined up at one position: the OCR's broken letters and joined words cost little,
    a sentence from elsewhere scores near 0."""
    folded = _fold(fragment)
    grams = [(k, folded[k : k + 3]) for k in range(len(folded) - 2)]
    votes: Counter[int] = Counter()
    for k, gram in grams:
        for bucket in {(p - k) // slack for p in index.get(gram, ())}:
            votes[bucket] += 1
    best = max((votes[b] + votes[b + 1] for b in votes), default=0)
    return min(best, len(grams)) / len(grams)


def quotes() -> Iterator[tuple[str, str, str, str]]:
    """(game, what, language, text) of every quote and ruling wording."""
    for game in BUILT_IN:
        table = game_table(game)
        assert table is not None
        for code, entry in table:
            for lang, text in entry.quotes.items():
                yield game, code, lang, text
        for ruling in rulings_of(game):
            for lang, text in ruling.quotes.items():
                yield game, ruling.id, lang, text


@pytest.mark.skipif(not RULEBOOKS.is_dir(), reason="the rulebooks' texts are not here")
def test_every_quote_is_one_sentence_found_in_its_rulebook() -> None:
    books = {
        (game, lang): _trigrams((RULEBOOKS / f"{name}.{lang}.txt").read_text("utf-8"))
        for game, name in BOOK_FILES.items()
        for lang in ("en", "es", "pl")
        if (RULEBOOKS / f"{name}.{lang}.txt").exists()
    }
    checked = 0
    for game, what, lang, text in quotes():
        assert (game, lang) in books, (game, what, lang)
        assert len(text) <= 240, (game, what, lang)  # a sentence, never a page
        for part in text.split("…"):
            # clean English text is found whole; the OCR'd Spanish and Polish nearly whole
            least = 0.95 if lang == "en" else 0.8
            assert found(part.strip(), books[game, lang]) >= least, (game, what, lang, part)
        checked += 1
    assert checked > 100
    # the English sentence is not in the Spanish book, nor an invented one in the English
    assert (
        found("Each player receives 3 Targi figures and 2 Tribal marker", books["targi", "es"])
        < 0.4
    )
    assert found("A sentence that no rulebook prints at all, here.", books["targi", "en"]) < 0.4


def test_targi_quotes_exist_in_each_edition_where_the_section_does() -> None:
    table = game_table("targi")
    assert table is not None
    for code, entry in table:
        if entry.quotes:
            editions = set(entry.section.titles)
            assert set(entry.quotes) == editions, code


# --- rulings ---------------------------------------------------------------------------------


def test_the_rulings_name_each_known_ambiguity() -> None:
    ids = {game: [ruling.id for ruling in rulings_of(game)] for game in BUILT_IN}
    for game, listed in ids.items():
        assert len(listed) == len(set(listed)) >= 8, game
    assert {"gold_slash", "hand_card_kept", "start_player", "last_raid_unpaid"} <= set(ids["targi"])
    assert "card_values" in ids["tuareg"]
    assert {"loading_variant", "leftovers"} <= set(ids["timbuktu"])
    # the same rule worded differently in the English, Spanish and Polish books
    worded = {r.id: r.quotes for r in rulings_of("targi")}
    for ruling in ("hand_card_kept", "start_player"):
        assert set(worded[ruling]) == {"en", "es", "pl"}


def test_a_ruling_a_table_can_choose_names_a_setting_the_game_has() -> None:
    for game in BUILT_IN:
        settings = GAMES[game].settings
        keys = settings().keys if settings is not None else ()
        for ruling in rulings_of(game):
            if ruling.setting is not None:
                assert ruling.setting in keys, (game, ruling.id)
    leftovers = next(r for r in rulings_of("timbuktu") if r.id == "leftovers")
    answer = leftovers.as_dict()
    assert answer["choice"] == {"setting": "leftovers_removed", "value": False}
    assert answer["alternatives"][0]["choice"] == {"setting": "leftovers_removed", "value": True}


@pytest.mark.parametrize("lang", [code for code in LANGUAGES if code != DEFAULT])
def test_rulings_are_translated(lang: str) -> None:
    english = {game: [r.as_dict() for r in rulings_of(game)] for game in BUILT_IN}
    set_language(lang)
    for game in BUILT_IN:
        for before, ruling in zip(english[game], rulings_of(game), strict=True):
            after = ruling.as_dict()
            assert after["ruling"] != before["ruling"] and after["reason"] != before["reason"]
            for old, new in zip(before["alternatives"], after["alternatives"], strict=True):
                assert old["ruling"] != new["ruling"]


def test_a_game_without_explanations_or_rulings_answers_with_the_shared_ones() -> None:
    assert importlib.util.find_spec("companion.games.nowhere") is None
    assert game_table("nowhere") is None and rulings_of("nowhere") == ()
    shared = explanation("nowhere", "not_your_turn")
    assert isinstance(shared, Explanation) and shared.section.book.own
    assert explanation("nowhere", "opposite") is None


def test_each_game_lists_the_rulebook_sections_it_cites() -> None:
    """``SECTIONS`` (in the rulebook's order) holds every section an explanation or a ruling
    cites, and no section nothing cites."""
    for game in BUILT_IN:
        module = importlib.import_module(f"companion.games.{game}.explanations")
        table = game_table(game)
        assert table is not None
        cited = [entry.section for _code, entry in table]
        cited += [ruling.section for ruling in rulings_of(game)]
        listed = module.SECTIONS
        assert all(any(c is s for s in listed) for c in cited), game
        assert all(any(c is s for c in cited) for s in listed), game
