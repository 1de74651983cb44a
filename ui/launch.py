"""Start the app on the database given: the entry point ``table-companion`` (no arguments) uses.

Kivy reads its settings from the environment when first imported, so they are set here first:
the command line belongs to ``table-companion``, not to Kivy, the window opens at the official 7"
display's size unless the Kivy config says otherwise, the clipboard is SDL2's (no X tools), and
images are read by SDL2's loader alone (see :data:`KIVY_DEFAULTS`).
"""

from __future__ import annotations

import gc
import logging
import os
from pathlib import Path
from typing import TYPE_CHECKING

from companion.store import Store

if TYPE_CHECKING:
    from companion.installation.config import ConfigSource

KIVY_DEFAULTS = {
    "KIVY_NO_ARGS": "1",
    "KCFG_GRAPHICS_WIDTH": "800",
    "KCFG_GRAPHICS_HEIGHT": "480",
    "KCFG_KIVY_EXIT_ON_ESCAPE": "0",
    "KIVY_CLIPBOARD": "sdl2",
    "KIVY_IMAGE": "sdl2",
}
"""``KIVY_IMAGE``: Kivy imports every image loader it may use as it loads (Pillow's among them:
some 15 ms of the start's CPU here) and picks one per file; the app's images are PNGs (Kivy's
theme atlas, the QR codes: :mod:`ui.qr`), which SDL2's loader reads."""
CUT_BUFFER_SEARCH = "Cutbuffer: Unable to find any valuable"
"""How Kivy's report of a machine without xclip or xsel begins."""

logger = logging.getLogger(__name__)


def prepare_kivy(clipboard: bool = True) -> None:
    """Kivy's settings in the environment, before any of Kivy is used, then (``clipboard``) its
    clipboard. The app loads its clipboard only after its first frame (:func:`_after_first_frame`):
    nothing can paste before a text field is shown."""
    for key, value in KIVY_DEFAULTS.items():
        os.environ.setdefault(key, value)
    if clipboard:
        _load_clipboard()


class _NoCutBufferReport(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        return not str(record.msg).startswith(CUT_BUFFER_SEARCH)


def _load_clipboard() -> None:
    """Load Kivy's clipboard without the CRITICAL traceback of its X cut-buffer search.

    On Linux, Kivy 2.3.1 also looks for an X cut buffer (xclip or xsel, for the middle-click
    paste of X's primary selection), whatever clipboard is chosen, and no setting skips that
    search: on a machine without both tools it logs CRITICAL with a traceback per tool, on the
    first start and every start after. The table has no X and no middle button, so the search's
    report (that one record only) is held back while Kivy loads its clipboard module.
    """
    from kivy.logger import Logger

    quiet = _NoCutBufferReport()
    Logger.addFilter(quiet)
    try:
        import kivy.core.clipboard as clipboard
    finally:
        Logger.removeFilter(quiet)
    if clipboard.CutBuffer is None:
        logger.debug("no X cut buffer (xclip, xsel): no middle-click paste")


def run(database: Path, config: ConfigSource | None = None) -> int:
    """Run the app on ``database`` with the buttons and scanner ``config`` names (checked just
    after the first frame when only read: see :class:`companion.installation.config.ConfigRead`).

    The app opens the database itself: one it cannot use is a notice on the screen with Try again,
    never an exit (systemd would restart the app into the same fault, again and again). A file to
    be checked whole (after an unclean shutdown, say) is checked while Kivy loads and opens its
    window (:mod:`companion.storage.ahead`): the open waits for that check, and nothing of the file
    is read before it.
    """
    ahead = Store.check_ahead(database)
    gc.disable()  # until the first frame: see _after_first_frame
    try:
        prepare_kivy(clipboard=False)
        import kivy.app  # noqa: F401  (Kivy's modules, all but its window: ui.app makes it)

        gc.freeze()  # what the command line and Kivy's modules made: Kivy's full collection as
        # it makes its window (one it makes itself) passes only over what is made from here on
        from ui.app import CompanionApp

        app = CompanionApp(None, config, database=database, ahead=ahead)
        _after_first_frame()
        try:
            app.run()
        finally:
            if app.store is not None:
                app.store.close()
    finally:
        gc.enable()
    return 0


def _after_first_frame() -> None:
    """Let the garbage collector run again once the first frame is up, and load Kivy's clipboard
    in the frame after it (:func:`_load_clipboard`: its search for X's tools was some 20 ms of the
    start's CPU here).

    The start makes some 70,000 objects (Kivy, the modules, Home), nearly all kept for the app's
    life, and few cycles: the collector's passes over them while they were made (about 140, one of
    them full) were 40-45 ms of a start's 600-700 ms CPU here, for little to free; 12-20 ms are
    left (the command line's passes before the app's start, and Kivy's own). They are collected
    from the first frame on, then set aside for good (:func:`ui.app._freeze_the_start`)."""
    from kivy.clock import Clock
    from kivy.core.window import Window

    def resume(*_args: object) -> None:
        Window.unbind(on_flip=resume)
        gc.enable()
        Clock.schedule_once(lambda _dt: _load_clipboard(), 0)

    Window.bind(on_flip=resume)
