"""What the table enters once is stored in a real SQLite file and applied to the next games: the
board layout, the printed caravan loads (one tap), the leftovers setting."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_process import run
from timbuktu_table import RULES, G, load_all, options, patterned_loads, placed, play, refused

from companion.games.timbuktu import actions as a
from companion.games.timbuktu import table_settings as ts
from companion.games.timbuktu.model import Arrows, Layout, Phase, SwapFields, TimbuktuState
from companion.installation.errors import InputError
from companion.play.session import Session
from companion.store import Store

LAYOUT = Layout(
    arrows=tuple(Arrows(0, pen, (1, 2)) for pen in range(1, 6)),
    swap_fields=(SwapFields(1, ((1, 2),)),),
)


def one_taps(state: TimbuktuState) -> list[a.LoadCaravan]:
    """The legal loads that are a remembered printed load (the others are example loads)."""
    return [
        x
        for x in RULES.legal_actions(state)
        if isinstance(x, a.LoadCaravan) and x.camels == state.players[x.player].remembered
    ]


def settings(store: Store) -> dict:
    return store.list_settings(ts.SETTINGS_GAME)


def test_a_layout_entered_once_is_applied_to_the_next_games(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    with Store.open(database) as store:
        assert ts.stored_layout(settings(store), 3) == Layout()
        ts.remember_layout(store, 3, LAYOUT)
    with Store.open(database) as store:
        fresh = {**options(3), **RULES.stored_options(settings(store))}
        assert ts.stored_layout(settings(store), 4) == Layout()  # other boards, other layout
        session = Session.create(store, RULES, RULES.parse_options(fresh))
        assert session.state.layout == LAYOUT
        state = placed(load_all(session.state, patterned_loads(3)))
        # No per-move confirmation needed: pen 3 is off the arrows, pitch 1 of pen 1 no swap field.
        refused(state, a.MoveCamel(player=0, camel="A", pen=3), "must_pay")
        state = play(state, a.MoveCamel(player=0, camel="A", pen=1))
        assert state.phase is Phase.MOVES
        assert play(state, a.MoveCamel(player=1, camel="A", pen=1)).phase is Phase.SWAP
        # A game keeps the layout it started with, whatever is stored later.
        ts.remember_layout(store, 3, Layout())
        game_id = session.game_id
    with Store.open(database) as store:
        assert Session.resume(store, game_id).state.layout == LAYOUT


def test_an_impossible_or_damaged_stored_layout_is_reported(tmp_path: Path) -> None:
    with Store.open(tmp_path / "games.sqlite3") as store:
        with pytest.raises(InputError, match="place 3 is not on a 3-player route"):
            ts.remember_layout(store, 3, Layout(arrows=(Arrows(3, 1, (1, 2)),)))
        store.set_setting(ts.SETTINGS_GAME, ts.LAYOUTS_KEY, {"3": {"arrows": [{"pen": 9}]}})
        with pytest.raises(InputError) as error:
            ts.stored_layout(settings(store), 3)
        assert error.value.code == "invalid_setting"
        assert error.value.message.startswith("layouts.3: the stored value does not read")
        store.set_setting(ts.SETTINGS_GAME, ts.LAYOUTS_KEY, [])
        with pytest.raises(InputError, match="layouts: the stored value"):
            ts.stored_layout(settings(store), 3)


def test_the_last_printed_loads_make_the_next_game_one_tap(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    three = load_all(RULES.setup(RULES.parse_options(options(3))), patterned_loads(3))
    with Store.open(database) as store:
        ts.remember_loads(store, three)
    with Store.open(database) as store:
        # A 5-player game uses camels A-E of the same boards: each is one legal action away.
        stored = RULES.stored_options(settings(store))
        five = RULES.setup(RULES.parse_options({**options(5), **stored}))
        offers = one_taps(five)
        assert [o.player for o in offers] == [0, 1, 2]  # yellow and white: nothing stored
        assert offers[0].camels == tuple(tuple(c) for c in patterned_loads(3)[0][:5])
        state = play(five, *offers)
        assert [p.loaded for p in state.players] == [True, True, True, False, False]
        assert one_taps(state) == []  # the others are entered
        assert [o.player for o in RULES.legal_actions(state)] == [3, 4]  # example loads
        # Remembering the 5-player loads keeps camels F-H of the 8 stored.
        red = ((G.WATER, G.SALT, G.GOLD, G.COFFEE),) * 5
        state = play(state, a.LoadCaravan(player=0, camels=red))
        ts.remember_loads(store, state)
        caravans = ts.stored_caravans(settings(store))
        assert caravans["red"][:5] == red
        assert caravans["red"][5:] == tuple(tuple(c) for c in patterned_loads(3)[0][5:])
        assert "yellow" not in caravans


def test_dealt_loads_are_not_remembered_or_offered_and_a_short_caravan_is_not_offered(
    tmp_path: Path,
) -> None:
    with Store.open(tmp_path / "games.sqlite3") as store:
        five = load_all(RULES.setup(RULES.parse_options(options(5))), patterned_loads(5))
        ts.remember_loads(store, five)
        stored = RULES.stored_options(settings(store))
        three = RULES.setup(RULES.parse_options({**options(3), **stored}))
        assert one_taps(three) == []  # only A-E known, 8 camels needed
        dealt = RULES.setup(RULES.parse_options({**options(5), **stored, "variant": "dealt"}))
        assert one_taps(dealt) == []
        caravan = (
            (G.GOLD, G.COFFEE, G.PEPPER, G.SALT),
            (G.GOLD, G.COFFEE, G.PEPPER, G.WATER),
            (G.GOLD, G.COFFEE, G.SALT, G.WATER),
            (G.GOLD, G.PEPPER, G.SALT, G.WATER),
            (G.COFFEE, G.PEPPER, G.SALT, G.WATER),
        )
        dealt = play(dealt, a.LoadCaravan(player=0, camels=caravan))
        before = settings(store)
        ts.remember_loads(store, dealt)
        assert settings(store) == before
        store.set_setting(ts.SETTINGS_GAME, ts.CARAVANS_KEY, {"red": [["gold"]]})
        with pytest.raises(InputError, match=r"caravans\.red: the stored value does not read"):
            RULES.stored_options(settings(store))


def test_variant_and_leftovers_are_printed_and_off_until_the_table_says_otherwise(
    tmp_path: Path,
) -> None:
    with Store.open(tmp_path / "games.sqlite3") as store:
        assert RULES.stored_options(settings(store)) == {
            "variant": "printed",
            "leftovers_removed": False,
            "caravans": {},
            "layouts": {},
        }
        ts.remember_leftovers_removed(store, True)
        ts.remember_variant(store, "dealt")
        parsed = RULES.parse_options({**options(4), **RULES.stored_options(settings(store))})
        assert parsed.leftovers_removed and parsed.variant == "dealt"
        with pytest.raises(InputError, match="variant"):
            ts.remember_variant(store, "random")
        for key, bad, field in (
            (ts.LEFTOVERS_KEY, "yes", "leftovers_removed"),
            (ts.VARIANT_KEY, "random", "variant"),
            (ts.LAYOUTS_KEY, {"7": {}}, "layouts.7"),
        ):
            store.set_setting(ts.SETTINGS_GAME, key, bad)
            with pytest.raises(InputError) as error:
                RULES.stored_options(settings(store))
            assert error.value.code == "invalid_setting"
            assert error.value.message.startswith(field)
            store.set_setting(ts.SETTINGS_GAME, key, {} if key == ts.LAYOUTS_KEY else False)
            if key == ts.VARIANT_KEY:
                store.set_setting(ts.SETTINGS_GAME, key, "printed")


def test_a_game_started_from_the_command_line_takes_the_stored_layout(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    with Store.open(database) as store:
        ts.remember_layout(store, 3, LAYOUT)
    players = ["--player", "Ada:red", "--player", "Ben:blue", "--player", "Cleo:green"]
    code, shown = run("game", "new", "timbuktu", *players, db=database)
    assert code == 0, shown
    assert shown["state"]["layout"]["arrows"][0] == {"place": 0, "pen": 1, "to": [1, 2]}
    assert shown["state"]["layout"]["swap_fields"] == [{"place": 1, "fields": [[1, 2]]}]
