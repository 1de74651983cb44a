"""The app: one ScreenManager, the store, the game on the table, and every input routed to the
screen showing (touch directly; named buttons, keys and scanned cards through :mod:`ui.routing`).

Only Home is built before the first frame: every other screen, and the game module behind it, is
imported and built on first use; the input devices open just after the first frame.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from kivy.app import App
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.uix.screenmanager import NoTransition, Screen, ScreenManager

from companion import watchdog
from companion.i18n import _
from companion.scoresheet import ScoreSheet
from companion.store import Store
from ui import widgets  # noqa: F401  (loads the shared widget rules before any screen's .kv)
from ui.games import screen_class as game_screen_class
from ui.inputs import HardwarePump, IdleThrottle
from ui.routing import InputRouting
from ui.screens.base import GameScreen
from ui.screens.home import HomeScreen
from ui.table import TableGame

if TYPE_CHECKING:
    from companion.config import Config
    from ui.screens.correct import CorrectScreen
    from ui.screens.scoresheet import ScoreSheetScreen
    from ui.screens.settings import SettingsScreen


def screen_class(path: str) -> type[Screen]:
    """The screen class ``module:class`` names (its module, and so its ``.kv``, loaded now)."""
    module, _sep, name = path.partition(":")
    return getattr(importlib.import_module(module), name)  # type: ignore[no-any-return]


class CompanionApp(InputRouting, App):
    title = "Table Companion"

    def __init__(
        self,
        store: Store,
        config: Config | None = None,
        idle_after: float = 5.0,
        **kwargs: Any,
    ) -> None:
        """``config`` names the button wiring and the scanner; without one the app has the default
        wiring (the keyboard, or GPIO on a Pi) and no scanner."""
        super().__init__(**kwargs)
        self.store = store
        self.table_config = config
        self.table: TableGame | None = None
        self.idle_after = idle_after
        self.screens: dict[str, Screen] = {}

    # --- building -------------------------------------------------------------------------------

    def build(self) -> ScreenManager:
        self.manager = ScreenManager(transition=NoTransition())
        self.home_screen = HomeScreen(nav=self, store=self.store, name="home")
        self.manager.add_widget(self.home_screen)
        self.game_screens: dict[str, GameScreen] = {}
        self.pump = HardwarePump(self.handle)
        self.throttle = IdleThrottle(after=self.idle_after)
        self.bind_inputs()
        return self.manager

    def on_start(self) -> None:
        self.throttle.start()
        watchdog.ready()  # systemd (Type=notify) starts the watchdog from here
        watchdog.keep_alive(Clock.schedule_interval)
        Window.bind(on_flip=self._first_frame_drawn)

    def _first_frame_drawn(self, *_args: Any) -> None:
        """Once the first frame is up: seat the new-game form by its game's rules, and open the
        input devices (gpiozero, pyserial and the card catalog are not needed to draw Home)."""
        Window.unbind(on_flip=self._first_frame_drawn)
        Clock.schedule_once(lambda _dt: self.home_screen.settle(), 0)
        Clock.schedule_once(lambda _dt: self.open_devices(), 0)

    def on_stop(self) -> None:
        watchdog.stopping()
        Window.unbind(on_flip=self._first_frame_drawn)
        self.unbind_inputs()
        self.close_devices()

    # --- screens other than Home, made on first use ---------------------------------------------

    def screen(self, name: str, path: str, **kwargs: Any) -> Any:
        if name not in self.screens:
            self.screens[name] = screen_class(path)(nav=self, name=name, **kwargs)
            self.manager.add_widget(self.screens[name])
        return self.screens[name]

    @property
    def settings_screen(self) -> SettingsScreen:
        return self.screen(
            "settings",
            "ui.screens.settings:SettingsScreen",
            store=self.store,
            tags=self.tags,
            hardware=self.scanner_status,
        )

    @property
    def sheet_screen(self) -> ScoreSheetScreen:
        return self.screen("sheet", "ui.screens.scoresheet:ScoreSheetScreen")

    @property
    def correct_screen(self) -> CorrectScreen:
        return self.screen("correct", "ui.screens.correct:CorrectScreen")

    # --- navigation -----------------------------------------------------------------------------

    def go(self, name: str) -> None:
        self.manager.current = name

    def home(self) -> None:
        self.go("home")

    def settings(self, back_to: str = "home") -> None:
        self.settings_screen.back_to = back_to
        self.go("settings")

    def game_screen(self, game: str) -> GameScreen:
        """The screen for ``game`` (made on first use): its UI package's, else the generic one."""
        if game not in self.game_screens:
            screen = game_screen_class(game)(nav=self, name=f"game-{game}")
            self.game_screens[game] = screen
            self.manager.add_widget(screen)
        return self.game_screens[game]

    def open(self, table: TableGame) -> None:
        self.table = table
        screen = self.game_screen(table.rules.name)
        screen.show(table)
        self.go(screen.name)

    def new_game(self, rules: Any, options: Any) -> None:
        from companion.session import Session

        self.open(TableGame(Session.create(self.store, rules, options)))

    def resume(self, game_id: str) -> None:
        from companion.session import LogCorruptionError

        try:
            self.open(TableGame.resume(self.store, game_id))
        except LogCorruptionError as error:
            self.home_screen.message = _("This game cannot be resumed: {error}").format(error=error)

    def finished_sheet(self, game_id: str) -> None:
        from companion.session import LogCorruptionError

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
