"""The app driven by the table's hardware: GPIO buttons (gpiozero's mock pins, driven from another
thread as on a Pi), the keyboard standing in for them, and a card scanner on a real pseudo-terminal
(scans refused by the phase, an unknown tag enrolled through Settings into the SQLite file,
unplugging shown in Settings)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory
from kivy.core.window import Keyboard, Window
from scanner_pty import FakeScanner
from targi_table import CENTRE, RULES
from ui_harness import Harness, running_app, tap_text

from companion.games.targi import actions as a
from companion.games.targi.model import Phase
from companion.installation.config import Config, load_config, read_config
from companion.installation.device_config import ButtonConfig, ScannerConfig
from companion.play.session import Session
from companion.store import Store
from hardware.events import ScannerConnected
from hardware.keyboard import KEYBOARD
from ui.inputs import DESKTOP_KEYS

HOLD = 0.1
WIRING = {
    "confirm": ButtonConfig(17),
    "undo": ButtonConfig(27),
    "next": ButtonConfig(22, hold_time=HOLD),
    "menu": ButtonConfig(23, hold_time=HOLD),
    "seat1": ButtonConfig(5),
    "seat2": ButtonConfig(6),
}
"""The default wiring's buttons with short holds, so that a test holds for a tenth of a second."""
UNKNOWN = "0A1B2C3D4E"
OPTIONS = RULES.parse_options(
    {"players": [{"name": "Amal", "colour": "blue"}, {"name": "Bilal", "colour": "white"}]}
)


@pytest.fixture
def factory() -> Iterator[MockFactory]:
    factory = MockFactory()
    yield factory
    factory.reset()


def targi_game(database: Path, phase: Phase) -> None:
    """A Targi game in the database, played the plainest legal way up to ``phase``."""
    with Store.open(database) as store:
        session = Session.create(store, RULES, OPTIONS)
        while session.state.phase is not phase:
            state = session.state
            if state.phase is Phase.REVEAL:
                cell = next(c for c in CENTRE if state.slot(c).card is None)
                action = a.RevealCard(cell=cell, card=CENTRE[cell])
            else:
                action = RULES.legal_actions(state)[0]
            assert session.submit(action, seq=session.seq, game_id=session.game_id).verdict.ok


@contextmanager
def table_app(
    database: Path,
    factory: MockFactory | None = None,
    scanner: ScannerConfig | None = None,
) -> Iterator[Harness]:
    """The app on ``database`` with its devices open (GPIO on the mock pins if ``factory``), and
    the one game resumed."""
    with running_app(database) as h:
        h.app.table_config = Config(database=database, buttons=WIRING, scanner=scanner)
        h.app.open_devices(pin_factory=factory)
        unfinished = h.screen.ids.unfinished.children
        if unfinished:
            h.tap(unfinished[0])
        yield h


def refusal(h: Harness) -> str | None:
    table = h.screen.table
    return table.refusal.code if table is not None and table.refusal is not None else None


# --- two ways to press the same buttons ----------------------------------------------------------


def gpio_presser(h: Harness) -> Callable[[str, float], None]:
    """Presses a mock pin from a background thread, as gpiozero's threads deliver them on a Pi."""
    assert h.app.devices is not None and h.app.devices.gpio is not None
    buttons = h.app.devices.gpio.buttons

    def press(name: str, down_for: float) -> None:
        pin = buttons[name].pin

        def finger() -> None:
            pin.drive_low()  # pull-up wiring: pressed is low
            time.sleep(down_for)
            pin.drive_high()
            time.sleep(TAP)  # a finger is not back on a button within its bounce time

        thread = threading.Thread(target=finger)
        thread.start()
        thread.join()

    return press


KEY_OF = {button: key for key, button in reversed(KEYBOARD.items())}


def keyboard_presser(h: Harness) -> Callable[[str, float], None]:
    """Presses the key standing in for a button, through the window as SDL delivers keys."""

    def press(name: str, down_for: float) -> None:
        code = Keyboard.keycodes[KEY_OF[name]]
        Window.dispatch("on_key_down", code, 0, None, [])
        time.sleep(down_for)
        Window.dispatch("on_key_up", code, 0)

    return press


TAP = 0.04
"""Longer than the 20 ms bounce time, shorter than any hold."""


