"""BG Stats at the table (issue 24 points 1, 2, 3, 5): every game the app accepts gives a QR code
a phone reads from the 7" screen, with the game's BoardGameGeek id and the date on the table's
clock. Codes are decoded back with zxing-cpp."""

from __future__ import annotations

import io
import json
from pathlib import Path
from urllib.parse import unquote

import pytest
import zxingcpp
from cli_process import run
from PIL import Image
from played_games import Clock, play_to_end
from qr_codes import qr_texts

from companion.after import history
from companion.after.exports import bgstats
from companion.store import LOCATION, Store

LONG_NAMES = {
    "polish": [
        "Zażółć gęślą jaźń Jürgen",
        "Łucja Żółtowska-Ślęzak Ą",
        "Ądam Ęwa Śniadecki-Żyłań",
        "Małgorzata Świętochowska",
        "Grzegorz Brzęczyszczykie",
    ],
    "wide": ["W" * 24, "Zażółć gęślą jaźń Jürgen", "M" * 24, "Ñandú Müller-Łęczyński Ó", "Q" * 24],
    "emoji": ["😀" * 24, "🎲" * 24, "🐫" * 24, "🌵" * 24, "Zażółć 🎲 gęślą 🐫 jaźń 😀"],
}
LONG_PLACE = "Kraków, u Ani 🎲 — stół nr 2, pierwsze piętro, Zażółć gęślą jaźń!"


def _long_game(path: Path, names: list[str]) -> str:
    with Store.open(path, clock=Clock()) as store:
        store.set_setting(*LOCATION, LONG_PLACE)
        return play_to_end(store, "tuareg", names, seed=3)


def _pushed(link: str) -> dict:
    prefix, data = link.split("?data=")
    assert prefix == "https://app.bgstatsapp.com/createPlay.html"
    return json.loads(unquote(data))


@pytest.mark.parametrize("kind", sorted(LONG_NAMES))
def test_five_players_with_the_longest_names_export_a_code_of_at_most_version_25(
    tmp_path: Path, kind: str
) -> None:
    """Before: segno's DataOverflowError traceback (emoji) or versions 31-40."""
    db = tmp_path / "games.sqlite3"
    game_id = _long_game(db, LONG_NAMES[kind])
    target = tmp_path / "q.png"
    code, answer = run("export", game_id, "--format", "bgstats-qr", "-o", str(target), db=db)
    assert code == 0, answer
    assert answer["qr_version"] <= bgstats.MAX_VERSION
    with Image.open(target) as image:
        (found,) = qr_texts(image)
        modules = image.width // bgstats.QR_SCALE - 8  # less the quiet zone
    assert modules == 17 + 4 * answer["qr_version"]
    pushed = _pushed(found)
    code, exported = run("export", game_id, "--format", "json", db=db)
    assert exported["bgstats_link"] == found
    assert exported["bgstats_left_out"] == answer["left_out"]
    full = exported["bgstats"]
    assert full["location"] == LONG_PLACE and len(full["players"]) == 5
    # Every player, score, rank and winner is there; names are whole unless said otherwise.
    assert [p["sourcePlayerId"] for p in pushed["players"]] == [
        p["sourcePlayerId"] for p in full["players"]
    ]
    assert [(p["score"], p["rank"]) for p in pushed["players"]] == [
        (p["score"], p["rank"]) for p in full["players"]
    ]
    names_cut = any("names" in words for words in answer["left_out"])
    for short, whole in zip(pushed["players"], full["players"], strict=True):
        assert whole["name"].startswith(short["name"])
        assert short["name"] == whole["name"] or names_cut
    assert ("comments" in pushed) == (not answer["left_out"])
    assert ("location" in pushed) == (len(answer["left_out"]) < 2)
    if kind == "emoji":  # 5 x 24 emoji: the names must be cut, and the answer says so
        assert names_cut


def test_the_png_and_the_link_agree_and_a_realistic_game_keeps_its_location(
    tmp_path: Path,
) -> None:
    db = tmp_path / "games.sqlite3"
    with Store.open(db, clock=Clock()) as store:
        store.set_setting(*LOCATION, "Kraków, u Ani")
        game_id = play_to_end(store, "tuareg", ["Ania", "Jürgen", "Łucja", "Begoña", "Zoë"], 5)
        play = history.load_play(store, game_id)
        pushed = bgstats.push(play)
        with Image.open(io.BytesIO(bgstats.qr_png(play))) as image:
            (found,) = qr_texts(image)
    assert found == pushed.link and pushed.left_out == ()
    assert pushed.version <= bgstats.MAX_VERSION
    data = _pushed(pushed.link)
    assert data["location"] == "Kraków, u Ani" and data["comments"].startswith("Colours: red, ")
    assert "%3A" not in pushed.link and "%2C" not in pushed.link  # ':' and ',' stay as they are
    assert all("role" not in p for p in data["players"])
    # Every score and rank is there, a score of 0 too; a false winner or start player is left out.
    assert [(p["score"], p["rank"]) for p in data["players"]] == [
        (seat.score, seat.rank) for seat in play.seats
    ]
    assert sum(p.get("winner", False) for p in data["players"]) == len(play.winners())


