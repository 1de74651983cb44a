"""The history's list reads of each kept result only what it shows (companion.after.shown): the
result's own fields and its sheet's points, totals and ranking, read from the checked text exactly
as decoding it whole gives them; a text laid out otherwise (an older app's) is decoded whole, and
the score sheet only once a play's sheet is opened. Real games played to the end, on a real
SQLite file."""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from dataclasses import fields, replace
from pathlib import Path
from typing import Any

import pytest
from played_games import record

from companion.after import history, shown
from companion.after.shown import Seating, Shown
from companion.storage.side_tables import keep_result
from companion.store import Store

GAMES = [
    ("targi", ["tiebreak", 'Zoë ,"points":['], 0),
    ("tuareg", ["Amal", "points", "Cleo"], 1),
    ("timbuktu", ["Amal", "Bilal", "ranking"], 2),
]
"""Players whose names are the sheet's keys, or look like them in its text."""


@pytest.fixture
def played(tmp_path: Path) -> tuple[Path, list[str]]:
    path = tmp_path / "companion.sqlite3"
    return path, record(path, GAMES)


def kept_texts(path: Path) -> dict[str, str]:
    with closing(sqlite3.connect(path)) as connection:
        return dict(connection.execute("SELECT game_id, result FROM results"))


def test_what_the_list_shows_is_read_as_decoding_the_whole_text_gives_it(
    played: tuple[Path, list[str]],
) -> None:
    path, ids = played
    texts = kept_texts(path)
    assert sorted(texts) == sorted(ids)
    for text in texts.values():
        read = shown.read(text)
        assert read is not None and read == Shown.of_cached(json.loads(text))
        assert [list(group) for group in read.ranking] == json.loads(text)["sheet"]["ranking"]


def test_a_text_laid_out_otherwise_is_left_to_be_decoded_whole(
    played: tuple[Path, list[str]],
) -> None:
    path, ids = played
    text = kept_texts(path)[ids[0]]
    whole = json.loads(text)
    old = json.loads(text)
    del old["sheet"]["tiebreaks"]  # kept by an app whose sheets had no tie-break steps
    before = json.loads(text)
    before["sheet"] = {"labels": {"points": 1}, **before["sheet"]}  # an object before the points
    brace = json.loads(text)
    brace["sheet"]["players"][0] = "{"  # one may begin there: not passed over unread
    for other in (
        json.dumps(whole),  # spaced
        json.dumps(old, separators=(",", ":"), ensure_ascii=False),
        json.dumps(before, separators=(",", ":"), ensure_ascii=False),
        json.dumps(brace, separators=(",", ":"), ensure_ascii=False),
        text[: text.index(',"totals":') + 12],  # cut short
        text.replace(',"ranking":[[', ',"ranking":[[[', 1),  # not JSON where it is read
        "[]",
    ):
        assert shown.read(other) is None, other


