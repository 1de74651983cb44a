"""The message catalogs are complete: every msgid in the code is in every catalog, translated,
never fuzzy, with the same placeholders as the English; and each catalog compiles."""

from __future__ import annotations

import string
from functools import cache
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.frontend import CommandLineInterface
from babel.messages.pofile import read_po

from companion.installation.i18n import LANGUAGES, LOCALE_DIR, compile_po

ROOT = Path(__file__).resolve().parent.parent
TRANSLATED = [code for code in LANGUAGES if code != "en"]
CORE = ("companion/", "hardware/")
"""Where every msgid must be translated already (the core, the CLI, the hardware's messages)."""


@cache
def extracted(tmp: Path) -> Catalog:
    """The msgids the code holds now, extracted as ``pybabel extract`` does (pyproject's config)."""
    pot = tmp / "extracted.pot"
    CommandLineInterface().run(
        [
            "pybabel",
            "-q",
            "extract",
            "-F",
            str(ROOT / "pyproject.toml"),
            "-o",
            str(pot),
            "--input-dirs",
            f"{ROOT / 'companion'},{ROOT / 'hardware'},{ROOT / 'ui'},{ROOT / 'web'}",
        ]
    )
    with pot.open("rb") as source:
        return read_po(source)


@pytest.fixture(scope="module")
def code_msgids(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str | None, str], Message]:
    catalog = extracted(tmp_path_factory.mktemp("pot"))
    return {_key(m): m for m in catalog if m.id}


def _key(message: Message) -> tuple[str | None, str]:
    """A msgid with its context: one English word may have two meanings (``pgettext``)."""
    return message.context, message.id if isinstance(message.id, str) else message.id[0]


def _catalog(lang: str) -> Catalog:
    with (LOCALE_DIR / lang / "LC_MESSAGES" / "table-companion.po").open("rb") as source:
        return read_po(source)


def _strings(message: Message) -> list[str]:
    return list(message.string) if isinstance(message.string, tuple) else [message.string]


def _ids(message: Message) -> list[str]:
    return list(message.id) if isinstance(message.id, tuple) else [message.id]


def _placeholders(text: str) -> set[tuple[str, str, str | None]]:
    return {
        (name, spec, conversion)
        for _literal, name, spec, conversion in string.Formatter().parse(text)
        if name is not None
    }


def _in_core(message: Message) -> bool:
    return any(
        Path(file).resolve().relative_to(ROOT).as_posix().startswith(CORE)
        for file, _line in message.locations
    )


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_msgid_of_the_code_is_in_the_catalog_and_no_other(
    lang: str, code_msgids: dict[tuple[str | None, str], Message]
) -> None:
    catalog = {_key(m): m for m in _catalog(lang) if m.id}
    assert sorted(set(code_msgids) - set(catalog)) == []
    assert sorted(set(catalog) - set(code_msgids)) == []


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_entry_is_fuzzy(lang: str) -> None:
    catalog = _catalog(lang)
    assert not catalog.fuzzy
    assert [m.id for m in catalog if m.id and m.fuzzy] == []


@pytest.mark.parametrize("lang", TRANSLATED)
def test_placeholders_are_the_same_in_every_translation(lang: str) -> None:
    differ = [
        (m.id, text)
        for m in _catalog(lang)
        if m.id
        for text in _strings(m)
        if text and _placeholders(text) != _placeholders(_ids(m)[-1])
    ]
    assert differ == []


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_core_and_cli_msgid_is_translated(
    lang: str, code_msgids: dict[tuple[str | None, str], Message]
) -> None:
    catalog = {_key(m): m for m in _catalog(lang) if m.id}
    untranslated = [
        key
        for key, message in code_msgids.items()
        if _in_core(message) and not all(_strings(catalog[key]))
    ]
    assert untranslated == []


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_msgid_is_translated(
    lang: str, code_msgids: dict[tuple[str | None, str], Message]
) -> None:
    """The UI's too: no English left on a screen in another language."""
    catalog = {_key(m): m for m in _catalog(lang) if m.id}
    assert [key for key in code_msgids if not all(_strings(catalog[key]))] == []


@pytest.mark.parametrize("lang", TRANSLATED)
def test_each_catalog_compiles(lang: str) -> None:
    compiled = compile_po(LOCALE_DIR / lang / "LC_MESSAGES" / "table-companion.po")
    assert compiled[:4] in (b"\xde\x12\x04\x95", b"\x95\x04\x12\xde")  # the .mo magic number


def test_one_word_for_one_thing_at_the_table() -> None:
    """Issue 23's terms: the Polish titles of Targi and the Tuareg card game differ in more than
    brackets; German "Karte" is a card, the Tuareg map a "Landkarte"; an RFID tag is a "Tag"
    everywhere (an "Etikett" is a printed label)."""
    from companion.games.tuareg.model import SpecialCard
    from companion.games.tuareg.names import special_name
    from companion.installation import i18n
    from ui.screens.home import game_title

    try:
        i18n.set_language("pl")
        targi, tuareg = game_title("targi"), game_title("tuareg")
        assert targi.split()[0] != tuareg.split()[0] or len(targi.split()) != len(tuareg.split())
        assert targi.replace("(", "").replace(")", "") != tuareg.replace("(", "").replace(")", "")
        i18n.set_language("de")
        assert special_name(SpecialCard.MAP) == "Landkarte"
        for message in _catalog("de"):
            if any("tag" in text.lower().split() for text in _ids(message)):
                assert not any("Etikett" in text for text in _strings(message)), message.id
    finally:
        i18n.set_language("en")
