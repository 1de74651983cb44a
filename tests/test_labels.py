"""``table-companion labels``: the PDF of each game, rendered page by page and decoded, yields
exactly the game's card ids, once per physical copy."""

from __future__ import annotations

from pathlib import Path

import pypdfium2
import pytest
from label_codes import decoded, expected_codes
from registered_games import BUILT_IN

from tests.cli_process import run


@pytest.mark.parametrize("size", ["a4", "letter"])
@pytest.mark.parametrize("game", BUILT_IN)
def test_labels_decode_to_every_card_once_per_copy(tmp_path: Path, game: str, size: str) -> None:
    pdf = tmp_path / "labels.pdf"
    code, out = run("labels", game, "-o", str(pdf), "--size", size)
    assert code == 0, out
    expected = expected_codes(game)
    assert out["labels"] == sum(expected.values())
    assert decoded(pdf) == expected


def test_tuareg_copies_are_numbered_on_their_labels() -> None:
    from companion.play.labels import labels

    water = [label for label in labels("tuareg") if label.card == "TUAREG-GOOD-WATER"]
    assert [(label.copy, label.of) for label in water] == [(n, 8) for n in range(1, 9)]
    assert sum(label.of == 1 for label in labels("tuareg")) == 0


def test_an_unknown_game_writes_nothing(tmp_path: Path) -> None:
    pdf = tmp_path / "labels.pdf"
    code, out = run("labels", "chess", "-o", str(pdf))
    assert code == 2
    assert out["error"]["code"] == "unknown_game"
    assert not pdf.exists()


def test_a_targi_label_says_which_physical_card_it_goes_on(tmp_path: Path) -> None:
    pdf = tmp_path / "labels.pdf"
    assert run("labels", "targi", "-o", str(pdf))[0] == 0
    document = pypdfium2.PdfDocument(pdf)
    try:
        text = " ".join(
            page.get_textpage().get_text_range().replace("\r\n", " ") for page in document
        )
    finally:
        document.close()
    assert "Well 1" in text and "TARGI-TRIBE-WELL-1" in text
    assert "3 VP; costs 2 dates, 1 salt, 2 pepper" in text  # the catalog's WELL-1


def test_labels_print_every_letter_of_the_tables_language(tmp_path: Path) -> None:
    """Polish names keep their letters (the PDF's built-in fonts have Latin-1 only)."""
    pdf = tmp_path / "labels.pdf"
    assert run("--lang", "pl", "labels", "targi", "-o", str(pdf))[0] == 0
    document = pypdfium2.PdfDocument(pdf)
    try:
        text = " ".join(page.get_textpage().get_text_range() for page in document)
    finally:
        document.close()
    assert "daje 1 złoto" in text and "?" not in text


@pytest.mark.parametrize(
    ("lang", "names"),
    [
        ("en", ["Camel A", "Pen 2", "Pitches 1·3", "Gold + salt", "2 pepper", "Well 1"]),
        ("de", ["Kamel A", "Pferch 2", "Plätze 1·3", "Gold + Salz", "2 Pfeffer", "Brunnen 1"]),
    ],
)
def test_a_card_is_named_as_its_game_names_it_in_the_tables_language(
    lang: str, names: list[str]
) -> None:
    """Labels, enrolment and scans name a card by what it shows, not by its id's English words
    (``Goods Gold Salt``, ``2pepper``)."""
    from companion.installation.i18n import set_language
    from companion.play.labels import card_title

    cards = [
        "TIMBUKTU-CAMEL-A",
        "TIMBUKTU-THIEF-PEN-2",
        "TIMBUKTU-THIEF-PITCH-1-3",
        "TIMBUKTU-THIEF-GOODS-GOLD-SALT",
        "TARGI-GOODS-2PEPPER",
        "TARGI-TRIBE-WELL-1",
    ]
    try:
        set_language(lang)
        assert [card_title(card) for card in cards] == names
    finally:
        set_language("en")
