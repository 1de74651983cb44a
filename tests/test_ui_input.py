"""Input without a keyboard: a table names its players from the recent names and on the on-screen
keyboard, picks colours by shape and who starts by a tap, and enters every number on a stepper;
no text field anywhere waits for a hardware keyboard. Real offscreen window, real taps."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from kivy.core.window import Window
from kivy.tests.common import UnitTestTouch
from kivy.uix.modalview import ModalView
from kivy.uix.textinput import TextInput
from targi_table import RULES as TARGI
from tuareg_table import RULES as TUAREG
from ui_harness import Harness, running_app, tap_text

from companion.play.session import Session
from companion.rules.registry import GAMES, rules_for
from companion.store import Store
from ui.audit.driver import plain
from ui.corrections import correction_types
from ui.keyboard import BACKSPACE, SHIFT, OnScreenKeyboard
from ui.picker import Picker
from ui.screens.home import HomeScreen, game_title

UI = Path(__file__).resolve().parent.parent / "ui"
LETTERS = "ąćęłńóśźżäöüßñáéíóú"
"""Every letter of Polish, German and Spanish names beyond a-z."""


@pytest.fixture(autouse=True)
def no_dialog_left() -> Iterator[None]:
    """A dialog a test leaves open is closed (the window outlives the test)."""
    yield
    for child in Window.children[:]:
        if isinstance(child, ModalView):
            child.dismiss(animation=False)


def played_before(store: Store) -> None:
    """Two earlier games: Amal and Bilal at Targi, then Carmen, Dawid and Ewa at Tuareg."""
    players = [{"name": "Amal", "colour": "blue"}, {"name": "Bilal", "colour": "white"}]
    Session.create(store, TARGI, TARGI.parse_options({"players": players}))
    players = [
        {"name": name, "colour": colour}
        for name, colour in (("Carmen", "green"), ("Dawid", "black"), ("Ewa", "purple"))
    ]
    Session.create(store, TUAREG, TUAREG.parse_options({"players": players}))


def dialog(kind: type) -> object:
    """The one dialog of ``kind`` open over the window."""
    (found,) = [w for w in Window.children if isinstance(w, kind)]
    return found


def dialog_buttons(kind: type) -> list[str]:
    """The texts of the buttons of the open dialog of ``kind``, markup aside, sorted."""
    found = dialog(kind).walk()  # type: ignore[attr-defined]
    return sorted(plain(w.text) for w in found if hasattr(w, "trigger_action"))


def tap_in_dialog(h: Harness, kind: type, text: str) -> None:
    found = [
        w
        for w in dialog(kind).walk()  # type: ignore[attr-defined]
        if hasattr(w, "trigger_action") and plain(getattr(w, "text", "")) == text
    ]
    assert len(found) == 1, (text, dialog_buttons(kind))
    h.tap(found[0])


def type_keys(h: Harness, text: str) -> None:
    """Tap ``text``'s keys on the open keyboard (word starts are capitals by themselves)."""
    keyboard = dialog(OnScreenKeyboard)
    for key in text:
        h.tap(keyboard.ids.space if key == " " else keyboard.keys[key.lower()])  # type: ignore[attr-defined]


def type_name(h: Harness, home: HomeScreen, seat: int, text: str) -> None:
    """Seat ``seat``'s name typed as a new name: the name, then New name..., the keys, OK."""
    h.tap(home.seats()[seat].ids.name)
    tap_in_dialog(h, Picker, "New name…")
    type_keys(h, text)
    h.tap(dialog(OnScreenKeyboard).ids.ok)  # type: ignore[attr-defined]


def pick_name(h: Harness, home: HomeScreen, seat: int, name: str) -> None:
    h.tap(home.seats()[seat].ids.name)
    tap_in_dialog(h, Picker, name)


@pytest.mark.parametrize(
    ("game", "names"),
    [
        ("targi", ("Łucja", "Amal")),
        ("tuareg", ("Carmen", "Łucja Żak", "Jürgen", "Bilal", "Sami")),
    ],
)
def test_a_table_names_its_players_only_by_taps(
    tmp_path: Path, game: str, names: tuple[str, ...]
) -> None:
    database = tmp_path / "games.sqlite3"
    with Store.open(database) as store:
        played_before(store)
        recent = [p.name for p in store.recent_players()]
    with running_app(database) as h:
        home = h.screen
        tap_text(h, game_title(game))
        while len(home.seats()) < len(names):
            h.tap(home.ids.add_player)
        assert all(row.get_root_window() is not None for row in home.seats())

        h.tap(home.seats()[0].ids.name)  # the recent players, the latest first, then a new name
        assert dialog_buttons(Picker) == sorted([*recent, "New name…", "Cancel"])
        offered = [plain(b.text) for b in reversed(dialog(Picker).ids.options.children)]
        assert offered == recent
        tap_in_dialog(h, Picker, "Cancel")
        for seat, name in enumerate(names):
            if name in recent:
                pick_name(h, home, seat, name)
            else:
                type_name(h, home, seat, name.lower())
        h.tap(home.seats()[1].ids.starts)  # the second seat starts
        assert [plain(r.ids.starts.text) for r in home.seats()][:2] == ["Starts", "▶ Starts"]
        h.tap(home.ids.start_game)
        assert h.screen.name == f"game-{game}"
        state = h.screen.table.state
        assert [p.name for p in state.players] == list(names)
        game_id = h.screen.table.game_id
    with Store.open(database) as store:
        options = store.load(game_id).options
        assert [p["name"] for p in options["players"]] == list(names)
        assert options["start_player"] == 1
        if game == "tuareg":  # Carmen and Bilal took their last colours back
            assert options["players"][0]["colour"] == "green"
            assert options["players"][3]["colour"] == "white"


