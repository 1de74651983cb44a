"""A game whose log is damaged, opened at the table with a backup beside it: the game opens
playable again and a toast names what came back and what was lost (issue 24.10)."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from datetime import UTC, datetime
from pathlib import Path

from kivy.core.window import Window
from played_games import Clock, play_to_end
from stored_games import not_utf8_table
from targi_table import CENTRE
from targi_table import RULES as TARGI
from ui_harness import plain, running_app

from companion.games.targi import actions as t
from companion.play.session import Session
from companion.storage import backup
from companion.store import Store
from ui.audit.checks import audit


def test_a_damaged_game_opens_repaired_from_its_backup_and_names_what_was_lost(
    tmp_path: Path,
) -> None:
    path = tmp_path / "games.sqlite3"
    players = [{"name": "Amal", "colour": "blue"}, {"name": "Bilal", "colour": "white"}]
    with Store.open(path) as store:
        session = Session.create(store, TARGI, TARGI.parse_options({"players": players}))
        for cell, card in CENTRE.items():
            action = t.RevealCard(cell=cell, card=card)
            assert session.submit(action, seq=session.seq, game_id=session.game_id).verdict.ok
        backed_up = session.seq
        assert backup.make(store.connection_for_backup(), path, datetime(2026, 3, 1, tzinfo=UTC))
        for _ in range(2):  # two more actions after the backup
            action = TARGI.legal_actions(session.state)[0]
            assert session.submit(action, seq=session.seq, game_id=session.game_id).verdict.ok
        game_id = session.game_id
    with closing(sqlite3.connect(path, isolation_level=None)) as connection:
        connection.execute(  # one byte of the first entry after the backup: SQLite sees nothing
            "UPDATE log SET payload = replace(payload, '\"kind\"', '\"kinD\"') "
            "WHERE game_id = ? AND seq = ?",
            (game_id, backed_up + 1),
        )
    with running_app(path) as h:
        (game,) = h.screen.ids.unfinished.children
        h.tap(game)
        screen = h.screen
        toast = screen.toast
        assert toast.parent is Window and not toast.refusal
        said = plain(toast.text)
        assert "restored from the backup of 2026-03-01 00:00 UTC" in said, said
        assert f"Lost: entries {backed_up + 1} to {backed_up + 2}; play them again." in said
        assert screen.table.session.damage is None and screen.table.seq == backed_up
        assert TARGI.legal_actions(screen.table.state)  # playable again
        h.screenshot("game-repaired")
        assert not audit([toast], Window.size)


def test_a_damaged_finished_game_shows_its_repair_on_its_score_sheet(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    with Store.open(path, clock=Clock()) as store:
        game_id = play_to_end(store, "targi", ["Amal", "Bilal"], seed=6)  # its end backed up
    with closing(sqlite3.connect(path, isolation_level=None)) as connection:
        connection.execute(
            "UPDATE log SET payload = replace(payload, '\"kind\"', '\"kinD\"') "
            "WHERE game_id = ? AND seq = 5",
            (game_id,),
        )
    with running_app(path) as h:
        h.app.finished_sheet(game_id)
        h.frames(2)
        notes = [plain(n.text) for n in h.screen.ids.notes.children]
        assert any("Nothing was lost." in note for note in notes), notes
        h.screenshot("sheet-repaired")
    with Store.open(path) as store:
        assert store.load(game_id).damage is None and store.load(game_id).status == "finished"


def test_text_that_is_not_utf8_is_drawn_replaced_and_opening_its_game_says_why(
    tmp_path: Path,
) -> None:
    """Flipped high bits (no page damaged: SQLite's check finds nothing) in one game's title and
    time of change, another game's id and a player's name: Home lists both games, damaged bytes
    drawn as U+FFFD; opening either names the damage; the History lists the finished game."""
    path = tmp_path / "games.sqlite3"
    _finished, named, titled = not_utf8_table(path)
    with running_app(path) as h:
        shown = {plain(game.text): game for game in h.screen.ids.unfinished.children}
        title = next(text for text in shown if text.startswith("\ufffdargi · Amal vs Bilal · "))
        assert "\ufffd026-03-01T" in title
        (other,) = set(shown) - {title}  # its id no longer finds its options: no players named
        assert other.startswith("Targi · ") and "Amal" not in other
        h.screenshot("home-damaged-text")
        for game, named_in_message in ((shown[title], titled), (shown[other], named[1:])):
            h.tap(game)
            assert h.screen.name == "home"
            said = plain(h.screen.message)
            assert "cannot be resumed" in said and named_in_message in said, said
            assert "damaged" in said, said
        h.screenshot("home-damaged-text-opened")
        h.app.history()
        h.frames(2)
        (row,) = h.screen.ids.rows.children  # the finished game, its seats as it was played
        assert "Amal" in plain(row.text) and "\ufffd" not in plain(row.text)
        h.screenshot("history-damaged-text")
