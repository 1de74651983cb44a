"""Kivy runs real windows here through SDL's offscreen driver (EGL + Mesa): set before any test
module imports Kivy. See ../shared/NOTES-testing.md."""

import gc
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ.pop("DISPLAY", None)
os.environ.setdefault("SDL_VIDEODRIVER", "offscreen")
# A Kivy home per process: pytest-xdist's workers inherit the controller's environment, and two
# workers importing Kivy at once into one home race to create its folders (FileExistsError).
os.environ["KIVY_HOME"] = tempfile.mkdtemp(prefix="kivy-home-")
os.environ.setdefault("KIVY_NO_ARGS", "1")
os.environ.setdefault("KIVY_NO_FILELOG", "1")
os.environ.setdefault("KIVY_CLIPBOARD", "dummy")  # no xclip/xsel on a headless machine
os.environ.setdefault("KCFG_KIVY_LOG_LEVEL", "warning")
os.environ.setdefault("KCFG_KIVY_EXIT_ON_ESCAPE", "0")
# The offscreen surface keeps the size the window opened with: open at the largest size tested,
# tests shrink the window to 800x480 (growing it would read pixels outside the surface).
os.environ.setdefault("KCFG_GRAPHICS_WIDTH", "1280")
os.environ.setdefault("KCFG_GRAPHICS_HEIGHT", "720")
# Drawn without Kivy's default 2x multisampling (the layout tours' processes inherit this too):
# Mesa's software renderer spent more than half its time smoothing edges, about a third of a UI
# test's CPU, and no test reads an edge's pixels (the pixel checks sample inside boxes and take a
# box's commonest colour; text is drawn by the font renderer, not smoothed by multisampling).
os.environ.setdefault("KCFG_GRAPHICS_MULTISAMPLES", "0")
# Messages are asserted in English: the machine's locale must not choose another language (the
# CLI processes the tests start inherit this; tests of other languages pass --lang or set it).
os.environ["LANGUAGE"] = "en"
# The CLI processes the tests start hand their commands to a resident process of this process's
# own (companion.cli.handoff), in a folder removed when the run ends: its residents stop then.
RESIDENTS = tempfile.mkdtemp(prefix="tc-residents-")
os.environ["TABLE_COMPANION_RESIDENT_DIR"] = RESIDENTS
os.environ["TABLE_COMPANION_RESIDENT_IDLE"] = "120"
# The folders the run writes into at the project's top (the screenshots, Hypothesis's examples)
# are there before any test runs: one made mid-run changes the top folder, which a resident
# watches as a folder its code is imported from (companion.cli.resident.LoadedFiles), and a
# resident test running at that moment had its command refused ("code changed") and run alone.
for top_folder in ("screenshots", ".hypothesis"):
    (Path(__file__).resolve().parent.parent / top_folder).mkdir(exist_ok=True)


@pytest.fixture(autouse=True)
def _screens_list_the_built_in_games(request: pytest.FixtureRequest) -> Iterator[None]:
    """A test game registered by another test module of the same worker (``counter``,
    ``wells``) would be on Home's list of games in a UI test: it is set aside while one runs."""
    if not request.module.__name__.startswith("test_ui_"):
        yield
        return
    from companion.rules.registry import GAMES, register, unregister

    aside = GAMES.added()
    for name in aside:
        unregister(name)
    try:
        yield
    finally:
        for spec in aside.values():
            register(spec)


LONGEST_FIRST = (
    "tests/test_layout_audit.py",
    "tests/test_layout_audit_hd.py",
    "tests/test_ui_timbuktu.py",
    "tests/test_ui_tuareg.py",
    "tests/test_ui_input.py",
    "tests/test_ui_polish.py",
    "tests/test_ui_players_log.py",
    "tests/test_ui_app.py",
    "tests/test_hostile_input.py",
    "tests/test_ui_speed.py",
    "tests/test_layout_audit_languages.py",
    "tests/test_ui_targi.py",
    "tests/test_ui_history.py",
    "tests/test_ui_feedback.py",
    "tests/test_ui_ready.py",
    "tests/test_ui_rules.py",
    "tests/test_benchmarks_ui.py",
    "tests/test_ui_stale.py",
    "tests/test_targi_properties.py",
)
"""Test files that take minutes (the whole layout tour at each size, the games played by touch),
then the others that take half a minute or more, heaviest first (figures: ``--durations``):
collected first, in this order, so that pytest-xdist (told by ``scripts/run-tests`` to keep the
collected order) hands them out first and ends the run on the many short files, whichever
worker is free taking the next one, instead of leaving a long file for the end while the other
worker has nothing left to do."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    rank = {path: place for place, path in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.nodeid.split("::")[0], len(rank)))


def pytest_unconfigure() -> None:
    shutil.rmtree(RESIDENTS, ignore_errors=True)


def pytest_collection_finish(session: pytest.Session) -> None:
    """What collection loaded (the modules, Kivy, the test functions) lives as long as the process:
    frozen out of the collector, so that the full collection each tap runs (see
    ``ui.audit.driver.Driver.tap``) walks only what the tests built since. Hypothesis is imported
    first: the plugins it loads on import look for their objects' referrers, which
    ``gc.get_referrers`` no longer sees once they are frozen."""
    import hypothesis  # noqa: F401

    gc.collect()
    gc.freeze()
