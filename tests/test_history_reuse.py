"""The screens list the games once (issue 27): History and then Statistics read the store's last
listing while nothing was committed since and no game became abandoned with time; a commit, or
time passing a game's abandonment, lists them anew."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from played_games import play_to_end, record

from companion.after import history, stats
from companion.play.session import Session
from companion.rules.registry import rules_for
from companion.store import Store


def test_a_listing_is_reused_until_a_commit_or_a_game_becomes_abandoned(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "games.sqlite3"
    ids = record(db, [("tuareg", ["Amal", "Bilal"], 0), ("targi", ["Amal", "Cleo"], 1)])
    listings: list[int] = []
    listed = history._listed
    monkeypatch.setattr(
        history,
        "_listed",
        lambda store, moment, turns: listings.append(1) or listed(store, moment, turns),
    )
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
