"""Table Companion's headless core: rules, game log, storage, score sheets and the CLI.

Nothing in this package imports Kivy, gpiozero or pyserial. Its packages, by concern:

- **a game's rules** ``rules/`` (what every game shares; each game in ``games/<name>/``): ``game``,
  ``spec``, ``registry``, ``verdict``, ``refusals``, ``rulings``, ``explanations``, ``reference``,
  ``questions``, ``scoresheet``, ``sheet_words``, ``results``;
- **a game at the table** ``play/`` (one write path, the log read one way, scans turned into moves):
  ``session``, ``table``, ``log_fold``, ``game_log``, ``describe``, ``last_refusal``, ``scan_play``,
  ``cards``, ``tag_files``, ``labels``, ``standing`` (where a game stands, kept for Home);
- **after the game** ``after/``: ``history``, ``shown`` (what its list reads of a kept result),
  ``stats``, ``printed`` (their CLI texts, kept: ``pieces``, the history's in pieces, and
  ``stats_parts``, what the statistics' are made of), ``players``, ``player_names``,
  ``transfer``, ``bulk``, ``exports/``;
- **storage** ``storage/`` (one module per concern), behind ``store``'s ``Store``;
- **the installation and its input** ``installation/``: ``config``, ``config_schema``,
  ``device_config``, ``i18n``, ``errors``, ``json_input``, ``validation_messages``, ``files``,
  ``csv_cells``, ``phones``, ``watchdog``; and the command line in ``cli/``.

These modules sat at the root until the core was grouped; a game installed as its own package may
still import them by their old paths (``companion.spec``, ``companion.game``, ``companion.errors``,
...): :data:`MOVED` maps each old path to its new one, for code outside this repository only.
"""

# coreroot-rewrite: keep old paths (the rewrite script leaves this file alone)

from __future__ import annotations

import sys
from _frozen_importlib import ModuleSpec  # importlib.machinery's, without importing importlib

TYPE_CHECKING = False  # typing, types, importlib cost every CLI call ms: annotations need them
if TYPE_CHECKING:
    from importlib.abc import Loader
    from types import ModuleType

_GROUPED = {
    "rules": (
        *("game", "spec", "registry", "verdict", "refusals", "rulings", "explanations"),
        *("reference", "questions", "scoresheet", "sheet_words", "results"),
    ),
    "play": (
        *("session", "table", "log_fold", "game_log", "describe", "last_refusal", "scan_play"),
        *("cards", "tag_files", "labels"),
    ),
    "after": ("history", "stats", "players", "player_names", "transfer", "exports"),
    "installation": (
        *("config", "config_schema", "device_config", "i18n", "errors", "json_input"),
        *("validation_messages", "files", "csv_cells", "phones", "watchdog"),
    ),
}
MOVED = {module: package for package, modules in _GROUPED.items() for module in modules}
"""A root module (or ``exports``) of the flat core -> the concern package that holds it now."""


def new_path(old: str) -> str | None:
    """Where the module once at ``old`` (``companion.spec``, ``companion.exports.pdf``) is now, or
    None when it never moved."""
    prefix, _, rest = old.partition(".")
    moved, _, below = rest.partition(".")
    if prefix != __name__ or moved not in MOVED:
        return None
    return ".".join(filter(None, (__name__, MOVED[moved], moved, below)))


class _OldPaths:
    """Finds an old path: its spec names the module at the new path as the loader's state."""

    @staticmethod
    def find_spec(
        name: str, path: object = None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        new = new_path(name)
        return None if new is None else ModuleSpec(name, _old_path_loader(), loader_state=new)


_LOADERS: list[Loader] = []


def _old_path_loader() -> Loader:
    """The loader of old paths, made on the first import of one (``importlib.abc`` costs ~15 ms:
    no CLI call pays for it)."""
    if not _LOADERS:
        import importlib
        from importlib.abc import Loader

        class OldPathLoader(Loader):
            """Imports an old path as the module at its new one, the very same module object
            (one ``GameSpec`` class, one logger name), so ``from companion.spec import
            GameSpec`` still works."""

            def create_module(self, spec: ModuleSpec) -> ModuleType:
                module = importlib.import_module(spec.loader_state)
                spec.loader_state = module.__spec__  # the machinery overwrites it: put it back
                return module

            def exec_module(self, module: ModuleType) -> None:
                alias = module.__spec__
                if alias is not None and isinstance(alias.loader_state, ModuleSpec):
                    module.__spec__ = alias.loader_state

        _LOADERS.append(OldPathLoader())
    return _LOADERS[0]


sys.meta_path.insert(0, _OldPaths())
