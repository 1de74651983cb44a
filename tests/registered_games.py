"""The games the tests run over, taken from the registry instead of typed by hand: every game it
finds (built into ``companion/games`` or installed through the ``table_companion.games`` entry
points), and the fourth test game (``tests/wells_game``), which :func:`plugged_in` registers for a
test as its installed distribution would make it known. Test doubles that other modules register
for the store's sake (``counter``) are no games and are left out.

A new game is covered by every test parametrised over :data:`GAMES` without a test being edited;
:data:`BUILT_IN` are those whose words are in the project's catalogs and whose rulebooks the
project holds (the tests of translations and quotes run over them)."""

from __future__ import annotations

import inspect
from collections.abc import Iterator
from contextlib import contextmanager

from companion.rules.registry import GAMES as REGISTRY
from companion.rules.registry import register, unregister

PLUGGED_IN = "wells"
"""The fourth test game's name (``tests/wells_game``)."""


def _found() -> list[str]:
    return sorted(name for name in REGISTRY if name not in REGISTRY.added())


def _in_the_project(name: str) -> bool:
    module = inspect.getmodule(REGISTRY[name].title)
    return module is not None and module.__name__.startswith("companion.games.")


GAMES = tuple(sorted({*_found(), PLUGGED_IN}))
"""Every game a conformance test runs over."""
BUILT_IN = tuple(name for name in _found() if _in_the_project(name))
"""The games of the project itself."""


@contextmanager
def plugged_in(game: str) -> Iterator[None]:
    """While in the block, ``game`` is known with its UI entry, if it is the fourth test game and
    not installed (it is forgotten again afterwards, so that no other test sees it)."""
    if game != PLUGGED_IN or game in REGISTRY:
        yield
        return
    from wells_game.spec import SPEC
    from wells_game.ui import UI

    import ui.games

    register(SPEC)
    ui.games.register(UI)
    try:
        yield
    finally:
        unregister(game)
        ui.games.unregister(game)
