"""After the game (issue 18): exports decoded back, history and statistics against a hand count
over recorded games, players as records, backup and restore, the CLI's exit codes."""

from __future__ import annotations

import io
import json
import shutil
import sqlite3
from collections import defaultdict
from contextlib import closing
from pathlib import Path
from urllib.parse import unquote

import pytest
from cli_process import run
from PIL import Image
from played_games import Clock, play_to_end, record
from pypdf import PdfReader
from qr_codes import qr_texts
from stored_games import uncount

from companion.after import history, players, stats
from companion.after.exports import bgstats, pdf
from companion.cli import games as game_cli
from companion.installation.errors import InputError
from companion.play.session import Session
from companion.store import LOCATION, Store

GAMES = [
    ("targi", ["Amal", "Bilal"], 0),
    ("targi", ["Bilal", "Cleo"], 1),
    ("targi", ["Amal", "Cleo"], 0),
    ("targi", ["Amal", "Bilal"], 1),
    ("tuareg", ["Amal", "Bilal", "Cleo"], 0),
    ("tuareg", ["Cleo", "Dov"], 1),
    ("tuareg", ["Amal", "Dov", "Bilal"], 2),
    ("tuareg", ["Bilal", "Amal"], 0),
    ("timbuktu", ["Amal", "Bilal", "Cleo"], 0),
    ("timbuktu", ["Dov", "Amal", "Bilal"], 1),
    ("timbuktu", ["Cleo", "Dov", "Amal"], 2),
]
BG_STATS_FIELDS = {
    "sourceName",
    "sourcePlayId",
    "playDate",
    "durationMin",
    "location",
    "comments",
    "game",
    "players",
}
GAME_FIELDS = {"name", "bggId", "highestWins", "noPoints", "sourceGameId"}
PLAYER_FIELDS = {"name", "sourcePlayerId", "score", "rank", "winner", "startPlayer", "role"}


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    path = tmp_path_factory.mktemp("history") / "games.sqlite3"
    return path, record(path, GAMES)


@pytest.fixture
def db(recorded: tuple[Path, list[str]], tmp_path: Path) -> tuple[Path, list[str]]:
    path = tmp_path / "games.sqlite3"
    shutil.copyfile(recorded[0], path)
    return path, recorded[1]


def test_the_qr_code_decodes_to_a_bg_stats_link_with_every_documented_field(db):
    path, ids = db
    with Store.open(path, clock=Clock()) as store:
        store.set_setting(*LOCATION, "Kraków, u Ani")  # where the games from now on are played
        later = play_to_end(store, "targi", ["Amal", "Bilal"], seed=7)
        assert history.load_play(store, ids[0]).location == ""  # played before it was set
        for game_id in ids[4], ids[8], later:  # one of each title
            play = history.load_play(store, game_id)
            found = qr_texts(Image.open(io.BytesIO(bgstats.qr_png(play))))
            assert found == [bgstats.link(play)]
            prefix, data = found[0].split("?data=")
            assert prefix == "https://app.bgstatsapp.com/createPlay.html"
            pushed = json.loads(unquote(data))
            full = bgstats.payload(play)  # export --format bgstats: every documented field
            assert set(full) == BG_STATS_FIELDS and set(full["game"]) == GAME_FIELDS
            assert [set(p) for p in full["players"]] == [PLAYER_FIELDS] * len(play.seats)
            # The link carries the same play less its empty and default fields (issue 24.2).
            assert pushed == bgstats.compact(full)
            assert pushed["game"]["sourceGameId"] == play.game
            assert pushed["game"].get("bggId") == (118048 if play.game == "targi" else None)
            assert pushed.get("location", "") == ("Kraków, u Ani" if game_id == later else "")
            assert pushed["sourcePlayId"] == game_id
            assert pushed["durationMin"] == play.duration_min > 0
            assert len(pushed["playDate"]) == 19 and pushed["playDate"][10] == " "
            assert all(set(p) <= PLAYER_FIELDS for p in pushed["players"])
            sheet = Session.resume(store, game_id).score_sheet()
            names = [p["name"] for p in pushed["players"]]
            assert names == list(sheet.players)
            assert [p["score"] for p in pushed["players"]] == [sheet.totals[n] for n in names]
            assert [p.get("winner", False) for p in pushed["players"]] == [
                n in sheet.ranking[0] for n in names
            ]
            assert sum(p.get("startPlayer", False) for p in pushed["players"]) == 1


