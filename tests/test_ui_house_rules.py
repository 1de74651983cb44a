"""House rules chosen by touch on Home for the game about to start: the dialog offers each of the
game's rulings with an alternative in a few words, one tap switches, and the game keeps the choice
(its options), says it on its score sheet and on a refusal the house rule decided."""

from __future__ import annotations

from pathlib import Path

from ui_harness import buttons, running_app, tap_text

from companion.games.timbuktu.table_settings import remember_variant
from companion.store import Store
from ui.game_widgets import why_text
from ui.house_rules import HouseRulesDialog


def the_dialog() -> HouseRulesDialog:
    from kivy.core.window import Window

    found = [w for w in Window.children if isinstance(w, HouseRulesDialog)]
    assert len(found) == 1
    return found[0]


def test_a_house_rule_chosen_on_home_is_kept_by_the_game_and_shown_on_its_sheet(
    tmp_path: Path,
) -> None:
    with running_app(tmp_path / "games.sqlite3") as h:
        home = h.screen
        tap_text(h, "Targi")
        assert home.ids.house_rules.text == "House rules"
        h.tap(home.ids.house_rules)
        dialog = the_dialog()
        rows = {row.title: row for row in dialog.ids.rulings.children}
        assert set(rows) == {
            "Silversmith: trades per visit",
            "Raids 1 to 3 not paid in full",
            "Last raid not paid",
            "Goods and gold limits when a 12th card ends the game",
        }
        raid = rows["Raids 1 to 3 not paid in full"]
        app_way, house_way = sorted(raid.ids.ways.children, key=lambda b: b.x)
        assert (app_way.text, app_way.chosen) == ("All goods or all VP", True)
        assert (house_way.text, house_way.chosen) == ("Gives nothing", False)
        h.tap(house_way)
        assert (app_way.chosen, house_way.chosen) == (False, True)
        h.tap(dialog.ids.done)
        assert dialog.parent is None
        assert home.ids.house_rules.text == "House rules (1)"
        h.tap(home.ids.start_game)
        game = h.app.table
        assert game.session.house_rules == {"raid_unpaid": "raid_nothing"}
        stored = game.session.store.load(game.session.game_id).options
        assert stored["rulings"] == {"raid_unpaid": "raid_nothing"}
        h.tap(h.screen.ids.bar.ids.score)
        assert h.screen.name == "sheet"
        notes = [note.text for note in h.screen.ids.notes.children]
        assert "House rules: A player who cannot pay a raid in full gives nothing." in notes


def test_the_tables_settings_come_first_and_a_tap_back_gives_the_apps_ruling(
    tmp_path: Path,
) -> None:
    database = tmp_path / "games.sqlite3"
    with Store.open(database) as store:
        remember_variant(store, "dealt")  # this table always deals the goods
    with running_app(database) as h:
        home = h.screen
        tap_text(h, "Timbuktu")
        assert home.ids.house_rules.text == "House rules (1)"
        h.tap(home.ids.house_rules)
        dialog = the_dialog()
        [printed] = buttons(dialog, "Printed loads")
        [dealt] = buttons(dialog, "Dealt goods (variant)")
        assert (printed.chosen, dealt.chosen) == (False, True)
        h.tap(printed)
        h.tap(dialog.ids.done)
        assert home.ids.house_rules.text == "House rules"
        while len(home.seats()) < 3:
            h.tap(home.ids.add_player)
        h.tap(home.ids.start_game)
        assert h.app.table.state.variant == "printed"
        assert h.app.table.session.house_rules == {}


def test_a_refusal_a_house_rule_decided_names_it_first() -> None:
    plain = why_text("targi", "wrong_payment")
    house = why_text("targi", "wrong_payment", {"raid_unpaid": "raid_nothing"})
    assert "House rule" not in plain
    assert house.splitlines()[1] == (
        "[b]House rule of this game: A player who cannot pay a raid in full gives nothing.[/b]"
    )
    assert house.splitlines()[2:] == plain.splitlines()[1:]
    assert why_text("targi", "occupied", {"raid_unpaid": "raid_nothing"}) == why_text(
        "targi", "occupied"
    )
