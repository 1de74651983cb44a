"""What keeps the app fast with a software renderer: no frame drawn for nothing, no text rendered
twice, and only Home's rules read before the first frame (the benchmark, ``benchmarks/ui.py``,
measures the speed itself; these tests pin the mechanisms)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from _pytest.monkeypatch import MonkeyPatch
from kivy.graphics import Color, Line
from kivy.tests.common import UnitTestTouch
from kivy.uix.label import Label
from kivy.uix.widget import Widget
from targi_table import CENTRE
from test_ui_scans import scan
from test_ui_targi import name_centre, start_targi
from ui_harness import plain, running_app

from companion.games.targi.actions import TargiAction
from companion.games.targi.model import TargiState
from companion.games.targi.names import card_hints
from companion.games.targi.naming import faces
from companion.games.targi.rules import TargiRules
from companion.rules.verdict import Verdict
from ui.games.targi.gamescreen import chip_text
from ui.kv import frame_rectangle, line_width


def costly_lines(root: Widget) -> list[tuple[str, float, float]]:
    """``(widget class, width, alpha)`` of every line under ``root`` that costs a software renderer
    for nothing: drawn through the stencil buffer (wider than 1 in a colour that is not opaque, the
    colour set before it in the same canvas), or drawn in a colour nobody sees (alpha 0) around a
    box that is not empty."""
    found = []
    for widget in root.walk():
        for canvas in (widget.canvas.before, widget.canvas, widget.canvas.after):
            alpha = 1.0  # every rule here sets its colour before its lines
            for instruction in canvas.children:
                if isinstance(instruction, Color):
                    alpha = instruction.a
                elif isinstance(instruction, Line) and alpha < 1:
                    stencilled = instruction.width > 1
                    unseen = alpha == 0 and len(set(instruction.points)) > 1
                    if stencilled or unseen:
                        found.append((type(widget).__name__, instruction.width, alpha))
    return found


def test_a_hidden_frame_is_an_empty_plain_line_and_a_shown_one_keeps_its_box_and_width() -> None:
    assert line_width((0, 0, 0, 0), 4.0) == 1.0
    assert line_width((1, 1, 0, 1), 4.0) == 4.0
    assert frame_rectangle((0, 0, 0, 0), 5, 6, 70, 80) == (0, 0, 0, 0)
    assert frame_rectangle((1, 1, 0, 1), 5, 6, 70, 80) == (5, 6, 70, 80)


def test_the_targi_table_and_its_toast_draw_no_costly_line(tmp_path: Path) -> None:
    with running_app(tmp_path / "t.sqlite3") as h:
        start_targi(h)
        name_centre(h, CENTRE)
        screen = h.screen
        cells = screen.cells
        assert any(cell.highlighted for cell in cells.values())  # frames shown ...
        assert not all(cell.highlighted for cell in cells.values())  # ... and hidden
        assert costly_lines(screen) == []
        h.tap(cells[2])  # a Targi placed, then taken back: the undo's toast shows
        screen.undo()
        h.frames(2)
        assert plain(screen.toast.text).startswith("Undone")
        assert costly_lines(screen.toast) == []


def test_a_toast_is_rendered_once_per_message(tmp_path: Path, monkeypatch: MonkeyPatch) -> None:
    with running_app(tmp_path / "t.sqlite3") as h:
        start_targi(h)
        name_centre(h, CENTRE)
        screen = h.screen
        renders: list[str] = []
        render = Label.texture_update

        def counted(label: Label, *args: object) -> None:
            if label is screen.toast:
                renders.append(plain(label.text))
            render(label, *args)

        monkeypatch.setattr(Label, "texture_update", counted)
        h.tap(screen.cells[2])
        screen.undo()
        h.frames(3)
        assert screen.toast.shown
        assert len(renders) == 1 and renders[0].startswith("Undone")


def test_a_scanned_card_checks_only_its_own_moves_and_its_frame_none(
    tmp_path: Path, monkeypatch: MonkeyPatch
) -> None:
    """The scan's judgement checks only the moves that name its card (one per face-down cell it
    may go on, of some 250 reveals), and the frame that shows it lists no state's legal actions:
    whose turn it is needs the first one, the next card's naming prompt none. Before, every legal
    action of the state the scan left was checked for the game bar: 9 ms of a scan's 16 ms of
    handling here."""
    with running_app(tmp_path / "t.sqlite3") as h:
        start_targi(h)
        screen = h.screen
        listed: list[object] = []
        checked: list[object] = []
        legal_actions, check = TargiRules.legal_actions, TargiRules.check

        def counted(rules: TargiRules, state: TargiState) -> list[TargiAction]:
            listed.append(state)
            return legal_actions(rules, state)

        def counted_check(rules: TargiRules, state: TargiState, action: TargiAction) -> Verdict:
            checked.append(action)
            return check(rules, state, action)

        monkeypatch.setattr(TargiRules, "legal_actions", counted)
        monkeypatch.setattr(TargiRules, "check", counted_check)
        scan(h, "TARGI-GOODS-DATES-1")
        h.wait_for(lambda: screen.table.state.slot((1, 1)).card == "TARGI-GOODS-DATES-1")
        h.frames(2)
        assert listed == []
        cells = len(CENTRE)
        assert len(checked) <= cells + 1  # the card's cells, then the next state's first move


def test_the_naming_chips_are_kept_from_one_card_to_the_next_but_not_one_under_a_finger(
    tmp_path: Path,
) -> None:
    """A card named by a scan redraws the chips for the next face-down card: the chips are given
    their new faces (making them anew was a third of a scan's time), except one a finger is on,
    which keeps what it showed when the finger landed; lifting the finger names nothing twice."""
    with running_app(tmp_path / "t.sqlite3") as h:
        start_targi(h)
        screen = h.screen
        h.frames(2)  # the chips laid out
        chips = list(screen.chips)
        held = chips[0]
        x, y = held.to_window(*held.center)
        finger = UnitTestTouch(x, y)
        finger.touch_down()
        h.run_for(0.3)  # the chips' scroll view hands a still finger on after its timeout
        assert held.state == "down"
        shown_held = (held.text, held.payload)
        scan(h, "TARGI-GOODS-DATES-1")
        h.wait_for(lambda: screen.table.state.slot((1, 1)).card == "TARGI-GOODS-DATES-1")
        assert held not in screen.chips and (held.text, held.payload) == shown_held
        assert set(chips[1:]) & set(screen.chips)  # the rest kept, with the next card's faces
        assert screen.selected != (1, 1)
        assert {chip.payload[0].cell for chip in screen.chips} == {screen.selected}
        assert sorted(plain(c.text) for c in screen.chips) == sorted(
            plain(chip_text(face, card_hints(), compact=True))
            for face in faces(screen.table.state, screen.selected)
            if face.symbol is screen.symbol
        )
        seq = screen.table.seq
        finger.touch_up()
        h.frames(3)
        assert screen.table.seq == seq  # the held chip's card at (1, 1): named already, refused


START = """
import sys
from pathlib import Path

from ui.launch import prepare_kivy

prepare_kivy()
from kivy.lang import Builder

from companion.store import Store
from ui.app import CompanionApp

with Store.open(Path(sys.argv[1])) as store:
    CompanionApp(store).build()
    print(" ".join(sorted(Path(name).name for name in Builder.files)))
"""


def _fresh_process(script: str, tmp_path: Path, *arguments: str, **settings: str) -> str:
    """The last line ``script`` prints, run in a process of its own (each test process has loaded
    every module and read every rule by now) with an offscreen Kivy of its own."""
    env = {
        **os.environ,
        "KIVY_HOME": str(tmp_path / "kivy"),
        "KIVY_NO_ARGS": "1",
        "KIVY_NO_FILELOG": "1",
        "KIVY_NO_CONSOLELOG": "1",
        "SDL_VIDEODRIVER": "offscreen",
        **settings,
    }
    done = subprocess.run(
        [sys.executable, "-c", script, *arguments],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return done.stdout.splitlines()[-1]


def test_home_is_built_without_the_rules_of_what_it_opens_later(tmp_path: Path) -> None:
    loaded = set(_fresh_process(START, tmp_path, str(tmp_path / "t.sqlite3")).split())
    assert {"home.kv", "widgets.kv"} <= loaded
    later = {
        "keyboard.kv",
        "picker.kv",
        "storage.kv",
        "settings.kv",
        "scoresheet.kv",
        "house_rules.kv",
        "rules.kv",
        "players.kv",
        "gamelog.kv",
        "enrol.kv",
        "labels.kv",
    }
    assert not loaded & later
    assert "gamescreen.kv" not in loaded  # no game screen either


KIOSK_START = """
import sys

import ui.launch


def home_only(database, config=None):
    ui.launch.prepare_kivy()
    from companion.store import Store
    from ui.app import CompanionApp

    with Store.open(database) as store:
        CompanionApp(store, config).build()  # what the first frame draws
    print(" ".join(sorted(sys.modules)))
    return 0


ui.launch.run = home_only
from companion.cli import main

sys.exit(main([]))
"""


def test_the_kiosk_start_loads_neither_pydantic_nor_the_exports_before_home(
    tmp_path: Path,
) -> None:
    """``table-companion`` with no arguments (the kiosk's start) up to Home built: pydantic (the
    config's schema, the games' rules), fpdf2 and segno load after the first frame. Before, they
    were 80 ms and 300 ms of a first frame at 730 ms."""
    config = tmp_path / "config.toml"
    config.write_text("[buttons.confirm]\npin = 17\n")
    loaded = _fresh_process(
        KIOSK_START,
        tmp_path,
        TABLE_COMPANION_DB=str(tmp_path / "t.sqlite3"),
        TABLE_COMPANION_CONFIG=str(config),
    ).split()
    assert "ui.screens.home" in loaded  # Home was built
    assert not {name.split(".")[0] for name in loaded} & {"pydantic", "fpdf", "segno"}


def test_the_kiosk_start_loads_only_what_homes_first_frame_draws(tmp_path: Path) -> None:
    """``table-companion`` with no arguments up to Home built: of Kivy's image loaders SDL2's only
    (the app's images are PNGs; Pillow's, also loaded, was some 15 ms of the start), neither the
    input devices' events (the devices open after the first frame) nor the other commands (the
    phones' server), nor a game screen's widgets (the game bar, its band, the refusal toast)."""
    loaded = set(
        _fresh_process(
            KIOSK_START, tmp_path, TABLE_COMPANION_DB=str(tmp_path / "t.sqlite3")
        ).split()
    )
    assert {"ui.screens.home", "kivy.core.image.img_sdl2"} <= loaded  # Home was built
    assert not {name.split(".")[0] for name in loaded} & {"PIL", "ffpyplayer"}
    game_screens = {"ui.screens.base", "ui.game_widgets", "ui.header", "ui.toast"}
    assert not loaded & {"hardware.events", "web.commands", *game_screens}
