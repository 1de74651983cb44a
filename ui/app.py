"""The app: one ScreenManager, the store, the game on the table, and every input routed to the
screen showing (touch directly; named buttons, keys and scanned cards through :mod:`ui.routing`).

Only Home is built before the first frame: every other screen, and the game module behind it, is
imported and built on first use, as are a game's table and the games' history (not needed to draw
Home); the input devices open just after the first frame.

A game database that cannot be used (full disk, read-only, permissions, ...) or a stored value that
no longer reads is shown full-screen with what to do and **Try again**, at start as in play; the app
never exits over it (under systemd that would be a restart loop into the same fault).
"""

from __future__ import annotations

import gc
import logging
from collections.abc import Iterator
from dataclasses import replace
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from kivy.app import App
from kivy.base import ExceptionManager, ExceptionManagerBase
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.graphics.opengl import glFlush
from kivy.uix.layout import Layout
from kivy.uix.screenmanager import NoTransition, Screen, ScreenManager
from kivy.uix.widget import Widget

from companion.installation import watchdog
from companion.installation.i18n import _, current_language
from companion.store import Store, StoreError, readable
from ui import widgets  # noqa: F401  (loads the shared widget rules before any screen's .kv)
from ui.design import design
from ui.inputs import HardwarePump, IdleThrottle
from ui.language import apply_stored_language
from ui.ready import Readying
from ui.routing import InputRouting
from ui.screens import STORAGE as STORAGE_SCREEN
from ui.screens import game_screen_of
from ui.screens.home import HomeScreen

if TYPE_CHECKING:
    from companion.installation.config import ConfigSource
    from companion.play.table import TableGame
    from companion.rules.scoresheet import ScoreSheet
    from companion.storage.ahead import CheckAhead
    from ui.screens.backup import BackupScreen
    from ui.screens.base import GameScreen
    from ui.screens.correct import CorrectScreen
    from ui.screens.enrol import EnrolScreen
    from ui.screens.gamelog import GameLogScreen
    from ui.screens.history import HistoryScreen
    from ui.screens.labels import LabelsScreen
    from ui.screens.phones import PhonesScreen
    from ui.screens.players import PlayersScreen
    from ui.screens.rules import RulesScreen
    from ui.screens.scoresheet import ScoreSheetScreen
    from ui.screens.settings import SettingsScreen
    from ui.screens.stats import StatisticsScreen
    from ui.screens.storage import Retry, StorageNoticeScreen

_log = logging.getLogger(__name__)

ScreenT = TypeVar("ScreenT", bound=Screen)
"""The class of a screen made on first use (:meth:`CompanionApp.screen`)."""

PASS: int = ExceptionManager.PASS
"""Kivy's answer to an exception its handler dealt with: its loop goes on."""
RAISE: int = ExceptionManager.RAISE
"""Kivy's answer to an exception its handler left: it is raised."""


FREEZE_AFTER = 2.0
"""Seconds after the first frame (Home settled, the devices open) at which the objects made so far
are set aside from the garbage collector's passes (:func:`_freeze_the_start`)."""


def _freeze_the_start(*_args: Any) -> None:
    """Move every object the start made (Kivy, the screens, the rules) to the collector's permanent
    generation (:func:`gc.freeze`): they live as long as the app, and each full collection walked
    them all again. A thousand games' history then lists in a third less time, on every screen."""
    gc.freeze()
    _log.debug("what the app made so far set aside from collection")  # not counted: counting
    # walks every object set aside (23 ms a count here, once a thousand games are listed)


def _hand_frame_to_renderer(*_args: Any) -> None:
    """Start drawing the frame just flipped while the app waits for input.

    A display's buffer swap hands the frame to the renderer; SDL's offscreen window (the tests, the
    layout audit, a headless run) swaps a pbuffer, which hands over nothing, so Mesa's software
    renderer drew each frame only when the next input's first texture upload had to wait for it:
    every input paid for drawing the frame before its own (15 ms for the Targi table). After a
    swap that did hand it over, the flush has nothing left to do."""
    glFlush()