def test_the_pdf_holds_every_name_total_and_the_winner(db):
    path, ids = db
    with Store.open(path) as store:
        players.rename(store, "Cleo", "Łucja Żółć")  # the embedded font has Polish letters
        players.rename(store, "Bilal", "Begoña Müller")
        for game_id in ids[0], ids[4], ids[8]:
            play = history.load_play(store, game_id)
            text = "".join(
                page.extract_text() for page in PdfReader(io.BytesIO(pdf.render(play))).pages
            )
            for seat in play.seats:
                assert seat.name in text
                assert str(seat.score) in text
            assert f"Winner: {', '.join(play.winners())}" in text
            assert pdf.tiebreak_words(play) in text


def _hand_count(path: Path, ids: list[str]) -> dict[str, dict[str, float]]:
    """Plays, wins and total score per player, read from each game's own sheet."""
    counts: dict[str, dict[str, float]] = defaultdict(lambda: {"plays": 0, "wins": 0, "best": 0})
    with Store.open(path) as store:
        for game_id in ids:
            sheet = Session.resume(store, game_id).score_sheet()
            assert sheet.final
            for name in sheet.players:
                counts[name]["plays"] += 1
                counts[name]["wins"] += name in sheet.ranking[0]
                counts[name]["best"] = max(counts[name]["best"], sheet.totals[name])
    return counts


def test_history_and_statistics_match_a_hand_count_over_eleven_games(db):
    path, ids = db
    hand = _hand_count(path, ids)
    with Store.open(path) as store:
        plays = list(history.plays(store))
        assert sorted(p.game_id for p in plays) == sorted(ids)
        figures = stats.compute(plays)
        only_amal = list(history.plays(store, player="Amal"))
        timbuktu = list(history.plays(store, game="timbuktu"))
    assert figures["plays"] == len(GAMES) == 11
    assert len(only_amal) == sum("Amal" in names for _g, names, _s in GAMES)
    assert {p.game for p in timbuktu} == {"timbuktu"} and len(timbuktu) == 3
    for name, counted in hand.items():
        mine = figures["players"][name]
        assert mine["plays"] == counted["plays"]
        assert mine["wins"] == counted["wins"]
        assert mine["win_rate"] == round(counted["wins"] / counted["plays"], 4)
        assert max(g["best_score"] for g in mine["by_game"].values()) == counted["best"]
        assert len(mine["score_over_time"]) == counted["plays"]
    bilal_vs_amal = figures["players"]["Bilal"]["head_to_head"]["Amal"]
    together = [names for _g, names, _s in GAMES if {"Amal", "Bilal"} <= set(names)]
    assert bilal_vs_amal["played"] == len(together) == 7
    assert bilal_vs_amal["won"] + bilal_vs_amal["lost"] + bilal_vs_amal["drawn"] == 7
    assert figures["players"]["Amal"]["head_to_head"]["Bilal"]["won"] == bilal_vs_amal["lost"]
    targi = [p for p in plays if p.game == "targi"]
    amal_targi = [s.score for p in targi for s in p.seats if s.name == "Amal"]
    assert figures["games"]["targi"]["players"]["Amal"]["average_score"] == round(
        sum(amal_targi) / len(amal_targi), 2
    )


