"""The app started as the table starts it: ``table-companion`` with no arguments, its own process."""

from __future__ import annotations

import os
import subprocess
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


GC_PROBE = """
import gc
import sys

from benchmarks.ui import _when_imported
from companion.cli import main


def patch(module):
    build = module.CompanionApp.build

    def probed(app):
        root = build(app)
        print("building", gc.isenabled(), gc.get_freeze_count() > 0, flush=True)
        from kivy.clock import Clock
        from kivy.core.window import Window

        def drawn(_dt):
            print("drawn", gc.isenabled(), flush=True)
            app.stop()

        def flipped(*_args):
            Window.unbind(on_flip=flipped)
            Clock.schedule_once(drawn, 0)

        Window.bind(on_flip=flipped)
        return root

    module.CompanionApp.build = probed


_when_imported("ui.app", patch)
sys.exit(main([]))
"""


def test_the_start_runs_no_garbage_collection_of_its_own_before_the_first_frame(
    tmp_path: Path,
) -> None:
    """The kiosk's start, up to Home drawn, makes objects that live as long as the app: the
    collector is off (the objects made before Kivy's window set aside) until the first frame,
    then on again."""
    done = _kiosk_probe(GC_PROBE, tmp_path)
    assert done.stdout.splitlines() == ["building False True", "drawn True"], done.stderr


RENDER_PROBE = """
import sys
from collections import Counter

from benchmarks.ui import _when_imported
from companion.cli import main

rendered = Counter()


def patch(module):
    from kivy.uix.label import Label

    render = Label.texture_update

    def texture_update(label, *args):  # Kivy's trigger finds the method by this name
        if label.text:
            rendered[id(label)] += 1
        return render(label, *args)

    Label.texture_update = texture_update
    build = module.CompanionApp.build

    def probed(app):
        root = build(app)
        from kivy.core.window import Window

        def flipped(*_args):
            Window.unbind(on_flip=flipped)
            print("labels", len(rendered), "rendered twice", sum(n > 1 for n in rendered.values()))
            app.stop()

        Window.bind(on_flip=flipped)
        return root

    module.CompanionApp.build = probed


_when_imported("ui.app", patch)
sys.exit(main([]))
"""


def test_the_first_frame_renders_each_of_homes_texts_once(tmp_path: Path) -> None:
    """Home is laid out at the window's size before its first frame: no label renders its text at
    a width the layouts then change (a word or a letter a line), and renders it again."""
    done = _kiosk_probe(RENDER_PROBE, tmp_path)
    words = done.stdout.split()
    assert words[:1] == ["labels"] and int(words[1]) >= 15, done.stdout + done.stderr
    assert words[2:] == ["rendered", "twice", "0"], done.stdout


def _kiosk_probe(probe: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    """``python -c PROBE`` as the kiosk starts (no Kivy settings of this process's, an offscreen
    window, a database of the test's own), run to its end."""
    env = {
        key: value for key, value in os.environ.items() if not key.startswith(("KIVY_", "KCFG_"))
    }
    env.update(
        SDL_VIDEODRIVER="offscreen",
        KIVY_HOME=str(tmp_path / "kivy"),
        KIVY_NO_FILELOG="1",
        KIVY_NO_ARGS="1",
        TABLE_COMPANION_DB=str(tmp_path / "games.sqlite3"),
    )
    env.pop("DISPLAY", None)
    return subprocess.run(
        [sys.executable, "-c", probe], env=env, capture_output=True, text=True, timeout=120,
        check=True,
    )  # fmt: skip
