"""The phones' web view as a real process (``table-companion serve`` on 127.0.0.1, any free port),
a Targi table to look at, and a headless Chromium (Debian's ``chromium`` and ``chromedriver``)
driven by Selenium. See ../shared/NOTES-testing.md, "Web pages in a real browser"."""

from __future__ import annotations

import json
import os
import selectors
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from targi_table import CENTRE

from companion.cli import games
from companion.games.targi import actions as a
from companion.play.session import Session
from companion.rules.registry import rules_for
from companion.store import Store

ROOT = Path(__file__).resolve().parent.parent
START_SECONDS = 20.0


@dataclass(frozen=True)
class Served:
    link: str
    process: subprocess.Popen[str]

    @property
    def base(self) -> str:
        parts = urlsplit(self.link)
        return f"{parts.scheme}://{parts.netloc}"

    @property
    def token(self) -> str:
        return self.link.split("?t=", 1)[1]

    @property
    def port(self) -> int:
        return urlsplit(self.link).port or 80


def environment(tmp: Path) -> dict[str, str]:
    """The environment of a ``table-companion`` child: this checkout first; where the installed
    package predates ``serve`` (an editable install made before it existed), its entry point is
    declared beside it as pip would."""
    paths = [str(ROOT)]
    if "serve" not in {point.name for point in entry_points(group="table_companion.commands")}:
        info = tmp / "entry-points" / "table_companion_serve-0.dist-info"
        info.mkdir(parents=True, exist_ok=True)
        (info / "METADATA").write_text("Metadata-Version: 2.1\nName: table-companion-serve\n"
                                       "Version: 0\n")  # fmt: skip
        (info / "entry_points.txt").write_text(
            "[table_companion.commands]\nserve = web.commands:SERVE\n"
        )
        paths.append(str(info.parent))
    return {**os.environ, "PYTHONPATH": os.pathsep.join(paths), "LANGUAGE": "en"}


def cli(db: Path, tmp: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "companion", "--db", str(db), *args],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env=environment(tmp),
    )


@contextmanager
def served(db: Path, tmp: Path, *args: str, nice: int = 0) -> Iterator[Served]:
    """``table-companion serve --host 127.0.0.1 --port 0``, its join link read from its first
    line; stopped (SIGTERM, then killed) at the end. ``nice``: at the unit's lower priority."""
    process = subprocess.Popen(
        [sys.executable, "-m", "companion", "--db", str(db), "serve", "--host", "127.0.0.1",
         "--port", "0", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=environment(tmp),
        preexec_fn=(lambda: os.nice(nice)) if nice else None,
    )  # fmt: skip
    try:
        assert process.stdout is not None
        with selectors.DefaultSelector() as waiting:
            waiting.register(process.stdout, selectors.EVENT_READ)
            ready = waiting.select(START_SECONDS)
        assert ready, "serve printed no join link in time"
        link = process.stdout.readline().strip()
        assert link.startswith("http://127.0.0.1:"), (link, process.stderr)
        yield Served(link, process)
    finally:
        if process.poll() is None:
            process.terminate()
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(10)


def targi_table(db: Path) -> str:
    """A Targi game of Amal (blue) and Bilal (white), its centre revealed: round 1, Amal to
    place. Its id."""
    rules = rules_for("targi")
    with Store.open(db) as store:
        options = rules.parse_options(
            {
                "players": [
                    {"name": "Amal", "colour": "blue"},
                    {"name": "Bilal", "colour": "white"},
                ],
                "start_player": 0,
            }
        )
        session = Session.create(store, rules, options)
        for cell, card in CENTRE.items():
            action = a.RevealCard(cell=cell, card=card)
            assert session.submit(action, seq=session.seq, game_id=session.game_id).verdict.ok
        return session.game_id


def legal_move(db: Path, game_id: str) -> dict[str, Any]:
    """The first legal action of the game now, as ``game act`` takes it."""
    with Store.open(db) as store:
        moves = games.legal(games.open_session(store, game_id))
    assert moves
    return moves[0]


def act(db: Path, tmp: Path, game_id: str, move: dict[str, Any]) -> None:
    done = cli(db, tmp, "game", "act", game_id, "latest", json.dumps(move), "--compact")
    assert done.returncode == 0, done.stdout + done.stderr


def chromium(width: int, height: int) -> Any:
    """A headless Chromium window of ``width`` x ``height`` CSS pixels."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 f"--window-size={width},{height}", "--force-device-scale-factor=1",
                 "--hide-scrollbars"):  # fmt: skip
        options.add_argument(flag)
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    service = Service(shutil.which("chromedriver") or "/usr/bin/chromedriver")
    driver = webdriver.Chrome(service=service, options=options)
    driver.set_page_load_timeout(20)
    driver.set_script_timeout(20)
    return driver


def resize(driver: Any, width: int, height: int) -> None:
    """The page's viewport at ``width`` x ``height`` (headless windows have no frame)."""
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600},
    )


def wait_for(condition: Any, seconds: float = 10.0) -> Any:
    deadline = time.monotonic() + seconds
    while True:
        found = condition()
        if found:
            return found
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {seconds} s")
        time.sleep(0.02)


LAYOUT_CHECKS = """
const problems = [];
const root = document.documentElement;
const width = root.clientWidth;
if (!root.lang) problems.push("no lang on <html>");
if (root.scrollWidth > width + 1) problems.push("page wider than the screen: " + root.scrollWidth);
function rgb(text) {
  const parts = text.match(/rgba?\\(([^)]+)\\)/)[1].split(",").map(parseFloat);
  return [parts[0], parts[1], parts[2], parts.length > 3 ? parts[3] : 1];
}
function luminance(c) {
  const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
  return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]);
}
function backdrop(element) {
  for (let e = element; e; e = e.parentElement) {
    const c = rgb(getComputedStyle(e).backgroundColor);
    if (c[3] > 0.5) return c;
  }
  return [255, 255, 255, 1];
}
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
while (walker.nextNode()) {
  const node = walker.currentNode;
  const text = node.textContent.trim();
  if (!text) continue;
  const element = node.parentElement;
  const style = getComputedStyle(element);
  if (style.display === "none" || style.visibility === "hidden") continue;
  const size = parseFloat(style.fontSize);
  if (size < 16) problems.push("text below 16 px (" + size + "): " + text.slice(0, 40));
  const a = luminance(rgb(style.color)), b = luminance(backdrop(element));
  const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  if (ratio < 4.5) problems.push("contrast " + ratio.toFixed(2) + ": " + text.slice(0, 40));
  if (element.closest(".scroll")) continue;  // a wide table scrolls sideways on purpose
  const range = document.createRange();
  range.selectNodeContents(node);
  for (const box of range.getClientRects()) {
    if (box.left < -1 || box.right > width + 1) problems.push("cut off: " + text.slice(0, 40));
  }
}
for (const target of document.querySelectorAll("a[href], button, input, select")) {
  const box = target.getBoundingClientRect();
  if (box.width < 44 || box.height < 44)
    problems.push("target " + box.width + "x" + box.height + ": " + target.textContent.trim().slice(0, 40));
}
return problems;
"""
"""Problems of the page in the browser: no ``lang``, wider than the screen, text below 16 px or
under 4.5:1 contrast or cut off at the screen's edge, a link or button under 44 x 44 px."""
