"""The layout audit's tour run as ``scripts/ui-audit`` runs it, in a process of its own, one part
at a time: the app's own states (Home, Settings, the history, the players) and each game's states
(the ``tour`` its UI entry declares), the fourth test game (``tests/wells_game``) installed as its
own package for its part. What CI requires of each part's report: every state reached, no problem,
a PNG for each state."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import plugin_game
from registered_games import PLUGGED_IN, plugged_in

ROOT = Path(__file__).resolve().parent.parent
APP = "app"
"""The part of the tour that is the app's own states (:data:`ui.audit.tour.STATES`)."""


def tour_parts() -> list[str]:
    """The app's own part, then every game whose UI entry declares a tour (the fourth test game
    among them), in name order: a parametrised test runs one part each."""
    from ui.games import entries

    games = {game for game, entry in entries().items() if entry.tour is not None}
    return [APP, *sorted({*games, PLUGGED_IN})]


def states_of(part: str) -> list[str]:
    """The states of ``part``, in the order the tour runs them."""
    from companion.rules.registry import load

    if part == APP:
        from ui.audit.tour import STATES

        return list(STATES)
    from ui.games import entry_of

    with plugged_in(part):
        entry = entry_of(part)
        assert entry is not None and entry.tour is not None, part
        return list(load(entry.tour, dict))


def assert_tour_has_no_problem(size: str, folder: Path, part: str) -> None:
    states = states_of(part)
    env = None  # the game installed as its own package: found through its entry points alone
    if part == PLUGGED_IN:
        env = plugin_game.environment(plugin_game.install(folder / "site"))
    shots = folder / "shots"
    done = subprocess.run(
        [sys.executable, "-m", "ui.audit.run", "--size", size, "--out", str(shots),
         "--states", ",".join(states)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=1200,
        env=env,
    )  # fmt: skip
    report = json.loads((shots / "report.json").read_text())
    assert states and report["states"] == states and report["skipped"] == []
    assert report["problems"] == [], json.dumps(report["problems"][:20], indent=1)
    assert done.returncode == 0, done.stderr[-2000:]
    assert sorted(p.stem for p in shots.glob("*.png")) == sorted(report["states"])
