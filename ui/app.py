"""The app: one ScreenManager, the store, the game on the table, and every input routed to the
screen showing (touch directly; named buttons, keys and scanned cards through :meth:`handle`)."""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.core.window import Keyboard, Window
from kivy.uix.screenmanager import NoTransition, ScreenManager

from companion import watchdog
from companion.i18n import _
from companion.scoresheet import ScoreSheet
from companion.session import LogCorruptionError, Session
from companion.store import Store
from companion.verdict import Verdict
from hardware.events import (
    ButtonPressed,
    CardScanned,
    InputEvent,
    ScannerConnected,
    ScannerLost,
    UnknownTag,
)
from ui import widgets  # noqa: F401  (loads the shared widget rules before any screen's .kv)
from ui.inputs import KEY_BUTTONS, HardwarePump, IdleThrottle
from ui.screens.base import GameScreen
from ui.screens.correct import CorrectScreen
from ui.screens.generic import GenericGameScreen
from ui.screens.home import HomeScreen
from ui.screens.scoresheet import ScoreSheetScreen
from ui.screens.settings import SettingsScreen
from ui.screens.targi import TargiScreen
from ui.screens.tuareg import TuaregScreen
from ui.table import TableGame

GAME_SCREENS: dict[str, type[GameScreen]] = {"targi": TargiScreen, "tuareg": TuaregScreen}
"""Games with a dedicated screen; any other registered game gets :class:`GenericGameScreen`."""

KEY_NAMES = {code: name for name, code in Keyboard.keycodes.items()}


class CompanionApp(App):
    title = "Table Companion"

    def __init__(self, store: Store, idle_after: float = 5.0, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.store = store
        self.table: TableGame | None = None
        self.idle_after = idle_after

    # --- building -------------------------------------------------------------------------------

    def build(self) -> ScreenManager:
        self.manager = ScreenManager(transition=NoTransition())
        self.home_screen = HomeScreen(nav=self, store=self.store, name="home")
        self.settings_screen = SettingsScreen(nav=self, store=self.store, name="settings")
        self.sheet_screen = ScoreSheetScreen(nav=self, name="sheet")
        self.correct_screen = CorrectScreen(nav=self, name="correct")
        for screen in (
            self.home_screen,
            self.settings_screen,
            self.sheet_screen,
            self.correct_screen,
        ):
            self.manager.add_widget(screen)
        self.game_screens: dict[str, GameScreen] = {}
        self.pump = HardwarePump(self.handle)
        self.throttle = IdleThrottle(after=self.idle_after)
        Window.bind(on_key_down=self._key_down, on_touch_down=self.throttle.wake)
        return self.manager

    def on_start(self) -> None:
        self.throttle.start()
        watchdog.ready()  # systemd (Type=notify) starts the watchdog from here
        watchdog.keep_alive(Clock.schedule_interval)

    def on_stop(self) -> None:
        watchdog.stopping()
        Window.unbind(on_key_down=self._key_down, on_touch_down=self.throttle.wake)

    # --- navigation -----------------------------------------------------------------------------

    def go(self, name: str) -> None:
        self.manager.current = name

    def home(self) -> None:
        self.go("home")

    def settings(self) -> None:
        self.go("settings")

    def game_screen(self, game: str) -> GameScreen:
        """The screen for ``game`` (made on first use)."""
        if game not in self.game_screens:
            screen_class = GAME_SCREENS.get(game, GenericGameScreen)
            screen = screen_class(nav=self, name=f"game-{game}")
            self.game_screens[game] = screen
            self.manager.add_widget(screen)
        return self.game_screens[game]

    def open(self, table: TableGame) -> None:
        self.table = table
        screen = self.game_screen(table.rules.name)
        screen.show(table)
        self.go(screen.name)

    def new_game(self, rules: Any, options: Any) -> None:
        self.open(TableGame(Session.create(self.store, rules, options)))

    def resume(self, game_id: str) -> None:
        try:
            self.open(TableGame.resume(self.store, game_id))
        except LogCorruptionError as error:
            self.home_screen.message = _("This game cannot be resumed: {error}").format(error=error)

    def finished_sheet(self, game_id: str) -> None:
        try:
            table = TableGame.resume(self.store, game_id)
        except LogCorruptionError as error:
            self.home_screen.message = _("This game cannot be opened: {error}").format(error=error)
            return
        self.show_sheet(table.score_sheet(), back_to="home")

    def show_sheet(self, sheet: ScoreSheet, back_to: str) -> None:
        self.sheet_screen.show(sheet, back_to)
        self.go("sheet")

    def correct(self, table: TableGame) -> None:
        self.correct_screen.show(table)
        self.go("correct")

    def back_to_game(self) -> None:
        if self.table is None:
            self.home()
            return
        self.go(self.game_screen(self.table.rules.name).name)

    # --- inputs besides touch -------------------------------------------------------------------

    @property
    def current_game_screen(self) -> GameScreen | None:
        screen = self.manager.current_screen
        return screen if isinstance(screen, GameScreen) else None

    def handle(self, event: InputEvent) -> None:
        """One hardware event, on the Kivy thread."""
        self.throttle.wake()
        screen = self.current_game_screen
        if isinstance(event, ButtonPressed):
            self.press(event.button)
        elif isinstance(event, CardScanned) and screen is not None:
            screen.on_scan(event.card)
        elif isinstance(event, UnknownTag) and screen is not None and screen.table is not None:
            message = _("Unknown tag {tag}: this card is not enrolled.").format(tag=event.tag)
            screen.table.refuse(Verdict(False, "unknown_tag", message))
        elif isinstance(event, ScannerConnected):
            self.settings_screen.scanner_status(
                _("Scanner: connected on {port}").format(port=event.port)
            )
        elif isinstance(event, ScannerLost):
            self.settings_screen.scanner_status(
                _("Scanner: lost ({reason})").format(reason=event.reason)
            )

    def press(self, button: str) -> None:
        """A named button, from the hardware or the keyboard."""
        screen = self.current_game_screen
        if screen is not None and screen.on_button(button):
            return
        if button in ("home", "back"):
            self.back_to_game() if self.manager.current == "correct" else self.home()

    def _key_down(self, _window: Any, key: int, *_args: Any) -> bool:
        """Keys stand in for the named buttons, on game screens only (others have text fields)."""
        self.throttle.wake()
        button = KEY_BUTTONS.get(KEY_NAMES.get(key, ""))
        if button is None:
            return False
        if self.current_game_screen is not None or button == "back":
            self.press(button)
            return True
        return False
