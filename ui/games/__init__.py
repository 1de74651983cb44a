"""Each game's part of the app, declared once: a :class:`GameUI` names the game it pairs with and, as
``"module:attr"`` targets loaded on first use (:func:`companion.rules.registry.load`), its screen, its
corrections module, its section of Settings, and the layout tour's states, positions and typical
turns of it.

The entries are found as the games are (:mod:`companion.rules.registry`), never by where a module sits:
every package under :mod:`ui.games` that exports ``UI`` (the built-in games), then every entry point
of the group ``table_companion.game_ui`` (``name = "package.module:UI"``: a game installed as its own
distribution, beside its ``table_companion.games`` spec), then whatever :func:`register` adds in
process. A game without an entry gets :class:`ui.screens.generic.GenericGameScreen`: every legal
action as a button. Nothing else in the app names a game.
"""

from __future__ import annotations

import importlib
import logging
import pkgutil
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any

from companion.rules.registry import load

if TYPE_CHECKING:
    from ui.screens.base import GameScreen

logger = logging.getLogger(__name__)

ENTRY_POINTS = "table_companion.game_ui"
"""The entry-point group a separately installed game declares its :class:`GameUI` in."""

TourState = Callable[[Any], None]
"""One state of the layout tour: brings a fresh app (its :class:`ui.audit.driver.Driver`) there."""


@dataclass(frozen=True, kw_only=True)
class GameUI:
    """A game's part of the app, as its own package declares it."""

    game: str
    """The game's name, as its spec (:attr:`companion.rules.spec.GameSpec.name`) gives it."""
    screen: str
    """``"module:Class"``: the game's screen, a :class:`ui.screens.base.GameScreen` (its module, and
    so its ``.kv``, loaded when the screen is first shown)."""
    corrections: str | None = None
    """``"module"``: where the belief each correction overrules is found (``BELIEFS``), and the
    chips of a card field (``CARD_FIELDS``, ``card_groups``, ``card_label``; see
    :mod:`ui.corrections`); None: the generic correction form."""
    tour: str | None = None
    """``"module:attr"``: the layout tour's states of this game (name -> :data:`TourState`, in the
    order they run), which :func:`ui.audit.tour.all_states` adds to the shared ones; None: none."""
    positions: str | None = None
    """``"module:attr"``: games of it played so far (a :class:`ui.audit.positions.Positions`), which
    the tour's own states (Home's lists, the history) log; None: they show none of it."""
    turns: str | None = None
    """``"module:attr"``: its typical turns (a sequence of :class:`ui.audit.taps.Turn`), whose taps
    ``scripts/ui-taps`` counts; None: none."""
    settings: str | None = None
    """``"module:Class"``: its section of Settings (a
    :class:`ui.screens.settings_section.SettingsSection`, its ``.kv`` loaded with it); None: none."""


def _built_in() -> Iterator[GameUI]:
    for module in pkgutil.iter_modules(__path__, f"{__name__}."):
        if module.ispkg:
            found = getattr(importlib.import_module(module.name), "UI", None)
            if isinstance(found, GameUI):
                yield found


def _installed() -> Iterator[GameUI]:
    from importlib.metadata import entry_points

    for point in entry_points(group=ENTRY_POINTS):
        try:
            found = point.load()
        except Exception:  # a broken plug-in must not take the built-in games' screens down
            logger.exception("game UI entry point %s (%s) does not load", point.name, point.value)
            continue
        if isinstance(found, GameUI):
            yield found
        else:
            logger.error("game UI entry point %s is no GameUI: %r", point.name, found)


_lock = threading.Lock()
_found: dict[str, GameUI] | None = None
_added: dict[str, GameUI] = {}


def entries() -> dict[str, GameUI]:
    """Game name -> its UI entry, every one found (on first use) or registered."""
    global _found
    with _lock:
        if _found is None:
            _found = {}
            for entry in (*_built_in(), *_installed()):
                if _found.setdefault(entry.game, entry) is not entry:
                    logger.error("two UI entries for %r: the first one found is kept", entry.game)
        return {**_found, **_added}


def entry_of(game: str) -> GameUI | None:
    """``game``'s UI entry, or None (the generic screen and corrections serve it)."""
    return entries().get(game)


def register(entry: GameUI) -> None:
    """Make ``entry`` known for its game (a test's game, a plug-in loaded in process)."""
    with _lock:
        _added[entry.game] = entry


def unregister(game: str) -> None:
    """Forget the entry :func:`register` made known for ``game`` (nothing if it did not)."""
    with _lock:
        _added.pop(game, None)


def screen_class(game: str) -> type[GameScreen[Any]]:
    """The screen class for ``game``: the one its entry declares, else the generic one (its
    module, and so its ``.kv``, loaded now). A declared screen that does not load (a broken
    plug-in) is logged and the generic one serves the game: the table can still play it."""
    from ui.screens.base import GameScreen
    from ui.screens.generic import GenericGameScreen

    entry = entry_of(game)
    if entry is None:
        return GenericGameScreen
    try:
        found = load(entry.screen, type)
        if not issubclass(found, GameScreen):
            raise TypeError(f"{entry.screen} is no GameScreen")
    except Exception:
        logger.exception(
            "%s's screen %s does not load: the generic one shows it", game, entry.screen
        )
        return GenericGameScreen
    return found


def corrections_of(game: str) -> ModuleType | None:
    """The corrections module ``game``'s entry declares, imported now; None without one."""
    entry = entry_of(game)
    if entry is None or entry.corrections is None:
        return None
    return load(entry.corrections, ModuleType)


def tour_states() -> dict[str, TourState]:
    """Every game's layout-tour states (name -> state), game by game in name order."""
    states: dict[str, TourState] = {}
    for game, entry in sorted(entries().items()):
        if entry.tour is None:
            continue
        for name, state in load(entry.tour, dict).items():
            if name in states:
                raise ValueError(f"{game}'s tour state {name!r} is another game's too")
            states[name] = state
    return states
