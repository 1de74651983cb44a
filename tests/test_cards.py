"""Cards behind tags: the printable card-id scheme, RFID enrolment in a real SQLite file, and
Targi's refusal of a scan that does not fit the phase."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import pytest
from targi_table import CENTRE, RULES, new_game, place, play

from companion.games.targi import actions as a
from companion.games.targi.catalog import catalog
from companion.games.targi.model import TargiState
from companion.games.tuareg.model import COPIES, SPECIAL_SUPPLY
from companion.installation.errors import InputError
from companion.play.cards import CARD_ID, TagDirectory, card_ids, check_scan, game_of, printed_card
from companion.storage import schema
from companion.store import SCHEMA_VERSION, Store

RFID = "0A1B2C3D4E"


# --- the scheme -----------------------------------------------------------------------------


def test_every_card_id_is_printable_in_qr_alphanumeric_mode() -> None:
    for game, ids in card_ids().items():
        for card in ids:
            assert CARD_ID.fullmatch(card), card
            assert card.startswith(game.upper() + "-")
            assert game_of(card) == game


def test_targi_ids_are_the_catalogs() -> None:
    targi = catalog()
    assert card_ids()["targi"] == set(targi.goods) | set(targi.tribe)
    assert len(card_ids()["targi"]) == 19 + 45


def test_tuareg_has_one_id_per_kind_of_card() -> None:
    assert card_ids()["tuareg"] == {
        *(f"TUAREG-GOOD-{good.name}" for good in COPIES),
        *(f"TUAREG-SPECIAL-{card.name}" for card in SPECIAL_SUPPLY[5]),
    }
    assert "TUAREG-GOOD-WATER" in card_ids()["tuareg"]
    assert "TUAREG-SPECIAL-DONKEY" in card_ids()["tuareg"]


def test_timbuktu_thief_faces_are_described_not_invented() -> None:
    ids = card_ids()["timbuktu"]
    assert sorted(card for card in ids if "-PEN-" in card) == [
        f"TIMBUKTU-THIEF-PEN-{pen}" for pen in range(1, 6)
    ]
    assert len([card for card in ids if "-PITCH-" in card]) == 5 + 10  # one pitch, or two
    assert len([card for card in ids if "-GOODS-" in card]) == 5 + 10  # one good, or two
    assert {"TIMBUKTU-THIEF-PITCH-3", "TIMBUKTU-THIEF-PITCH-2-4"} <= ids
    assert not {"TIMBUKTU-THIEF-PITCH-4-2", "TIMBUKTU-THIEF-PITCH-2-2"} & ids
    assert {"TIMBUKTU-THIEF-GOODS-SALT", "TIMBUKTU-THIEF-GOODS-GOLD-WATER"} <= ids
    assert "TIMBUKTU-THIEF-GOODS-WATER-GOLD" not in ids


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("TARGI-TRIBE-WELL-3", "TARGI-TRIBE-WELL-3"),
        ("  targi-goods-2salt ", "TARGI-GOODS-2SALT"),
        ("TARGI-TRIBE-WELL-10", None),  # well-formed, but no such card: never a guess
        ("TARGI TRIBE WELL 3", None),
        (RFID, None),
        ("", None),
    ],
)
def test_printed_labels_resolve_only_to_real_cards(text: str, card: str | None) -> None:
    assert printed_card(text) == card


# --- enrolment in the database --------------------------------------------------------------


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "companion.sqlite3"


def test_an_enrolled_tag_resolves_and_survives_a_restart(db: Path) -> None:
    with Store.open(db) as store:
        directory = TagDirectory.from_store(store)
        assert directory.resolve(RFID) is None  # unknown: the app asks to enrol it
        assert directory.enrol(store, RFID, "TARGI-TRIBE-OASIS-2") is None
        assert directory.resolve(RFID) == "TARGI-TRIBE-OASIS-2"
    with Store.open(db) as store:
        again = TagDirectory.from_store(store)
        assert again.resolve(RFID) == "TARGI-TRIBE-OASIS-2"
        assert again.resolve("TARGI-GOODS-VP") == "TARGI-GOODS-VP"  # labels need no enrolment
        assert store.enrolled_tags() == {RFID: "TARGI-TRIBE-OASIS-2"}


def test_re_enrolling_replaces_and_reports_the_old_card(db: Path) -> None:
    with Store.open(db) as store:
        directory = TagDirectory.from_store(store)
        directory.enrol(store, RFID, "TARGI-TRIBE-OASIS-2")
        assert directory.enrol(store, RFID, "TUAREG-SPECIAL-MAP") == "TARGI-TRIBE-OASIS-2"
        assert directory.resolve(RFID) == store.card_for_tag(RFID) == "TUAREG-SPECIAL-MAP"


def test_forgetting_a_tag(db: Path) -> None:
    with Store.open(db) as store:
        directory = TagDirectory.from_store(store)
        directory.enrol(store, RFID, "TARGI-TRIBE-OASIS-2")
        assert directory.forget(store, RFID)
        assert not directory.forget(store, RFID)
        assert directory.resolve(RFID) is None
    with Store.open(db) as store:
        assert store.enrolled_tags() == {}


@pytest.mark.parametrize(
    ("tag", "card", "code", "words"),
    [
        (RFID, "TARGI-TRIBE-WELL-10", "unknown_card", "TARGI-TRIBE-WELL-10 is not a card"),
        ("  ", "TARGI-GOODS-VP", "empty_tag", "cannot be empty"),
        ("targi-goods-vp", "TARGI-GOODS-2SALT", "printed_tag", "already names the card"),
    ],
)
def test_a_bad_enrolment_is_refused_and_changes_nothing(
    db: Path, tag: str, card: str, code: str, words: str
) -> None:
    with Store.open(db) as store:
        directory = TagDirectory.from_store(store)
        with pytest.raises(InputError, match=words) as refused:
            directory.enrol(store, tag, card)
        assert refused.value.code == code
        assert store.enrolled_tags() == {}
        assert directory.resolve(tag) in (None, printed_card(tag))


def test_a_version_1_database_gains_the_tags_table_and_keeps_its_games(db: Path) -> None:
    with closing(sqlite3.connect(db, isolation_level=None)) as old:
        for statement in schema.MIGRATIONS[0]:
            old.execute(statement)
        old.execute(
            "INSERT INTO games VALUES ('g1', 'targi', '{}', '2024-01-01', '2024-01-01', 'active')"
        )
        old.execute("PRAGMA user_version = 1")
    with Store.open(db) as store:
        assert store.notice is None
        assert [game.id for game in store.list_games()] == ["g1"]
        store.enrol_tag(RFID, "TARGI-GOODS-VP")
    with closing(sqlite3.connect(db)) as check:
        assert check.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION >= 2


# --- does the scan fit the phase? -----------------------------------------------------------


def setup_state() -> TargiState:
    options = RULES.parse_options(
        {"players": [{"name": "Amal", "colour": "blue"}, {"name": "Bilal", "colour": "white"}]}
    )
    return RULES.setup(options)


def test_at_setup_either_kind_may_be_revealed() -> None:
    state = setup_state()
    assert check_scan("targi", state, "TARGI-GOODS-2SALT").ok
    assert check_scan("targi", state, "TARGI-TRIBE-WELL-3").ok


def test_a_goods_card_while_a_tribe_card_is_expected_is_refused() -> None:
    state = setup_state()
    goods_cells = [a.RevealCard(cell=c, card=k) for c, k in CENTRE.items() if "GOODS" in k]
    state = play(state, *goods_cells)  # only the tribe cells are still face down
    verdict = check_scan("targi", state, "TARGI-GOODS-2PEPPER")
    assert (verdict.ok, verdict.code) == (False, "wrong_kind")
    assert verdict.message == (
        "TARGI-GOODS-2PEPPER is a goods card, but a tribe card is drawn now."
    )
    assert check_scan("targi", state, "TARGI-TRIBE-TENT-5").ok


def test_a_card_already_in_play_is_refused() -> None:
    state = play(setup_state(), a.RevealCard(cell=(1, 1), card="TARGI-GOODS-DATES-1"))
    verdict = check_scan("targi", state, "TARGI-GOODS-DATES-1")
    assert (verdict.ok, verdict.code) == (False, "card_in_play")


def test_no_card_is_drawn_during_placement() -> None:
    verdict = check_scan("targi", new_game(), "TARGI-TRIBE-WELL-3")
    assert (verdict.ok, verdict.code) == (False, "no_card_expected")
    assert "placement" in verdict.message


def test_the_caravan_draws_goods_and_the_tribal_expansion_tribe_cards() -> None:
    caravan_only = place(new_game(), 13, 2, 5, 3, 6, 10)  # Amal: Caravan, Merchant, Pepper
    assert check_scan("targi", caravan_only, "TARGI-GOODS-2PEPPER").ok
    refused = check_scan("targi", caravan_only, "TARGI-TRIBE-WELL-3")
    assert (refused.ok, refused.code) == (False, "wrong_kind")
    both = place(new_game(), 13, 2, 14, 3, 15, 11)  # Amal: Caravan, Tribal expansion, Salt
    assert check_scan("targi", both, "TARGI-TRIBE-WELL-3").ok
    assert check_scan("targi", both, "TARGI-GOODS-2PEPPER").ok


def test_cards_of_other_games_and_non_cards_are_refused() -> None:
    other = check_scan("targi", setup_state(), "TUAREG-GOOD-WATER")
    assert (other.ok, other.code) == (False, "other_game")
    assert other.message == "TUAREG-GOOD-WATER is a Tuareg card, not a Targi card."
    assert check_scan("targi", setup_state(), RFID).code == "unknown_card"


def test_a_game_without_its_own_check_accepts_its_cards() -> None:
    assert check_scan("tuareg", None, "TUAREG-SPECIAL-THIEF").ok
    assert check_scan("timbuktu", None, "TUAREG-SPECIAL-THIEF").code == "other_game"