def _lay_out(root: Widget, size: tuple[int, int]) -> None:
    """Lay ``root`` out at the window's ``size`` now, each layout before those inside it, so that
    the first frame renders each label's text once, at its own width. Left to the first frame, the
    labels rendered theirs before the layouts had sized them (26 of Home's 31, each a word or a
    letter a line), then again: a third of the first frame's CPU here."""
    root.size = size
    for widget in root.walk(restrict=True):
        if isinstance(widget, Layout):
            widget.do_layout()


class _StoreFaults(ExceptionManagerBase):
    """Kivy's last resort for an exception in its loop: a :class:`StoreError` nobody caught
    (a write refused by a full disk in Settings, a stored value that no longer reads) becomes the
    storage notice instead of ending the app."""

    def __init__(self, app: CompanionApp) -> None:
        self.app = app

    def handle_exception(self, inst: BaseException) -> int:
        if isinstance(inst, StoreError):
            self.app.storage_problem(inst)
            return PASS
        return RAISE


class CompanionApp(InputRouting, App):
    title = "Table Companion"

    def __init__(
        self,
        store: Store | None,
        config: ConfigSource | None = None,
        idle_after: float = 5.0,
        database: Path | None = None,
        ahead: CheckAhead | None = None,
        **kwargs: Any,
    ) -> None:
        """``config`` names the button wiring and the scanner; without one the app has the default
        wiring (the keyboard, or GPIO on a Pi) and no scanner. Without a ``store`` the app opens
        ``database`` itself, showing the storage notice until it can; ``ahead``: the full check
        of it begun before (:meth:`Store.check_ahead`), which its first open decides on."""
        super().__init__(**kwargs)
        self.store = store
        self.database = database
        self.table_config = config
        self._ahead = ahead
        self.table: TableGame[Any, Any] | None = None
        self.idle_after = idle_after
        self.screens: dict[str, Screen] = {}
        self.home_screen: HomeScreen | None = None
        self._faults = _StoreFaults(self)
        self._drawn = False
        """Whether the first frame is up (devices open and Home settles only then)."""
        self._notice_back_to = "home"
        """The screen the storage notice's Try again returns to by default."""
        self.readying: Readying | None = None
        """History and Statistics made ready after the start (:meth:`_ready_ahead`), once begun."""

    # --- building -------------------------------------------------------------------------------

    def build(self) -> ScreenManager:
        design.follow(Window)  # the type scale grows with the window, before any screen is built
        self.manager = ScreenManager(transition=NoTransition())
        self.game_screens: dict[str, GameScreen[Any]] = {}
        self.pump = HardwarePump(self.handle)
        self.throttle = IdleThrottle(after=self.idle_after)
        self.throttle.on_idle = self._ready_again
        self.bind_inputs()
        if self.store is not None:
            self._add_home()
        else:
            self.open_store()
        _lay_out(self.manager, Window.size)
        if self.home_screen is not None:
            self.home_screen.make_what_shows()
        return self.manager

    def _add_home(self) -> None:
        store = self.opened_store
        apply_stored_language(store)  # before any screen renders a text
        self.home_screen = HomeScreen(
            nav=self, store=store, first_frame=not self._drawn, name="home"
        )
        self.manager.add_widget(self.home_screen)
        if store.notice:  # a damaged database was moved aside: the table reads why
            self.home_screen.message = store.notice

    @property
    def opened_store(self) -> Store:
        """The game database, open. Home and every screen reading it are built, and the devices
        opened, only once it is (until then only the storage notice shows, which reads none of it):
        asked for earlier, it is a mistake in the code, said as such."""
        if self.store is None:
            raise RuntimeError("the game database is not open yet")
        return self.store

    @property
    def opened_home(self) -> HomeScreen:
        """Home, built as the game database opened (see :attr:`opened_store`)."""
        if self.home_screen is None:
            raise RuntimeError("Home is built once the game database is open")
        return self.home_screen

    def open_store(self) -> str | None:
        """Open :attr:`database` and show Home; else the storage notice (its sentence returned)."""
        assert self.database is not None, "an app without a store needs its database path"
        ahead, self._ahead = self._ahead, None  # a retry checks the file as it then is
        try:
            self.store = Store.open(self.database, ahead=ahead)
        except StoreError as error:  # unusable here, or from a newer app: both left untouched
            self.storage_problem(error, retry=self.open_store)
            return str(error)
        self._add_home()
        self.go("home")
        if self._drawn:  # after a retry: what the first frame would have done
            self._settle()
        return None

    def on_start(self) -> None:
        self.throttle.start()
        ExceptionManager.add_handler(self._faults)
        watchdog.ready()  # systemd (Type=notify) starts the watchdog from here
        watchdog.keep_alive(Clock.schedule_interval)
        Window.bind(on_flip=self._first_frame_drawn)
        Window.bind(on_flip=_hand_frame_to_renderer)

    def _first_frame_drawn(self, *_args: Any) -> None:
        """Once the first frame is up: seat the new-game form by its game's rules, and open the
        input devices (gpiozero, pyserial and the card catalog are not needed to draw Home)."""
        Window.unbind(on_flip=self._first_frame_drawn)
        self._drawn = True
        if self.home_screen is not None:
            self._settle()

    def _settle(self) -> None:
        home = self.home_screen
        assert home is not None
        Clock.schedule_once(lambda _dt: home.settle(), 0)
        Clock.schedule_once(lambda _dt: self.open_devices(), 0)
        if self.store is not None:  # the whole file checked off the first frame's path
            self.store.check_in_background()
        Clock.schedule_once(_freeze_the_start, FREEZE_AFTER)
        if self.store is not None:
            self.readying = Readying(self._ready_ahead())
            self.readying.start()

    def _ready_ahead(self) -> Iterator[None]:
        """History and Statistics made ready for their first opening, in steps of the idle time
        after the start (:mod:`ui.ready`): each screen's module loaded, the screen built and laid
        out at the window's size, then its own :meth:`prepare`, once the games are listed. What the
        start made, then the listing, then each screen made ready (its widgets: they all live as
        long as the app), is set aside from the garbage collector's passes
        (:func:`_freeze_the_start`): a full pass over them all took a whole 0.1-0.16 s step here."""
        from companion.after import history  # not needed to draw Home

        _freeze_the_start()
        yield from history.listing_in_steps(self.opened_store)
        _freeze_the_start()  # the games listed live on too
        yield
        for module, screen in (
            ("ui.screens.history", lambda: self.history_screen),
            ("ui.screens.stats", lambda: self.statistics_screen),
        ):
            import_module(module)
            yield
            made = screen()
            made.pos, made.size = self.manager.pos, self.manager.size
            yield
            yield from made.prepare()
            _freeze_the_start()
            yield

    def _ready_again(self) -> None:
        """Once the app is idle (no input for a while) and no game is on the screen: History and
        Statistics, if made, made ready again for what changed since (a game finished, a player
        renamed), in steps of the idle frames (:meth:`_refresh_ahead`)."""
        if self.store is None or (self.readying is not None and not self.readying.finished):
            return
        if game_screen_of(self.manager.current_screen) is not None:
            return  # the table is playing: its frames are kept for its taps
        self.readying = Readying(self._refresh_ahead())
        self.readying.start(0)

    def _refresh_ahead(self) -> Iterator[None]:
        """The games listed anew if anything changed (:func:`history.listing_in_steps`), then each
        made screen not showing given its new rows or figures, one step at a time."""
        from companion.after import history

        yield from history.listing_in_steps(self.opened_store)
        for name in ("history", "statistics"):
            screen = self.screens.get(name)
            if screen is not None and self.manager.current != name:
                yield from screen.refresh_ahead()

    def on_stop(self) -> None:
        if self.readying is not None:
            self.readying.cancel()
        if "sheet" in self.screens:  # a code it reads ahead would find the store closed
            self.sheet_screen.stop_reading_ahead()
        watchdog.stopping()
        ExceptionManager.remove_handler(self._faults)
        Window.unbind(on_flip=self._first_frame_drawn)
        self.unbind_inputs()
        self.close_devices()

    # --- the storage notice ---------------------------------------------------------------------

    @property
    def storage_screen(self) -> StorageNoticeScreen:
        from ui.screens.storage import StorageNoticeScreen

        return self.screen(STORAGE_SCREEN, StorageNoticeScreen)

    def storage_problem(self, error: StoreError, retry: Retry | None = None) -> None:
        """Show ``error`` full-screen. Try again calls ``retry`` (returns None once resolved, else
        the sentence to show); by default it returns to the screen that was showing, where the
        player repeats what could not be saved."""
        _log.error("storage notice shown: %s", error)
        current = self.manager.current
        if current and current != STORAGE_SCREEN:
            self._notice_back_to = current

        def back() -> str | None:
            self.go(self._notice_back_to)
            return None

        self.storage_screen.show(str(error), retry or back)
        self.go(STORAGE_SCREEN)

    # --- screens other than Home, made on first use ---------------------------------------------

    def screen(self, name: str, kind: type[ScreenT], **kwargs: Any) -> ScreenT:
        """The screen ``name``, a ``kind`` made on first use with this app as its navigator (each
        screen's module, and so its ``.kv``, is imported by the property asking for it)."""
        if name not in self.screens:
            self.screens[name] = kind(nav=self, name=name, **kwargs)
            self.manager.add_widget(self.screens[name])
        found = self.screens[name]
        if not isinstance(found, kind):
            raise TypeError(
                f"the screen {name!r} is a {type(found).__name__}, not a {kind.__name__}"
            )
        return found

    @property
    def settings_screen(self) -> SettingsScreen:
        from ui.screens.settings import SettingsScreen

        return self.screen(
            "settings",
            SettingsScreen,
            store=self.opened_store,
            tags=self.tags,
            hardware=self.scanner_status,
        )

    @property
    def sheet_screen(self) -> ScoreSheetScreen:
        from ui.screens.scoresheet import ScoreSheetScreen

        return self.screen("sheet", ScoreSheetScreen)

    @property
    def correct_screen(self) -> CorrectScreen:
        from ui.screens.correct import CorrectScreen

        return self.screen("correct", CorrectScreen)

    @property
    def backup_screen(self) -> BackupScreen:
        from ui.screens.backup import BackupScreen

        return self.screen("backup", BackupScreen)

    @property
    def phones_screen(self) -> PhonesScreen:
        from ui.screens.phones import PhonesScreen

        return self.screen("phones", PhonesScreen)

    @property
    def labels_screen(self) -> LabelsScreen:
        from ui.screens.labels import LabelsScreen

        return self.screen("labels", LabelsScreen)

    @property
    def enrol_screen(self) -> EnrolScreen:
        from ui.screens.enrol import EnrolScreen

        return self.screen("enrol", EnrolScreen)

    @property
    def history_screen(self) -> HistoryScreen:
        from ui.screens.history import HistoryScreen

        return self.screen("history", HistoryScreen)

    @property
    def rules_screen(self) -> RulesScreen:
        from ui.screens.rules import RulesScreen

        return self.screen("rules", RulesScreen)

    @property
    def statistics_screen(self) -> StatisticsScreen:
        from ui.screens.stats import StatisticsScreen

        return self.screen("statistics", StatisticsScreen)

    @property
    def players_screen(self) -> PlayersScreen:
        from ui.screens.players import PlayersScreen

        return self.screen("players", PlayersScreen)

    @property
    def game_log_screen(self) -> GameLogScreen:
        from ui.screens.gamelog import GameLogScreen

        return self.screen("gamelog", GameLogScreen)

    def language_changed(self) -> None:
        """Build every screen anew in the language just chosen (a ``.kv`` text is read when its
        screen is built), and show again the screen that was showing, with the game in play."""
        showing = self.manager.current
        back_to = getattr(self.screens.get("settings"), "back_to", "home")
        for screen in list(self.manager.screens):
            self.manager.remove_widget(screen)
        self.screens.clear()
        self.game_screens.clear()
        self._add_home()
        if self.table is not None:
            self.game_screen(self.table.rules.name).show(self.table)
        if showing == "settings":
            self.settings(back_to)
        elif showing in self.manager.screen_names:
            self.go(showing)
        _log.info("screens rebuilt for the language %s", current_language())

    # --- navigation -----------------------------------------------------------------------------

    def go(self, name: str) -> None:
        self.manager.current = name

    def home(self) -> None:
        self.go("home")

    def play_again(
        self,
        game: str,
        players: list[tuple[str, str]],
        start_seat: int,
        house_rules: dict[str, str],
    ) -> None:
        """Home, its form filled for a new game with the same players and house rules."""
        self.opened_home.seat_players(game, players, start_seat, house_rules)
        self.home()

    def backup(self) -> None:
        self.go(self.backup_screen.name)  # it looks for a USB stick as it is entered

    def phones(self) -> None:
        self.go(self.phones_screen.name)  # it reads the join link as it is entered

    def labels(self) -> None:
        self.go(self.labels_screen.name)  # it looks for a USB stick as it is entered

    def enrol(self) -> None:
        self.go(self.enrol_screen.name)  # it goes on with the walk it was left in

    def history(self) -> None:
        self.go(self.history_screen.name)  # it lists the games anew as it is entered

    def statistics(self, game: str | None = None) -> None:
        self.statistics_screen.show(game)
        self.go("statistics")

    def rules(self, game: str, back_to: str = "home") -> None:
        """``game``'s rules, at the moment of the game on the table if it is that game."""
        self.rules_screen.show(game, self.table, back_to)
        self.go("rules")

    def players(self) -> None:
        self.go(self.players_screen.name)  # it lists the players anew as it is entered

    def game_log(self, game_id: str, back_to: str) -> None:
        self.game_log_screen.show(game_id, back_to)
        self.go("gamelog")

    def settings(self, back_to: str = "home") -> None:
        self.settings_screen.back_to = back_to
        self.go("settings")

    def game_screen(self, game: str) -> GameScreen[Any]:
        """The screen for ``game`` (made on first use): its UI package's, else the generic one."""
        if game not in self.game_screens:
            from ui.games import screen_class  # the games' UI entries: not needed to draw Home

            screen = screen_class(game)(nav=self, name=f"game-{game}")
            self.game_screens[game] = screen
            self.manager.add_widget(screen)
        return self.game_screens[game]

    def open(self, table: TableGame[Any, Any]) -> None:
        self.table = table
        table.on_fault = self.storage_problem
        screen = self.game_screen(table.rules.name)
        screen.show(table)
        self.go(screen.name)

    def new_game(self, rules: Any, options: Any) -> None:
        from companion.play.session import Session
        from companion.play.table import TableGame

        self.open(TableGame(Session.create(self.opened_store, rules, options)))

    def resume(self, game_id: str) -> None:
        from companion.play.session import LogCorruptionError
        from companion.play.table import TableGame

        try:
            self.open(TableGame.resume(self.opened_store, game_id))
        except LogCorruptionError as error:
            said = _("This game cannot be resumed: {error}").format(error=error)
            self.opened_home.message = readable(said)  # a damaged id, listed escaped, in it

    def finished_sheet(self, game_id: str, back_to: str = "home") -> None:
        from companion.play.session import LogCorruptionError
        from companion.play.table import TableGame

        try:
            table = TableGame.resume(self.opened_store, game_id)
        except LogCorruptionError as error:
            self.opened_home.message = _("This game cannot be opened: {error}").format(error=error)
            return
        sheet = table.score_sheet()
        if table.notice:  # a damaged log just repaired from a backup: the sheet says so first
            sheet = replace(sheet, notes=(table.notice, *sheet.notes))
        self.show_sheet(sheet, back_to=back_to, game_id=game_id)

    def show_sheet(self, sheet: ScoreSheet, back_to: str, game_id: str | None = None) -> None:
        """Show ``sheet``: the game in play's unless ``game_id`` says which game it is."""
        if game_id is None and self.table is not None and self.table.rules.name == sheet.game:
            game_id = self.table.game_id
        self.sheet_screen.show(sheet, back_to, game_id)
        self.go("sheet")

    def correct(self, table: TableGame[Any, Any]) -> None:
        self.correct_screen.show(table)
        self.go("correct")

    def correct_finished(self, game_id: str, back_to: str) -> None:
        """Correct a finished game from its sheet (the game on the table's own session if it is
        that game); logged or cancelled, its sheet shows again, read anew from the log."""
        from companion.play.session import LogCorruptionError
        from companion.play.table import TableGame

        table = self.table
        if table is None or table.game_id != game_id:
            try:
                table = TableGame.resume(self.opened_store, game_id)
            except LogCorruptionError as error:
                self.opened_home.message = _("This game cannot be opened: {error}").format(
                    error=error
                )
                self.home()
                return
            table.on_fault = self.storage_problem
        self.correct_screen.show(table, done=lambda: self.finished_sheet(game_id, back_to))
        self.go("correct")

    def back_to_game(self) -> None:
        if self.table is None:
            self.home()
            return
        self.go(self.game_screen(self.table.rules.name).name)
