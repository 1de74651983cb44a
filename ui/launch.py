"""Start the app on the database given: the entry point ``table-companion`` (no arguments) uses.

Kivy reads its settings from the environment when first imported, so they are set here first:
the command line belongs to ``table-companion``, not to Kivy, and the window opens at the
official 7" display's size unless the Kivy config says otherwise.
"""

from __future__ import annotations

import os
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
    """Run the app on ``database`` with the buttons and scanner ``config`` names.

    The app opens the database itself: one it cannot use is a notice on the screen with Try again,
    never an exit (systemd would restart the app into the same fault, again and again).
    """
    for key, value in KIVY_DEFAULTS.items():
        os.environ.setdefault(key, value)
    from ui.app import CompanionApp

    app = CompanionApp(None, config, database=database)
    try:
        app.run()
    finally:
        if app.store is not None:
            app.store.close()
    return 0