def test_a_colour_is_chosen_by_its_shape_and_a_taken_one_is_swapped(tmp_path: Path) -> None:
    with running_app(tmp_path / "games.sqlite3") as h:
        home = h.screen
        first, second = home.seats()
        assert plain(first.ids.colour.text) == "● blue"  # the piece's shape, not hue alone
        h.tap(first.ids.colour)
        assert "▲ red" in dialog_buttons(Picker) and "★ green" in dialog_buttons(Picker)
        tap_in_dialog(h, Picker, "■ white")  # the second seat's colour: the two swap
        assert (first.ids.colour.colour, second.ids.colour.colour) == ("white", "blue")


def test_the_keyboard_types_every_language_s_letters_backspace_and_cancel(tmp_path: Path) -> None:
    with running_app(tmp_path / "games.sqlite3") as h:
        home = h.screen
        row = home.seats()[0]
        h.tap(row.ids.name)  # nobody played yet: the keyboard opens at once
        keyboard = dialog(OnScreenKeyboard)
        assert set(LETTERS) <= set(keyboard.keys)  # type: ignore[attr-defined]
        assert min(min(k.size) for k in keyboard.keys.values()) >= 48  # type: ignore[attr-defined]
        type_keys(h, "żó")
        assert keyboard.text == "Żó"  # type: ignore[attr-defined]
        for key in (BACKSPACE, BACKSPACE, SHIFT, "ß", "ñ", "ü", "-", "é", "ą"):
            h.tap(keyboard.keys[key])  # type: ignore[attr-defined]
        assert keyboard.text == "ßñü-Éą"  # type: ignore[attr-defined]
        h.tap(keyboard.ids.cancel)  # type: ignore[attr-defined]
        assert not [w for w in Window.children if isinstance(w, OnScreenKeyboard)]
        assert row.ids.name.text == "Player 1"  # cancelled: unchanged
        h.tap(row.ids.name)
        type_keys(h, "x" * 30)
        assert dialog(OnScreenKeyboard).text == "X" + "x" * 23  # type: ignore[attr-defined]


def test_a_held_stepper_keeps_stepping_within_its_bounds(tmp_path: Path) -> None:
    with running_app(tmp_path / "games.sqlite3") as h:
        tap_text(h, "Settings")
        rows = h.screen.sections["tuareg"].rows
        water = rows[next(iter(rows))].ids.points
        x, y = water.ids.up.to_window(*water.ids.up.center)
        touch = UnitTestTouch(x, y)
        touch.touch_down()
        h.run_for(2.5)  # held: repeats, faster after a while, and stops at the highest
        touch.touch_up()
        h.frames(3)
        assert water.value == water.maximum == 20
        h.run_for(0.3)
        assert water.value == 20


def test_no_text_field_waits_for_a_hardware_keyboard(tmp_path: Path) -> None:
    """No ``TextInput`` in the app's sources, nor in any screen or correction form as built."""
    sources = [*UI.rglob("*.py"), *UI.rglob("*.kv")]
    assert len(sources) > 20
    audit = UI / "audit" / "checks.py"  # it recognises text fields, to measure them
    uses = [p.name for p in sources if p != audit and "TextInput" in p.read_text(encoding="utf-8")]
    assert uses == []
    database = tmp_path / "games.sqlite3"
    with Store.open(database) as store:
        played_before(store)
    with running_app(database) as h:
        seen = [h.screen]
        tap_text(h, "Settings")
        seen.append(h.screen)
        for game in sorted(GAMES):
            h.app.home()
            h.frames(2)
            h.screen.ids.game.text = game
            h.frames(2)
            h.tap(h.screen.ids.start_game)
            screen = h.screen
            seen.append(screen)
            for cls in correction_types(rules_for(game)):
                screen.correct()
                h.frames(2)
                h.screen.choose(cls)
                h.frames(1)
                seen.append(h.screen)
                assert not [w for s in seen for w in s.walk() if isinstance(w, TextInput)], cls
                h.screen.cancel()
        assert {s.name for s in seen} >= {"home", "settings", "correct", "game-targi"}


def test_a_hardware_keyboard_types_into_the_dialog_and_reaches_nothing_else(
    tmp_path: Path,
) -> None:
    """On a desktop: keys typed while the on-screen keyboard is open are its (``h`` is not Home,
    Backspace is not Undo); Enter is OK."""
    database = tmp_path / "games.sqlite3"
    with Store.open(database) as store:
        played_before(store)
    with running_app(database) as h:
        h.screen.ids.game.text = "targi"
        h.frames(2)
        h.tap(h.screen.ids.start_game)
        tap_text(h, "Correct")
        tap_text(h, "Card bonus")
        field = h.screen.rows["note"][1].ids.text
        h.tap(field)
        for key, text in ((ord("h"), "h"), (ord("o"), "ö")):
            Window.dispatch("on_key_down", key, 0, text, [])
            Window.dispatch("on_textinput", text)
            Window.dispatch("on_key_up", key, 0)
        Window.dispatch("on_key_down", 8, 0, None, [])  # Backspace
        h.frames(2)
        assert h.screen.name == "correct" and dialog(OnScreenKeyboard).text == "h"  # type: ignore[attr-defined]
        Window.dispatch("on_key_down", 13, 0, None, [])  # Enter
        h.frames(2)
        assert field.typed == "h" and not [
            w for w in Window.children if isinstance(w, OnScreenKeyboard)
        ]
        Window.dispatch("on_key_down", ord("h"), 0, "h", [])  # closed: the desktop's keys again
        Window.dispatch("on_key_up", ord("h"), 0)
        h.frames(2)
        assert h.screen.name != "correct"  # the app took the key (its Home intent)
