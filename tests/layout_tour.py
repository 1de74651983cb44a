"""The layout audit's whole tour run as ``scripts/ui-audit`` runs it, in a process of its own, and
what CI requires of its report: every state reached, no problem, a PNG for each state."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def assert_tour_has_no_problem(size: str, folder: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "ui.audit.run", "--size", size, "--out", str(folder)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=1200,
    )
    report = json.loads((folder / "report.json").read_text())
    assert len(report["states"]) >= 50 and report["skipped"] == []
    assert report["problems"] == [], json.dumps(report["problems"][:20], indent=1)
    assert done.returncode == 0, done.stderr[-2000:]
    assert sorted(p.stem for p in folder.glob("*.png")) == sorted(report["states"])