def test_a_code_whose_modules_also_read_as_a_bar_code_reads_as_its_one_qr_code() -> None:
    """What failed a CI run: this play's version-24 code also decodes as an EAN-13 when zxing-cpp
    looks for every symbology (24 of some 5,600 codes of four plays with random ids: 0 to 14 in
    1000 by play); a phone looks for QR codes only."""
    seats = [
        ("W" * 24, "f6b52407-ea1e-4d2e-bf2c-b5cf83bbe313", 9, 3),
        ("Zażółć gęślą jaźń Jürgen", "11495957-12aa-4965-87d9-de6c9d23ed1a", 10, 2),
        ("M" * 24, "a0257d5d-93ff-4dc5-b89b-4b977a75da34", 5, 4),
        ("Ñandú Müller-Łęczyński Ó", "9bb8e17e-1932-4355-8a62-71ee91e011b5", 5, 4),
        ("Q" * 24, "042b5d93-2078-4579-909d-d1236bcfaec3", 11, 1),
    ]
    players: list[dict[str, object]] = [
        {"name": name, "sourcePlayerId": player, "score": score, "rank": rank}
        for name, player, score, rank in seats
    ]
    players[0]["startPlayer"] = players[4]["winner"] = True
    data = {
        "sourceName": "Table Companion",
        "sourcePlayId": "d92d3f522f8d47b58e6dedb1c6da1077",
        "playDate": "2026-03-01 18:02:00",
        "durationMin": 128,
        "game": {
            "name": "Tuareg",
            "highestWins": True,
            "noPoints": False,
            "sourceGameId": "tuareg",
        },
        "players": players,
    }
    link = bgstats.link_of(data)
    with Image.open(io.BytesIO(bgstats.png(bgstats.Push(data, link, 24, ())))) as image:
        every_symbology = zxingcpp.read_barcodes(image)
        assert sorted(str(found.format) for found in every_symbology) == ["EAN-13", "QR Code"]
        assert qr_texts(image) == [link]


def test_targi_carries_its_boardgamegeek_id_and_the_table_enters_the_others(
    tmp_path: Path,
) -> None:
    db = tmp_path / "games.sqlite3"
    with Store.open(db, clock=Clock()) as store:
        targi = play_to_end(store, "targi", ["Amal", "Bilal"], seed=7)
        tuareg = play_to_end(store, "tuareg", ["Amal", "Bilal"], seed=7)
    code, exported = run("export", targi, "--format", "bgstats", db=db)
    assert code == 0 and exported["game"]["bggId"] == 118048
    code, exported = run("export", targi, "--format", "json", db=db)
    assert exported["bgg"]["objectid"] == 118048
    assert _pushed(exported["bgstats_link"])["game"]["bggId"] == 118048
    code, exported = run("export", tuareg, "--format", "bgstats", db=db)
    assert exported["game"]["bggId"] is None  # no source: never invented
    for bad in ('"12"', "0", "true", "1.5", "-3"):
        code, refused = run("settings", "set", "tuareg", "bgg_id", bad, db=db)
        assert code == 2 and refused["error"]["message"].startswith("bgg_id: "), bad
    assert run("settings", "set", "tuareg", "bgg_id", "123456", db=db)[0] == 0
    assert run("settings", "get", "tuareg", "bgg_id", db=db) == (
        0,
        {"game": "tuareg", "key": "bgg_id", "value": 123456},
    )
    code, exported = run("export", tuareg, "--format", "bgstats", db=db)
    assert exported["game"]["bggId"] == 123456
    code, listed = run("settings", "list", "tuareg", db=db)
    assert listed["tuareg"]["bgg_id"] == 123456


def test_the_play_date_is_on_the_table_clock_which_the_install_sets(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    with Store.open(db, clock=Clock()) as store:  # the game starts 2026-03-01 18:01 UTC
        game_id = play_to_end(store, "targi", ["Amal", "Bilal"], seed=7)
    code, refused = run("settings", "set", "app", "time_zone", '"Mars/Olympus"', db=db)
    assert code == 2 and "time_zone" in refused["error"]["message"]
    assert run("settings", "set", "app", "time_zone", '"Asia/Tokyo"', db=db)[0] == 0
    code, exported = run("export", game_id, "--format", "json", db=db)
    assert exported["started_at"].startswith("2026-03-01T18:01")  # UTC, as always
    assert exported["bgstats"]["playDate"] == "2026-03-02 03:01:00"  # Tokyo, 9 h ahead
    assert exported["bgg"]["playdate"] == "2026-03-02"
    assert run("settings", "set", "app", "time_zone", '"Europe/Warsaw"', db=db)[0] == 0
    code, exported = run("export", game_id, "--format", "bgstats", db=db)
    assert exported["playDate"] == "2026-03-01 19:01:00"
    code, listed = run("settings", "list", "app", db=db)
    assert listed["app"]["time_zone"] == "Europe/Warsaw"