@pytest.mark.parametrize("driver", ["gpio", "keyboard"])
def test_buttons_end_turns_skip_and_hold(tmp_path: Path, factory: MockFactory, driver: str) -> None:
    database = tmp_path / "games.sqlite3"
    targi_game(database, Phase.ACTIONS)
    with table_app(database, factory if driver == "gpio" else None) as h:
        devices = h.app.devices
        assert devices is not None
        assert (devices.gpio is not None) == (driver == "gpio")  # no pins: keyboard only
        press = gpio_presser(h) if driver == "gpio" else keyboard_presser(h)
        table = h.screen.table
        assert table.state.to_move == 0 and "Amal to move" in h.screen.ids.bar.status
        seq = table.seq

        press("seat2", TAP)  # Bilal's turn is not on: the rules refuse, nothing is logged
        h.wait_for(lambda: refusal(h) is not None)
        assert h.screen.ids.bar.refusal == table.refusal.message and table.seq == seq

        open_before = len(h.screen.open_spaces())
        press("next", TAP)  # tapped: Amal leaves the selected card unused
        h.wait_for(lambda: table.seq == seq + 1)
        assert len(h.screen.open_spaces()) == open_before - 1

        press("seat1", TAP)  # Amal's turn is done
        h.wait_for(lambda: "Bilal to move" in h.screen.ids.bar.status)
        assert table.state.to_move == 1 and refusal(h) is None

        press("next", 3 * HOLD)  # held: Targi has no stage to end; said so, nothing logged
        h.wait_for(lambda: refusal(h) == "no_stage_end")
        assert table.seq == seq + 2 and "no stage to end" in h.screen.ids.bar.refusal

        press("undo", TAP)
        h.wait_for(lambda: table.state.to_move == 0)

        press("menu", TAP)  # tapped: Home, and back to the game
        h.wait_for(lambda: h.screen.name == "home")
        press("menu", TAP)
        h.wait_for(lambda: h.screen.name == "game-targi")

        press("menu", 3 * HOLD)  # held: a new game; this one stays resumable
        h.wait_for(lambda: h.screen.name == "home" and "New game" in h.screen.message)
        assert h.app.table is None and len(h.screen.ids.unfinished.children) == 1


def test_desktop_keys_add_to_the_buttons_keys_without_overlap(tmp_path: Path) -> None:
    assert not set(DESKTOP_KEYS) & set(KEYBOARD)
    assert not set(DESKTOP_KEYS.values()) & set(KEYBOARD.values())
    database = tmp_path / "games.sqlite3"
    targi_game(database, Phase.ACTIONS)
    with table_app(database) as h:
        table = h.screen.table
        keyboard_presser(h)("seat1", TAP)
        h.wait_for(lambda: table.state.to_move == 1)
        Window.dispatch("on_key_down", Keyboard.keycodes["backspace"], 0, None, [])
        Window.dispatch("on_key_up", Keyboard.keycodes["backspace"], 0)
        h.wait_for(lambda: table.state.to_move == 0)
        Window.dispatch("on_key_down", Keyboard.keycodes["r"], 0, "r", [])  # redo: desktop only
        h.wait_for(lambda: table.state.to_move == 1)
        Window.dispatch("on_key_down", Keyboard.keycodes["escape"], 0, None, [])
        assert h.screen.name == "home"


# --- the scanner ---------------------------------------------------------------------------------


@contextmanager
def scanner_app(tmp_path: Path, phase: Phase) -> Iterator[tuple[Harness, list[FakeScanner]]]:
    """The app with a ``lines`` scanner behind the symlink ``ttyScanner``; the list holds the
    plugged-in scanner (a test may unplug it and plug in another)."""
    database = tmp_path / "games.sqlite3"
    targi_game(database, phase)
    link = tmp_path / "ttyScanner"
    plugged = [FakeScanner(link)]
    config = ScannerConfig(port=str(link), protocol="lines", repeat_gap=0, retry_max=0.2)
    try:
        with table_app(database, scanner=config) as h:
            h.wait_for(lambda: "connected" in h.app.scanner_status)
            yield h, plugged
    finally:
        for scanner in plugged:
            scanner.unplug()


def test_a_scan_that_does_not_fit_the_phase_is_refused_with_why(tmp_path: Path) -> None:
    with scanner_app(tmp_path, Phase.PLACEMENT) as (h, [scanner]):
        seq = h.screen.table.seq
        scanner.send(b"TARGI-GOODS-2SALT\r")
        h.wait_for(lambda: refusal(h) == "no_card_expected")
        assert "TARGI-GOODS-2SALT was not expected" in h.screen.ids.bar.refusal
        scanner.send(b"tuareg-good-water\r\n")  # a printed id of another game
        h.wait_for(lambda: refusal(h) == "other_game")
        assert "Tuareg card, not a Targi card" in h.screen.ids.bar.refusal
        assert h.screen.table.seq == seq


