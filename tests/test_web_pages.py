"""The phones' pages in a real headless Chromium, served by ``table-companion serve`` as a real
process over a real game database: the join link, a move made with ``game act`` appearing on the
open page, every page in the four languages at phone and tablet size, a wrong token. One browser
for the module."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from played_games import record
from web_server import (
    LAYOUT_CHECKS,
    Served,
    act,
    chromium,
    cli,
    legal_move,
    resize,
    served,
    targi_table,
    wait_for,
)

from companion.installation import i18n
from companion.rules.explanations import explained

pytestmark = pytest.mark.skipif(
    not (shutil.which("chromium") and shutil.which("chromedriver")),
    reason="needs Debian's chromium and chromium-driver (scripts/setup-env test installs them)",
)

SIZES = ((360, 640), (768, 1024))
LANGUAGES = ("en", "es", "pl", "de")


@pytest.fixture(scope="module")
def tmp(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("phones")


@pytest.fixture(scope="module")
def db(tmp: Path) -> Path:
    path = tmp / "games.sqlite3"
    record(path, [("tuareg", ["Amal", "Bilal"], 0), ("timbuktu", ["Amal", "Bilal", "Cleo"], 1)])
    return path


@pytest.fixture(scope="module")
def game_id(db: Path) -> str:
    return targi_table(db)


@pytest.fixture(scope="module")
def server(db: Path, tmp: Path, game_id: str) -> Iterator[Served]:
    with served(db, tmp) as running:
        yield running


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    driver = chromium(*SIZES[0])
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture(scope="module")
def shots(tmp: Path) -> Path:
    """Where the screenshots go: ``$TC_WEB_SHOTS`` if set (to look at them), else a temp folder."""
    folder = Path(os.environ.get("TC_WEB_SHOTS") or tmp / "shots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def status(browser: Any) -> str:
    # read in the page in one step: a live update may replace the element between two WebDriver calls
    return str(browser.execute_script("return document.getElementById('status').innerText"))


def seq(browser: Any) -> int:
    return int(browser.execute_script("return document.querySelector('[data-seq]').dataset.seq"))


def test_the_join_link_opens_the_games_and_the_cookie_keeps_the_token(
    browser: Any, server: Served, game_id: str
) -> None:
    resize(browser, *SIZES[0])
    browser.delete_all_cookies()
    browser.get(server.link)  # the game in play (the one changed last)
    assert browser.find_element("tag name", "h1").text == "Targi"
    assert "Amal to move" in status(browser)
    browser.get(f"{server.base}/games")  # no token in the address: the cookie has it
    assert browser.find_element("tag name", "h1").text == "Games"
    assert {"Targi", "Tuareg", "Timbuktu"} <= set(browser.find_element("id", "live").text.split())
    browser.get(f"{server.base}/game/{game_id}")
    assert browser.find_element("tag name", "html").get_attribute("lang") == "en"
    assert "Amal to move" in status(browser)
    assert "Amal" in browser.page_source and "Bilal" in browser.page_source
    board = browser.find_element("css selector", "table.board").text
    assert "Dates" in board or "dates" in board


def test_a_move_made_with_game_act_appears_on_the_open_page(
    browser: Any, server: Served, db: Path, tmp: Path, game_id: str
) -> None:
    browser.get(f"{server.base}/game/{game_id}?t={server.token}")
    wait_for(lambda: browser.execute_script("return document.documentElement.dataset.live"))
    before = seq(browser)
    assert "Amal to move" in status(browser)
    act(db, tmp, game_id, legal_move(db, game_id))
    wait_for(lambda: seq(browser) == before + 1, seconds=10)
    assert "Bilal to move" in status(browser)


def test_a_wrong_or_missing_token_gets_403_and_nothing_else(browser: Any, server: Served) -> None:
    browser.delete_all_cookies()
    for address in (f"{server.base}/?t=wrong", f"{server.base}/api/games", f"{server.base}/"):
        browser.get(address)
        assert browser.find_element("tag name", "body").text == "403: Forbidden"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_reads_well_in_each_language_on_a_phone_and_a_tablet(
    browser: Any, server: Served, game_id: str, shots: Path, lang: str
) -> None:
    pages = {
        "home": "/games",
        "in play": "/",
        "game": f"/game/{game_id}",
        "sheet": f"/game/{game_id}/sheet",
        "log": f"/game/{game_id}/log",
        "rules": f"/game/{game_id}/rules",
        "history": "/history",
        "stats": "/stats",
    }
    browser.get(f"{server.base}/?t={server.token}&lang={lang}")
    problems = {}
    for width, height in SIZES:
        resize(browser, width, height)
        for name, path in pages.items():
            browser.get(server.base + path)
            assert browser.find_element("tag name", "html").get_attribute("lang") == lang
            found = browser.execute_script(LAYOUT_CHECKS)
            if found:
                problems[f"{name} {width}x{height}"] = found
            if name in ("game", "rules", "sheet") or width == SIZES[0][0]:
                browser.save_screenshot(str(shots / f"{name}-{lang}-{width}x{height}.png"))
    assert problems == {}


def test_the_last_refusal_shows_on_the_rules_page_until_a_move_is_accepted(
    browser: Any, server: Served, db: Path, tmp: Path, game_id: str, shots: Path
) -> None:
    """After the move test: Amal's Targi stands on card 2 and Bilal is to move."""
    browser.get(f"{server.base}/game/{game_id}/rules?t={server.token}&lang=de")
    resize(browser, *SIZES[0])
    browser.get(f"{server.base}/game/{game_id}/rules")
    wait_for(lambda: browser.execute_script("return document.documentElement.dataset.live"))
    assert not browser.find_elements("id", "refused")
    before = legal_move(db, game_id)
    occupied = {"kind": "place", "player": 1, "card": 2}
    done = cli(db, tmp, "game", "act", game_id, "latest", json.dumps(occupied), "--compact")
    assert done.returncode == 1 and json.loads(done.stdout)["verdict"]["code"] == "occupied"
    shown = wait_for(lambda: browser.find_elements("id", "refused"), seconds=10)[0]
    words = shown.text
    assert "Gerade abgelehnt" in words  # in the phone's language (German), the table's English:
    assert json.loads(done.stdout)["verdict"]["message"] in words
    with i18n.speaking("de"):
        why = explained("targi", "occupied")
    assert why is not None and why["title"] in words and why["explanation"] in words
    assert why["quote"]["text"] in words
    assert browser.execute_script(LAYOUT_CHECKS) == []
    browser.save_screenshot(str(shots / "rules-refused-de-360x640.png"))
    act(db, tmp, game_id, before)  # an accepted move: the refusal is no longer the game's moment
    wait_for(lambda: not browser.find_elements("id", "refused"), seconds=10)
