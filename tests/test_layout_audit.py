"""The layout audit as CI runs it: the whole tour (every screen and prompt of the three games,
mid-game and end-of-game included) at the 7" display's 800x480 and at 1280x720, each in a process
of its own as ``scripts/ui-audit`` runs it, finds no problem. The PNGs stay in the test's folder."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("size", ["800x480", "1280x720"])
def test_the_whole_tour_has_no_layout_problem(size: str, tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "ui.audit.run", "--size", size, "--out", str(tmp_path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=1200,
    )
    report = json.loads((tmp_path / "report.json").read_text())
    assert len(report["states"]) >= 50 and report["skipped"] == []
    assert report["problems"] == [], json.dumps(report["problems"][:20], indent=1)
    assert done.returncode == 0, done.stderr[-2000:]
    assert sorted(p.stem for p in tmp_path.glob("*.png")) == sorted(report["states"])