def test_an_unknown_tag_is_enrolled_in_settings_and_then_resolves(tmp_path: Path) -> None:
    with scanner_app(tmp_path, Phase.REVEAL) as (h, [scanner]):
        first_tribe = h.screen.cells[(1, 2)]
        assert first_tribe.text == "face down"
        scanner.send(UNKNOWN.encode() + b"\n")
        h.wait_for(lambda: h.screen.name == "settings")
        settings = h.screen
        assert settings.pending_tag == UNKNOWN and settings.ids.enrol_game.text == "Targi"
        settings.ids.enrol_group.text = "Tribe cards"
        h.frames(2)
        tap_text(h, "Well 3")
        assert "Scan it again" in settings.message and not settings.pending_tag
        with Store.open(tmp_path / "games.sqlite3") as other:  # committed to the file
            assert other.enrolled_tags() == {UNKNOWN: "TARGI-TRIBE-WELL-3"}
        assert [row.card for row in settings.ids.tag_rows.children] == ["TARGI-TRIBE-WELL-3"]
        tap_text(h, "Back")
        assert h.screen.name == "game-targi"
        scanner.send(UNKNOWN.encode() + b"\n")  # the same tag again: now a known card
        h.wait_for(lambda: first_tribe.text == "Well 3")
        h.app.settings()
        h.frames(2)
        tap_text(h, "Forget")
        # the row goes when the tap's release reaches the list (a scroll area holds it back a moment)
        h.wait_for(lambda: not settings.ids.tag_rows.children)
        assert h.app.tags.resolve(UNKNOWN) is None
        with Store.open(tmp_path / "games.sqlite3") as other:
            assert other.enrolled_tags() == {}


def test_settings_shows_the_scans_a_reconnect_lost_in_full(tmp_path: Path) -> None:
    with scanner_app(tmp_path, Phase.PLACEMENT) as (h, _plugged):
        h.app.settings()
        label = h.screen.ids.hardware
        h.frames(1)
        assert "lost" not in label.text
        link = tmp_path / "ttyScanner"
        h.app.pump.queue.post(ScannerConnected(port=str(link), scans_lost=1, scans_lost_total=2))
        h.wait_for(lambda: "1 just now, 2 since the start" in label.text)
        h.frames(2)
        assert f"connected on {link}; scans lost to reconnects" in label.text
        assert "(scan a lost card again)" in label.text
        # wrapped, not shortened: the whole sentence fits in the label
        assert not label.is_shortened
        assert label.texture_size[0] <= label.width and label.texture_size[1] <= label.height


def test_unplugging_the_scanner_shows_lost_in_settings_and_replugging_connected(
    tmp_path: Path,
) -> None:
    link = tmp_path / "ttyScanner"
    with scanner_app(tmp_path, Phase.PLACEMENT) as (h, plugged):
        h.app.settings()
        label = h.screen.ids.hardware
        h.frames(1)
        assert f"connected on {link}" in label.text
        plugged.pop().unplug()
        h.wait_for(lambda: "lost" in label.text, seconds=3)
        plugged.append(FakeScanner(link))  # a new device behind the same udev symlink
        h.wait_for(lambda: "connected" in label.text, seconds=3)


def test_the_enrol_chooser_names_games_and_card_groups_in_words() -> None:
    """Not the card ids' parts (``TRIBE``, ``targi``): in every language, words."""
    from companion.installation import i18n
    from ui.screens.settings import enrol_games, group_name

    i18n.set_language("de")
    try:
        assert [group_name(g) for g in ("GOODS", "TRIBE", "SPECIAL")] == [
            "Warenkarten",
            "Stammeskarten",
            "Sonderkarten",
        ]
        assert enrol_games()["Targi"] == "targi"
    finally:
        i18n.set_language("en")


def test_a_config_with_a_problem_leaves_the_buttons_off_and_home_says_why(
    tmp_path: Path, factory: MockFactory
) -> None:
    """The app reads its config to draw its first frame and checks it when the devices open:
    a mistake in the wiring turns the buttons and the scanner off, never the app."""
    database = tmp_path / "games.sqlite3"
    file = tmp_path / "config.toml"
    file.write_text(
        '[buttons.confirm]\npin = 17\n\n[buttons.undo]\npin = 99\n\n[scanner]\nport = "x"\n'
    )
    with running_app(database) as h:
        h.app.table_config = read_config(file)
        h.app.open_devices(pin_factory=factory)
        devices = h.app.devices
        assert devices is not None and devices.wiring == {} and devices.scanner_config is None
        message = h.screen.message
        assert message.startswith("The config file has a problem, so the buttons and the scanner")
        assert "buttons.undo.pin must be between 0 and 27, not 99" in message
        assert h.app.scanner_status == message  # Settings says it too
        h.frames(2)
        assert h.screen.name == "home"


def test_a_config_checked_when_the_devices_open_wires_them(
    tmp_path: Path, factory: MockFactory
) -> None:
    database = tmp_path / "games.sqlite3"
    file = tmp_path / "config.toml"
    file.write_text("[buttons.confirm]\npin = 17\n")
    with running_app(database) as h:
        h.app.table_config = read_config(file)
        h.app.open_devices(pin_factory=factory)
        assert h.app.devices is not None and list(h.app.devices.wiring) == ["confirm"]
        assert h.app.table_config == load_config(file)
        assert h.app.config_problem is None
