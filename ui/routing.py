"""Every input besides touch, routed to what it means on the screen showing: the table's buttons
(GPIO, or the keyboard standing in for them), the desktop's extra keys, and the card scanner.

Mixed into :class:`ui.app.CompanionApp`; everything here runs on the Kivy thread (devices post to
the app's one queue, drained by :class:`ui.inputs.HardwarePump`).

- ``confirm`` / ``undo`` ... go to the game screen first; ``next`` tapped skips what the screen can
  skip; ``seatN`` is seat N's "my turn is done"; ``next`` held ends the stage (:mod:`ui.intents`).
- ``menu`` tapped: Home from a game, back to the game from anywhere else; held: a new game (Home,
  the current game left as it is, resumable from the list).
- A scanned card is checked against the moment (:func:`companion.play.cards.check_scan`) before the
  screen sees it; a refused one shows the reason. An unknown tag opens Settings to enrol it.
  A screen with an ``on_tag`` method (the deck's enrolment) takes every tag read, known or not.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from kivy.core.window import Keyboard, Window

from companion.installation.config import Config, ConfigError
from companion.installation.i18n import _
from ui.devices import Devices
from ui.inputs import DESKTOP_KEYS
from ui.screens import STORAGE as STORAGE_SCREEN
from ui.screens import game_screen_of

if TYPE_CHECKING:
    from collections.abc import Mapping

    from kivy.uix.screenmanager import Screen, ScreenManager

    from companion.installation.config import ConfigSource
    from companion.installation.device_config import ButtonConfig, ScannerConfig
    from companion.play.cards import TagDirectory
    from companion.play.table import TableGame
    from companion.store import Store
    from hardware.events import InputEvent
    from ui.inputs import HardwarePump, IdleThrottle
    from ui.screens.base import GameScreen
    from ui.screens.home import HomeScreen
    from ui.screens.settings import SettingsScreen

logger = logging.getLogger(__name__)

KEY_NAMES = {code: name for name, code in Keyboard.keycodes.items()}
"""Kivy key code -> key name (``enter``, ``m``, ``1`` ...)."""


class InputRouting:
    """The app's side of the devices; the app provides the attributes declared here."""

    store: Store | None
    """The game database: None until the app opens it."""
    table_config: ConfigSource | None
    """The buttons and scanner: read to draw the first frame, checked when the devices open."""
    manager: ScreenManager
    pump: HardwarePump
    throttle: IdleThrottle
    table: TableGame[Any, Any] | None
    screens: dict[str, Screen]
    home_screen: HomeScreen | None
    """None until the game database opens."""

    if TYPE_CHECKING:  # the app's, which the inputs lead to

        @property
        def opened_store(self) -> Store: ...

        @property
        def opened_home(self) -> HomeScreen: ...

        @property
        def settings_screen(self) -> SettingsScreen: ...

        def go(self, name: str) -> None: ...

        def home(self) -> None: ...

        def settings(self, back_to: str = "home") -> None: ...

        def back_to_game(self) -> None: ...

    devices: Devices | None = None
    _tags: TagDirectory | None = None
    _scanner_status: str | None = None
    config_problem: str | None = None
    """Why the config file's buttons and scanner are off (the file has a problem), else None."""

    # --- devices --------------------------------------------------------------------------------

    def bind_inputs(self) -> None:
        Window.bind(
            on_key_down=self._key_down, on_key_up=self._key_up, on_touch_down=self.throttle.wake
        )

    def unbind_inputs(self) -> None:
        Window.unbind(
            on_key_down=self._key_down, on_key_up=self._key_up, on_touch_down=self.throttle.wake
        )

    @property
    def tags(self) -> TagDirectory:
        """Tag -> card, shared by the scanner's thread (resolve) and Settings (enrol, forget)."""
        if self._tags is None:
            from companion.play.cards import TagDirectory

            self._tags = TagDirectory.from_store(self.opened_store)
        return self._tags

    def open_devices(self, pin_factory: Any = None) -> Devices:
        """Open the configured buttons (GPIO if the machine has pins), the keyboard standing in for
        them, and the scanner if one is configured; ``pin_factory`` is gpiozero's (tests: mock)."""
        buttons, scanner = self._wiring()
        self.devices = Devices(
            buttons, scanner, self.pump.queue, self.tags.resolve, pin_factory=pin_factory
        )
        self.devices.open()
        return self.devices

    def _wiring(self) -> tuple[Mapping[str, ButtonConfig], ScannerConfig | None]:
        """The config's buttons and scanner, the config checked first: one with a problem opens
        neither (touch plays on) and Home says why; no config, the default wiring."""
        if self.table_config is None:
            from companion.installation.device_config import (
                DEFAULT_WIRING,  # pydantic: after the first frame
            )

            return DEFAULT_WIRING, None
        try:
            config = self.table_config = self.table_config.checked()
        except ConfigError as error:
            logger.error("config file: %s: no buttons, no scanner", error)
            self.config_problem = _(
                "The config file has a problem, so the buttons and the scanner are off (touch "
                "plays on): {problem}"
            ).format(problem=error)
            if self.home_screen is not None:
                self.home_screen.message = self.config_problem
            return {}, None
        return config.buttons, config.scanner

    def close_devices(self) -> None:
        if self.devices is not None:
            self.devices.close()
            self.devices = None

    @property
    def scanner_status(self) -> str:
        if self._scanner_status is not None:
            return self._scanner_status
        if self.config_problem is not None:
            return self.config_problem
        config = self.table_config
        if not isinstance(config, Config) or config.scanner is None:
            return _("Scanner: none configured (add a [scanner] section to the config file)")
        return _("Scanner: not connected yet ({port})").format(port=config.scanner.port)

    def show_scanner_status(self, text: str) -> None:
        self._scanner_status = text
        if "settings" in self.screens:
            self.screens["settings"].hardware = text

    # --- events ---------------------------------------------------------------------------------

    @property
    def current_game_screen(self) -> GameScreen[Any] | None:
        return game_screen_of(self.manager.current_screen)

    def handle(self, event: InputEvent) -> None:
        """One device event, on the Kivy thread."""
        from hardware.events import (  # the first comes after the first frame: not needed to draw it
            ButtonHeld,
            ButtonPressed,
            CardScanned,
            ScannerConnected,
            ScannerLost,
            UnknownTag,
        )

        self.throttle.wake()
        taker = getattr(self.manager.current_screen, "on_tag", None)
        if isinstance(event, (CardScanned, UnknownTag)) and taker is not None:
            taker(event.tag)  # a screen that takes tags as they are read (enrolment)
            return
        if isinstance(event, ButtonPressed):
            self.press(event.button)
        elif isinstance(event, ButtonHeld):
            self.hold(event.button)
        elif isinstance(event, CardScanned):
            self.scan(event.card)
        elif isinstance(event, UnknownTag):
            self.unknown_tag(event.tag)
        elif isinstance(event, ScannerConnected):
            from ui.screens.settings import scanner_connected_text  # the screen loads lazily

            self.show_scanner_status(scanner_connected_text(event))
        elif isinstance(event, ScannerLost):
            self.show_scanner_status(
                _("Scanner: lost ({reason}); reconnecting by itself").format(reason=event.reason)
            )

    def press(self, button: str) -> None:
        """A named button tapped, from the hardware or the keyboard."""
        from ui import intents

        if self.manager.current == STORAGE_SCREEN:  # the storage notice: confirm is Try again
            if button == "confirm":
                self.screens[STORAGE_SCREEN].retry()
            return
        screen = self.current_game_screen
        standing = refusal_of(screen)
        if screen is not None and (screen.on_button(button) or intents.press(screen, button)):
            end_refusal(screen, standing)  # taken without a new refusal: the old one is over
            return
        current = self.manager.current
        if button == "menu":
            self.back_to_game() if screen is None and self.table is not None else self.home()
        elif button in ("home", "back"):
            if current == "correct":
                self.screens["correct"].cancel()  # back to the game, or the sheet it came from
            elif current == "settings":
                self.go(self.settings_screen.back_to)
            elif current in ("gamelog", "players"):
                self.screens[current].back()  # where they were opened from
            else:
                self.home()

    def hold(self, button: str) -> None:
        """A named button held for its hold time: ``menu`` starts over, ``next`` ends a stage."""
        from ui import intents

        if self.manager.current == STORAGE_SCREEN:
            return
        screen = self.current_game_screen
        if button == "menu":
            self.new_game_form()
        elif screen is not None:
            intents.hold(screen, button)

    def new_game_form(self) -> None:
        """Home, ready for a new game; the game on the table stays in the list to resume."""
        self.table = None
        self.opened_home.message = _(
            "New game: choose the game and the players. The last game can be resumed below."
        )
        self.home()

    def scan(self, card: str) -> None:
        """A card scanned while a game is showing; elsewhere no screen takes cards."""
        from companion.play.cards import check_scan

        screen = self.current_game_screen
        table = screen.table if screen is not None else None
        if screen is None or table is None:
            return
        verdict = check_scan(table.rules.name, table.state, card)
        if not verdict.ok:
            table.refuse(verdict)
            return
        standing = table.refusal
        if screen.on_scan(card):
            end_refusal(screen, standing)  # taken without a new refusal: the old one is over

    def unknown_tag(self, tag: str) -> None:
        """Ask, in Settings, which card ``tag`` stands for; Back returns where the scan came."""
        current = self.manager.current
        settings = self.settings_screen
        back_to = settings.back_to if current == "settings" else current
        settings.ask_enrol(tag, self.table.rules.name if self.table is not None else None)
        self.settings(back_to=back_to)

    # --- the keyboard ---------------------------------------------------------------------------

    def _typing(self) -> bool:
        """A text field has the focus: keys are text then, not buttons."""
        return any(getattr(w, "focus", False) for w in self.manager.current_screen.walk())

    def _key_down(self, _window: Any, key: int, *_args: Any) -> bool:
        self.throttle.wake()
        if self._typing():
            return False
        name = KEY_NAMES.get(key, "")
        keyboard = self.devices.keyboard if self.devices is not None else None
        if keyboard is not None and keyboard.key_down(name):
            return True
        button = DESKTOP_KEYS.get(name)
        if button is None:
            return False
        self.press(button)
        return True

    def _key_up(self, _window: Any, key: int, *_args: Any) -> bool:
        keyboard = self.devices.keyboard if self.devices is not None else None
        return keyboard is not None and keyboard.key_up(KEY_NAMES.get(key, ""))


def refusal_of(screen: GameScreen[Any] | None) -> object:
    """The refusal standing on ``screen``'s table (None: none, or no game shown)."""
    table = getattr(screen, "table", None)
    return getattr(table, "refusal", None)


def end_refusal(screen: GameScreen[Any] | None, standing: object) -> None:
    """An input from a hardware button or the scanner that ``screen`` took: the refusal
    ``standing`` before it is over unless the input was refused anew, as a tap ends it."""
    table = getattr(screen, "table", None)
    if standing is not None and table is not None and table.refusal is standing:
        table.accepted()
