"""The Tuareg card game through its screen, in a real offscreen window driven by touches."""

from __future__ import annotations

import re
from pathlib import Path

from kivy.core.window import Window
from kivy.metrics import sp
from kivy.uix.scrollview import ScrollView
from tuareg_table import CAMEL_1, CAMEL_2, GOLD, MILLET, RULES, SALT, TABLE_VALUES, WATER, options
from ui_harness import (
    SIZES,
    Harness,
    assert_touch_targets,
    buttons,
    driven,
    laid_out_lines,
    plain,
    running_app,
    shot,
    shown,
    tap_text,
)

from companion.games.tuareg import actions as a
from companion.games.tuareg.model import SpecialCard
from companion.games.tuareg.state import CardValue, GoodCounts, Phase
from companion.play.session import Session
from companion.store import Store
from hardware.events import CardScanned
from ui.design import badge
from ui.games.tuareg import tour as tuareg_tour
from ui.games.tuareg.view import runs_markup

KARIN, TIMO = 0, 1


def buttons_reading(h: Harness, start: str) -> list[str]:
    """The texts of the screen's buttons that start with ``start`` (markup aside)."""
    texts = [plain(w.text) for w in h.screen.walk() if hasattr(w, "trigger_action")]
    return sorted(t for t in texts if t.startswith(start))


def start_tuareg(h: Harness) -> None:
    """Seat Karin and Timo for the Tuareg card game on the Home screen and start."""
    home = h.screen
    home.ids.game.text = "tuareg"
    h.frames(1)
    rows = home.seats()
    rows[0].ids.name.text, rows[1].ids.name.text = "Karin", "Timo"
    h.frames(1)
    tap_text(h, "Start the game")
    assert h.screen.name == "game-tuareg"


def resume(h: Harness) -> None:
    """Open the one unfinished Tuareg game from the Home screen."""
    (button,) = [b for b in h.screen.walk() if getattr(b, "text", "").startswith("Tuareg · ")]
    h.tap(button)
    assert h.screen.name == "game-tuareg"


def logged(database: Path, *actions: a.TuaregAction, values: dict | None = None) -> str:
    """A game the table played so far (confirmed values unless ``values``), stored in ``database``."""
    with Store.open(database) as store:
        session = Session.create(store, RULES, options(2, values))
        for action in actions:
            outcome = session.submit(action, seq=session.seq, game_id=session.game_id)
            assert outcome.verdict.ok, (action, outcome.verdict)
        return session.game_id


