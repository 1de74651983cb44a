"""The history's list reads of each kept result only what it shows (companion.after.shown): the
result's own fields and its sheet's points, totals and ranking, read from the checked text exactly
as decoding it whole gives them; a text laid out otherwise (an older app's) is decoded whole, and
the score sheet only once a play's sheet is opened. Real games played to the end, on a real
SQLite file."""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
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