def test_a_listing_decodes_no_kept_result_whole_and_a_sheet_once_opened(
    played: tuple[Path, list[str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    path, ids = played
    whole: list[str] = []
    loads = json.loads

    def decoding(text: Any, *args: Any, **kwargs: Any) -> Any:
        if '"tiebreaks"' in (text.decode() if isinstance(text, bytes) else text):
            whole.append(text)
        return loads(text, *args, **kwargs)

    with Store.open(path) as store:
        true = {game_id: history.load_play(store, game_id) for game_id in ids}
        monkeypatch.setattr(json, "loads", decoding)
        listed = {play.game_id: play for play in history.plays(store)}
        assert whole == []
        assert {i: p.as_dict() for i, p in listed.items()} == {
            i: p.as_dict() for i, p in true.items()
        }  # as_dict says the tie-break: each sheet made once, from its whole text
        assert len(whole) == len(ids)
        assert all(listed[i].sheet == true[i].sheet for i in ids) and len(whole) == len(ids)


def test_a_sound_result_laid_out_otherwise_is_decoded_whole_not_replayed(
    played: tuple[Path, list[str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    path, ids = played
    with closing(sqlite3.connect(path, isolation_level=None)) as connection:
        for game_id, text in kept_texts(path).items():
            seq, head = connection.execute(
                "SELECT last_seq, last_digest FROM games WHERE id = ?", (game_id,)
            ).fetchone()
            keep_result(connection, game_id, seq, head, json.dumps(json.loads(text), indent=1))
    replayed: list[str] = []
    real = history._replayed
    monkeypatch.setattr(history, "_replayed", lambda s, g: replayed.append(g) or real(s, g))
    with Store.open(path) as store:
        listed = {play.game_id: play.as_dict() for play in history.plays(store)}
        assert replayed == []
        assert listed == {game_id: history.load_play(store, game_id).as_dict() for game_id in ids}


def stored_options(path: Path) -> dict[str, str]:
    with closing(sqlite3.connect(path)) as connection:
        return dict(connection.execute("SELECT id, options FROM games"))


def test_the_seats_are_read_from_the_options_as_decoding_them_whole_gives_them(
    played: tuple[Path, list[str]],
) -> None:
    path, ids = played
    options = stored_options(path)
    assert sorted(options) == sorted(ids)
    for text in options.values():
        whole = json.loads(text)
        assert shown.seating(text) == Seating(whole["players"], whole["start_player"])
    assert {shown.seating(text).start_player for text in options.values()} == {0, 1, 2}


def test_options_laid_out_otherwise_are_left_to_be_decoded_whole(
    played: tuple[Path, list[str]],
) -> None:
    path, ids = played
    text = stored_options(path)[ids[0]]
    whole = json.loads(text)
    start_first = {"start_player": whole["start_player"], **whole}
    again = text[:-1] + ',"rulings":{"players":1}}'  # a later "players": decoded whole
    for other in (
        json.dumps(whole),  # spaced
        json.dumps(start_first, separators=(",", ":"), ensure_ascii=False),
        text[:-1] + ',"start_player":2}',  # said twice: the last one counts
        again,
        text.replace(',"start_player":0', ',"start_player":"0"', 1),  # not a number
        text.replace(',"start_player":0', ',"start_player":true', 1),
        text[: text.index(',"start_player":') - 2],  # cut short
        text.replace('"players":[{', '"players":[{{', 1),  # not JSON where it is read
        '{"players":{},"start_player":0}',
        "[]",
    ):
        assert shown.seating(other) is None, other


def test_a_listing_decodes_no_options_whole(
    played: tuple[Path, list[str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    path, ids = played
    decoded: list[str] = []
    loads = json.loads

    def decoding(text: Any, *args: Any, **kwargs: Any) -> Any:
        if '"start_player"' in (text.decode() if isinstance(text, bytes) else text):
            decoded.append(text)
        return loads(text, *args, **kwargs)

    with Store.open(path) as store:
        true = {game_id: history.load_play(store, game_id).as_dict() for game_id in ids}
        monkeypatch.setattr(json, "loads", decoding)
        listed = {play.game_id: play.as_dict() for play in history.plays(store)}
    assert decoded == []
    assert listed == true


def test_a_head_read_in_one_match_or_value_by_value_is_as_decoding_gives_it(
    played: tuple[Path, list[str]],
) -> None:
    path, ids = played
    text = kept_texts(path)[ids[0]]
    whole = json.loads(text)
    assert shown._PLAIN_HEAD.match(text) is not None  # as this app keeps it: one match
    ended = whole["ended_at"]
    variants = {
        "escaped": text.replace(f'"ended_at":"{ended}"', '"ended_at":"' + ended[:4] + '\\u002d"'),
        "quoted": text.replace('{"game":"targi"', '{"game":"tar\\"gi"', 1),
        "not ended": text.replace(f'"ended_at":"{ended}"', '"ended_at":null'),
        "ended empty": text.replace(f'"ended_at":"{ended}"', '"ended_at":""'),
        "negative": text.replace('"corrections":0', '"corrections":-3'),
        "many": text.replace('"corrections":0', '"corrections":12345678901234567890123'),
        "several": text.replace('"corrections":0', '"corrections":17'),
        "not a boolean": text.replace('"over":true', '"over":1'),
        "not over": text.replace('"over":true', '"over":false'),
        "a tie-break": text.replace('"tiebreak":null', '"tiebreak":"gold"'),
    }
    for name, variant in variants.items():
        assert variant != text, name
        read = shown.read(variant)
        decoded = json.loads(variant)
        assert read is not None and read == Shown.of_cached(decoded), name
        assert type(read.over) is type(decoded["over"]), name  # 1 is not True
        assert type(read.corrections) is int, name
    assert shown._PLAIN_HEAD.match(variants["escaped"]) is None  # read by json's scanner
    quoted, escaped = shown.read(variants["quoted"]), shown.read(variants["escaped"])
    assert quoted is not None and quoted.game == 'tar"gi'
    assert escaped is not None and escaped.ended_at == ended[:4] + "-"
    for other in (
        text.replace('"corrections":0', '"corrections":01'),  # not JSON there
        text.replace('"over":true', '"over":tru'),
        text.replace('"tiebreak":null', '"tiebreak":nul'),
        text.replace('"tiebreak":null,"tiebreaks"', '"tiebreak":null,"tiebreakz"'),
    ):
        assert shown.read(other) is None, other


def test_a_listed_play_is_a_play_as_its_class_makes_it_with_its_own_points(
    played: tuple[Path, list[str]],
) -> None:
    path, ids = played
    with Store.open(path) as store:
        listed = list(history.plays(store))
        assert sorted(play.game_id for play in listed) == sorted(ids)
        for play in listed:
            made = history.Play(**{f.name: getattr(play, f.name) for f in fields(history.Play)})
            assert vars(play) == vars(made) and play == made and repr(play) == repr(made)
            assert replace(play, status="abandoned").status == "abandoned" != play.status
            points = [seat.points for seat in play.seats]
            assert len({id(seat_points) for seat_points in points}) == len(points)
            assert all(type(seat_points) is dict for seat_points in points)
            assert play.as_dict() == history.load_play(store, play.game_id).as_dict()
            assert "sheet" in vars(play)  # as_dict made it once, kept as the class keeps it