def test_the_card_values_are_asked_once_and_stored(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    with running_app(database) as h:
        start_tuareg(h)
        screen = h.screen
        prompt = screen.values.prompt
        assert prompt.parent is not None and screen.board.parent is None  # asked first
        shot(h, "tuareg-values")
        assert_touch_targets(h)
        rows = screen.values.rows
        h.tap(rows[WATER].ids.dinars.ids.up)
        for _ in range(4):
            h.tap(rows[WATER].ids.points.ids.up)
        h.tap(rows[SALT].ids.dinars.ids.up)
        assert (rows[WATER].ids.dinars.value, rows[WATER].ids.points.value) == (1, 4)
        tap_text(h, "Save for this table")  # rock salt has its dinars but not its points
        assert prompt.message == "rock salt: enter its majority points too, or leave both blank."
        assert h.app.store.list_settings("tuareg") == {}
        assert screen.table.seq == 0

        for _ in range(3):
            h.tap(rows[SALT].ids.points.ids.up)
        h.tap(rows[MILLET].ids.dinars.ids.up)
        h.tap(rows[MILLET].ids.dinars.ids.up)
        h.tap(rows[MILLET].ids.dinars.ids.down)  # 2 then back to 1
        h.tap(rows[MILLET].ids.points.ids.up)
        h.tap(rows[MILLET].ids.points.ids.up)
        tap_text(h, "Save for this table")
        assert prompt.parent is None and screen.board.parent is not None
        state = screen.table.state
        assert state.value(WATER) == CardValue(dinars=1, points=4)
        assert state.value(SALT) == CardValue(dinars=1, points=3)
        assert state.value(MILLET) == CardValue(dinars=1, points=2)
        assert state.value(GOLD) == CardValue(dinars=2, points=5)  # the rulebook's
        assert "not confirmed" not in shown(h, "table_info")
        game_id = screen.table.game_id

        tap_text(h, "Home")  # the next game starts with the table's values: nothing is asked
        start_tuareg(h)
        assert screen.table.game_id != game_id and screen.values.prompt.parent is None
        assert screen.table.state.value(SALT) == CardValue(dinars=1, points=3)

    with Store.open(database) as store:  # in the file, for every later game, and in the log
        assert store.list_settings("tuareg") == {
            "values": {"water": 4, "salt": 3, "millet": 2},
            "dinars": {"water": 1, "salt": 1, "millet": 1},
        }
        kinds = [entry.payload["kind"] for entry in store.load(game_id).entries]
        assert kinds == ["confirm_value"] * 3
        assert RULES.stored_options(store.list_settings("tuareg"))["values"]["salt"] == {
            "dinars": 1,
            "points": 3,
        }


def test_later_never_blocks_play_and_unconfirmed_dinars_say_so(tmp_path: Path) -> None:
    with running_app(tmp_path / "games.sqlite3") as h:
        start_tuareg(h)
        screen = h.screen
        tap_text(h, "Later")
        assert screen.values.prompt.parent is None
        assert "Card values not confirmed: water, rock salt, millet" in shown(h, "table_info")
        tap_text(h, "water · millet")  # the two market cards
        assert screen.table.state.market == GoodCounts(water=1, millet=1)
        assert shown(h, "title") == "Karin: choose the turn's action."

        # Karin holds no card yet: loading or buying is greyed out with the rules' reason, and a
        # tap on it logs nothing.
        seq = screen.table.seq
        for text, reason in (
            (
                "Buy a special card",
                "A special card costs 3 dinars: Karin has nothing that pays it.",
            ),
            ("Load from the hand", "Karin holds 0 cards, not 1."),
        ):
            (button,) = buttons_reading(h, f"{text}\n")
            assert button == f"{text}\n{reason}"
            (widget,) = [w for w in screen.walk() if plain(getattr(w, "text", "")) == button]
            assert widget.disabled
            h.tap(widget)
            assert (
                screen.table.seq == seq and shown(h, "title") == "Karin: choose the turn's action."
            )
            assert screen.ids.bar.refusal == ""
        for _turn in range(2):  # Karin, then Timo, draw and keep two cards
            tap_text(h, "Draw")
            tap_text(h, "rock salt")
            tap_text(h, "Draw, lay 1 into the market")
            tap_text(h, "End turn")

        tap_text(h, "Buy a special card")
        tap_text(h, "map (3 left)")
        tap_text(h, "rock salt from the hand (worth ?, not confirmed)")
        tap_text(h, "gold from the hand (worth 2)")
        assert shown(h, "note") == (
            "rock salt ? (not confirmed) + gold 2 = 2 dinars and 1 card of unconfirmed value; "
            "the price is 3."
        )
        tap_text(h, "Buy the map")  # trusted: the table has not confirmed what rock salt is worth
        assert shown(h, "refusal") == ""
        assert screen.table.state.players[KARIN].hand == 0

        tap_text(h, "Card values")  # the prompt can be reopened at any time
        assert screen.values.prompt.parent is not None
        tap_text(h, "Later")
        assert screen.values.prompt.parent is None


def test_a_draw_a_refused_then_accepted_load_and_a_buy(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    logged(database, a.OpenMarket(goods=(WATER, MILLET)), values=TABLE_VALUES)
    with running_app(database) as h:
        resume(h)
        screen = h.screen
        assert screen.values.prompt.parent is None  # every value is known: nothing to ask
        assert screen.ids.bar.status == "Stage 1 · Karin to move"

        # Karin draws 3 and must lay one into the market.
        tap_text(h, "Draw")
        # too few laid: greyed out with the rules' reason on it (issue 23), a tap logs nothing
        tap_text(
            h, "Draw, lay 0 into the market\nLay at least one card from your cache into the market."
        )
        assert screen.table.seq == 1
        tap_text(h, "rock salt")
        tap_text(h, "Draw, lay 1 into the market")
        state = screen.table.state
        assert state.players[KARIN].hand == 2 and state.deck == 39
        assert state.market == GoodCounts(water=1, salt=1, millet=1)
        assert shown(h, "refusal") == ""
        tap_text(h, "End turn")
        tap_text(h, "Draw")
        tap_text(h, "millet")
        tap_text(h, "Draw, lay 1 into the market")
        tap_text(h, "End turn")

        # Karin loads camel 1 card by card: water, then rock salt is refused with its reason.
        tap_text(h, "Load from the hand")
        h.tap(screen.animal_cells[(KARIN, CAMEL_1)])
        tap_text(h, "water")
        reasons = [plain(w.text) for w in screen.ids.prompt.ids.options.children[::-1] if w.text]
        assert "A camel carrying water carries nothing else." in reasons
        seq = screen.table.seq
        tap_text(h, "rock salt")
        assert shown(h, "refusal") == "A camel carrying water carries nothing else."
        assert screen.ids.bar.refusal == "A camel carrying water carries nothing else."
        assert screen.table.seq == seq and screen.load.added == [WATER]
        shot(h, "tuareg-load")
        assert_touch_targets(h)
        tap_text(h, "water")
        h.app.pump.queue.post(CardScanned(tag="TUAREG-GOOD-WATER", card="TUAREG-GOOD-WATER"))
        # a scanned water would be a third card: Karin holds only two
        h.wait_for(lambda: shown(h, "refusal") == "Karin holds 2 cards, not 3.")
        assert screen.load.added == [WATER, WATER]
        tap_text(h, "Load 2 cards")
        state = screen.table.state
        assert state.players[KARIN].stack(CAMEL_1) == (WATER, WATER)
        assert state.players[KARIN].hand == 0
        assert shown(h, "refusal") == ""
        assert plain(screen.animal_cells[(KARIN, CAMEL_1)].text) == "Camel 1\n2 water"
        tap_text(h, "End turn")

        # Timo buys a cave: gold alone is 2 dinars, short; with rock salt it is 3.
        tap_text(h, "Buy a special card")
        tap_text(h, "cave (2 left)")
        tap_text(h, "gold from the hand (worth 2)")
        # short: greyed out with the rules' reason on it (issue 23)
        tap_text(h, "Buy the cave\nA special card costs 3 dinars; these cards are worth 2.")
        tap_text(h, "rock salt from the hand (worth 1)")
        assert shown(h, "note") == "gold 2 + rock salt 1 = 3 dinars; the price is 3."
        tap_text(h, "Buy the cave")
        state = screen.table.state
        assert len(state.players[TIMO].caves) == 1 and state.supply_of(SpecialCard.CAVE) == 1
        assert state.discard == GoodCounts(gold=1, salt=1) and state.players[TIMO].hand == 0
        assert "cave 1: unused" in plain(screen.panels[TIMO].text).replace("\u00a0", " ")
        tap_text(h, "End turn")

        # Karin takes market cards: none but water may go onto her watered camel.
        tap_text(h, "Take from the market")
        h.tap(screen.animal_cells[(KARIN, CAMEL_1)])
        assert buttons_reading(h, "Take ") == ["Take 1 water"]
        assert "millet: A camel carrying water carries nothing else." in [
            plain(w.text) for w in screen.ids.prompt.ids.options.children
        ]
        tap_text(h, "Another animal")
        h.tap(screen.animal_cells[(KARIN, CAMEL_2)])
        tap_text(h, "Take 2 millet")
        state = screen.table.state
        assert state.players[KARIN].stack(CAMEL_2) == (MILLET, MILLET) and state.market.millet == 0


STAGE_ONE = (
    a.OpenMarket(goods=(WATER, MILLET)),
    a.SetDeck(count=12),
    a.Draw(player=KARIN, to_market=(SALT,)),
    a.EndTurn(player=KARIN),
    a.Draw(player=TIMO, to_market=(SALT,)),
    a.EndTurn(player=TIMO),
    a.Buy(player=KARIN, card=SpecialCard.CAVE, from_cache=(GOLD, SALT)),
    a.EndTurn(player=KARIN),
    a.Buy(player=TIMO, card=SpecialCard.THIEF, from_cache=(GOLD, WATER)),
    a.EndTurn(player=TIMO),
    a.Draw(player=KARIN, to_market=(MILLET,)),
    a.Hide(player=KARIN, cave=1),
    a.EndTurn(player=KARIN),
    a.TakeFromMarket(player=TIMO, onto=CAMEL_1, good=SALT, count=2),
    a.Steal(player=TIMO, thief=1, victim=KARIN),
    a.EndTurn(player=TIMO),
    a.Draw(player=KARIN, to_market=(WATER,)),  # the deck's last cards: one more turn each
    a.EndTurn(player=KARIN),
    a.SetMarket(),  # (the market bought out: Timo can do nothing, so he may pass)
    a.EndTurn(player=TIMO),
    a.Buy(player=KARIN, card=SpecialCard.MAP, from_cache=(GOLD, SALT)),
    a.EndTurn(player=KARIN),
)
"""Karin hides a card in her cave, Timo's thief steals one from her hand, Karin buys a map."""


def test_the_stage_end_reveal_the_majorities_and_the_final_sheet(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    logged(database, *STAGE_ONE, values=TABLE_VALUES)
    with running_app(database) as h:
        resume(h)
        screen = h.screen
        assert screen.table.state.phase is Phase.REVEAL
        assert shown(h, "title") == ("Karin's cave 1: which cards lie in it (in the order hidden)?")
        assert "cave 1: 1 card face down" not in plain(screen.panels[KARIN].text)
        tap_text(h, "gold")
        assert shown(h, "title") == "Timo's thief 1: which card did it steal?"
        shot(h, "tuareg-reveal")
        assert_touch_targets(h)
        tap_text(h, "gold")
        assert shown(h, "title") == "Karin holds 1 map: cash it in for this stage?"
        tap_text(h, "Cash a map")
        assert shown(h, "title") == "Stage 1: the count (animals, caves, thieves; not hands)"

        def table() -> list[list[str]]:
            cells = [plain(c.text) for c in reversed(screen.majority.children)]
            cols = screen.majority.cols
            return [cells[i : i + cols] for i in range(0, len(cells), cols)]

        expected = [
            ["", "water", "gold", "rock salt", "millet", "maps", "total"],
            ["Karin", "0 (0)", "1 (4)", "0 (0)", "0 (0)", "2", "6"],  # a tie for gold: 5 - 1
            ["Timo", "0 (0)", "1 (4)", "2 (3)", "0 (0)", "0", "7"],
        ]
        assert table() == expected
        shot(h, "tuareg-majorities")
        tap_text(h, "Score stage 1")
        state = screen.table.state
        assert state.stage == 2 and state.phase is Phase.TURNS and state.deck == 4
        assert shown(h, "title") == "Stage 1 is scored."
        assert table() == expected  # the scored stage, as counted
        tap_text(h, "On to stage 2")
        assert shown(h, "title") == "Timo: choose the turn's action."

        # Stage 2, played quickly: Timo and Karin draw the last 4 cards, then the count.
        for action in (
            a.Draw(player=TIMO, to_market=(SALT,)),
            a.EndTurn(player=TIMO),
            a.Draw(player=KARIN),
            a.EndTurn(player=KARIN),
            # Nobody can do anything more (as the corrections say), so both pass.
            a.SetMarket(),
            a.SetHand(player=TIMO, count=0),
            a.SetHand(player=KARIN, count=0),
            a.EndTurn(player=TIMO),
            a.EndTurn(player=KARIN),
        ):
            assert screen.table.submit(action, seq=screen.table.seq).ok, action
        assert screen.table.state.phase is Phase.REVEAL
        tap_text(h, "Score stage 2")
        assert h.screen.name == "sheet"  # game over: the score sheet
        sheet = h.screen
        assert sheet.sheet.final and sheet.sheet.points["Karin"]["stage_1_gold"] == 4
        assert sheet.sheet.totals == {"Karin": 6, "Timo": 7}
        shot(h, "tuareg-sheet")
        tap_text(h, "Back")
        assert h.screen is screen and shown(h, "title") == "The game is over."


def test_the_screen_fits_the_large_display(tmp_path: Path) -> None:
    building = tmp_path / "building.sqlite3"
    logged(building, *STAGE_ONE[:6], values=TABLE_VALUES)
    with running_app(building, size=SIZES[1]) as h:
        resume(h)
        tap_text(h, "Load from the hand")
        h.tap(h.screen.animal_cells[(KARIN, CAMEL_1)])
        tap_text(h, "gold")
        assert plain(h.screen.ids.prompt.title) == "Karin loads Camel 1"
        shot(h, "tuareg-load")
        assert_touch_targets(h)
        tap_text(h, "Load 1 card")
        assert h.screen.table.state.players[KARIN].stack(CAMEL_1) == (GOLD,)
        tap_text(h, "Home")
        start_tuareg(h)  # this table confirmed no values yet: the new game asks
        assert h.screen.values.prompt.parent is not None
        shot(h, "tuareg-values")
        assert_touch_targets(h)

    ended = tmp_path / "ended.sqlite3"
    logged(ended, *STAGE_ONE, values=TABLE_VALUES)
    with running_app(ended, size=SIZES[1]) as h:
        resume(h)
        tap_text(h, "gold")
        assert plain(h.screen.ids.prompt.title) == "Timo's thief 1: which card did it steal?"
        shot(h, "tuareg-reveal")
        assert_touch_targets(h)


def assert_in_view(widget) -> None:
    """``widget`` lies wholly inside the window and inside every scroll area's view around it."""
    left, bottom = widget.to_window(widget.x, widget.y)
    right, top = widget.to_window(widget.right, widget.top)
    assert 0 <= left < right <= Window.width and 0 <= bottom < top <= Window.height
    ancestor = widget.parent
    while ancestor is not None and ancestor is not Window:
        if isinstance(ancestor, ScrollView):
            view_left, view_bottom = ancestor.to_window(ancestor.x, ancestor.y)
            view_right, view_top = ancestor.to_window(ancestor.right, ancestor.top)
            assert view_left <= left and right <= view_right + 1
            assert view_bottom <= bottom + 1 and top <= view_top + 1, "scrolled out of view"
        ancestor = ancestor.parent


def test_five_players_panels_are_all_in_view_with_their_badges(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    with Store.open(database) as store:
        session = Session.create(store, RULES, options(5))
        opened = a.OpenMarket(goods=(WATER, MILLET))
        assert session.submit(opened, seq=session.seq, game_id=session.game_id).verdict.ok
    with running_app(database) as h:
        resume(h)
        screen = h.screen
        assert len(screen.panels) == 5
        for seat, panel in enumerate(screen.panels):
            assert_in_view(panel)
            player = screen.table.state.players[seat]
            assert panel.text.startswith(badge(player.colour, player.name))
        for cell in screen.animal_cells.values():
            assert_in_view(cell)
        assert screen.panels[0].active and not screen.panels[1].active
        # the counts read from across the table: their numbers at 20 sp or more, each held to its
        # word
        for panel in screen.panels:
            (size,) = re.findall(r"hand\u00a0\[size=(\d+)\]\d+\[/size\]", panel.text)
            assert int(size) >= sp(20)
        loaded = runs_markup((SALT, SALT, GOLD), "empty")
        assert [int(n) >= sp(20) for n in re.findall(r"\[size=(\d+)\]\[b\]\d", loaded)] == [
            True,
            True,
        ]
        shot(h, "tuareg-five-players")


def test_the_load_builders_way_out_stays_in_view(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    logged(database, a.OpenMarket(goods=(WATER, MILLET)), a.Draw(player=KARIN, to_market=(SALT,)))
    with running_app(database) as h:
        resume(h)
        tap_text(h, "End turn")
        tap_text(h, "Draw")
        tap_text(h, "millet")
        tap_text(h, "Draw, lay 1 into the market")
        tap_text(h, "End turn")
        tap_text(h, "Load from the hand")
        h.tap(h.screen.animal_cells[(KARIN, CAMEL_1)])
        tap_text(h, "gold")
        for text in ("Another animal", "Cancel", "Take the last card back", "Load 1 card"):
            (button,) = buttons(h.screen, text)
            assert_in_view(button)
        tap_text(h, "Cancel")
        assert h.screen.mode is None


def test_the_only_animal_that_can_take_the_market_cards_is_preselected(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    logged(
        database,
        a.OpenMarket(goods=(WATER, MILLET)),
        a.SetStack(player=KARIN, animal=CAMEL_1, goods=(SALT,) * 4),
        a.SetStack(player=KARIN, animal=CAMEL_2, goods=(MILLET,) * 4),
    )
    with running_app(database) as h:
        resume(h)
        screen = h.screen
        tap_text(h, "Take from the market")  # camels 1 and 2 are full: camel 3 is the one
        assert screen.load is not None and screen.load.onto.number == 3
        seq = screen.table.seq
        tap_text(h, "Take 1 water")
        assert screen.table.seq == seq + 1
        assert screen.table.state.players[KARIN].camels[2] == (WATER,)


def test_a_short_payment_or_lay_greys_its_button_out_with_the_reason(tmp_path: Path) -> None:
    """ "Draw, lay 0 into the market" and "Buy the cave" while the note says what is missing:
    greyed out, the rules' reason on them, a tap logs nothing; live again once enough is laid."""
    from ui.games.tuareg import positions

    database = tmp_path / "games.sqlite3"
    with Store.open(database) as store:
        positions.tuareg_opened(store)
    with running_app(database) as h:
        resume(h)
        screen = h.screen
        seq = screen.table.seq
        tap_text(h, "Draw")
        (draw,) = [
            b for b in screen.walk() if plain(getattr(b, "text", "")).startswith("Draw, lay 0")
        ]
        assert draw.disabled and "Lay at least one card" in plain(draw.text)
        h.tap(draw)
        assert screen.table.seq == seq
        tap_text(h, "Cancel")
        tap_text(h, "Buy a special card")
        (cave,) = [b for b in screen.walk() if plain(getattr(b, "text", "")).startswith("cave (")]
        h.tap(cave)
        (buy,) = [
            b for b in screen.walk() if plain(getattr(b, "text", "")).startswith("Buy the cave")
        ]
        assert buy.disabled and "costs 3 dinars" in plain(buy.text)
        h.tap(buy)
        assert screen.table.seq == seq


def test_a_players_maps_stay_on_one_line_with_their_number_in_german(tmp_path: Path) -> None:
    """German maps are "Landkarten" ("Karten" were the goods cards too, on the same screen): at
    800x480 "Landkarten 0" at 20 sp was wider than the player's panel and its 0 wrapped onto the
    next line; the number alone is drawn at 20 sp, so the word and its number keep one line."""
    with driven(tmp_path, lang="de") as driver:
        tuareg_tour.tuareg_majorities(driver)
        driver.frames(3)
        panel = driver.screen.panels[0]
        assert "Landkarten" in plain(panel.text)
        lines = laid_out_lines(panel.ids.header)
    (holding,) = [line for line in lines if "Landkarten" in line]
    assert re.search(r"Landkarten\u00a0\d", holding), lines
    assert not any(line.strip().startswith(tuple("0123456789")) for line in lines), lines