def test_rename_and_merge_keep_every_game_and_the_store_offers_recent_players(db):
    path, _ids = db
    with Store.open(path) as store:
        recent = [p.name for p in store.recent_players(3)]
        assert recent == ["Amal", "Cleo", "Dov"]  # the last game's players, by name
        players.rename(store, "Dov", "Dovid")
        assert [p.game_id for p in history.plays(store, player="Dovid")] == [
            p.game_id for p in history.plays(store) if "Dovid" in [s.name for s in p.seats]
        ]
        with pytest.raises(InputError, match="both played game"):
            players.merge(store, "Amal", "Bilal")
        store.create_game("targi", {"players": [{"name": "Eve", "colour": "red"}]})
        players.merge(store, "Eve", "Dovid")
        assert store.player_named("Eve") is None
        assert store.player_named("Dovid").games == 4 + 1


def test_the_migration_links_the_games_stored_before_players_were_records(db):
    path, ids = db
    with closing(sqlite3.connect(path, isolation_level=None)) as connection:
        uncount(connection)
        for statement in (
            "DROP INDEX seats_by_player",
            "DROP TABLE seats",
            "DROP TABLE players",
            "DROP TABLE results",
            "DROP TABLE places",
            "DROP TABLE refusals",
            "DROP TABLE outputs",
            "PRAGMA user_version = 3",
            "INSERT INTO settings VALUES ('app', 'location', '\"Berlin\"', '2026-03-01')",
        ):
            connection.execute(statement)
    with Store.open(path) as store:
        assert {store.location_of(game_id) for game_id in ids} == {"Berlin"}
        assert {p.name: p.games for p in store.players()} == {
            "Amal": 9,
            "Bilal": 8,
            "Cleo": 6,
            "Dov": 4,
        }
        assert [s.name for s in store.seats_of(ids[9]).values()] == ["Dov", "Amal", "Bilal"]


def test_a_backup_from_before_players_were_records_restores_them(db, tmp_path):
    path, ids = db
    old = tmp_path / "old.backup"
    assert run("backup", str(old), db=path)[0] == 0
    with closing(sqlite3.connect(old, isolation_level=None)) as connection:
        uncount(connection)
        for table in ("seats", "players", "results", "places", "refusals", "outputs"):
            connection.execute(f"DROP TABLE {table}")
        connection.execute("PRAGMA user_version = 3")
    fresh = tmp_path / "fresh.sqlite3"
    code, answer = run("restore", str(old), db=fresh)
    assert code == 0 and sorted(answer["restored"]) == sorted(ids)
    code, listed = run("players", "list", db=fresh)
    assert {p["name"]: p["games"] for p in listed["players"]} == {
        "Amal": 9,
        "Bilal": 8,
        "Cleo": 6,
        "Dov": 4,
    }
    with closing(sqlite3.connect(old, isolation_level=None)) as connection:
        connection.execute("PRAGMA user_version = 99")  # written by a newer app
    code, answer = run("restore", str(old), db=fresh)
    assert code == 2 and answer["error"]["code"] == "not_a_backup"
    assert "schema version 99" in answer["error"]["message"]


def _replays(path: Path) -> dict[str, object]:
    with Store.open(path) as store:
        return {
            g.id: (game_cli.log(Session.resume(store, g.id)), Session.resume(store, g.id).state)
            for g in store.list_games()
        }


