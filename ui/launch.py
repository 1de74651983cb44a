"""Start the app on the database given: the entry point ``table-companion`` (no arguments) uses.

Kivy reads its settings from the environment when first imported, so they are set here first:
the command line belongs to ``table-companion``, not to Kivy, and the window opens at the
official 7" display's size unless the Kivy config says otherwise.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from companion.config import Config

KIVY_DEFAULTS = {
    "KIVY_NO_ARGS": "1",
    "KCFG_GRAPHICS_WIDTH": "800",
    "KCFG_GRAPHICS_HEIGHT": "480",
    "KCFG_KIVY_EXIT_ON_ESCAPE": "0",
}


def run(database: Path, config: Config | None = None) -> int:
    """Run the app on ``database`` with the buttons and scanner ``config`` names."""
    for key, value in KIVY_DEFAULTS.items():
        os.environ.setdefault(key, value)
    from companion.store import Store
    from ui.app import CompanionApp

    with Store.open(database) as store:
        if store.notice:
            print(store.notice, file=sys.stderr)
        CompanionApp(store, config).run()
    return 0
