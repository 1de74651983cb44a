"""The app started as the table starts it: ``table-companion`` with no arguments, its own process."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from app_start import MAIN_LOOP, output_until_main_loop

SETTLE_SECONDS = 3.0
"""After the main loop starts: the first frame, Home settled and the devices opened."""


def test_a_first_start_without_x_clipboard_tools_prints_no_critical_nor_traceback(
    tmp_path: Path,
) -> None:
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("KIVY_", "KCFG_")) and key != "DISPLAY"
    }
    env.update(
        PATH=str(tmp_path / "empty-bin"),  # no xclip nor xsel, whatever this machine has
        SDL_VIDEODRIVER="offscreen",
        KIVY_HOME=str(tmp_path / "kivy"),  # a first run: no Kivy config yet
        KIVY_NO_FILELOG="1",
        KCFG_KIVY_LOG_LEVEL="info",
        TABLE_COMPANION_DB=str(tmp_path / "games.sqlite3"),
    )
    (tmp_path / "empty-bin").mkdir()
    output = output_until_main_loop([sys.executable, "-m", "companion"], env, SETTLE_SECONDS)
    assert MAIN_LOOP in output, output
    assert "Clipboard" in output  # Kivy did load a clipboard (the one TextInput needs)
    assert "CRITICAL" not in output, output
    assert "Traceback" not in output, output
