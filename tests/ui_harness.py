"""Drive the real app in a real (offscreen) Kivy window: touches, frames, screenshots. A tap
scrolls its widget into view as the layout audit's driver does (:mod:`ui.audit.driver`)."""

from __future__ import annotations

import gc
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from kivy.base import EventLoop
from kivy.core.window import Window
from kivy.tests.common import UnitTestTouch
from kivy.uix.widget import Widget
from PIL import Image

from companion.installation import i18n
from companion.store import Store
from ui.app import CompanionApp
from ui.audit.driver import Driver, frames_now, plain, scroll_into_view, scroller_of
from ui.audit.touch import release_held
from ui.toast import SHOW_SECONDS, Toast

SCREENSHOTS = Path(__file__).resolve().parent.parent / "screenshots"
"""Where the UI tests write their screenshots (git ignores it)."""
SIZES = ((800, 480), (1280, 720))
MIN_TOUCH = 48
"""Pixels every touch target measures at least, both ways."""


class Harness:
    """One app on one store, shown in the process's window."""

    def __init__(self, store: Store, size: tuple[int, int] = SIZES[0]) -> None:
        EventLoop.ensure_window()
        for child in Window.children[:]:
            Window.remove_widget(child)
        Window.size = size
        self.app = CompanionApp(store)
        self.root = self.app.build()
        Window.add_widget(self.root)
        self.frames(3)
        self.app.home_screen.settle()  # as the app does once its first frame is drawn

    def close(self) -> None:
        self.app.on_stop()
        Window.remove_widget(self.root)
        self.frames(1)

    def frames(self, count: int = 2) -> None:
        frames_now(count)

    def tap(self, widget: Widget) -> None:
        """A finger down and up on the middle of ``widget``, scrolled into view first as a
        player would."""
        gc.collect()  # a widget kept only through a weak ``ids`` proxy dies now, not by luck later
        self.frames(2)  # let a list just filled lay itself out
        scroller = scroller_of(widget)
        if scroller is not None and scroll_into_view(scroller, widget):
            self.frames(2)
        self.frames(1)
        x, y = widget.to_window(*widget.center)
        self.wait_out_toast(widget, x, y)
        touch = UnitTestTouch(x, y)
        touch.touch_down()
        touch.touch_up()
        if scroller is not None:
            release_held(touch)
        self.frames(2)

    def wait_out_toast(self, widget: Widget, x: float, y: float) -> None:
        """A toast lying over the point a player means to tap (a refusal's, or undo's): they wait
        for it to go, as they would at the table (tapping it would read its rule instead)."""
        for toast in [w for w in Window.children if isinstance(w, Toast)]:
            if toast is not widget and toast.collide_point(x, y):
                self.wait_for(lambda t=toast: t.parent is None, SHOW_SECONDS + 2)

    def run_for(self, seconds: float) -> None:
        """Run frames for ``seconds`` of wall-clock time (for what Kivy schedules after a delay)."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            EventLoop.idle()

    def wait_for(self, condition: Callable[[], bool], seconds: float = 5.0) -> None:
        """Run frames until ``condition`` holds (events from other threads arrive on a frame)."""
        deadline = time.monotonic() + seconds
        while not condition():
            if time.monotonic() > deadline:
                raise AssertionError("the screen never showed the expected change")
            EventLoop.idle()

    @property
    def screen(self):
        return self.app.manager.current_screen

    def screenshot(self, name: str) -> Path:
        """Save the window as ``screenshots/NAME-WxH.png`` and return the file written."""
        SCREENSHOTS.mkdir(exist_ok=True)
        self.frames(2)
        width, height = Window.size
        target = SCREENSHOTS / f"{name}-{width}x{height}.png"
        written = Path(Window.screenshot(name=str(target)))  # Kivy numbers the file it writes
        return written.replace(target)


@contextmanager
def running_app(database: Path, size: tuple[int, int] = SIZES[0]) -> Iterator[Harness]:
    with Store.open(database) as store:
        harness = Harness(store, size)
        try:
            yield harness
        finally:
            harness.close()


@contextmanager
def driven(tmp_path: Path, size: tuple[int, int] = SIZES[0], lang: str = "en") -> Iterator[Driver]:
    """The app on a fresh store in ``lang``, driven by touches as the layout audit drives it
    (English again afterwards)."""
    i18n.set_language(lang)
    try:
        with Store.open(tmp_path / "games.sqlite3") as store:
            driver = Driver(store, size)
            try:
                yield driver
            finally:
                driver.close()
    finally:
        i18n.set_language("en")


def laid_out_lines(label: Widget) -> list[str]:
    """The lines Kivy laid ``label``'s text out on, markup runs joined."""
    return ["".join(word.text for word in line.words) for line in label._label._cached_lines]


def button_texts(root: Widget) -> list[str]:
    return sorted(
        plain(getattr(w, "text", "")) for w in root.walk() if hasattr(w, "trigger_action")
    )


def buttons(root: Widget, text: str) -> list[Widget]:
    """Every button under ``root`` that reads ``text`` (markup aside; read as a player reads it,
    whatever spaces and line breaks it is set with)."""
    wanted = " ".join(text.split())
    return [
        w
        for w in root.walk()
        if hasattr(w, "trigger_action")
        and " ".join(plain(getattr(w, "text", "")).split()) == wanted
    ]


def tap_text(harness: Harness, text: str) -> None:
    """Tap the one button of the current screen that reads ``text`` (markup aside)."""
    found = buttons(harness.screen, text)
    assert len(found) == 1, f"{len(found)} buttons read {text!r}: {button_texts(harness.screen)}"
    harness.tap(found[0])


def shown(harness: Harness, widget_id: str) -> str:
    """The text of the current screen's widget ``widget_id``, or of its prompt's (:class:`Prompt`:
    ``title``, ``note``), markup aside."""
    ids = harness.screen.ids
    return plain((ids[widget_id] if widget_id in ids else ids.prompt.ids[widget_id]).text)


def shot(harness: Harness, name: str, *, colours: int = 50) -> Path:
    """A screenshot of the window, which must show more than ``colours`` colours (not blank)."""
    path = harness.screenshot(name)
    with Image.open(path) as image:
        assert image.size == tuple(int(n) for n in Window.size)
        found = image.convert("RGB").getcolors(maxcolors=1 << 16)
    assert found is None or len(found) > colours, f"{path.name} looks blank"
    return path


def assert_touch_targets(harness: Harness) -> None:
    """Every tappable thing on the current screen is at least 48 px high and wide."""
    tappable = [w for w in harness.screen.walk() if hasattr(w, "trigger_action") and w.height > 0]
    assert tappable
    assert min(min(w.height, w.width) for w in tappable) >= MIN_TOUCH