def test_backup_wipe_restore_gives_every_game_back_with_identical_replays(db, tmp_path):
    path, ids = db
    before = _replays(path)
    code, answer = run("backup", str(tmp_path / "usb.backup"), db=path)
    assert code == 0 and answer["games"] == len(ids)
    for suffix in ("", "-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    shutil.rmtree(path.parent / "backups", ignore_errors=True)
    code, answer = run("restore", str(tmp_path / "usb.backup"), db=path)
    assert code == 0 and sorted(answer["restored"]) == sorted(ids)
    assert _replays(path) == before
    code, answer = run("restore", str(tmp_path / "usb.backup"), db=path)  # again: no duplicates
    assert (code, answer["restored"], answer["already_present"]) == (0, [], len(ids))
    assert answer["in_file"] == len(ids)  # fields added since: what the file holds
    assert _replays(path) == before
    code, listed = run("players", "list", db=path)
    assert sorted(p["name"] for p in listed["players"]) == ["Amal", "Bilal", "Cleo", "Dov"]


def test_bad_input_exits_2_naming_the_problem_and_changes_nothing(db, tmp_path):
    path, ids = db
    unfinished = run(
        "game", "new", "targi", "--player", "Amal:blue", "--player", "Zoe:red", db=path
    )
    assert unfinished[0] == 0
    before = _replays(path)
    not_backup = tmp_path / "notes.txt"
    not_backup.write_text("hello")
    cases = [
        (("export", "no-such-game", "--format", "json"), "unknown_game", "no-such-game"),
        (
            ("export", unfinished[1]["game_id"], "--format", "bgstats"),
            "game_not_finished",
            "not finished",
        ),
        (("export", ids[0], "--format", "pdf"), "missing_output", "--output"),
        (("export", ids[0], "--format", "bgstats-qr"), "missing_output", "--output"),
        (("history", "--player", "Nobody"), "unknown_player", "Nobody"),
        (("stats", "--game", "chess"), "unknown_game", "chess"),
        (("players", "rename", "Amal", "Bilal"), "player_exists", "Bilal"),
        (("players", "merge", "Amal", "Bilal"), "invalid_value", "both played"),
        (("restore", str(not_backup)), "not_a_backup", "not an SQLite database"),
        (("restore", str(tmp_path / "missing.db")), "not_a_backup", "cannot be read"),
        (("backup", str(not_backup)), "backup_failed", "already exists"),
    ]
    for args, code, words in cases:
        exit_code, answer = run(*args, db=path)
        assert exit_code == 2, (args, answer)
        assert answer["error"]["code"] == code, (args, answer)
        assert words in answer["error"]["message"], (args, answer)
    assert _replays(path) == before
    assert not_backup.read_text() == "hello"


def test_the_cli_exports_write_files_and_text(db, tmp_path):
    path, ids = db
    code, answer = run(
        "export", ids[8], "--format", "bgstats-qr", "-o", str(tmp_path / "q.png"), db=path
    )
    assert code == 0 and answer["bytes"] == (tmp_path / "q.png").stat().st_size
    code, answer = run("export", ids[8], "--format", "pdf", "-o", str(tmp_path / "s.pdf"), db=path)
    assert code == 0 and (tmp_path / "s.pdf").read_bytes().startswith(b"%PDF")
    assert run("location", "Café Zürich", db=path) == (0, {"location": "Café Zürich"})
    assert run("location", db=path) == (0, {"location": "Café Zürich"})
    code, exported = run("export", ids[8], "--format", "json", db=path)
    assert code == 0 and exported["bgstats"]["sourcePlayId"] == ids[8]
    assert exported["location"] == exported["bgg"]["location"] == ""  # played before it was set
    assert [p["startposition"] for p in exported["bgg"]["players"]] == ["1", "2", "3"]
    code, text = run("export", "--history", "--format", "csv", db=path)
    assert code == 0 and len(text.splitlines()) == 1 + sum(len(n) for _g, n, _s in GAMES)
    code, figures = run("stats", "--player", "Cleo", db=path)
    assert code == 0 and list(figures["players"]) == ["Cleo"]


def test_the_history_caches_finished_results_and_follows_a_later_change(db):
    path, ids = db
    with Store.open(path) as store:
        replayed = [play.as_dict() for play in history.plays(store)]
    assert len(sql_rows(path, "SELECT game_id FROM results")) == len(ids)
    with Store.open(path) as store:
        assert [play.as_dict() for play in history.plays(store)] == replayed  # from the cache
    code, _undone = run("game", "undo", ids[0], "latest", "--compact", db=path)
    assert code == 0
    with Store.open(path) as store:
        listed = [play.game_id for play in history.plays(store)]
    assert ids[0] not in listed and len(listed) == len(ids) - 1  # no longer over: not listed
    assert run("game", "redo", ids[0], "latest", "--compact", db=path)[0] == 0
    with Store.open(path) as store:
        assert [play.as_dict() for play in history.plays(store)] == replayed


def sql_rows(path: Path, statement: str) -> list[tuple[object, ...]]:
    with closing(sqlite3.connect(path)) as connection:
        return connection.execute(statement).fetchall()
