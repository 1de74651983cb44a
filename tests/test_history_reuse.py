"""The screens list the games once (issue 27): History and then Statistics read the store's last
listing while nothing was committed since and no game became abandoned with time; a commit, or
time passing a game's abandonment, lists them anew."""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from datetime import UTC, datetime
from pathlib import Path

import pytest
from played_games import play_to_end, record

from companion.after import history, stats
from companion.after import players as player_records
from companion.games.targi.actions import SetStock
from companion.play.session import Session
from companion.rules.registry import rules_for
from companion.storage.base import at_once
from companion.store import Store


def counted_listings(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A list that grows by one each time History makes a game's play anew."""
    listings: list[int] = []
    listed = history._listed
    monkeypatch.setattr(
        history,
        "_listed",
        lambda store, read, moment, turns: listings.append(1) or listed(store, read, moment, turns),
    )
    return listings


def test_a_listing_is_reused_until_a_commit_or_a_game_becomes_abandoned(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "games.sqlite3"
    ids = record(db, [("tuareg", ["Amal", "Bilal"], 0), ("targi", ["Amal", "Cleo"], 1)])
    listings = counted_listings(monkeypatch)
    with Store.open(db) as store:
        shown = [play.game_id for play in history.plays(store, reuse=True)]
        assert sorted(shown) == sorted(ids) and len(listings) == 1
        tuareg = [play.game_id for play in history.plays(store, game="tuareg", reuse=True)]
        amal = [play.game_id for play in history.plays(store, player="Cleo", reuse=True)]
        assert tuareg == [ids[0]] and amal == [ids[1]] and len(listings) == 1  # listed once
        assert [p.game_id for p in history.plays(store)] == shown and len(listings) == 2

        rules = rules_for("targi")
        players = [{"name": "Dana", "colour": "red"}, {"name": "Emre", "colour": "blue"}]
        started = Session.create(store, rules, rules.parse_options({"players": players}))
        assert [p.game_id for p in history.plays(store, reuse=True)] == shown
        assert len(listings) == 3  # the commit: listed anew (the new game is active, not shown)
        assert [p.game_id for p in history.plays(store, reuse=True)] == shown
        assert len(listings) == 3

        later = datetime.now(UTC) + history.ABANDONED_AFTER
        abandoned = [p for p in history.plays(store, now=later, reuse=True)]
        assert len(listings) == 4
        assert [p.game_id for p in abandoned if p.status == "abandoned"] == [started.game_id]


def test_statistics_are_computed_once_per_listing_and_never_stale(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The statistics screen's figures: computed once while nothing changes, anew (and equal to a
    fresh computation) once a game finished here or by another connection to the file."""
    db = tmp_path / "games.sqlite3"
    record(db, [("targi", ["Amal", "Bilal"], 0), ("tuareg", ["Amal", "Bilal", "Cleo"], 1)])
    computed: list[int] = []
    compute = stats.compute
    monkeypatch.setattr(stats, "compute", lambda plays: computed.append(1) or compute(plays))
    with Store.open(db) as store:
        every = stats.of_history(store)
        assert every == compute(history.plays(store)) and every["plays"] == 2
        assert stats.of_history(store, "targi") == compute(history.plays(store, game="targi"))
        assert stats.of_history(store) is every and len(computed) == 2  # kept, per game

        play_to_end(store, "targi", ["Dana", "Amal"], seed=5)
        assert (
            stats.of_history(store)["plays"] == 3 and "Dana" in stats.of_history(store)["players"]
        )
        assert stats.of_history(store, "targi") == compute(history.plays(store, game="targi"))
        assert len(computed) == 4

        record(db, [("timbuktu", ["Emre", "Cleo", "Amal"], 0)])  # another connection
        assert stats.of_history(store) == compute(history.plays(store))
        assert stats.of_history(store)["plays"] == 4 and len(computed) == 5


def test_a_relisting_reuses_the_plays_of_unchanged_games_and_never_a_stale_one(
    tmp_path: Path,
) -> None:
    """A listing makes anew only the plays whose kept result or facts changed: a commit elsewhere
    (a new game) keeps every play as it was; an undo after a game's end takes it out at once, the
    redo shows it again as the log now says, and so does a correction after the end (the game
    still finished, its score changed); a renamed player shows under the new name."""
    db = tmp_path / "games.sqlite3"
    ids = record(db, [("targi", ["Amal", "Bilal"], 0), ("tuareg", ["Amal", "Cleo", "Dov"], 1)])
    with Store.open(db) as store:
        first = {play.game_id: play for play in history.plays(store)}
        rules = rules_for("targi")
        players = [{"name": "Dana", "colour": "red"}, {"name": "Emre", "colour": "blue"}]
        Session.create(store, rules, rules.parse_options({"players": players}))
        again = {play.game_id: play for play in history.plays(store)}
        assert again.keys() == first.keys() and all(again[i] is first[i] for i in ids)

        session = Session.resume(store, ids[0])
        assert session.undo(seq=session.seq, game_id=ids[0]).verdict.ok
        assert [play.game_id for play in history.plays(store)] == [ids[1]]  # in play again
        assert session.redo(seq=session.seq, game_id=ids[0]).verdict.ok
        redone = {play.game_id: play for play in history.plays(store)}
        assert redone[ids[0]] is not first[ids[0]] and redone[ids[1]] is first[ids[1]]
        assert redone[ids[0]].as_dict() == history.load_play(store, ids[0]).as_dict()

        before = next(seat.score for seat in redone[ids[0]].seats if seat.name == "Bilal")
        corrected = SetStock(player=1, dates=0, salt=0, pepper=0, gold=0, vp=before + 5)
        assert session.submit(corrected, seq=session.seq, game_id=ids[0]).verdict.ok
        listed = {play.game_id: play for play in history.plays(store)}  # still finished
        bilal = next(seat for seat in listed[ids[0]].seats if seat.name == "Bilal")
        assert listed[ids[0]].finished and bilal.score != before
        assert listed[ids[0]].as_dict() == history.load_play(store, ids[0]).as_dict()
        assert listed[ids[1]] is first[ids[1]]

        cleo = player_records.find(store, "Cleo").id
        store.rename_player(cleo, "Cleopatra")
        renamed = {play.game_id: play for play in history.plays(store)}
        assert renamed[ids[0]] is listed[ids[0]]  # Cleo did not play it
        assert [seat.name for seat in renamed[ids[1]].seats] == ["Amal", "Cleopatra", "Dov"]
        assert renamed[ids[1]].as_dict() == history.load_play(store, ids[1]).as_dict()


def test_a_reused_play_of_a_game_not_over_becomes_abandoned_with_time(tmp_path: Path) -> None:
    """A kept result of a game not over (its end undone): the play reused at a later listing is
    restated at that listing's moment, active and left out, then abandoned and shown."""
    db = tmp_path / "games.sqlite3"
    (game_id,) = record(db, [("targi", ["Amal", "Bilal"], 0)])
    with Store.open(db) as store:
        session = Session.resume(store, game_id)
        assert session.undo(seq=session.seq, game_id=game_id).verdict.ok
        assert game_id in store.cached_results()  # its result, not over, is kept too
        now = datetime.now(UTC)
        assert list(history.plays(store, now=now)) == []
        later = now + history.ABANDONED_AFTER
        (abandoned,) = history.plays(store, now=later)
        assert abandoned.status == "abandoned" and not abandoned.finished
        assert abandoned.as_dict() == history.load_play(store, game_id, now=later).as_dict()
        assert list(history.plays(store, now=now)) == []


def test_a_kept_result_altered_after_a_listing_is_never_reused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The digest of every kept result is checked at every listing: one altered in the file since
    the last listing (by another connection) is not served from what was read before; the game is
    replayed and listed as its log says."""
    db = tmp_path / "games.sqlite3"
    ids = record(db, [("targi", ["Amal", "Bilal"], 0), ("tuareg", ["Amal", "Cleo", "Dov"], 1)])
    with Store.open(db) as store:
        true = {play.game_id: play.as_dict() for play in history.plays(store)}
        assert ids[0] in store.cached_results()
        with closing(sqlite3.connect(db, isolation_level=None)) as other:
            (text,) = other.execute("SELECT result FROM results WHERE game_id = ?", (ids[0],))
            forged = json.loads(text[0])
            forged["sheet"]["totals"] = {name: 100 for name in forged["sheet"]["totals"]}
            other.execute(
                "UPDATE results SET result = ? WHERE game_id = ?", (json.dumps(forged), ids[0])
            )
        assert ids[0] not in store.cached_results()
        replayed: list[str] = []
        real = history._replayed
        monkeypatch.setattr(history, "_replayed", lambda s, g: replayed.append(g) or real(s, g))
        listed = {play.game_id: play.as_dict() for play in history.plays(store)}
        assert replayed == [ids[0]] and listed == true


def test_a_listing_made_in_steps_is_kept_unless_a_commit_came_between_its_steps(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The app's idle-time listing (:func:`history.listing_in_steps`): run to its end, it is the
    listing the screens then read without listing again; a commit between two of its steps
    leaves nothing kept, and the next listing shows the game that commit finished."""
    db = tmp_path / "games.sqlite3"
    ids = record(db, [("targi", ["Amal", "Bilal"], 0), ("tuareg", ["Amal", "Cleo", "Dov"], 1)])
    with Store.open(db) as store:
        steps = sum(1 for _ in history.listing_in_steps(store, every=1))
        assert steps >= len(ids) + 2  # the results read, then a game a step
        listings = counted_listings(monkeypatch)
        kept = history.listing(store)
        assert listings == [] and sorted(p.game_id for p in kept) == sorted(ids)

        first = play_to_end(store, "targi", ["Emre", "Fay"], seed=3)  # the kept one is stale
        stepping = history.listing_in_steps(store, every=1)
        while not listings:  # the results read, then the other reads, then its first game made
            next(stepping)
        second = play_to_end(store, "targi", ["Gus", "Hana"], seed=4)  # between two steps
        assert list(stepping) == [] and history._listings[store].plays is kept  # it stopped
        shown = history.listing(store)
        assert len(listings) == 2 and [p.game_id for p in shown[:2]] == [second, first]


def test_kept_results_read_in_steps_are_only_those_whose_digest_checks(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    ids = record(db, [("targi", ["Amal", "Bilal"], 0), ("tuareg", ["Amal", "Cleo", "Dov"], 1)])
    with closing(sqlite3.connect(db, isolation_level=None)) as other:
        other.execute("UPDATE results SET result = '{}' WHERE game_id = ?", (ids[0],))
    with Store.open(db) as store:
        steps = store.kept_texts_in_steps(every=1)
        assert sum(1 for _ in steps) == len(ids)  # a row a step
        texts = at_once(store.kept_texts_in_steps(every=1))
        assert set(texts) == {ids[1]}
        assert store.cached_results() == {ids[1]: json.loads(texts[ids[1]])}
