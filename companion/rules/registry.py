"""The games Table Companion knows: their specs (:class:`companion.rules.spec.GameSpec`), by the name the
CLI and the game log use.

The registry names no game. It finds them: every package under :mod:`companion.games` with a
``spec`` module exporting ``SPEC`` (the built-in games), then every entry point of the group
``table_companion.games`` (``name = "package.module:SPEC"``: a game installed as its own
distribution), then whatever :func:`register` adds in process (tests, plug-ins). Looking the games up
imports their specs only; a game's rules are made the first time :func:`rules_for` asks for them, so
a command or a screen that needs one game does not load the others.

A spec names the rest of its game (rulings, refusals, explanations, reference) as ``"module:attr"``
strings, and :func:`load` is the one place that imports what such a string names, when first asked:
nothing is found by where a module sits, so a game installed as its own package is a whole game.
"""

from __future__ import annotations

import importlib
import importlib.util
import logging
import pkgutil
import threading
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any, TypeVar

import companion.games
from companion.rules.spec import GameSpec
from companion.storage import backup

if TYPE_CHECKING:
    from companion.rules.game import GameRules

logger = logging.getLogger(__name__)

ENTRY_POINTS = "table_companion.games"
"""The entry-point group a separately installed game declares its spec in."""

T = TypeVar("T")


def load(target: str, kind: type[T]) -> T:
    """What ``target`` (``"package.module:attr"``, or ``"package.module"`` for the module itself)
    names, imported now, checked to be a ``kind``: a spec's lazily declared part.

    ``ValueError`` for a target of another shape, ``TypeError`` when it names no ``kind``; an import
    error is the part's own (a game whose part does not load is broken, never silently partial)."""
    module_name, _colon, attr = target.partition(":")
    if not module_name or (_colon and not attr):
        raise ValueError(f"not a 'module:attr' target: {target!r}")
    found: object = importlib.import_module(module_name)
    for name in attr.split(".") if attr else ():
        found = getattr(found, name)
    if not isinstance(found, kind):
        raise TypeError(f"{target} is a {type(found).__name__}, not a {kind.__name__}")
    return found


def _built_in() -> Iterator[GameSpec]:
    for module in pkgutil.iter_modules(companion.games.__path__, "companion.games."):
        if module.ispkg and importlib.util.find_spec(f"{module.name}.spec") is not None:
            yield importlib.import_module(f"{module.name}.spec").SPEC


def _built_in_named(name: str) -> GameSpec | None:
    """The built-in game ``name``'s spec, found without listing every game (a plug-in of the same
    name would lose to it anyway); None when no built-in game has that name."""
    package = f"companion.games.{name}"
    if not name.isidentifier() or importlib.util.find_spec(package) is None:
        return None
    if importlib.util.find_spec(f"{package}.spec") is None:
        return None
    spec = importlib.import_module(f"{package}.spec").SPEC
    return spec if isinstance(spec, GameSpec) and spec.name == name else None


def _installed() -> Iterator[GameSpec]:
    from importlib.metadata import entry_points  # not needed to import the registry

    for point in entry_points(group=ENTRY_POINTS):
        try:
            spec = point.load()
        except Exception:  # a broken plug-in must not take the built-in games down with it
            logger.exception("game entry point %s (%s) does not load", point.name, point.value)
            continue
        if isinstance(spec, GameSpec):
            yield spec
        else:
            logger.error("game entry point %s is no GameSpec: %r", point.name, spec)


class Registry(Mapping[str, GameSpec]):
    """Game name -> its spec (found on first use; ``KeyError`` names an unknown game), and each
    game's rules object, made on first :meth:`rules`."""

    def __init__(self) -> None:
        self._specs: dict[str, GameSpec] | None = None
        self._added: dict[str, GameSpec] = {}
        self._rules: dict[str, GameRules[Any, Any, Any]] = {}
        self._lock = threading.RLock()

    def _found(self) -> dict[str, GameSpec]:
        with self._lock:
            if self._specs is None:
                self._specs = {}  # a spec module that registers a game while found sees this
                for spec in (*_built_in(), *_installed()):
                    known = self._specs.get(spec.name)
                    if known is not None and known is not spec:
                        logger.error(
                            "two games are named %r: the first one found is kept", spec.name
                        )
                        continue
                    self._specs[spec.name] = spec
            return {**self._specs, **self._added}

    def __getitem__(self, name: str) -> GameSpec:
        with self._lock:
            if self._specs is None and name not in self._added:
                # one game's command (``game act``) reads no other game's spec nor the installed
                # packages' metadata
                spec = _built_in_named(name)
                if spec is not None:
                    return spec
        return self._found()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(sorted(self._found()))

    def __len__(self) -> int:
        return len(self._found())

    def rules(self, name: str) -> GameRules[Any, Any, Any]:
        with self._lock:
            rules = self._rules.get(name)
            if rules is None:
                rules = self[name].rules()
                self._rules[name] = rules
            return rules

    def add(self, spec: GameSpec) -> None:
        with self._lock:
            known = self._found().get(spec.name)
            if known is not None and known is not spec:
                raise ValueError(f"a game named {spec.name!r} is already registered")
            self._added[spec.name] = spec

    def added(self) -> dict[str, GameSpec]:
        """The games :meth:`add` made known (not found in the package or installed)."""
        with self._lock:
            return dict(self._added)

    def remove(self, name: str) -> None:
        """Forget a game :meth:`add` made known, and its rules object."""
        with self._lock:
            self._added.pop(name, None)
            self._rules.pop(name, None)


GAMES = Registry()


def spec_for(name: str) -> GameSpec:
    """The spec of game ``name``; KeyError names the unknown game."""
    return GAMES[name]


def rules_for(name: str) -> GameRules[Any, Any, Any]:
    """The rules object for ``name`` (made once); KeyError names the unknown game."""
    return GAMES.rules(name)


def part_of(game: str, part: str, kind: type[T]) -> T | None:
    """The ``part`` (``"rulings"``, ``"refusals"``, ``"explanations"``, ``"reference"``) that
    ``game``'s spec declares, loaded (:func:`load`); None for an unknown game or one that declares
    no such part."""
    spec = GAMES.get(game)
    target = getattr(spec, part) if spec is not None else None
    if target is None:
        return None
    if not isinstance(target, str):
        raise TypeError(f"{game}'s {part} is declared as {target!r}, not as 'module:attr'")
    return load(target, kind)


def register(spec: GameSpec) -> None:
    """Make ``spec`` known as its name (test games, plug-ins); a taken name cannot be reused."""
    GAMES.add(spec)


def unregister(name: str) -> None:
    """Forget the game :func:`register` made known as ``name`` (nothing if it did not)."""
    GAMES.remove(name)


def _title(name: str) -> str:
    return spec_for(name).title()


backup.name_games_by(_title)  # a restore's notice names each game it lost entries of by its title
